package misere

import (
	"context"
	"strings"
	"testing"
)

// CGSuite's own cases (its MisereCanonicalGameTestCase): the input, the form it
// prints, birthday, misère and normal Grundy values, mate and options.
var cgsuiteCases = []struct {
	in, out                 string
	birthday, gMinus, gPlus int
	mate, options           string
}{
	{"*[0]", "*[0]", 0, 1, 0, "*[1]", "[]"},
	{"*[1]", "*[1]", 1, 0, 1, "*[0]", "[*[0]]"},
	{"*[2]", "*[2]", 2, 2, 2, "*[2]", "[*[0],*[1]]"},
	{"*[[2]]", "*[2#]", 3, 0, 0, "*[2#]", "[*[2]]"},
	{"*[[[2]]]", "*[2##]", 4, 1, 1, "*[2##]", "[*[2#]]"},
	{"*[2]+*[2]", "*[2[2]]", 4, 0, 0, "*[2[2]]", "[*[2],*[3]]"},
	{"*[[*[2]+*[[2]]]]", "*[2[#2#]]", 6, 0, 0, "*[2[#2#]]", "[*[2[#2]]]"},
	{"*[[2],0]", "*[2#0]", 4, 2, 1, "*[2#1]", "[*[0],*[2#]]"},
	{"*[[2],1]", "*[2#1]", 4, 1, 2, "*[2#0]", "[*[1],*[2#]]"},
	{"*[[*[4]+*[2]]]", "*[4[2#]]", 7, 0, 0, "*[4[2#]]", "[*[4[2]]]"},
	{"*[[[2]],[[2],1]]", "*[(2#1)2##]", 5, 0, 0, "*[(2#0)2##]", "[*[2##],*[2#1]]"},
	{"*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]", 6, 0, 0, "*[((2#1)10)2##]", "[*[2##],*[(2#0)10]]"},
	{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]", 6, 1, 0, "*[((2#1)2[#1]2#)(2#0)[1]]", "[*[(2#1)[1]],*[(2#0)2[#1]2#]]"},
	{"*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]", 5, 2, 0, "*[(2#21)2[#1]0]", "[*[1],*[2[#1]],*[2#20]]"},
}

func TestCGSuiteCases(t *testing.T) {
	ctx := context.Background()
	tab := NewTable()
	str := func(g ID) string {
		s, err := tab.String(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range cgsuiteCases {
		g, err := tab.Parse(ctx, c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if s := str(g); s != c.out {
			t.Errorf("%s prints %s, want %s", c.in, s, c.out)
		}
		f, err := tab.Facts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if f.Birthday != c.birthday {
			t.Errorf("%s: birthday %d, want %d", c.in, f.Birthday, c.birthday)
		}
		if f.MisereValue != c.gMinus {
			t.Errorf("%s: misère value %d, want %d", c.in, f.MisereValue, c.gMinus)
		}
		if f.Value != c.gPlus {
			t.Errorf("%s: value %d, want %d", c.in, f.Value, c.gPlus)
		}
		if s := str(f.Mate); s != c.mate {
			t.Errorf("%s: mate %s, want %s", c.in, s, c.mate)
		}
		var opts []string
		for _, o := range tab.sorted(g) {
			opts = append(opts, str(o))
		}
		if s := "[" + strings.Join(opts, ",") + "]"; s != c.options {
			t.Errorf("%s: options %s, want %s", c.in, s, c.options)
		}
	}
}

// TestReadForms reads back every form the CGSuite cases print, and their options
// and mates.
func TestReadForms(t *testing.T) {
	ctx := context.Background()
	tab := NewTable()
	for _, c := range cgsuiteCases {
		g, _ := tab.Parse(ctx, c.in)
		f, _ := tab.Facts(ctx, g)
		for _, h := range append([]ID{g, f.Mate}, tab.Options(g)...) {
			s, _ := tab.String(ctx, h)
			back, err := tab.ParseForm(ctx, s)
			if err != nil || back != h {
				t.Errorf("%s read back as form %d (%v), want %d", s, back, err, h)
			}
		}
	}
	for _, bad := range []string{"", "*[", "*[]", "*[2", "*[(2]", "*[2[3]", "*[x]", "2#", "*[&99999;]", "*[2[-2]]"} {
		if _, err := tab.ParseForm(ctx, bad); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}
