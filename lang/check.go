package lang

import (
	"fmt"
	"sort"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
)

// Arity says how many arguments a callable name takes. Max < 0 means any number
// from Min on. A name that is not known to be callable has Callable false.
type Arity struct {
	Callable bool
	Min, Max int
}

// Fixed is the arity of a callable taking exactly n arguments.
func Fixed(n int) Arity { return Arity{Callable: true, Min: n, Max: n} }

// Universe lists the names a program may use without defining them: built-ins, the
// standard library, and (in the REPL) everything defined by earlier entries.
type Universe map[string]Arity

// Check resolves every name in prog, gives local variables their frame slots, and
// reports undefined names (with a suggestion), wrong argument counts, duplicate
// definitions and keywords used as names. It returns nil or an Errors list.
func Check(prog *Program, universe Universe) error {
	c := &checker{universe: universe, defs: map[string]*definition{}}
	c.collect(prog)
	for i, s := range prog.Stmts {
		c.stmt = i
		c.checkStmt(s)
	}
	if len(c.errs) == 0 {
		return nil
	}
	for _, e := range c.errs {
		e.Src = prog.Source
	}
	sort.SliceStable(c.errs, func(i, j int) bool { return c.errs[i].Pos.Offset < c.errs[j].Pos.Offset })
	return c.errs
}

// definition is a top-level name defined by the program being checked.
type definition struct {
	pos   Position
	stmt  int
	arity Arity
	isLet bool
}

type checker struct {
	universe Universe
	defs     map[string]*definition
	errs     Errors
	stmt     int // index of the statement being checked
}

// frame counts the local slots of one function-like body.
type frame struct{ size int }

// scope maps names to slots; scopes chain outwards, crossing frames at lambdas.
type scope struct {
	names map[string]int
	up    *scope
	fr    *frame
	// top is true for the frame of a top-level statement (not a game, fn or lambda body).
	top bool
}

func (c *checker) errorf(pos Position, format string, args ...any) {
	c.errs = append(c.errs, Errorf(pos, format, args...))
}

func (c *checker) name(pos Position, name, what string) {
	if keywords[name] {
		c.errorf(pos, "%q is a keyword and cannot be used as a %s name", name, what)
	}
}

// collect records the program's top-level definitions, so that games and functions
// may refer to each other in any order.
func (c *checker) collect(prog *Program) {
	for i, s := range prog.Stmts {
		var name string
		var pos Position
		d := &definition{stmt: i}
		switch s := s.(type) {
		case *GameDecl:
			name, pos, d.arity = s.Name, s.Pos, Fixed(len(s.Params))
			c.name(s.Pos, s.Name, "game")
		case *FnDecl:
			name, pos, d.arity = s.Name, s.Pos, Fixed(len(s.Params))
			c.name(s.Pos, s.Name, "function")
		case *LetStmt:
			name, pos, d.isLet = s.Name, s.Pos, true
			c.name(s.Pos, s.Name, "variable")
		default:
			continue
		}
		d.pos = pos
		if prev, ok := c.defs[name]; ok {
			c.errorf(pos, "%s is already defined at line %d", name, prev.pos.Line)
			continue
		}
		c.defs[name] = d
	}
}

// checkPartizanScoring refuses a game with both a left or right clause and a
// clause that scores or moves again: partizan scoring games are not supported.
func (c *checker) checkPartizanScoring(moves []*Move) {
	var sided, scoring *Move
	for _, m := range moves {
		if m.Side != Both && sided == nil {
			sided = m
		}
		if m.Scoring() && scoring == nil {
			scoring = m
		}
	}
	if sided != nil && scoring != nil {
		c.errorf(sided.Pos, "a game cannot have both %s moves and moves that score or move again (line %d): grundy solves partizan games in normal play (value, outcome) and scoring games for one kind of move; write the scoring game with move clauses", sided.Side, scoring.Pos.Line)
	}
}

func (c *checker) checkStmt(s Stmt) {
	switch s := s.(type) {
	case *GameDecl:
		fr := &frame{}
		sc := c.params(&scope{fr: fr}, s.Params)
		if s.Body.Canon != nil {
			c.expr(sc, s.Body.Canon)
		}
		if s.Body.Show != nil {
			c.expr(sc, s.Body.Show)
		}
		for _, m := range s.Body.Moves {
			inner := c.gens(sc, m.Gens)
			if m.Where != nil {
				c.expr(inner, m.Where)
			}
			if m.Score != nil {
				c.expr(inner, m.Score)
			}
			c.expr(inner, m.Result)
		}
		c.checkPartizanScoring(s.Body.Moves)
		s.FrameSize = fr.size
	case *FnDecl:
		fr := &frame{}
		sc := c.params(&scope{fr: fr}, s.Params)
		c.expr(sc, s.Body)
		s.FrameSize = fr.size
	case *LetStmt:
		s.FrameSize = c.topExpr(s.Value)
	case *PrintStmt:
		s.FrameSize = c.topExpr(s.Value)
	case *ExprStmt:
		s.FrameSize = c.topExpr(s.X)
	case *CheckStmt:
		fr := &frame{}
		sc := c.gens(&scope{fr: fr, top: true}, s.Gens)
		if s.Where != nil {
			c.expr(sc, s.Where)
		}
		c.expr(sc, s.Cond)
		s.FrameSize = fr.size
	}
}

func (c *checker) topExpr(e Expr) int {
	fr := &frame{}
	c.expr(&scope{fr: fr, top: true}, e)
	return fr.size
}

// params opens a scope binding the parameters to the first slots of its frame.
func (c *checker) params(outer *scope, params []*Param) *scope {
	sc := &scope{names: map[string]int{}, up: outer, fr: outer.fr, top: outer.top}
	for _, p := range params {
		c.name(p.Pos, p.Name, "parameter")
		if _, dup := sc.names[p.Name]; dup {
			c.errorf(p.Pos, "parameter %s is listed twice", p.Name)
		}
		sc.names[p.Name] = sc.fr.size
		sc.fr.size++
	}
	return sc
}

// gens checks generators left to right, each seeing the variables before it, and
// returns the scope that sees them all.
func (c *checker) gens(outer *scope, gens []*Gen) *scope {
	sc := outer
	for _, g := range gens {
		c.expr(sc, g.In)
		g.Slot = sc.fr.size // the element, or the whole tuple of a pattern
		sc.fr.size++
		names := map[string]int{}
		if len(g.Names) == 0 {
			names[g.Var] = g.Slot
		}
		g.Slots = g.Slots[:0]
		for _, n := range g.Names {
			if _, twice := names[n]; twice {
				c.errorf(g.Pos, "the pattern binds %s twice", n)
			}
			names[n] = sc.fr.size
			g.Slots = append(g.Slots, sc.fr.size)
			sc.fr.size++
		}
		for _, n := range g.Bound() {
			c.name(g.Pos, n, "variable")
		}
		sc = &scope{names: names, up: sc, fr: sc.fr, top: sc.top}
	}
	return sc
}

func (c *checker) expr(sc *scope, e Expr) {
	switch e := e.(type) {
	case *IntLit, *StrLit, *BoolLit, nil:
	case *Ident:
		c.ident(sc, e)
	case *Unary:
		c.expr(sc, e.X)
	case *Binary:
		c.expr(sc, e.L)
		c.expr(sc, e.R)
	case *Call:
		c.expr(sc, e.Fn)
		for _, a := range e.Args {
			c.expr(sc, a)
		}
		c.arity(e)
	case *Index:
		c.expr(sc, e.X)
		c.expr(sc, e.I)
	case *Field:
		c.expr(sc, e.X)
	case *TupleLit:
		c.exprs(sc, e.Elems)
	case *ListLit:
		c.exprs(sc, e.Elems)
	case *SetLit:
		c.exprs(sc, e.Elems)
	case *Comprehension:
		inner := c.gens(sc, e.Gens)
		if e.Where != nil {
			c.expr(inner, e.Where)
		}
		c.expr(inner, e.Elem)
	case *Lambda:
		fr := &frame{}
		body := c.params(&scope{up: sc, fr: fr}, e.Params)
		c.expr(body, e.Body)
		e.FrameSize = fr.size
	case *LetIn:
		c.expr(sc, e.Value)
		e.Slot = sc.fr.size
		sc.fr.size++
		c.expr(&scope{names: map[string]int{e.Name: e.Slot}, up: sc, fr: sc.fr, top: sc.top}, e.Body)
	case *If:
		c.expr(sc, e.Cond)
		c.expr(sc, e.Then)
		c.expr(sc, e.Else)
	default:
		panic(fmt.Sprintf("lang: unknown expression %T", e))
	}
}

func (c *checker) exprs(sc *scope, es []Expr) {
	for _, e := range es {
		c.expr(sc, e)
	}
}

func (c *checker) ident(sc *scope, id *Ident) {
	depth := 0
	for s := sc; s != nil; s = s.up {
		if slot, ok := s.names[id.Name]; ok {
			id.Ref = Ref{Kind: Local, Depth: depth, Slot: slot}
			return
		}
		if s.up != nil && s.up.fr != s.fr {
			depth++
		}
	}
	if d, ok := c.defs[id.Name]; ok {
		if d.isLet && sc.top && d.stmt >= c.stmt {
			if _, old := c.universe[id.Name]; !old {
				c.errorf(id.Pos, "%s is used before it is defined (at line %d)", id.Name, d.pos.Line)
			}
		}
		id.Ref = Ref{Kind: Global}
		return
	}
	if _, ok := c.universe[id.Name]; ok {
		id.Ref = Ref{Kind: Global}
		return
	}
	msg := fmt.Sprintf("undefined name %s", id.Name)
	if s := c.suggest(sc, id.Name); s != "" {
		msg += fmt.Sprintf("; did you mean %s?", s)
	}
	c.errorf(id.Pos, "%s", msg)
}

// arity checks the argument count of a call to a known game or function.
func (c *checker) arity(call *Call) {
	id, ok := call.Fn.(*Ident)
	if !ok || id.Ref.Kind != Global {
		return
	}
	var a Arity
	if d, ok := c.defs[id.Name]; ok {
		a = d.arity
	} else {
		a = c.universe[id.Name]
	}
	if !a.Callable {
		return
	}
	n := len(call.Args)
	if n >= a.Min && (a.Max < 0 || n <= a.Max) {
		return
	}
	var want string
	switch {
	case a.Max < 0:
		want = "at least " + words.Plural(a.Min, "argument")
	case a.Min == a.Max:
		want = words.Plural(a.Min, "argument")
	default:
		want = fmt.Sprintf("%d to %d arguments", a.Min, a.Max)
	}
	c.errorf(call.Pos, "%s takes %s, but is given %d", id.Name, want, n)
}

// suggest returns the known name closest to name, if one is close enough.
func (c *checker) suggest(sc *scope, name string) string {
	var cands []string
	for s := sc; s != nil; s = s.up {
		for n := range s.names {
			cands = append(cands, n)
		}
	}
	for n := range c.defs {
		cands = append(cands, n)
	}
	for n := range c.universe {
		cands = append(cands, n)
	}
	return Closest(name, cands)
}

// Closest returns the candidate nearest to name by edit distance (ignoring case
// differences first), or "" when none is near enough to be a likely typo. A
// one-letter name is one edit from every other, so only a change of case is
// suggested for it.
func Closest(name string, candidates []string) string {
	best, bestD := "", len(name)/3+2
	switch {
	case len(name) > 64:
		return ""
	case len(name) == 1:
		for _, cand := range candidates {
			if cand != name && strings.EqualFold(cand, name) {
				return cand
			}
		}
		return ""
	}
	sort.Strings(candidates)
	for _, cand := range candidates {
		if cand == name || abs(len(cand)-len(name)) >= bestD {
			continue
		}
		d := editDistance(name, cand)
		if d < bestD {
			best, bestD = cand, d
		}
	}
	return best
}

// editDistance is the edit distance with adjacent transpositions (so "Nmi" is one
// step from "Nim"), counting a case change as half a step, rounded down, so that
// "nim" finds "Nim" before "min".
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = 2 * i
	}
	for j := range d[0] {
		d[0][j] = 2 * j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			sub := 2
			switch {
			case a[i-1] == b[j-1]:
				sub = 0
			case lower(a[i-1]) == lower(b[j-1]):
				sub = 1
			}
			d[i][j] = min(d[i-1][j]+2, d[i][j-1]+2, d[i-1][j-1]+sub)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+2)
			}
		}
	}
	return d[len(a)][len(b)] / 2
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
