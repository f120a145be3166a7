package misere

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// LongError is returned by StringWithin when the printed form passes its bound.
type LongError struct{ Max int }

func (e *LongError) Error() string {
	return fmt.Sprintf("the misère canonical form is longer than %d characters", e.Max)
}

// String writes g as CGSuite does: *[...] around a word in which a digit n is the
// nim heap *n, digits side by side are the options of one game (each option that
// has options of its own in parentheses), # after a game is the game whose only
// option it is, and a bracketed tail adds nim heaps: G[2] is G + *2, G[-2] is the
// game that G + *2 equals, and a tail of several marks reads left to right, so
// 2[#2#] is {{*2} + *2}. The sum G + *n is written so when it is born before g;
// heaps past 9 are written &n;. Examples: *[0], *[2], *[2#] = {*2}, *[2#0] = {{*2},
// 0}, *[2[2]] = *2 + *2, *[(2#1)2##].
func (t *Table) String(ctx context.Context, g ID) (s string, err error) {
	return t.StringWithin(ctx, g, 0)
}

// StringWithin is String, stopping with a *LongError as soon as the text passes
// limit bytes (no bound when limit is 0): the forms of a game like Kayles(20) run to
// hundreds of megabytes.
func (t *Table) StringWithin(ctx context.Context, g ID, limit int) (s string, err error) {
	var b strings.Builder
	err = t.run(ctx, func() {
		t.printMax = limit
		defer func() { t.printMax = 0 }()
		b.WriteString("*[")
		sub := false
		t.write(&b, g, false, &sub)
		if sub {
			b.WriteByte(']')
		}
		b.WriteByte(']')
	})
	return b.String(), err
}

// write writes g's word. *sub is true on entry when a tail must be opened after
// g's base, and set when write opened one; paren puts a game of several options
// in parentheses.
func (t *Table) write(b *strings.Builder, g ID, paren bool, sub *bool) {
	t.step()
	if t.printMax > 0 && b.Len() > t.printMax {
		panic(stop{&LongError{t.printMax}})
	}
	born := t.forms[g].birthday
	if g == t.nim(born) {
		b.WriteString(digit(born))
		if *sub {
			b.WriteByte('[')
		}
		return
	}
	first := 2
	if t.odd(g) {
		first = 3
	}
	for n := first; n < born; n += 2 {
		if x, ok := t.minusNim(g, n); ok {
			*sub = true
			t.write(b, x, true, sub)
			b.WriteString(digit(n))
			return
		}
		if x := t.add(g, t.nim(n)); t.forms[x].birthday < born {
			*sub = true
			t.write(b, x, true, sub)
			b.WriteString("-" + digit(n))
			return
		}
	}
	if first == 3 {
		*sub = true
		t.write(b, t.add(g, Star), true, sub)
		b.WriteString("1")
		return
	}
	opts := t.sorted(g)
	if len(opts) == 1 {
		t.write(b, opts[0], true, sub)
		b.WriteString("#")
		return
	}
	outer := *sub
	if paren {
		b.WriteByte('(')
	}
	for i := len(opts) - 1; i >= 0; i-- {
		inner := false
		t.write(b, opts[i], true, &inner)
		if inner {
			b.WriteByte(']')
		}
	}
	if paren {
		b.WriteByte(')')
	}
	*sub = outer
	if outer {
		b.WriteByte('[')
	}
}

func digit(n int) string {
	if n < 10 {
		return strconv.Itoa(n)
	}
	return "&" + strconv.Itoa(n) + ";"
}
