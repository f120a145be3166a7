package cgt

import (
	"errors"
	"testing"
)

// FuzzParse: any text either parses to a game whose text parses back to the
// same game, or fails with a located *ParseError or a *RangeError; nothing
// panics otherwise.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "-3/4", "*2", "^*", "vv", "+-1", "±(1*)", "{2||1|0}", "{3|-1}", "Tiny(2)",
		"2Miny(1)", "^<3>", "^[4]", "{0,*|0,*}", "{1|}", "1/2*3", "{{2|0}|{0|-2}}", "{|{|}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := NewSpace()
		steps := 0
		s.SetInterrupt(func() { // a short budget: big inputs may grow large forms
			if steps++; steps > 200 {
				panic(errStop)
			}
		})
		defer func() {
			if r := recover(); r != nil && r != errStop {
				if _, ok := r.(*RangeError); !ok {
					t.Fatalf("Parse(%q) panicked: %v", src, r)
				}
			}
		}()
		g, err := s.Parse(src)
		if err != nil {
			var pe *ParseError
			var re *RangeError
			if !errors.As(err, &pe) && !errors.As(err, &re) {
				t.Fatalf("Parse(%q): %T %v", src, err, err)
			}
			return
		}
		text := g.String()
		if len(text) >= MaxText {
			return // cut with "…"
		}
		back, err := s.Parse(text)
		if err != nil || back != g {
			t.Fatalf("Parse(%q) = %s, which parses back to %v (%v)", src, text, back, err)
		}
	})
}

var errStop = errors.New("stop")
