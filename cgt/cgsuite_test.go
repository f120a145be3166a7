package cgt

import (
	"fmt"
	"strings"
	"testing"
)

// cgsuiteCases are the canonical short games of CGSuite's own test suite
// (lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala): the input,
// CGSuite's plain-text output, its class, Left's and Right's options, the outcome, the
// stops, mean, temperature, thermograph and atomic weight as CGSuite prints them.
var cgsuiteCases = []struct {
	in, out, class, left, right, outcome, leftStop, rightStop, mean, temp, thermograph, atomicWeight string
}{
	{"0", "0", "Zero", "{}", "{}", "P", "0", "0", "0", "-1", "Thermograph(0,[],[0],0,[],[0])", "0"},
	{"5", "5", "Integer", "{4}", "{}", "L", "5", "5", "5", "-1", "Thermograph(5,[],[0],5,[],[0])", "!!That game is not atomic: 5"},
	{"-1823437481924", "-1823437481924", "Integer", "{}", "{-1823437481923}", "R", "-1823437481924", "-1823437481924", "-1823437481924", "-1", "!!Integer out of bounds in game specifier (must satisfy -2147483648 <= n <= 2147483647)", "!!That game is not atomic: -1823437481924"},
	{"-1/2", "-1/2", "DyadicRational", "{-1}", "{0}", "R", "-1/2", "-1/2", "-1/2", "-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])", "!!That game is not atomic: -1/2"},
	{"25/16", "25/16", "DyadicRational", "{3/2}", "{13/8}", "L", "25/16", "25/16", "25/16", "-1/16", "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])", "!!That game is not atomic: 25/16"},
	{"*8", "*8", "Nimber", "{0,*,*2,*3,*4,*5,*6,*7}", "{0,*,*2,*3,*4,*5,*6,*7}", "N", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "0"},
	{"9/8+*", "9/8*", "Uptimal", "{9/8}", "{9/8}", "L", "9/8", "9/8", "9/8", "0", "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])", "!!That game is not atomic: 9/8*"},
	{"^", "^", "Uptimal", "{0}", "{*}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "1"},
	{"v*", "v*", "Uptimal", "{0}", "{0,*}", "N", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "-1"},
	{"6+^*", "6^*", "Uptimal", "{6,6*}", "{6}", "L", "6", "6", "6", "0", "Thermograph(6,[0],[0,-1],6,[0],[0,1])", "!!That game is not atomic: 6^*"},
	{"^*6", "^*6", "Uptimal", "{0}", "{*7}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "1"},
	{"73/16+v9*8", "73/16v9*8", "Uptimal", "{73/16v8*9}", "{73/16}", "L", "73/16", "73/16", "73/16", "0", "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])", "!!That game is not atomic: 73/16v9*8"},
	{"{0|*||*|||*||||*}", "^[4]", "Uptimal", "{^[3]}", "{*}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "1"},
	{"{0||0|v*}", "{0|^<2>}", "Uptimal", "{0}", "{^<2>}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "1"},
	{"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", "Uptimal", "{{0||0,v*|vv}}", "{{{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "0"},
	{"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", "Uptimal", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}}", "{{{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}}", "N", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "0"},
	{"{0||0|vvv}", "{0||0|v3}", "CanonicalShortGame", "{0}", "{{0|v3}}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "0"},
	{"{^^^|vv}", "{^3|vv}", "CanonicalShortGame", "{^3}", "{vv}", "N", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "{1|0}"},
	{"{0||0|-3/2}", "Tiny(3/2)", "CanonicalShortGame", "{0}", "{{0|-3/2}}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "0"},
	{"{0|||0||-1|-3}", "Tiny({3|1})", "CanonicalShortGame", "{0}", "{{0||-1|-3}}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "0"},
	{"{5||3|1|||0||||0}", "Miny({5||3|1})", "CanonicalShortGame", "{{5||3|1|||0}}", "{0}", "R", "0", "0", "0", "0", "Thermograph(0,[],[0],0,[0],[0,1])", "0"},
	{"{1|^^||^}", "{1|^^||^}", "CanonicalShortGame", "{{1|^^}}", "{^}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "2"},
	{"{1|^^^||^}", "{1|^3||^}", "CanonicalShortGame", "{{1|^3}}", "{^}", "L", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])", "!!That game is not atomic."},
	{"{3||2+*|1+*}", "{3||2*|1*}", "CanonicalShortGame", "{3}", "{{2*|1*}}", "L", "3", "2", "9/4", "3/4", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])", "!!That game is not atomic."},
	{"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "CanonicalShortGame", "{{3/2*|1/2}}", "{{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "N", "1/2", "-1", "-5/16", "21/16", "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])", "!!That game is not atomic."},
}

func TestCGSuiteCases(t *testing.T) {
	s := NewSpace()
	set := func(gs []*Form) string {
		var parts []string
		for _, g := range gs {
			parts = append(parts, g.ASCII())
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	for _, c := range cgsuiteCases {
		g, err := s.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		check := func(what, got, want string) {
			t.Helper()
			if got != want {
				t.Errorf("%s: %s = %s, CGSuite says %s", c.in, what, got, want)
			}
		}
		check("ASCII", g.ASCII(), c.out)
		check("LeftOptions", set(g.LeftOptions()), c.left)
		check("RightOptions", set(g.RightOptions()), c.right)
		check("Outcome", s.Outcome(g).String(), c.outcome)
		check("LeftStop", s.LeftStop(g).String(), c.leftStop)
		check("RightStop", s.RightStop(g).String(), c.rightStop)
		check("Mean", s.Mean(g).String(), c.mean)
		check("Temperature", s.Temperature(g).String(), c.temp)
		if !strings.HasPrefix(c.thermograph, "!!") {
			check("Thermograph", cgsuiteThermograph(s.Thermograph(g)), c.thermograph)
		}
		aw, ok := s.AtomicWeight(g)
		switch {
		case strings.HasPrefix(c.atomicWeight, "!!"):
			if ok {
				t.Errorf("%s: AtomicWeight = %s, CGSuite says %s", c.in, aw.ASCII(), c.atomicWeight)
			}
		case !ok:
			t.Errorf("%s: not atomic, CGSuite says %s", c.in, c.atomicWeight)
		default:
			check("AtomicWeight", aw.ASCII(), c.atomicWeight)
		}
		// Round trips, in both notations.
		for _, str := range []string{g.ASCII(), g.String()} {
			h, err := s.Parse(str)
			if err != nil || h != g {
				t.Errorf("%s: Parse(%q) = %v, %v", c.in, str, h, err)
			}
		}
	}
}

// cgsuiteThermograph writes a thermograph as CGSuite's Thermograph.toString does: for
// each wall, the mast's value, the critical temperatures (where the slope changes) from
// the top down, and the slopes from the top down, the mast's first.
func cgsuiteThermograph(th *Thermograph) string {
	wall := func(ps []Point) string {
		var crit, slopes []string
		slopes = append(slopes, "0")
		last := int64(0)
		for i := len(ps) - 1; i > 0; i-- {
			k := slope(ps[i-1], ps[i])
			if k != last {
				crit = append(crit, ps[i].Temp.String())
				slopes = append(slopes, fmt.Sprint(k))
				last = k
			}
		}
		return fmt.Sprintf("%s,[%s],[%s]", th.Mast, strings.Join(crit, ","), strings.Join(slopes, ","))
	}
	return "Thermograph(" + wall(th.Left) + "," + wall(th.Right) + ")"
}
