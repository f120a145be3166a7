package interp

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// Partizan games: a move clause that starts with left or right is a move only
// that player may make. Their values are canonical forms (package cgt), computed
// per position by a walk over the positions like the solver's, and added over
// the parts of a sum: a sum is never explored as a whole.

// IsPartizan reports whether g has a left or right move clause.
func (g *Game) IsPartizan() bool { return g.partizan }

// Canon makes a value of the language from a canonical form.
func Canon(g cgt.Game) Value { return Value{K: KValue, R: g} }

// Form returns the canonical form a value holds (kind KValue).
func (v Value) Form() cgt.Game { return v.R.(cgt.Game) }

// space returns the session's canonical forms, made on first use.
func (in *Interp) space() *cgt.Space {
	if in.forms == nil {
		in.forms = cgt.NewSpace()
		// Long work on forms stops like any other: at Ctrl-C, the time limit or
		// the memory budget (tick panics with the reason).
		in.forms.SetInterrupt(in.interruptForms)
	}
	return in.forms
}

// interruptForms stops work on canonical forms when the run is stopped or
// memory passes the budget.
func (in *Interp) interruptForms() {
	if err := in.run.ctx.Err(); err != nil {
		panic(err)
	}
	in.checkMemory(0)
}

// hasPartizanPart reports whether v is a value or a position or sum with a part
// of a partizan game: the questions about it are answered with canonical forms.
func hasPartizanPart(v Value) bool {
	if v.K == KValue {
		return true
	}
	parts, _ := Components(v)
	for _, p := range parts {
		if p.Pos().Game.partizan {
			return true
		}
	}
	return false
}

// partizanError is the solver's error for a position of a partizan game: it has
// no Sprague-Grundy value.
type partizanError struct{ game *Game }

func (e *partizanError) Error() string {
	return fmt.Sprintf("%s is a partizan game (it has left or right moves): it has no Sprague-Grundy value; ask value(G) for its canonical form, outcome(G) for who wins, winning(G, L) or winning(G, R) for the winning moves", e.game.Name)
}

// notPartizan fails when v has a part of a partizan game, for the questions
// that only impartial games answer (sg, misère play, remoteness).
func (s *callSite) notPartizan(v Value, fn string) {
	if v.K == KValue {
		s.fail("%s needs a game position, not the value %s: ask outcome, mean, temperature or compare values instead", fn, v.Repr())
	}
	parts, _ := Components(v)
	for _, p := range parts {
		if g := p.Pos().Game; g.partizan {
			switch fn {
			case "sg":
				s.fail("%s", (&partizanError{g}).Error())
			case "best":
				s.fail("best is for impartial and scoring games, and %s is a partizan game (it has left or right moves): ask winning(G, L) or winning(G, R) for the winning moves of the player who starts", g.Name)
			default:
				s.fail("%s is for impartial games, and %s is a partizan game (it has left or right moves); grundy answers partizan games in normal play: value(G), outcome(G), winning(G, L), winning(G, R)", fn, g.Name)
			}
		}
	}
}

// valueOf is the canonical form of a value, position or sum for fn.
func (in *Interp) valueOf(v Value, fn string) (cgt.Game, error) {
	g, err := in.formOf(v)
	if err != nil && v.K != KValue {
		if _, ok := Components(v); !ok {
			return nil, fmt.Errorf("%s needs a game position, a sum of positions or a game value, but got %s %s", fn, v.K, v.Repr())
		}
	}
	return g, err
}

// valueOf is the canonical form of a value, position or sum, raising an error
// at the call.
func (s *callSite) valueOf(v Value, fn string) cgt.Game {
	g, err := s.c.in.valueOf(v, fn)
	s.check(err)
	return g
}

// gameValue is the core of value(G): the canonical form of a position, a sum
// or a game value.
func (in *Interp) gameValue(v Value) (cgt.Game, error) {
	if err := in.notScoring(v, "value"); err != nil {
		return nil, err
	}
	return in.valueOf(v, "value")
}

// formOf is the canonical form of a game value, an integer, a position or a
// sum: the sum of its parts' forms.
func (in *Interp) formOf(v Value) (cgt.Game, error) {
	switch v.K {
	case KValue:
		return v.Form(), nil
	case KInt: // an integer is a game: n moves ahead for Left (or -n for Right)
		return in.space().Integer(v.N), nil
	}
	parts, err := components(v)
	if err != nil {
		return nil, err
	}
	sp := in.space()
	sum := sp.Integer(0)
	for _, p := range parts {
		f, err := in.positionForm(solver.Pos(p.N))
		if err != nil {
			return nil, err
		}
		sum = sp.Add(sum, f)
	}
	return sum, nil
}

// positionForm is the canonical form of one position: from the memo, from the
// solver for an impartial game (its nimber), or by a walk over the positions it
// reaches that have none yet.
func (in *Interp) positionForm(p solver.Pos) (f cgt.Game, err error) {
	if f := in.knownForm(p); f != nil {
		return f, nil
	}
	defer in.recoverTo(&err)
	defer in.recoverRange(&err)
	if !in.pos.game(p).partizan {
		if nim, ok := in.impartialValue(p); ok {
			f := in.space().Nimber(nim)
			in.setForm(p, f)
			return f, nil
		}
	}
	return in.walkForms(p), nil
}

// knownForm is p's canonical form when it is memoized or immediate (a nimber).
func (in *Interp) knownForm(p solver.Pos) cgt.Game {
	if int(p) < len(in.posForms) && in.posForms[p] != nil {
		return in.posForms[p]
	}
	if in.pos.game(p).nimber {
		return in.space().Nimber(in.nimberOf(p))
	}
	return nil
}

// setForm memoizes p's canonical form.
func (in *Interp) setForm(p solver.Pos, f cgt.Game) {
	if int(p) >= len(in.posForms) {
		in.posForms = append(in.posForms, make([]cgt.Game, max(int(p)+1, 2*len(in.posForms))-len(in.posForms))...)
	}
	in.posForms[p] = f
}

// formWalk is one position on the walk's stack: its Left and Right options,
// and how far the scan for options without a form has gone.
type formWalk struct {
	p           solver.Pos
	left, right solver.Options
	scan        int // components of left, then of right, checked so far
}

// walkForms computes the canonical form of p and of every position below it
// that has none yet, depth first with an explicit stack (no Go recursion as deep
// as the game). A position met again while it is on the stack is a loop: loopy
// partizan games are not short games, and are refused.
func (in *Interp) walkForms(root solver.Pos) cgt.Game {
	sp := in.space()
	onStack := map[solver.Pos]bool{}
	var stack, free []*formWalk // free: walks done, whose option buffers are reused
	push := func(p solver.Pos) {
		w := &formWalk{}
		if n := len(free); n > 0 {
			w, free = free[n-1], free[:n-1]
		}
		w.p, w.scan = p, 0
		w.left.Reset()
		w.right.Reset()
		in.expandSide(p, lang.Left, &w.left)
		in.expandSide(p, lang.Right, &w.right)
		onStack[p] = true
		stack = append(stack, w)
	}
	push(root) // on an error, the positions still on the stack are left without a form
	for len(stack) > 0 {
		in.tick()
		w := stack[len(stack)-1]
		if next, ok := in.missingForm(w, onStack); ok {
			push(next)
			continue
		}
		f := sp.Make(in.optionForms(&w.left), in.optionForms(&w.right))
		in.setForm(w.p, f)
		delete(onStack, w.p)
		stack = stack[:len(stack)-1]
		free = append(free, w)
	}
	return in.posForms[root]
}

// missingForm returns a component of w's options whose form is not known yet
// and must be walked first. Components of impartial games are valued by the
// solver (their form is their nimber) unless they reach a partizan game.
func (in *Interp) missingForm(w *formWalk, onStack map[solver.Pos]bool) (solver.Pos, bool) {
	nl := len(w.left.Comps)
	for ; w.scan < nl+len(w.right.Comps); w.scan++ {
		var c solver.Pos
		if w.scan < nl {
			c = w.left.Comps[w.scan]
		} else {
			c = w.right.Comps[w.scan-nl]
		}
		if in.knownForm(c) != nil {
			continue
		}
		if onStack[c] {
			panic(&lang.Error{Pos: in.pos.game(c).Pos, Src: in.pos.game(c).src,
				Msg: fmt.Sprintf("%s can be reached again from itself: a partizan game whose play can loop has no canonical form; grundy computes values of partizan games that always end", in.describe(c))})
		}
		if g := in.pos.game(c); !g.partizan {
			if nim, ok := in.impartialValue(c); ok {
				in.setForm(c, in.space().Nimber(nim))
				continue
			}
		}
		return c, true
	}
	return 0, false
}

// impartialValue is the nim value of a position of an impartial game, from the
// solver; ok is false when its play reaches a partizan game, so that it must be
// walked as one.
func (in *Interp) impartialValue(p solver.Pos) (int64, bool) {
	g, err := in.solver.Grundy(in.run.ctx, p)
	var pe *partizanError
	switch {
	case errors.As(err, &pe):
		return 0, false
	case err != nil:
		panic(err)
	case g.Inf:
		panic(&lang.Error{Pos: in.pos.game(p).Pos, Src: in.pos.game(p).src,
			Msg: fmt.Sprintf("%s is loopy (its value is %s): a game whose play can loop has no canonical form", in.describe(p), GrundyValue(g).Repr())})
	}
	return g.Nim, true
}

// optionForms are the canonical forms of a list of options: each the sum of its
// components' forms and its constant nimber.
func (in *Interp) optionForms(opts *solver.Options) []cgt.Game {
	sp := in.space()
	out := make([]cgt.Game, opts.Len())
	for i := range out {
		comps, nim := opts.Option(i)
		f := sp.Nimber(nim)
		for _, c := range comps {
			f = sp.Add(f, in.knownForm(c))
		}
		out[i] = f
	}
	return out
}

// recoverRange turns the engine's refusal of a number too large into an error.
func (in *Interp) recoverRange(err *error) {
	r := recover()
	if r == nil {
		return
	}
	if re, ok := r.(*cgt.RangeError); ok {
		*err = re // located at the call that asked
		return
	}
	panic(r)
}

// formBytes estimates the memory of the canonical forms and their memo.
func (in *Interp) formBytes() int {
	if in.forms == nil {
		return 0
	}
	_, bytes := in.forms.Size()
	return int(bytes) + cap(in.posForms)*8
}

// FormStats reports how many positions have a memoized canonical form, and how
// many distinct canonical forms the session holds.
func (in *Interp) FormStats() (positions, forms int) {
	for _, f := range in.posForms {
		if f != nil {
			positions++
		}
	}
	if in.forms != nil {
		forms, _ = in.forms.Size()
	}
	return positions, forms
}

// forgetForms drops every memoized canonical form (games were redefined).
func (in *Interp) forgetForms() { in.posForms = nil }

// Built-ins for partizan games and game values.

func biValue(s *callSite, args []Value) Value {
	f, err := s.c.in.gameValue(args[0])
	s.check(err)
	return Canon(f)
}

func biCG(s *callSite, args []Value) Value {
	if args[0].K != KStr {
		s.fail("cg needs a string in CGSuite's notation, such as cg(\"{1|-1}\"), but got %s %s", args[0].K, args[0].Repr())
	}
	g, err := s.c.in.space().Parse(args[0].Str())
	if err != nil {
		s.fail("cg: %v", err)
	}
	return Canon(g)
}

func biFuzzy(s *callSite, args []Value) Value {
	a, b := s.valueOf(args[0], "fuzzy"), s.valueOf(args[1], "fuzzy")
	return Bool(s.c.in.space().Compare(a, b) == cgt.Fuzzy)
}

// numberValue is a dyadic number in the language: an integer, or the game
// value of a fraction such as 3/4.
func (in *Interp) numberValue(d cgt.Dyadic) Value {
	if d.IsInteger() {
		return Int(d.Num())
	}
	return Canon(in.space().Dyadic(d))
}

// biStop makes mean, temperature, leftstop and rightstop.
func biStop(name string, f func(*cgt.Space, cgt.Game) cgt.Dyadic) func(*callSite, []Value) Value {
	return func(s *callSite, args []Value) Value {
		s.notScoring(args[0], name)
		in := s.c.in
		return in.numberValue(f(in.space(), s.valueOf(args[0], name)))
	}
}

// biOptionsOf makes leftoptions and rightoptions: the options of a game value's
// canonical form, or one player's options of a position.
func biOptionsOf(side lang.Side) func(*callSite, []Value) Value {
	name := side.String() + "options"
	return func(s *callSite, args []Value) Value {
		v := args[0]
		if v.K == KInt { // a number is a game
			v = Value{K: KValue, R: s.c.in.space().Integer(v.N)}
		}
		if v.K == KValue {
			opts := v.Form().LeftOptions()
			if side == lang.Right {
				opts = v.Form().RightOptions()
			}
			out := make([]Value, len(opts))
			for i, o := range opts {
				out[i] = Canon(o)
			}
			return List(out)
		}
		s.notScoring(v, name)
		ms, err := s.c.in.sideMoves(v, side, name)
		if err != nil {
			s.raiseMoves(err, name)
		}
		out := make([]Value, len(ms))
		for i, m := range ms {
			out[i] = m.To
		}
		return List(out)
	}
}

// sideMoves is the core of leftoptions(G) and rightoptions(G): the moves side
// may make in a position or sum.
func (in *Interp) sideMoves(v Value, side lang.Side, fn string) ([]*Move, error) {
	parts, err := gameParts(v, fn)
	if err != nil {
		return nil, err
	}
	return in.partsMoves(v, parts, func(_ int, p Value) ([]*Move, error) { return in.positionMovesWhere(p, side, 0, nil) })
}

// partizanOutcome is the core of outcome(G) of a partizan game (or a number):
// L, R, N or P by G's canonical form.
func (in *Interp) partizanOutcome(v Value) (Value, error) {
	f, err := in.valueOf(v, "outcome")
	if err != nil {
		return Value{}, err
	}
	switch in.space().Outcome(f) {
	case cgt.L:
		return OutcomeL, nil
	case cgt.R:
		return OutcomeR, nil
	case cgt.N:
		return OutcomeN, nil
	}
	return OutcomeP, nil
}

// playerArg reads winning's second argument when it names a player (L or R).
func playerArg(args []Value) (lang.Side, bool) {
	if len(args) < 2 || args[1].K != KOutcome {
		return lang.Both, false
	}
	switch args[1] {
	case OutcomeL:
		return lang.Left, true
	case OutcomeR:
		return lang.Right, true
	}
	return lang.Both, false
}

// partizanWinning is the core of winning(G, L) and winning(G, R): the moves
// with which that player, moving first, wins: to an option at least 0 for
// Left, at most 0 for Right.
func (in *Interp) partizanWinning(v Value, side lang.Side) ([]*Move, error) {
	sp := in.space()
	zero := sp.Integer(0)
	ms, err := in.sideMoves(v, side, "winning")
	if err != nil {
		return nil, err
	}
	var out []*Move
	for _, m := range ms {
		f, err := in.valueOf(m.To, "winning")
		if err != nil {
			return nil, err
		}
		if side == lang.Left && sp.LessEq(zero, f) || side == lang.Right && sp.LessEq(f, zero) {
			out = append(out, m)
		}
	}
	return out, nil
}

// Games in the language's operators. == asks whether two things are the same.
// Positions are the same when they are the same position of the same game (what
// sets and memo tables need), so Nim(3) == *3 is false. Game values (what value
// and cg give, and nimbers *k and their sums, which are values as written) are
// the same when they are equal games, so *3 + *5 == *6 and value(Nim(3)) == *3
// are true: a position compared with a game value is compared by its value.
// <, <=, >, >= on games (values and positions alike) are the partial order of
// games, and + and - on game values add and subtract them.

// comparedAsGames reports whether an operator takes a and b as game values.
func comparedAsGames(a, b Value) bool {
	game := func(v Value) bool { return v.K == KValue || v.K == KPos || v.K == KSum }
	switch {
	case a.K == KValue:
		return game(b) || b.K == KInt
	case b.K == KValue:
		return game(a) || a.K == KInt
	}
	return game(a) && game(b) && nimbersOnly(a) && nimbersOnly(b)
}

// orderedAsGames reports whether <, <=, > and >= take a and b as games: game
// values and positions alike, since a position has no order of its own.
func orderedAsGames(a, b Value) bool {
	game := func(v Value) bool { return v.K == KValue || v.K == KPos || v.K == KSum }
	return comparedAsGames(a, b) || game(a) && game(b)
}

// nimbersOnly reports whether a position or sum is made of nimbers *k alone.
func nimbersOnly(v Value) bool {
	parts, _ := Components(v)
	for _, p := range parts {
		if !p.Pos().Game.nimber {
			return false
		}
	}
	return true
}

// gameForm is the canonical form of an operand compared as a game; msg says why
// there is none.
func (in *Interp) gameForm(v Value) (f cgt.Game, msg string) {
	if v.K == KInt {
		return in.space().Integer(v.N), ""
	}
	f, err := in.formOf(v)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			panic(err)
		}
		return nil, err.Error()
	}
	return f, ""
}

// gameOrder compares two operands as games.
func (in *Interp) gameOrder(a, b Value) (cgt.Order, string) {
	fa, msg := in.gameForm(a)
	if msg != "" {
		return 0, msg
	}
	fb, msg := in.gameForm(b)
	if msg != "" {
		return 0, msg
	}
	return in.space().Compare(fa, fb), ""
}

// orderSign is -1, 0 or 1 for Less, Equal and Greater.
func orderSign(o cgt.Order) int {
	switch o {
	case cgt.Less:
		return -1
	case cgt.Greater:
		return 1
	}
	return 0
}

// equality makes == (and != when negate): game equality for games, otherwise
// equality of values.
func equality(negate bool) func(*Interp, Value, Value) (Value, string) {
	return func(in *Interp, a, b Value) (Value, string) {
		if !comparedAsGames(a, b) || Equal(a, b) {
			return Bool(Equal(a, b) != negate), ""
		}
		o, msg := in.gameOrder(a, b)
		if msg != "" {
			return Value{}, msg
		}
		return Bool((o == cgt.Equal) != negate), ""
	}
}

// valueArith adds or subtracts two operands as games, giving a game value.
func (in *Interp) valueArith(a, b Value, op func(*cgt.Space, cgt.Game, cgt.Game) cgt.Game) (Value, string) {
	fa, msg := in.gameForm(a)
	if msg != "" {
		return Value{}, msg
	}
	fb, msg := in.gameForm(b)
	if msg != "" {
		return Value{}, msg
	}
	return Canon(op(in.space(), fa, fb)), ""
}

// negateGame is -G of a game: its value with Left and Right swapped.
func (in *Interp) negateGame(v Value) (Value, string) {
	f, msg := in.gameForm(v)
	if msg != "" {
		return Value{}, msg
	}
	return Canon(in.space().Neg(f)), ""
}

func biHeat(s *callSite, args []Value) Value {
	in := s.c.in
	return Canon(in.space().Heat(s.valueOf(args[0], "heat"), s.operandForm(args[1], "heat")))
}

func biCool(s *callSite, args []Value) Value {
	in := s.c.in
	t, ok := s.operandForm(args[1], "cool").Number()
	if !ok {
		s.fail("cool(G, t) needs a number t, such as 1 or cg(\"1/2\"), but got %s", args[1].Repr())
	}
	f, err := in.space().Cool(s.valueOf(args[0], "cool"), t)
	if err != nil {
		s.fail("cool: %v", err)
	}
	return Canon(f)
}

func biAtomicWeight(s *callSite, args []Value) Value {
	aw, ok := s.c.in.space().AtomicWeight(s.valueOf(args[0], "atomicweight"))
	if !ok {
		s.fail("atomicweight: %s is not atomic (it is not infinitesimal, or its atomic weight is not defined)", args[0].Brief())
	}
	return Canon(aw)
}

// operandForm is the canonical form of an integer, game value, position or sum
// given to fn.
func (s *callSite) operandForm(v Value, fn string) cgt.Game {
	if v.K == KInt {
		return s.c.in.space().Integer(v.N)
	}
	return s.valueOf(v, fn)
}
