package misere

import (
	"context"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxHeap bounds the nim heaps Parse reads.
const MaxHeap = 1024

// maxDepth bounds the nesting Parse reads.
const maxDepth = 512

// ParseError is a syntax error in misère game notation.
type ParseError struct {
	Char    int // where, counted in characters from 0
	Msg     string
	BigHeap bool // the text names a nim heap past MaxHeap
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("at character %d: %s", e.Char+1, e.Msg)
}

// Parse reads a game in CGSuite's input notation for misère games: *[a, b, ...] is
// the game whose options are a, b, ..., except that *[a] is a itself; inside, a
// number n is the nim heap *n and [a, b, ...] is always the game with those
// options; + adds games. So *[2] is *2, *[[2]] = *[2#] is {*2}, *[[2],0] = {{*2}, 0}
// and *[[*[4] + *[2]]] = {*4 + *2}. Also read: *n, * and n for the nim heaps,
// parentheses, and spaces between tokens.
func (t *Table) Parse(ctx context.Context, src string) (ID, error) {
	p := &parser{t: t, src: src}
	return t.read(ctx, func() ID {
		p.skip()
		if p.pos == len(src) {
			p.fail("expected a misère game such as *[[2],0]")
		}
		g := p.sum()
		if p.pos < len(src) {
			p.fail("expected + or the end of the game")
		}
		return g
	})
}

// read runs a reader under the lock, turning its *ParseError into an error.
func (t *Table) read(ctx context.Context, f func() ID) (g ID, err error) {
	var syntax *ParseError
	err = t.run(ctx, func() {
		defer func() {
			if r := recover(); r != nil {
				e, ok := r.(*ParseError)
				if !ok {
					panic(r)
				}
				syntax = e
			}
		}()
		g = f()
	})
	if syntax != nil {
		return 0, syntax
	}
	return g, err
}

type parser struct {
	t     *Table
	src   string
	pos   int
	depth int
}

func (p *parser) fail(format string, args ...any) {
	panic(&ParseError{Char: utf8.RuneCountInString(p.src[:p.pos]), Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) skip() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n') {
		p.pos++
	}
}

// eat skips spaces and the byte c if it comes next.
func (p *parser) eat(c byte) bool {
	p.skip()
	if p.pos < len(p.src) && p.src[p.pos] == c {
		p.pos++
		p.skip()
		return true
	}
	return false
}

func (p *parser) sum() ID {
	p.depth++
	if p.depth > maxDepth {
		p.fail("more than %d nested games", maxDepth)
	}
	g := p.term()
	for p.eat('+') {
		g = p.t.add(g, p.term())
	}
	p.depth--
	return g
}

func (p *parser) term() ID {
	switch {
	case p.eat('*'):
		if p.eat('[') {
			items := p.items()
			if len(items) == 1 {
				return items[0]
			}
			return p.t.make(items)
		}
		if p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			return p.t.nim(p.number())
		}
		return Star
	case p.eat('['):
		return p.t.make(p.items())
	case p.eat('('):
		g := p.sum()
		if !p.eat(')') {
			p.fail("expected )")
		}
		return g
	case p.pos < len(p.src) && isDigit(p.src[p.pos]):
		return p.t.nim(p.number())
	}
	if p.pos == len(p.src) {
		p.fail("expected a game at the end")
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	p.fail("expected a number, [, *[ or ( but found %q", r)
	return 0
}

// items reads a list after its [, through its ].
func (p *parser) items() []ID {
	var items []ID
	if p.eat(']') {
		return items
	}
	for {
		items = append(items, p.sum())
		if p.eat(']') {
			return items
		}
		if !p.eat(',') {
			p.fail("expected , or ]")
		}
	}
}

func (p *parser) number() int {
	start := p.pos
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		p.pos++
	}
	n, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil || n > MaxHeap {
		p.pos = start
		panic(&ParseError{Char: utf8.RuneCountInString(p.src[:p.pos]), Msg: fmt.Sprintf("nim heaps here go up to *%d", MaxHeap), BigHeap: true})
	}
	p.skip()
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
