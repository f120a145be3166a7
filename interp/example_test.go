package interp_test

import (
	"context"
	"fmt"
	"os"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// A session runs a program: its prints go to Out, its checks (and their cases)
// are counted.
func ExampleInterp_Run() {
	in := interp.New()
	in.Out = os.Stdout
	err := in.Run(context.Background(), "kayles.game", `
game Kayles(n) { move k in 1..2, i in 0..n - k -> Kayles(i) + Kayles(n - k - i) }
print [sg(Kayles(n)) for n in 0..12]
check sg(Kayles(n)) == sg(Kayles(n + 12)) for n in 71..100
`)
	fmt.Println(err, in.Checks.Passed, in.Checks.Cases)
	// Output:
	// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
	// <nil> 1 30
}

// Eval gives the value of one expression, to read from Go.
func ExampleInterp_Eval() {
	in := interp.New()
	ctx := context.Background()
	if err := in.Run(ctx, "sub.game", "game S(n) { move take s in {1, 2} where s <= n -> S(n - s) }"); err != nil {
		panic(err)
	}
	v, err := in.Eval(ctx, "query", "[sg(S(n)) for n in 0..6]")
	if err != nil {
		panic(err)
	}
	for _, e := range v.Seq() {
		fmt.Print(e.N, " ")
	}
	fmt.Println(v.K)
	// Output: 0 1 2 0 1 2 0 list
}

// Positions are made from Go and asked about directly; a sum is made with Sum.
func ExampleInterp_SG() {
	in := interp.New()
	ctx := context.Background()
	if err := in.Run(ctx, "nim.game", "game Heap(n) { move k in 1..n -> Heap(n - k) }"); err != nil {
		panic(err)
	}
	heap, _ := in.Game("Heap")
	h3, _ := in.Position(ctx, heap, interp.Int(3))
	h5, _ := in.Position(ctx, heap, interp.Int(5))
	sum := interp.Sum(h3, h5)
	v, _ := in.SG(ctx, sum)
	isP, _ := in.Outcome(ctx, sum)
	wins, _ := in.Winning(ctx, sum)
	fmt.Println(sum.Repr(), v, isP)
	for _, m := range wins {
		fmt.Println(m)
	}
	// Output:
	// Heap(3) + Heap(5) 6 false
	// k=2 from Heap(5) -> Heap(3)
}

// Config bounds a session; an error names the limit and how to raise it.
func ExampleConfig() {
	in := interp.New()
	in.Config.MaxPositions = 100
	in.Config.PositionsHint = "ask for a bigger session"
	err := in.Run(context.Background(), "chain.game", `
game C(n) { move where n > 0 -> C(n - 1) }
print sg(C(1000))
`)
	text, _ := lang.FormatAll(err)
	fmt.Print(text)
	// Output:
	// chain.game:3:7: stopped: the positions limit (100) was reached; ask for a bigger session
	//     print sg(C(1000))
	//           ^
}
