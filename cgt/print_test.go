package cgt

import (
	"errors"
	"strings"
	"testing"
)

func TestPrintUnicode(t *testing.T) {
	s := NewSpace()
	z := s.Zero()
	mk := func(l, r *Form) *Form { return s.Make([]*Form{l}, []*Form{r}) }
	star := s.Nimber(1)
	for _, c := range []struct {
		g    *Form
		want string
	}{
		{z, "0"},
		{s.Integer(-2), "-2"},
		{s.Dyadic(NewDyadic(3, 2)), "3/4"},
		{s.Dyadic(NewDyadic(-1, 1)), "-1/2"},
		{star, "*"},
		{s.Nimber(2), "*2"},
		{s.Add(s.Integer(2), star), "2*"},
		{s.Nus(NewDyadic(1, 1), 0, 3), "1/2*3"},
		{s.Nus(Int(1), 1, 0), "1↑"},
		{s.Nus(Int(-1), -1, 0), "-1↓"},
		{s.Up(1), "↑"},
		{s.Up(-1), "↓"},
		{s.Up(2), "⇑"},
		{s.Up(-2), "⇓"},
		{s.Nus(Int(0), 1, 1), "↑*"},
		{s.Up(3), "↑3"},
		{s.Up(-3), "↓3"},
		{s.Nus(Int(0), 2, 1), "⇑*"},
		{s.Nus(Int(0), 3, 2), "↑3*2"},
		{mk(z, star), "↑"},
		{mk(s.Integer(1), s.Integer(-1)), "±1"},
		{mk(s.Nus(Int(1), 0, 1), s.Nus(Int(-1), 0, 1)), "±(1*)"},
		{mk(s.Up(1), s.Up(-1)), "*"},
		{s.Make([]*Form{s.Integer(1), s.Integer(2)}, []*Form{s.Integer(-1), s.Integer(-2)}), "±2"},
		{mk(mk(s.Integer(2), s.Integer(1)), mk(s.Integer(-1), s.Integer(-2))), "±{2|1}"},
		{mk(s.Integer(3), s.Integer(-1)), "{3|-1}"},
		{mk(s.Integer(2), mk(s.Integer(1), z)), "{2||1|0}"},
		{mk(z, mk(z, s.Integer(-2))), "Tiny(2)"},
		{mk(mk(s.Integer(2), z), z), "Miny(2)"},
		{s.Add(s.Integer(3), mk(z, mk(z, s.Integer(-2)))), "3Tiny(2)"},
		{s.UpPower(2), "↑<2>"},
		{s.Neg(s.UpPower(3)), "↓<3>"},
		{s.UpSum(3), "↑[3]"},
		{s.Add(s.UpPower(2), star), "↑<2>*"},
		{s.Add(s.Integer(1), s.UpPower(2)), "1↑<2>"},
		{s.Add(s.UpPower(2), s.UpPower(2)), "{0||0,↓*|⇓}"},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("String = %q, want %q (ASCII %q)", got, c.want, c.g.ASCII())
		}
		h, err := s.Parse(c.want)
		if err != nil || h != c.g {
			t.Errorf("Parse(%q) = %v, %v", c.want, h, err)
		}
	}
}

func TestParseASCII(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct{ in, want string }{
		{"^", "↑"}, {"v", "↓"}, {"^^", "⇑"}, {"vv", "⇓"}, {"^^^", "↑3"}, {"^3", "↑3"},
		{"v3", "↓3"}, {"^*", "↑*"}, {"v*", "↓*"}, {"^^*", "⇑*"}, {"^*2", "↑*2"},
		{"^<3>", "↑<3>"}, {"v<2>", "↓<2>"}, {"^[3]", "↑[3]"}, {"^<1>", "↑"},
		{"+-1", "±1"}, {"± 1", "±1"}, {"+-(1*)", "±(1*)"}, {"+-{1,2}", "±2"}, {"+-{2,{3|1}}", "±{2,{3|1}}"},
		{"*2", "*2"}, {"*0", "0"}, {"*", "*"}, {"1/2", "1/2"}, {"-3/8", "-3/8"}, {"7/4*", "7/4*"},
		{"{1|-1}", "±1"}, {"{2||1|0}", "{2||1|0}"}, {"{ 2 || 1 | 0 }", "{2||1|0}"},
		{"{|}", "0"}, {"{0|}", "1"}, {"{|0}", "-1"}, {"{0|1}", "1/2"}, {"{0,*|0,*}", "*2"},
		{"{0|*}", "↑"}, {"{0,*|0}", "↑*"}, {"{{2|1}|{0|-1}}", "{2|1||0|-1}"},
		{"{3|-1}", "{3|-1}"}, {"{ {1|0} , 2 | -1 }", "{2|-1}"},
		{"^ + ^", "⇑"}, {"^ - ^", "0"}, {"-^", "↓"}, {"-(1^)", "-1↓"}, {"-1^", "-1↑"},
		{"2 + *", "2*"}, {"1+-2", "{3|-1}"}, {"3/4 + 1/4", "1"}, {"*3 + *5", "*6"},
		{"Tiny(1)", "Tiny(1)"}, {"Miny(1/2)", "Miny(1/2)"}, {"2Tiny({3|1})", "2Tiny({3|1})"},
		{"{0|||0||-1|-3}", "Tiny({3|1})"}, {"{5||3|1|||0||||0}", "Miny({5||3|1})"},
		{"{0||0|-3/2}", "Tiny(3/2)"}, {"{0|*||*|||*||||*}", "↑[4]"},
	} {
		g, err := s.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := g.String(); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
		for _, str := range []string{g.String(), g.ASCII()} {
			if h, err := s.Parse(str); err != nil || h != g {
				t.Errorf("round trip of %q: Parse(%q) = %v, %v", c.in, str, h, err)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	s := NewSpace()
	for _, c := range []struct {
		in   string
		char int
		msg  string
	}{
		{"", 0, "expected a game"},
		{"{1|2", 4, "expected , | or }"},
		{"{1|2|3}", 4, "ambiguous slashes"},
		{"1/3", 2, "power of 2"},
		{"↑↓", 1, "not both"},
		{"{1}", 1, "expected | in a game"},
		{"(1", 2, "expected ) to close ("},
		{"Tiny 1", 5, "expected ( after Tiny"},
		{"1 2", 2, "expected the end of the game"},
		{"{1|x}", 3, "expected a game"},
		{"99999999999999999999", 0, "out of range"},
		{"↑↑2", 2, "expected a single ↑"},
	} {
		_, err := s.Parse(c.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", c.in, err)
			continue
		}
		if pe.Char != c.char || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("Parse(%q): %v (char %d), want char %d and %q", c.in, err, pe.Char, c.char, c.msg)
		}
	}
}

// TestRoundTripRandom prints and parses many random canonical forms.
func TestRoundTripRandom(t *testing.T) {
	s := NewSpace()
	games := randomGames(11, 4, 40, 3)
	m := map[*raw]*Form{}
	for _, g := range games {
		f := fromRaw(s, g, m)
		for _, str := range []string{f.String(), f.ASCII()} {
			if h, err := s.Parse(str); err != nil || h != f {
				t.Fatalf("Parse(%q) = %v, %v", str, h, err)
			}
		}
	}
	// Sums and switches of notable games: every shape of the printer, nested.
	var notable []*Form
	for _, str := range []string{"Tiny(2)", "-1Miny(1/2)", "+-(1*)", "^<3>*2", "1/2^[2]", "{3|-1}",
		"{2||1|0}", "v3*", "*4", "-7/8", "+-{2,{3|1}}", "{0||0,v*|vv}", "2Tiny({3|1})"} {
		g, err := s.Parse(str)
		if err != nil {
			t.Fatalf("Parse(%q): %v", str, err)
		}
		notable = append(notable, g)
	}
	rng := newRand(12)
	for range 300 {
		a, b := notable[rng.IntN(len(notable))], notable[rng.IntN(len(notable))]
		for _, g := range []*Form{s.Add(a, b), s.PlusMinus(a, b), s.Make([]*Form{a, s.Nimber(1)}, []*Form{b}),
			s.Tiny(a), s.Make([]*Form{s.Make([]*Form{a}, []*Form{b})}, []*Form{s.Neg(a)})} {
			for _, str := range []string{g.String(), g.ASCII()} {
				if h, err := s.Parse(str); err != nil || h != g {
					t.Fatalf("Parse(%q) = %v, %v", str, h, err)
				}
			}
		}
	}
}
