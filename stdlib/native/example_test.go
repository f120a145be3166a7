package native_test

import (
	"context"
	"fmt"

	"github.com/grundy-lang/grundy/stdlib/native"
)

func ExampleParseCode() {
	kayles, err := native.ParseCode("0.77")
	fmt.Println(kayles, kayles.MaxRemove(), err)
	_, err = native.ParseCode("0.7#")
	fmt.Println(err)
	// Output:
	// 0.77 2 <nil>
	// code "0.7#": at character 4 ('#'): expected a digit 0-9 or A-V, '&', '{', '*', '.' or '['
}

func ExampleSequence() {
	g, _ := native.Sequence(context.Background(), native.MustParseCode("0.77"), 12)
	fmt.Println(g)
	g, _ = native.Sequence(context.Background(), native.GrundysGame(), 12)
	fmt.Println(g)
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6 4]
	// [0 0 0 1 0 2 1 0 2 1 0 2 1]
}

func ExampleProvePeriod() {
	pp, _ := native.ProvePeriod(context.Background(), native.MustParseCode("0.77"), 10000)
	fmt.Println(pp.Periodicity, "- values needed up to", pp.Needed)
	// Output: preperiod 71, period 12 - values needed up to 167
}

func ExamplePeriod() {
	g, _ := native.Sequence(context.Background(), native.MustParseCode("0.[3]"), 100)
	fmt.Println(native.Period(g))
	// Output: preperiod 0, period 1, saltus 1
}

func ExampleWythoffWinningMoves() {
	fmt.Println(native.WythoffIsP(3, 5), native.WythoffWinningMoves(4, 6))
	// Output: true [[3 5]]
}

func ExampleFibNimWinningTake() {
	// 20 = 13 + 5 + 2: from 20 tokens with limit 19, take 2.
	fmt.Println(native.Zeckendorf(20), native.FibNimWinningTake(20, 19))
	// Output: [13 5 2] 2
}

func ExampleNimMul() {
	fmt.Println(native.NimMul(2, 2), native.NimMul(4, 4), native.NimMul(8, 8))
	// Output: 3 6 13
}

func ExampleHackenbushSG() {
	// A stalk of two edges topped by a triangle: the triangle fuses into
	// three loops (*1), so the colon principle gives (1 + 1) + 1 = 3.
	fmt.Println(native.HackenbushSG([][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 2}}))
	// Output: 3
}
