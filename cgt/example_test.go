package cgt_test

import (
	"fmt"

	"github.com/grundy-lang/grundy/cgt"
)

// A value is built from the values of its options; equal games are the same pointer.
func Example() {
	s := cgt.NewSpace()
	zero, one := s.Zero(), s.Integer(1)
	pm1 := s.Make([]cgt.Game{one}, []cgt.Game{s.Neg(one)}) // Domineering on a 2x2 board
	fmt.Println(pm1, s.Outcome(pm1))

	up := s.Make([]cgt.Game{zero}, []cgt.Game{s.Nimber(1)})
	fmt.Println(up, s.Add(up, up), s.Add(up, up) == s.Up(2))
	fmt.Println(s.Compare(up, zero), s.Compare(s.Nimber(1), zero))

	g, err := s.Parse("{3|-1}")
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Mean(g), s.Temperature(g), s.LeftStop(g), s.RightStop(g))
	th := s.Thermograph(g)
	fmt.Println(th.Left, th.Right, th.Mast, th.Temperature)
	// Output:
	// ±1 N
	// ↑ ⇑ true
	// > ||
	// 1 2 3 -1
	// [{-1 4} {2 1}] [{-1 -2} {2 1}] 1 2
}

// Parse reads CGSuite's notation and ASCII; String and ASCII write CGSuite's.
func ExampleSpace_Parse() {
	s := cgt.NewSpace()
	for _, src := range []string{"^^*", "{2||1|0}", "+-(1*)", "{0||0|-3/2}", "{0|*||*|||*||||*}", "1/2 + *3"} {
		g, err := s.Parse(src)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g, g.ASCII())
	}
	_, err := s.Parse("{1|2|3}")
	fmt.Println(err)
	// Output:
	// ⇑* ^^*
	// {2||1|0} {2||1|0}
	// ±(1*) +-(1*)
	// Tiny(3/2) Tiny(3/2)
	// ↑[4] ^[4]
	// 1/2*3 1/2*3
	// at character 5 (byte 4): expected a longer run of slashes on one side (ambiguous slashes), found '|'
}
