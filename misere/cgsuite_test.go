package misere

import (
	"context"
	"errors"
	"slices"
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
	str := printer(t, tab)
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

// CGSuite's cases for the phyla and parts (its MisereCanonicalGameTestCase): the
// flags IsTame, IsGenerallyTame, IsTameable, IsRestive, IsGenerallyRestive,
// IsRestless, IsPrime, IsExtraverted, IsIntroverted, IsHalfTame as 0/1, then
// Parts and Partitions as CGSuite prints them.
var cgsuitePhyla = []struct {
	in, flags, parts, partitions string
}{
	{"*[0]", "1110000110", "[]", "[[]]"},
	{"*[1]", "1110000110", "[]", "[[*[1]]]"},
	{"*[2]", "1110001100", "[]", "[[*[2]]]"},
	{"*[[2]]", "1110000100", "[*[2],*[2[#-2]]]", "[[*[2],*[2[#-2]]]]"},
	{"*[[[2]]]", "1110000100", "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]", "[[*[2],*[2[#-2]],*[2[##-2]0]]]"},
	{"*[2]+*[2]", "1110000100", "[*[2]]", "[[*[2],*[2]]]"},
	{"*[[*[2]+*[[2]]]]", "1110000100", "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]", "[[*[2],*[2],*[2[#-2]],*[2[#-2]]]]"},
	{"*[[2],0]", "0001101001", "[]", "[[*[2#0]]]"},
	{"*[[2],1]", "0000011000", "[]", "[[*[2#1]]]"},
	{"*[[*[4]+*[2]]]", "1110000000", "[*[2],*[4[2#-2]],*[4],*[4[2#-4]]]", "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]"},
	{"*[[[2]],[[2],1]]", "0110001000", "[]", "[[*[(2#1)2##]]]"},
	{"*[[[2]],[[[2],0],0,1]]", "0110001000", "[]", "[[*[((2#0)10)2##]]]"},
	{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "0010001000", "[]", "[[*[((2#0)2[#1]2#)(2#1)[1]]]]"},
	{"*[[[2],2,0],[[2],3],1]", "0000101001", "[]", "[[*[(2#20)2[#1]1]]]"},
}

func TestCGSuitePhylaAndParts(t *testing.T) {
	ctx := context.Background()
	tab := NewTable()
	str := printer(t, tab)
	list := func(gs []ID) string {
		var out []string
		for _, g := range gs {
			out = append(out, str(g))
		}
		return "[" + strings.Join(out, ",") + "]"
	}
	for _, c := range cgsuitePhyla {
		g, err := tab.Parse(ctx, c.in)
		if err != nil {
			t.Fatal(err)
		}
		f, err := tab.Facts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		p := f.Phylum
		var flags strings.Builder
		for _, b := range []bool{p.IsTame(), p.IsGenerallyTame(), p.IsTameable(), p == Restive, p.IsGenerallyRestive(),
			p == Restless, f.Prime, f.Extraverted, f.Introverted, f.HalfTame} {
			flags.WriteByte("01"[boolInt(b)])
		}
		if flags.String() != c.flags {
			t.Errorf("%s (%s): flags %s, want %s", c.in, p, flags.String(), c.flags)
		}
		parts, err := tab.Parts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if got := list(parts); !sameSet(got, c.parts) {
			t.Errorf("%s: parts %s, want %s", c.in, got, c.parts)
		}
		ps, err := tab.Partitions(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for _, p := range ps {
			all = append(all, list(p))
		}
		if got := "[" + strings.Join(all, ",") + "]"; !sameSet(got, c.partitions) {
			t.Errorf("%s: partitions %s, want %s", c.in, got, c.partitions)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sameSet compares two printed lists as sets of their items, the items of lists of
// lists also as sets.
func sameSet(a, b string) bool {
	return slices.Equal(items(a), items(b))
}

// items splits a printed list [x,y,...] at its top-level commas, each item itself
// sorted the same way when it is a list of lists.
func items(s string) []string {
	s = s[1 : len(s)-1]
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if s != "" {
		out = append(out, s[start:])
	}
	for i, x := range out {
		if strings.HasPrefix(x, "[*") || x == "[]" {
			out[i] = strings.Join(items(x), ",")
		}
	}
	slices.Sort(out)
	return out
}

// printer returns a function that prints forms of tab, failing the test on an error.
func printer(t *testing.T, tab *Table) func(ID) string {
	return func(g ID) string {
		s, err := tab.String(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

// StringWithin prints as String does within its bound and stops with a *LongError
// past it, whatever the form's full length.
func TestStringWithin(t *testing.T) {
	ctx := context.Background()
	tab := NewTable()
	g, err := tab.Parse(ctx, "*[[[2],1],[[2]]]")
	if err != nil {
		t.Fatal(err)
	}
	full, err := tab.String(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := tab.StringWithin(ctx, g, len(full)); err != nil || s != full {
		t.Errorf("within %d: %q, %v; want %q", len(full), s, err, full)
	}
	var long *LongError
	if _, err := tab.StringWithin(ctx, g, 3); !errors.As(err, &long) || long.Max != 3 {
		t.Errorf("within 3: %v", err)
	}
	if s, err := tab.String(ctx, g); err != nil || s != full {
		t.Errorf("after a stopped print: %q, %v", s, err)
	}
}
