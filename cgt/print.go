package cgt

import (
	"strconv"
	"strings"
)

// String writes g in CGSuite's notation as its graphical output shows it: "0", "-2",
// "3/4", "*", "*2", "2*", "1/2*3", "↑", "⇑", "↑3" (3·↑), "↓*", "1↑", "±1", "±(1*)",
// "Tiny(3/2)", "2Miny(1)", "{3|-1}", "{2||1|0}". The layout (which options, in which
// order, where braces and slashes go) is CGSuite's.
func (g *Form) String() string {
	var b strings.Builder
	p := printer{b: &b, sym: unicodeSyms, cut: new(bool)}
	p.write(g, true, false)
	return b.String()
}

// ASCII writes g exactly as CGSuite's plain-text output does: ↑ as "^", ⇑ as "^^", ↓ as
// "v", ⇓ as "vv", ± as "+-"; everything else as String.
func (g *Form) ASCII() string {
	var b strings.Builder
	p := printer{b: &b, sym: asciiSyms, cut: new(bool)}
	p.write(g, true, false)
	return b.String()
}

type symbols struct{ up, up2, down, down2, pm string }

var (
	unicodeSyms = symbols{"↑", "⇑", "↓", "⇓", "±"}
	asciiSyms   = symbols{"^", "^^", "v", "vv", "+-"}
)

type printer struct {
	b   *strings.Builder
	sym symbols
	// base is how much text the printers this one writes into have written
	// before it (a side of braces is written apart, then copied), so that
	// base + b.Len() is the length of the whole text so far.
	base int
	cut  *bool // the text reached MaxText and ends with "…"
}

// MaxText bounds the text of one form: a canonical form can be exponentially
// larger than the games it was made from, and past 1 MB the rest is written "…".
const MaxText = 1 << 20

// maxSlashes is where CGSuite stops nesting slashes and writes braces instead.
const maxSlashes = 4

// write appends g as CGSuite's appendTo does and returns the number of slashes of its
// top level when it was written without braces (0 otherwise).
func (p *printer) write(g *Form, forceBrackets, forceParens bool) int {
	if p.base+p.b.Len() > MaxText {
		if !*p.cut {
			p.b.WriteString("…")
			*p.cut = true
		}
		return 0
	}
	if g.nus {
		p.writeNus(g, forceParens)
		return 0
	}
	s := g.sp
	if e := s.uptimal(g); e != nil && (e.isUnit() || e.isUnitSum()) {
		p.writeUptimal(e, forceParens)
		return 0
	}
	lo, ro := g.left, g.rght
	if s.Neg(g) == g {
		p.b.WriteString(p.sym.pm)
		if len(lo) > 1 {
			p.b.WriteByte('{')
		}
		for i, o := range lo {
			if i > 0 {
				p.b.WriteByte(',')
			}
			p.write(o, true, len(lo) == 1)
		}
		if len(lo) > 1 {
			p.b.WriteByte('}')
		}
		return 0
	}
	if name, translate, sub, ok := g.numberTiny(); ok {
		if forceParens {
			p.b.WriteByte('(')
		}
		if !translate.IsZero() {
			p.write(translate, false, false)
		}
		p.b.WriteString(name)
		p.b.WriteByte('(')
		p.write(sub, true, false)
		p.b.WriteByte(')')
		if forceParens {
			p.b.WriteByte(')')
		}
		return 0
	}
	var left, right strings.Builder
	pl := printer{b: &left, sym: p.sym, base: p.base + p.b.Len(), cut: p.cut}
	pr := printer{b: &right, sym: p.sym, cut: p.cut}
	n := 0
	for i, o := range lo {
		if i > 0 {
			left.WriteByte(',')
		}
		n = max(n, pl.write(o, len(lo) > 1, false)+1)
	}
	pr.base = pl.base + left.Len()
	for i, o := range ro {
		if i > 0 {
			right.WriteByte(',')
		}
		n = max(n, pr.write(o, len(ro) > 1, false)+1)
	}
	braces := forceBrackets || n == maxSlashes
	if braces {
		p.b.WriteByte('{')
	}
	p.b.WriteString(left.String())
	p.b.WriteString(strings.Repeat("|", n))
	p.b.WriteString(right.String())
	if braces {
		p.b.WriteByte('}')
		return 0
	}
	return n
}

// numberTiny recognizes CGSuite's Tiny and Miny forms: {x || x | x - y} is x + Tiny(y)
// and {x + y | x || x} is x + Miny(y), when the far option's mean lies beyond x. It
// returns the name, the translation x and the subscript y.
func (g *Form) numberTiny() (name string, translate, sub *Form, ok bool) {
	if g.nus || len(g.left) != 1 || len(g.rght) != 1 {
		return "", nil, nil, false
	}
	s := g.sp
	a, b := g.left[0], g.rght[0]
	if a.IsNumber() {
		bl, br := b.LeftOptions(), b.RightOptions()
		if len(bl) == 1 && len(br) == 1 && bl[0] == a && s.Mean(br[0]).Less(a.x) {
			return "Tiny", a, s.Sub(a, br[0]), true
		}
	}
	if b.IsNumber() {
		al, ar := a.LeftOptions(), a.RightOptions()
		if len(al) == 1 && len(ar) == 1 && ar[0] == b && b.x.Less(s.Mean(al[0])) {
			return "Miny", b, s.Sub(al[0], b), true
		}
	}
	return "", nil, nil, false
}

func (p *printer) writeNus(g *Form, forceParens bool) {
	e := expansion{x: g.x, nim: g.nim}
	if g.up != 0 {
		e.c = []int64{g.up}
	}
	p.writeUptimal(&e, forceParens)
}

// writeUptimal writes x + n·↑ + *k, or x + ↑<n> + *k, x + ↑[n] + *k for unit and unit-sum
// expansions, as CGSuite's Uptimal does (its plain text: "<n>" and "[n]" after the arrow).
func (p *printer) writeUptimal(e *expansion, forceParens bool) {
	n := len(e.c)
	zero := e.x == (Dyadic{})
	isNumber := n == 0 && e.nim == 0
	isNimber := n == 0 && zero
	compact := isNumber || isNimber || zero && e.nim == 0
	if forceParens && !compact {
		p.b.WriteByte('(')
	}
	if !zero || isNumber {
		p.b.WriteString(e.x.String())
	}
	switch {
	case n == 1:
		a := e.c[0]
		switch {
		case a == 2:
			p.b.WriteString(p.sym.up2)
		case a == -2:
			p.b.WriteString(p.sym.down2)
		case a > 0:
			p.b.WriteString(p.sym.up)
		default:
			p.b.WriteString(p.sym.down)
		}
		if a > 2 || a < -2 {
			p.b.WriteString(strings.TrimPrefix(strconv.FormatInt(a, 10), "-"))
		}
	case n > 1:
		if e.c[n-1] > 0 {
			p.b.WriteString(p.sym.up)
		} else {
			p.b.WriteString(p.sym.down)
		}
		if e.isUnit() {
			p.b.WriteString("<" + strconv.Itoa(n) + ">")
		} else {
			p.b.WriteString("[" + strconv.Itoa(n) + "]")
		}
	}
	if e.nim != 0 {
		p.b.WriteByte('*')
		if e.nim > 1 {
			p.b.WriteString(strconv.FormatInt(e.nim, 10))
		}
	}
	if forceParens && !compact {
		p.b.WriteByte(')')
	}
}
