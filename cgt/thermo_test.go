package cgt

import (
	"testing"
)

// TestContractTemperature: the examples of the contract (shared/DESIGN.md).
func TestContractTemperature(t *testing.T) {
	s := NewSpace()
	g, err := s.Parse("{3|-1}")
	if err != nil {
		t.Fatal(err)
	}
	if s.Mean(g) != Int(1) || s.Temperature(g) != Int(2) || s.LeftStop(g) != Int(3) || s.RightStop(g) != Int(-1) {
		t.Errorf("{3|-1}: mean %s, temperature %s, stops %s %s", s.Mean(g), s.Temperature(g), s.LeftStop(g), s.RightStop(g))
	}
	th := s.Thermograph(g)
	want := Thermograph{
		Left:  []Point{{Int(-1), Int(4)}, {Int(2), Int(1)}},
		Right: []Point{{Int(-1), Int(-2)}, {Int(2), Int(1)}},
		Mast:  Int(1), Temperature: Int(2),
	}
	if !samePoints(th.Left, want.Left) || !samePoints(th.Right, want.Right) || th.Mast != want.Mast || th.Temperature != want.Temperature {
		t.Errorf("Thermograph({3|-1}) = %+v, want %+v", th, want)
	}
	for _, c := range []struct {
		in   string
		temp string
	}{
		{"0", "-1"}, {"5", "-1"}, {"1/2", "-1/2"}, {"-3/8", "-1/8"}, {"*", "0"}, {"^", "0"},
		{"1/2^*3", "0"}, {"+-1", "1"}, {"{2||1|0}", "3/4"}, {"{4|||2||1|0}", "11/8"},
	} {
		g, err := s.Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Temperature(g).String(); got != c.temp {
			t.Errorf("Temperature(%s) = %s, want %s", c.in, got, c.temp)
		}
	}
}

func samePoints(a, b []Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCoolAndHeat: CGSuite's own expectations (GameTest.scala, EvalTest.scala).
func TestCoolAndHeat(t *testing.T) {
	s := NewSpace()
	parse := func(str string) *Form {
		g, err := s.Parse(str)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, c := range []struct{ g, t, want string }{
		{"{3||2+*|1+*}", "0", "{3||2*|1*}"},
		{"{3||2+*|1+*}", "1/4", "{11/4||2|3/2}"},
		{"{3||2+*|1+*}", "1/2", "{5/2|2*}"},
		{"{3||2+*|1+*}", "5/8", "{19/8|17/8}"},
		{"{3||2+*|1+*}", "3/4", "9/4*"},
		{"{3||2+*|1+*}", "70", "9/4"},
		{"{3||2+*|1+*}", "-1/2", "{7/2|||5/2|3/2||+-1/2}"},
		{"1/4", "-1/8", "1/4"},
		{"1/4", "-1/4", "1/4*"},
		{"1/4", "-3/8", "{3/8|1/8}"},
	} {
		tf := parse(c.t)
		d, _ := tf.Number()
		got, err := s.Cool(parse(c.g), d)
		if err != nil || got.ASCII() != c.want {
			t.Errorf("Cool(%s, %s) = %v, %v; CGSuite says %s", c.g, c.t, got, err, c.want)
		}
	}
	if _, err := s.Cool(parse("{3|-1}"), Int(-1)); err == nil {
		t.Error("Cool by -1 did not fail")
	}
	for _, c := range []struct{ g, t, want string }{
		{"{3||2+*|1+*}", "0", "{3||2*|1*}"},
		{"{3||2+*|1+*}", "1/2", "{7/2|||5/2|3/2||+-1/2}"},
		{"{3||2+*|1+*}", "1", "{4|||3|1||0|-2}"},
		{"{3||2+*|1+*}", "-3/4", "9/4*"},
		{"{3||2+*|1+*}", "-1", "9/4"},
		{"{3||2+*|1+*}", "-2", "3/2"},
		{"{3||2+*|1+*}", "-4", "0"},
		{"{3||2+*|1+*}", "*", "{3*||2|1}"},
		{"*", "2", "+-2"},
		{"*2", "2", "+-{2,{4|0}}"},
		{"^", "2", "{2||0|-4}"},
		{"^*", "2", "{2,{4|0}|-2}"},
		{"^^", "2", "{2||0,+-2|-4}"},
		{"^^", "*", "0"},
	} {
		if got := s.Heat(parse(c.g), parse(c.t)).ASCII(); got != c.want {
			t.Errorf("Heat(%s, %s) = %s; CGSuite says %s", c.g, c.t, got, c.want)
		}
	}
}

// TestNusThermographShortcut: the thermograph of x + n·↑ + *k taken from the basic cases
// (as CGSuite does) is the one the construction gives from its options, and the stops
// of a nus are those of its options.
func TestNusThermographShortcut(t *testing.T) {
	s := NewSpace()
	for _, x := range []Dyadic{Int(0), Int(2), NewDyadic(-3, 2), NewDyadic(9, 3)} {
		for _, up := range []int64{0, 1, -1, 2, -2, 5, -3} {
			for _, nim := range []int64{0, 1, 2, 3, 6} {
				g := s.Nus(x, up, nim)
				if g.IsInteger() {
					continue
				}
				got := cgsuiteThermograph(s.Thermograph(g))
				want := cgsuiteThermograph(s.thermographOf(g))
				if got != want {
					t.Errorf("Thermograph(%s) = %s, from its options %s", g, got, want)
				}
				ls, rs := s.RightStop(g.LeftOptions()[0]), s.LeftStop(g.RightOptions()[0])
				for _, o := range g.LeftOptions() {
					ls = maxD(ls, s.RightStop(o))
				}
				for _, o := range g.RightOptions() {
					rs = minD(rs, s.LeftStop(o))
				}
				if !g.IsNumber() && (s.LeftStop(g) != ls || s.RightStop(g) != rs) {
					t.Errorf("stops of %s: %s %s, from options %s %s", g, s.LeftStop(g), s.RightStop(g), ls, rs)
				}
			}
		}
	}
}

func maxD(a, b Dyadic) Dyadic {
	if a.Less(b) {
		return b
	}
	return a
}

func minD(a, b Dyadic) Dyadic {
	if b.Less(a) {
		return b
	}
	return a
}

// TestMeanIsAdditive checks thermographs through theorems: the mean of a sum is the sum
// of the means, the mean lies between the stops, a sum's temperature is at most the
// larger of its parts', and cooling by more than the temperature leaves the mean.
func TestMeanIsAdditive(t *testing.T) {
	s := NewSpace()
	games := randomGames(21, 4, 40, 3)
	m := map[*raw]*Form{}
	var fs []*Form
	for _, g := range games {
		fs = append(fs, fromRaw(s, g, m))
	}
	for _, str := range []string{"{3|-1}", "{4||2|1}", "{5|3||0|-2}", "{3||2*|1*}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"} {
		g, _ := s.Parse(str)
		fs = append(fs, g)
	}
	rng := newRand(22)
	for range 400 {
		a, b := fs[rng.IntN(len(fs))], fs[rng.IntN(len(fs))]
		sum := s.Add(a, b)
		if s.Mean(sum) != s.Mean(a).Add(s.Mean(b)) {
			t.Fatalf("Mean(%s + %s) = %s, not %s + %s", a, b, s.Mean(sum), s.Mean(a), s.Mean(b))
		}
		if s.LeftStop(a).Less(s.Mean(a)) || s.Mean(a).Less(s.RightStop(a)) {
			t.Fatalf("Mean(%s) = %s is not between its stops", a, s.Mean(a))
		}
		if tmax := maxD(s.Temperature(a), s.Temperature(b)); tmax.Less(s.Temperature(sum)) {
			t.Fatalf("Temperature(%s + %s) = %s > %s", a, b, s.Temperature(sum), tmax)
		}
		c, err := s.Cool(a, s.Temperature(a).Add(NewDyadic(1, 3)))
		if err != nil || c != s.Dyadic(s.Mean(a)) {
			t.Fatalf("%s cooled past its temperature is %v, not its mean %s", a, c, s.Mean(a))
		}
	}
}
