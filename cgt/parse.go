package cgt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParseError is a syntax error in game notation: where it is and what was expected.
type ParseError struct {
	Offset int    // byte offset in the source
	Char   int    // the same place counted in characters (runes)
	Msg    string // what was found and what was expected
}

// Error gives the place, counted in characters from 1 and in bytes, and the message.
func (e *ParseError) Error() string {
	return fmt.Sprintf("at character %d (byte %d): %s", e.Char+1, e.Offset, e.Msg)
}

// Parse reads a game in CGSuite's notation, as String and ASCII write it, and in ASCII:
//
//	0  -2  3/4  *  *2  2*  1/2*3  ↑ ^  ↓ v  ⇑ ^^  ⇓ vv  ↑3 ^3 ^^^  ↑* ^*  1↑  -1↓
//	↑<3> ^<3> (↑ to the 3rd power, ↑³)  ↑[3] (↑ + ↑² + ↑³)
//	±1 +-1 ±(1*) ±{1,2}  Tiny(2) Miny(1/2) 3Tiny({3|1})
//	{1|-1} {2||1|0} {0,*|0} {|} {1|}  G + H  G - H  -G  (G)  G ± H
//
// Spaces are allowed between tokens. A minus sign directly before a number belongs to
// the number: -1↓ is -1 + ↓ (as CGSuite writes it), while -↑ and -(1↑) negate the whole.
// Slashes nest as in CGSuite: the longest run of slashes splits the game, so
// {2||1|0} is {2 | {1|0}}; two longest runs at one level are ambiguous. Errors are a
// *ParseError (where and what was expected) or, for numbers beyond the supported range
// met while computing, a *RangeError.
func (s *Space) Parse(src string) (g Game, err error) {
	p := &parser{s: s, src: src}
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case *ParseError:
				g, err = nil, e
				return
			case *RangeError:
				g, err = nil, e
				return
			}
			panic(r)
		}
	}()
	p.skip()
	if p.pos == len(src) {
		p.fail("expected a game")
	}
	g = p.expr()
	p.skip()
	if p.pos < len(src) {
		p.fail("expected the end of the game, + or -")
	}
	return g, nil
}

type parser struct {
	s   *Space
	src string
	pos int
}

func (p *parser) fail(msg string) {
	found := "the end"
	if p.pos < len(p.src) {
		r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
		found = strconv.QuoteRune(r)
	}
	panic(&ParseError{Offset: p.pos, Char: utf8.RuneCountInString(p.src[:p.pos]), Msg: msg + ", found " + found})
}

func (p *parser) skip() {
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += n
	}
}

// peek returns the next rune without consuming it (0 at the end).
func (p *parser) peek() rune {
	if p.pos >= len(p.src) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

func (p *parser) has(prefix string) bool { return strings.HasPrefix(p.src[p.pos:], prefix) }

func (p *parser) eat(prefix string) bool {
	if p.has(prefix) {
		p.pos += len(prefix)
		return true
	}
	return false
}

func (p *parser) eatPM() bool { return p.eat("±") || p.eat("+-") }

// expr := term { ("+" | "-" | "±" | "+-") term }
func (p *parser) expr() *Form {
	g := p.term()
	for {
		p.skip()
		switch {
		case p.eatPM():
			p.skip()
			g = p.s.Add(g, p.pm())
		case p.eat("+"):
			g = p.s.Add(g, p.term())
		case p.eat("-") || p.eat("−"):
			g = p.s.Sub(g, p.term())
		default:
			return g
		}
	}
}

// term := ("-" | "+") term | ("±" | "+-") term | atom
func (p *parser) term() *Form {
	p.skip()
	switch {
	case p.eatPM():
		p.skip()
		return p.pm()
	case p.has("-") || p.has("−"):
		start := p.pos
		if !p.eat("-") {
			p.eat("−")
		}
		if isDigit(p.peek()) {
			p.pos = start
			return p.atom()
		}
		return p.s.Neg(p.term())
	case p.eat("+"):
		return p.term()
	}
	return p.atom()
}

// pm reads what follows ±: a list of options in braces without slashes ({1,2}) or a term.
func (p *parser) pm() *Form {
	if p.peek() == '{' {
		save := p.pos
		p.pos++
		items := p.list()
		p.skip()
		if p.eat("}") {
			return p.s.PlusMinus(items...)
		}
		p.pos = save
	}
	return p.s.PlusMinus(p.term())
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// atom := [number] [ups] [star] | [number] (Tiny|Miny) "(" expr ")" | "{" slashes "}" | "(" expr ")"
func (p *parser) atom() *Form {
	p.skip()
	start := p.pos
	var num Dyadic
	hasNum := false
	if p.has("-") || p.has("−") || isDigit(p.peek()) {
		num, hasNum = p.number(), true
	}
	x := p.s.Dyadic(num)
	switch {
	case p.has("Tiny") || p.has("Miny"):
		tiny := p.has("Tiny")
		p.pos += 4
		p.skip()
		if !p.eat("(") {
			p.fail("expected ( after Tiny or Miny")
		}
		g := p.expr()
		p.skip()
		if !p.eat(")") {
			p.fail("expected ) to close Tiny( or Miny(")
		}
		t := p.s.Miny(g)
		if tiny {
			t = p.s.Tiny(g)
		}
		return p.s.Add(x, t)
	}
	ups, okUps := p.ups()
	star, okStar := p.star()
	if hasNum || okUps || okStar {
		return p.s.Add(p.s.Add(x, ups), star)
	}
	switch {
	case p.eat("{"):
		g := p.game()
		return g
	case p.eat("("):
		g := p.expr()
		p.skip()
		if !p.eat(")") {
			p.fail("expected ) to close (")
		}
		return g
	}
	p.pos = start
	p.fail("expected a game: a number, *, ↑, ↓, ±, Tiny, Miny, { or (")
	return nil
}

// number := ["-"] digits ["/" digits], a dyadic rational.
func (p *parser) number() Dyadic {
	start := p.pos
	neg := p.eat("-") || p.eat("−")
	n := p.digits("expected a number")
	if neg {
		n = -n
	}
	if !p.eat("/") {
		return Int(n)
	}
	dpos := p.pos
	d := p.digits("expected a denominator after /")
	if d <= 0 || d&(d-1) != 0 {
		p.pos = dpos
		p.fail("expected a power of 2 as denominator (games' numbers are dyadic)")
	}
	k := uint(0)
	for d > 1 {
		d >>= 1
		k++
	}
	if k > MaxExp {
		p.pos = start
		p.fail("number out of range")
	}
	return NewDyadic(n, k)
}

func (p *parser) digits(what string) int64 {
	start := p.pos
	for p.pos < len(p.src) && isDigit(rune(p.src[p.pos])) {
		p.pos++
	}
	if start == p.pos {
		p.fail(what)
	}
	n, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
	if err != nil {
		p.pos = start
		p.fail("number out of range")
	}
	return n
}

// ups := ("↑" | "^")+ [digits | "<" digits ">" | "[" digits "]"] | "⇑" | down likewise.
func (p *parser) ups() (*Form, bool) {
	var sign, count int64
	for {
		var dir, n int64
		switch {
		case p.has("↑") || p.has("^"):
			dir, n = 1, 1
		case p.has("⇑"):
			dir, n = 1, 2
		case p.has("↓") || p.has("v"):
			dir, n = -1, 1
		case p.has("⇓"):
			dir, n = -1, 2
		}
		switch {
		case dir != 0:
			if sign == -dir {
				p.fail("expected ups or downs, not both")
			}
			_, size := utf8.DecodeRuneInString(p.src[p.pos:])
			p.pos += size
			sign, count = dir, count+n
		default:
			if sign == 0 {
				return p.s.Zero(), false
			}
			switch {
			case isDigit(p.peek()):
				if count != 1 {
					p.fail("expected a single ↑ or ↓ before a count")
				}
				count = p.digits("expected a count")
			case p.peek() == '<' || p.peek() == '[':
				if count != 1 {
					p.fail("expected a single ↑ or ↓ before <n> or [n]")
				}
				unitSum := p.peek() == '['
				p.pos++
				n := p.digits("expected the power of ↑")
				if unitSum && !p.eat("]") || !unitSum && !p.eat(">") {
					p.fail("expected > or ] after the power")
				}
				if n < 1 || n > maxUpPower {
					p.fail(fmt.Sprintf("expected a power from 1 to %d", maxUpPower))
				}
				var g *Form
				if unitSum {
					g = p.s.UpSum(int(n))
				} else {
					g = p.s.UpPower(int(n))
				}
				if sign < 0 {
					g = p.s.Neg(g)
				}
				return g, true
			}
			return p.s.Up(sign * count), true
		}
	}
}

// star := "*" [digits]
func (p *parser) star() (*Form, bool) {
	if !p.eat("*") {
		return p.s.Zero(), false
	}
	if isDigit(p.peek()) {
		return p.s.Nimber(p.digits("expected a nimber")), true
	}
	return p.s.Nimber(1), true
}

// game reads the inside of braces, after "{", up to and including "}".
func (p *parser) game() *Form {
	type group struct {
		items []*Form
		pos   int
	}
	var groups []group
	var bars []int // bars[i] separates groups[i] and groups[i+1]
	var barPos []int
	for {
		start := p.pos
		groups = append(groups, group{p.list(), start})
		p.skip()
		if p.eat("}") {
			break
		}
		bp := p.pos
		n := 0
		for p.eat("|") {
			n++
		}
		if n == 0 {
			p.fail("expected , | or } in a game")
		}
		bars = append(bars, n)
		barPos = append(barPos, bp)
	}
	if len(bars) == 0 {
		p.pos = groups[0].pos
		p.fail("expected | in a game ({left options | right options})")
	}
	var build func(lo, hi int) []*Form // groups lo..hi, bars lo..hi-1
	build = func(lo, hi int) []*Form {
		if lo == hi {
			return groups[lo].items
		}
		best := lo
		for i := lo; i < hi; i++ {
			if bars[i] > bars[best] {
				best = i
			}
		}
		for i := lo; i < hi; i++ {
			if i != best && bars[i] == bars[best] {
				p.pos = barPos[i]
				p.fail("expected a longer run of slashes on one side (ambiguous slashes)")
			}
		}
		l := build(lo, best)
		r := build(best+1, hi)
		return []*Form{p.s.Make(l, r)}
	}
	return build(0, len(groups)-1)[0]
}

// list := [expr {"," expr}], stopping before "|" or "}".
func (p *parser) list() []*Form {
	var items []*Form
	p.skip()
	if p.has("|") || p.has("}") {
		return nil
	}
	for {
		items = append(items, p.expr())
		p.skip()
		if !p.eat(",") {
			return items
		}
	}
}
