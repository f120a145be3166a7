package misere

import (
	"context"
	"errors"
	"testing"
	"time"
)

// FuzzParse feeds both readers anything: each returns a form or an error, never
// panics, and a form read back from its printed text is the same form.
func FuzzParse(f *testing.F) {
	for _, c := range cgsuiteCases {
		f.Add(c.in)
		f.Add(c.out)
	}
	for _, s := range []string{"", "*", "*3", "0", "(*2 + *3)", "*[2,", "*[&12;]", "*[2[-2]]", "*[[[[[]]]]]", "*[30]+*[30]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		tab := NewTable()
		for _, read := range []func(context.Context, string) (ID, error){tab.Parse, tab.ParseForm} {
			g, err := read(ctx, src)
			var pe *ParseError
			var full *FullError
			switch {
			case err == nil:
				s, err := tab.String(ctx, g)
				if err != nil {
					continue // out of time or room
				}
				if back, err := tab.ParseForm(ctx, s); err == nil && back != g {
					t.Errorf("%q: form %s reads back as another form", src, s)
				}
			case errors.As(err, &pe), errors.As(err, &full), ctx.Err() != nil:
			default:
				t.Errorf("%q: unexpected error %v", src, err)
			}
		}
	})
}
