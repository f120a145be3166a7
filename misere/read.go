package misere

import (
	"context"
	"strconv"
	"strings"
)

// ParseForm reads a form as String writes it (*[2#0], *[(2#1)2##], *[2[#1]],
// *[&12;]), except the marks -n, which String uses for a game that is a sum with
// *n taken away. Note that the notations differ: ParseForm reads *[20] as {*2, 0},
// Parse as the nim heap *20.
func (t *Table) ParseForm(ctx context.Context, src string) (ID, error) {
	r := &formReader{src: src}
	return t.read(ctx, func() ID {
		if !strings.HasPrefix(src, "*[") || !strings.HasSuffix(src, "]") {
			r.fail("a form is written *[...], such as *[2#0]")
		}
		r.pos = 2
		g := r.word(t, len(src)-1)
		if r.pos != len(src)-1 {
			r.fail("expected the end of the form")
		}
		return g
	})
}

type formReader struct {
	src   string
	pos   int
	depth int
}

func (r *formReader) fail(msg string) {
	panic(&ParseError{Char: len([]rune(r.src[:r.pos])), Msg: msg})
}

func (r *formReader) peek() byte {
	if r.pos < len(r.src) {
		return r.src[r.pos]
	}
	return 0
}

// word reads games side by side up to end or a ')': one is itself, several are
// the options of a game.
func (r *formReader) word(t *Table, end int) ID {
	r.depth++
	if r.depth > maxDepth {
		r.fail("the form nests too deep")
	}
	var games []ID
	for r.pos < end && r.peek() != ')' {
		games = append(games, r.atom(t))
	}
	r.depth--
	switch len(games) {
	case 0:
		r.fail("expected a digit or (")
	case 1:
		return games[0]
	}
	return t.make(games)
}

// atom reads a digit or a parenthesized word, then its marks: # (the game whose
// only option it is) and bracketed tails of #, n (add *n).
func (r *formReader) atom(t *Table) ID {
	var g ID
	if r.peek() == '(' {
		r.pos++
		g = r.word(t, len(r.src))
		if r.peek() != ')' {
			r.fail("expected )")
		}
		r.pos++
	} else {
		g = t.nim(r.digit())
	}
	for {
		switch r.peek() {
		case '#':
			r.pos++
			g = t.make([]ID{g})
		case '[':
			r.pos++
			for r.peek() != ']' {
				switch c := r.peek(); {
				case c == '#':
					r.pos++
					g = t.make([]ID{g})
				case c == '-':
					r.fail("marks -n (a sum with *n taken away) are not read: give the game in mcg's notation")
				default:
					g = t.add(g, t.nim(r.digit()))
				}
			}
			r.pos++
		default:
			return g
		}
	}
}

// digit reads 0 to 9 or &n;.
func (r *formReader) digit() int {
	c := r.peek()
	switch {
	case '0' <= c && c <= '9':
		r.pos++
		return int(c - '0')
	case c == '&':
		end := strings.IndexByte(r.src[r.pos:], ';')
		if end > 0 {
			if n, err := strconv.Atoi(r.src[r.pos+1 : r.pos+end]); err == nil && n <= MaxHeap {
				r.pos += end + 1
				return n
			}
		}
	}
	r.fail("expected a digit, &n; or (")
	return 0
}
