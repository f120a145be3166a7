package interp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// builtinDefs lists the functions every program can use. Docs are what :help shows.
var builtinDefs = []builtin{
	{name: "sg", min: 1, max: 2, doc: "sg(G) is the Sprague-Grundy value of a position or sum (∞K, such as ∞{0, 2}, for a position in or leading to a loop); sg(G, misere) its misère value", fn: biSG},
	{name: "outcome", min: 1, max: 2, doc: "outcome(G) is P if the previous player wins, N if the next player wins, D if neither can force a win (a loopy game); outcome(G, misere) under misère play", fn: biOutcome},
	{name: "best", min: 1, max: 1, doc: "best(G) lists the moves a perfect player picks: from an N-position the winning moves that win soonest, from a D-position the moves that keep the draw, from a P-position the moves that resist longest; in a scoring game, the moves that achieve score(G)", fn: biBest},
	{name: "remoteness", min: 1, max: 1, doc: "remoteness(G) is the number of moves to the end when the winner hurries and the loser delays (even for P-positions, odd for N-positions; ∞{} for a draw, where play can go on forever: isinf(remoteness(G)) tells)", fn: biRemoteness},
	{name: "inf", min: 1, max: 1, doc: "inf(K) is the value ∞K of a loopy position whose options have the finite values in the set K: sg(G) == inf({0})", fn: biInf},
	{name: "isinf", min: 1, max: 1, doc: "isinf(x) tells whether x is infinite (∞K): the sg of a loopy position that has no finite value, or the remoteness of a draw", fn: biIsInf},
	{name: "winning", min: 1, max: 2, doc: "winning(G) lists the moves from G to a P-position (empty when G is a P-position)", fn: biWinning},
	{name: "moves", min: 1, max: 1, doc: "moves(G) lists every move from G, labelled", fn: biMoves},
	{name: "score", min: 1, max: 1, doc: "score(G) is the best final difference, for the player to move in a scoring game, between their points and the opponent's from here on", fn: biScore},
	{name: "search", min: 1, max: 2, doc: "search(G) searches a scoring game from nothing and reports value, nodes, cutoffs, table hits and positions; search(G, \"alphabeta\") without the table, search(G, \"minimax\") without pruning either", fn: biSearch},
	{name: "options", min: 1, max: 1, doc: "options(G) lists the positions (or sums) one move from G", fn: biOptions},
	{name: "genus", min: 1, max: 1, doc: "genus(G) is Conway's genus g^(g0 g1 g2 ...) of a position or sum: its normal value, then the misère values of G, G + *2, G + *2 + *2, ...", fn: biGenus},
	{name: "tame", min: 1, max: 1, doc: "tame(G) tells whether G is tame: every position in its game tree has a tame genus, so misère sums with it follow misère Nim", fn: biTame},
	{name: "min", min: 1, max: -1, doc: "min(a, b, ...) or min(xs): the smallest value", fn: biMinMax(-1)},
	{name: "max", min: 1, max: -1, doc: "max(a, b, ...) or max(xs): the largest value", fn: biMinMax(1)},
	{name: "abs", min: 1, max: 1, doc: "abs(n): the absolute value", fn: biAbs},
	{name: "len", min: 1, max: 1, doc: "len(xs): the number of elements of a list, tuple, set, range or string", fn: biLen},
	{name: "sum", min: 1, max: 1, doc: "sum(xs): the sum of integers, the disjunctive sum of positions, or the sum of game values", fn: biSum},
	{name: "all", min: 1, max: 1, doc: "all(xs): whether every element is true", fn: biAllAny(true)},
	{name: "any", min: 1, max: 1, doc: "any(xs): whether some element is true", fn: biAllAny(false)},
	{name: "sorted", min: 1, max: 1, doc: "sorted(xs): the elements as a sorted list", fn: biSorted},
	{name: "reversed", min: 1, max: 1, doc: "reversed(xs): the elements in reverse order, as a list", fn: biReversed},
	{name: "range", min: 1, max: 2, doc: "range(n) is 0..n-1 and range(a, b) is a..b-1", fn: biRange},
	{name: "list", min: 1, max: 1, doc: "list(xs): the elements as a list", fn: biList},
	{name: "set", min: 1, max: 1, doc: "set(xs): the elements as a set", fn: biSet},
	{name: "tuple", min: 1, max: 1, doc: "tuple(xs): the elements as a tuple", fn: biTuple},
	{name: "str", min: 1, max: 1, doc: "str(x): x written as text", fn: biStr},
	{name: "map", min: 2, max: 2, doc: "map(f, xs): the list of f(x) for each x", fn: biMap},
	{name: "filter", min: 2, max: 2, doc: "filter(f, xs): the list of the x for which f(x) is true", fn: biFilter},
	{name: "mex", min: 1, max: 1, doc: "mex(xs): the least non-negative integer not in xs", fn: biMex},
	{name: "nimsum", min: 1, max: -1, doc: "nimsum(a, b, ...) or nimsum(xs): the XOR of the integers", fn: biNimsum},
	{name: "isqrt", min: 1, max: 1, doc: "isqrt(n): the integer square root of n >= 0, exactly: the largest r with r * r <= n", fn: biIsqrt},
	{name: "isfib", min: 1, max: 1, doc: "isfib(n): whether n is a Fibonacci number (0, 1, 2, 3, 5, 8, ...)", fn: biIsFib},
	{name: "grounded", min: 2, max: 2, doc: "grounded(E, r): the edges of E (pairs (u, v)) still connected to vertex r", fn: biGrounded},
	{name: "union", min: 2, max: -1, doc: "union(a, b, ...): the union of sets", fn: biSetFold(union)},
	{name: "intersection", min: 2, max: -1, doc: "intersection(a, b, ...): the common elements of sets", fn: biSetFold(intersection)},
	{name: "show", min: 1, max: 1, doc: "show(G) is how a position looks, by its game's show clause (a string, or a list of rows), or Name(args) when it has none; a sum's parts joined by +", fn: biShow},
	{name: "value", min: 1, max: 1, doc: "value(G) is the canonical form of a short game (a position, a sum or a value), printed in CGSuite's notation: numbers (3/4), nimbers (*2), ups (↑, ⇑*), switches (±1, {2|1}); an impartial game's value is its nimber", fn: biValue},
	{name: "cg", min: 1, max: 1, doc: "cg(\"...\") reads a game value in CGSuite's notation or in ASCII: cg(\"{1|-1}\"), cg(\"^*\"), cg(\"+-1\"), cg(\"1/2*3\")", fn: biCG},
	{name: "fuzzy", min: 2, max: 2, doc: "fuzzy(G, H) tells whether G and H are incomparable (neither G <= H nor H <= G): G - H is a first-player win", fn: biFuzzy},
	{name: "mean", min: 1, max: 1, doc: "mean(G) is the mean value of a short game: where its thermograph's mast stands", fn: biStop("mean", (*cgt.Space).Mean)},
	{name: "temperature", min: 1, max: 1, doc: "temperature(G) is how hot G is: the temperature where its thermograph's walls meet the mast (-1/2^n for a number m/2^n, 0 for a number plus an infinitesimal)", fn: biStop("temperature", (*cgt.Space).Temperature)},
	{name: "leftstop", min: 1, max: 1, doc: "leftstop(G) is the number reached when Left moves first and both players stop once the game is a number", fn: biStop("leftstop", (*cgt.Space).LeftStop)},
	{name: "rightstop", min: 1, max: 1, doc: "rightstop(G) is the number reached when Right moves first and both players stop once the game is a number", fn: biStop("rightstop", (*cgt.Space).RightStop)},
	{name: "heat", min: 2, max: 2, doc: "heat(G, t) is G heated by t (Norton's integral, as CGSuite computes it): numbers stay, otherwise {heat(GL, t) + t | heat(GR, t) - t}", fn: biHeat},
	{name: "cool", min: 2, max: 2, doc: "cool(G, t) is G cooled by the number t > -1: {GL cooled - t | GR cooled + t} until it is colder than t, then its mean", fn: biCool},
	{name: "atomicweight", min: 1, max: 1, doc: "atomicweight(G) is the atomic weight of an all-small (atomic) game, in ups: atomicweight(cg(\"^\")) == 1", fn: biAtomicWeight},
	{name: "leftoptions", min: 1, max: 1, doc: "leftoptions(G) lists Left's options: of a game value's canonical form, or the positions one Left move from a position", fn: biOptionsOf(lang.Left)},
	{name: "rightoptions", min: 1, max: 1, doc: "rightoptions(G) lists Right's options: of a game value's canonical form, or the positions one Right move from a position", fn: biOptionsOf(lang.Right)},
	{name: "difference", min: 2, max: 2, doc: "difference(a, b): the elements of set a not in b", fn: biSetFold(difference)},
}

// constants are the predeclared values.
var constants = map[string]Value{"P": OutcomeP, "N": OutcomeN, "D": OutcomeD, "L": OutcomeL, "R": OutcomeR, "misere": misereValue, "misère": misereValue, "normal": normalValue}

func (in *Interp) defineBuiltins() {
	for i := range builtinDefs {
		b := builtinDefs[i]
		b.serial = in.nextSerial()
		in.globals[b.name] = &Global{Name: b.name, V: Value{K: KFunc, R: &b}, Defined: true, Doc: b.doc, Builtin: true}
	}
	for name, v := range constants {
		in.globals[name] = &Global{Name: name, V: v, Defined: true, Builtin: true}
	}
}

// noteCall, deferred around a call into another file, adds to a located error
// raised there the place of the call, so that an error in a library function
// points at the user's line too.
func (s *callSite) noteCall() {
	r := recover()
	if r == nil {
		return
	}
	if le, ok := r.(*lang.Error); ok && le.Pos.Filename != s.pos.Filename {
		s.addNote(le)
	}
	panic(r)
}

// addNote says where an error in another file was reached from. An error inside
// a library (see Interp.MarkLibrary) reached from a program's own line moves to
// that line, the library's line becoming a note: the user made the mistake at
// the call (a bad code, a game where a position belongs), not in the library.
func (s *callSite) addNote(le *lang.Error) {
	in := s.c.in
	if in.libraries[le.Pos.Filename] && !in.libraries[s.pos.Filename] {
		inside := fmt.Sprintf("inside the library, at %s:%d:%d: %s", le.Pos.Filename, le.Pos.Line, le.Pos.Column,
			strings.TrimSpace(lineOf(le.Src, le.Pos.Line)))
		le.Notes = append([]string{inside}, le.Notes...)
		le.Pos, le.Src = s.pos, s.c.src
		return
	}
	le.Notes = append(le.Notes, fmt.Sprintf("%s:%d:%d: reached from %s", s.pos.Filename, s.pos.Line, s.pos.Column, s.c.sourceLine(s.pos)))
}

// raise turns an error from the solver into a runtime error at the call site.
func (s *callSite) raise(err error) {
	var le *lang.Error
	var ce *solver.CycleError
	var lim *budget.LimitError
	switch {
	case errors.As(err, &le):
		if le.Pos.Filename != s.pos.Filename || le.Src != s.c.src {
			// The error is in another file (a library game): say where it was reached from.
			s.addNote(le)
		}
		panic(le)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		panic(err)
	case errors.As(err, &ce), errors.As(err, &lim):
		// The located error keeps the solver's as its cause, so a caller can
		// still ask which limit stopped the run (errors.As).
		panic(&lang.Error{Pos: s.pos, Msg: err.Error(), Src: s.c.src, Cause: err})
	}
	s.fail("%v", err)
}

// components returns the positions of a position or sum, failing otherwise.
func (s *callSite) components(v Value, fn string) []Value {
	if parts, ok := Components(v); ok {
		return parts
	}
	s.fail("%s needs a game position or a sum of positions, but got %s %s", fn, v.K, v.Repr())
	return nil
}

// tooDeep stops an evaluation nested more than maxDepth calls deep (see
// Interp.tooDeep).
func (s *callSite) tooDeep() { s.fail("%v", s.c.in.tooDeep()) }

// check raises err, when there is one, at the call site.
func (s *callSite) check(err error) {
	if err != nil {
		s.raise(err)
	}
}

// mode reads the optional play-mode argument: true for misère play. Without one,
// the session's default applies (grundy eval --misere).
func (s *callSite) mode(args []Value, i int) bool {
	if len(args) <= i {
		return s.c.in.Config.Mode == MiserePlay
	}
	if args[i].K != KMode {
		s.fail("the play mode must be normal or misere, not %s %s", args[i].K, args[i].Repr())
	}
	return Mode(args[i].N) == MiserePlay
}

func biSG(s *callSite, args []Value) Value {
	s.notScoring(args[0], "sg")
	if args[0].K == KValue {
		if k, ok := args[0].Form().Nimber(); ok {
			return Int(k)
		}
	}
	s.notPartizan(args[0], "sg")
	if s.mode(args, 1) {
		x, err := s.c.in.misereValue(args[0], "sg")
		s.check(err)
		return Int(x)
	}
	g, err := s.c.in.grundyOf(args[0], "sg")
	s.check(err)
	return GrundyValue(g)
}

// nativeOutcome answers whether v is a P-position by its game's fast path, when
// v is a single position of a game that has one.
func (in *Interp) nativeOutcome(v Value) (isP, ok bool) {
	if v.K != KPos {
		return false, false
	}
	if outcome := in.NativesOf(v.Pos().Game).NativeOutcome; outcome != nil {
		return outcome(v.Pos().Args)
	}
	return false, false
}

// outcomeOf is the outcome value of an outcome class: P, N or D.
func outcomeOf(class byte) Value {
	return map[byte]Value{'P': OutcomeP, 'N': OutcomeN, 'D': OutcomeD}[class]
}

func outcomeValue(isP bool) Value {
	if isP {
		return OutcomeP
	}
	return OutcomeN
}

func biOutcome(s *callSite, args []Value) Value {
	in := s.c.in
	partizan := func() Value {
		o, err := in.partizanOutcome(args[0])
		s.check(err)
		return o
	}
	if args[0].K == KInt && args[0].N != 0 {
		return partizan() // a number is a game: n free moves for Left (or -n for Right)
	}
	if hasPartizanPart(args[0]) {
		if s.mode(args, 1) {
			s.notPartizan(args[0], "outcome(G, misere)")
		}
		return partizan()
	}
	if IsScoring(args[0]) {
		if len(args) > 1 && s.mode(args, 1) {
			s.notScoring(args[0], "outcome(G, misere)")
		}
		o, err := in.scoringOutcome(args[0])
		s.check(err)
		return o
	}
	if s.mode(args, 1) {
		verdict, err := in.misereVerdict(args[0], "outcome")
		s.check(err)
		return outcomeValue(verdict.P)
	}
	o, err := in.outcomeClass(args[0], "outcome")
	s.check(err)
	return outcomeOf(o)
}

// allMoves lists the labelled moves of a position or sum for fn (see
// Interp.moves), raising an error at the call.
func (s *callSite) allMoves(v Value, fn string) []*Move {
	ms, err := s.c.in.moves(v, fn, 0)
	if err != nil {
		s.raiseMoves(err, fn)
	}
	return ms
}

// raiseMoves raises an error from listing moves for fn.
func (s *callSite) raiseMoves(err error, fn string) {
	var many *TooManyMovesError
	if errors.As(err, &many) {
		s.fail("%s: %v, too many to list", fn, err)
	}
	s.raise(err)
}

func moveValues(ms []*Move) Value {
	out := make([]Value, len(ms))
	for i, m := range ms {
		out[i] = Value{K: KMove, R: m}
	}
	return List(out)
}

func biMoves(s *callSite, args []Value) Value { return moveValues(s.allMoves(args[0], "moves")) }

func biOptions(s *callSite, args []Value) Value {
	ms := s.allMoves(args[0], "options")
	out := make([]Value, len(ms))
	for i, m := range ms {
		out[i] = m.To
	}
	return List(out)
}

func biWinning(s *callSite, args []Value) Value {
	in := s.c.in
	s.notScoring(args[0], "winning")
	var ms []*Move
	var err error
	if side, ok := playerArg(args); ok {
		ms, err = in.partizanWinning(args[0], side)
	} else {
		if hasPartizanPart(args[0]) && len(args) > 1 && s.mode(args, 1) {
			s.notPartizan(args[0], "winning(G, misere)")
		}
		if !hasPartizanPart(args[0]) && s.mode(args, 1) {
			ms, err = in.misereWinning(args[0])
		} else {
			ms, err = in.winning(args[0])
		}
	}
	if err != nil {
		s.raiseMoves(err, "winning")
	}
	return moveValues(ms)
}

// ownElems returns the elements of an iterable value in a slice of their own,
// which the caller may change: a range's, as listed, or a copy.
func (s *callSite) ownElems(v Value, fn string) []Value {
	if v.K == KRange || v.K == KStr {
		return s.elems(v, fn) // made afresh
	}
	vs := s.elems(v, fn)
	s.reserve(int64(len(vs)))
	return slices.Clone(vs)
}

// elems returns the elements of an iterable value, materializing ranges.
func (s *callSite) elems(v Value, fn string) []Value {
	switch v.K {
	case KList, KTuple, KSet:
		return v.Seq()
	case KRange:
		r := v.R.(*RangeVal)
		if r.Len() > int64(s.c.in.Config.MaxElems) {
			s.fail("%s: the range %s is too long to list (%d elements, at most %d)", fn, v.Repr(), r.Len(), s.c.in.Config.MaxElems)
		}
		s.reserve(r.Len())
		out := make([]Value, 0, r.Len())
		for x := r.Lo; x <= r.Hi; x++ {
			s.c.in.tick()
			out = append(out, Int(x))
			if x == maxInt {
				break
			}
		}
		return out
	case KStr:
		var out []Value
		for _, r := range v.Str() {
			out = append(out, Str(string(r)))
		}
		return out
	case KSum:
		return v.Seq()
	}
	s.fail("%s needs a list, tuple, set, range, string or sum, not %s %s", fn, v.K, v.Repr())
	return nil
}

func (s *callSite) ints(vs []Value, fn string) []int64 {
	out := make([]int64, len(vs))
	for i, v := range vs {
		s.c.in.tick()
		if v.K != KInt {
			s.fail("%s needs integers, but %s is %s", fn, v.Repr(), v.K)
		}
		out[i] = v.N
	}
	return out
}

func (s *callSite) int(v Value, fn string) int64 {
	return s.ints([]Value{v}, fn)[0]
}

// varargs lets f(a, b, c) and f(xs) mean the same.
func (s *callSite) varargs(args []Value, fn string) []Value {
	if len(args) == 1 {
		switch args[0].K {
		case KList, KTuple, KSet, KRange:
			return s.elems(args[0], fn)
		}
	}
	return args
}

func biMinMax(sign int) func(*callSite, []Value) Value {
	return func(s *callSite, args []Value) Value {
		name := map[int]string{-1: "min", 1: "max"}[sign]
		vs := s.varargs(args, name)
		if len(vs) == 0 {
			s.fail("%s of nothing: the list is empty", name)
		}
		best := vs[0]
		for _, v := range vs[1:] {
			s.c.in.tick()
			if v.K != best.K {
				s.fail("%s cannot compare %s %s and %s %s", name, best.K, best.Repr(), v.K, v.Repr())
			}
			if Compare(v, best)*sign > 0 {
				best = v
			}
		}
		return best
	}
}

func biAbs(s *callSite, args []Value) Value {
	n := s.int(args[0], "abs")
	if n == minInt {
		s.fail("integer overflow: abs(%d) does not fit in 64 bits", n)
	}
	return Int(abs64(n))
}

func biLen(s *callSite, args []Value) Value {
	v := args[0]
	switch v.K {
	case KList, KTuple, KSet:
		return Int(int64(seqLen(v)))
	case KRange:
		r := v.R.(*RangeVal)
		n, ok := r.Count()
		if !ok {
			s.fail("len: the range %s has %s elements, more than an integer can hold (overflow)", v.Repr(), r.countString())
		}
		return Int(n)
	case KStr:
		return Int(int64(len([]rune(v.Str()))))
	case KSum:
		return Int(int64(len(v.Seq())))
	}
	s.fail("len needs a list, tuple, set, range, string or sum, not %s %s", v.K, v.Repr())
	return Value{}
}

func biSum(s *callSite, args []Value) Value {
	vs := s.elems(args[0], "sum")
	if slices.ContainsFunc(vs, func(v Value) bool { return v.K == KValue }) {
		// Game values add as games; positions and integers among them by their values.
		in := s.c.in
		total := in.space().Zero()
		for _, v := range vs {
			if !comparedAsGames(v, Canon(total)) {
				s.fail("sum: %s %s is not a game, a game value or an integer", v.K, v.Repr())
			}
			f, msg := in.gameForm(v)
			if msg != "" {
				s.fail("sum: %s", msg)
			}
			total = in.space().Add(total, f)
		}
		return Canon(total)
	}
	if len(vs) > 0 && isGame(vs[0]) {
		n := 0
		for _, v := range vs {
			n += len(s.components(v, "sum"))
		}
		if msg := s.c.in.tooLong(n, "a sum", "components"); msg != "" {
			s.fail("sum: %s", msg)
		}
		return Sum(vs...)
	}
	var total int64
	for _, n := range s.ints(vs, "sum") {
		v, msg := intOps["+"](total, n)
		if msg != "" {
			s.fail("%s", msg)
		}
		total = v.N
	}
	return Int(total)
}

func biAllAny(all bool) func(*callSite, []Value) Value {
	return func(s *callSite, args []Value) Value {
		name := map[bool]string{true: "all", false: "any"}[all]
		for _, v := range s.elems(args[0], name) {
			s.c.in.tick()
			if v.K != KBool {
				s.fail("%s needs true/false values, but %s is %s", name, v.Repr(), v.K)
			}
			if v.Bool() != all {
				return Bool(!all)
			}
		}
		return Bool(all)
	}
}

func biSorted(s *callSite, args []Value) Value {
	vs := s.ownElems(args[0], "sorted")
	s.c.in.sortValues(vs)
	return List(vs)
}

func biReversed(s *callSite, args []Value) Value {
	vs := s.ownElems(args[0], "reversed")
	slices.Reverse(vs)
	return List(vs)
}

func biRange(s *callSite, args []Value) Value {
	if len(args) == 1 {
		return Range(0, s.int(args[0], "range")-1)
	}
	return Range(s.int(args[0], "range"), s.int(args[1], "range")-1)
}

func biList(s *callSite, args []Value) Value {
	return List(s.ownElems(args[0], "list"))
}

func biSet(s *callSite, args []Value) Value { return s.c.in.set(s.ownElems(args[0], "set")) }

func biTuple(s *callSite, args []Value) Value {
	return Tuple(s.ownElems(args[0], "tuple")...)
}

func biStr(s *callSite, args []Value) Value {
	text := args[0].String()
	if msg := s.c.in.tooLong(len(text), "str: the text", "bytes"); msg != "" {
		s.fail("%s", msg)
	}
	return Str(text)
}

func biMap(s *callSite, args []Value) Value {
	var out []Value
	for _, x := range s.elems(args[1], "map") {
		out = append(out, s.apply(args[0], []Value{x}))
	}
	return List(out)
}

func biFilter(s *callSite, args []Value) Value {
	var out []Value
	for _, x := range s.elems(args[1], "filter") {
		keep := s.apply(args[0], []Value{x})
		if keep.K != KBool {
			s.fail("filter's function must return true or false, but returned %s %s", keep.K, keep.Repr())
		}
		if keep.Bool() {
			out = append(out, x)
		}
	}
	return List(out)
}

func biIsqrt(s *callSite, args []Value) Value {
	n := s.ints(args, "isqrt")[0]
	if n < 0 {
		s.fail("isqrt needs an integer of 0 or more, not %d", n)
	}
	return Int(isqrt(n))
}

// isqrt is the largest r with r*r <= n, for n >= 0: the float square root,
// corrected by the exact integer test (a float64 is off by one for large n).
func isqrt(n int64) int64 {
	const top = 3037000499 // the largest r whose square fits in an int64
	r := min(int64(math.Sqrt(float64(n))), top)
	for r*r > n {
		r--
	}
	for r < top && (r+1)*(r+1) <= n {
		r++
	}
	return r
}

func biMex(s *callSite, args []Value) Value {
	return Int(solver.Mex(s.ints(s.elems(args[0], "mex"), "mex")))
}

func biNimsum(s *callSite, args []Value) Value {
	var x int64
	for _, n := range s.ints(s.varargs(args, "nimsum"), "nimsum") {
		x ^= n
	}
	return Int(x)
}

func biIsFib(s *callSite, args []Value) Value {
	n := s.int(args[0], "isfib")
	a, b := int64(0), int64(1) // 0, 1, 1, 2, 3, 5, ...
	for a < n && b > 0 {
		a, b = b, a+b
	}
	return Bool(a == n)
}

// groundedBytesPerEdge is about what grounded holds for each edge while it
// walks: two keys, their map entries and the edge's place in two lists.
const groundedBytesPerEdge = 256

// biGrounded keeps the edges still connected to the root, in E's own kind (a set,
// or a list so that parallel edges survive). Self-loops count as edges.
func biGrounded(s *callSite, args []Value) Value {
	edges := s.elems(args[0], "grounded")
	root := args[1]
	// The walk keeps two keys and two entries of its maps per edge: ask for
	// them first, and look again as they are made.
	s.within(int64(len(edges)) * groundedBytesPerEdge)
	key := func(v Value) string { return string(appendKey(nil, v)) }
	adj := map[string][]int{}
	in := s.c.in
	for i, e := range edges {
		in.tick() // 6M edges took 40 s and ignored the time limit
		if i&4095 == 4095 {
			s.within(0)
		}
		if e.K != KTuple || len(e.Seq()) != 2 {
			s.fail("grounded needs edges written as pairs (u, v), but %s is not one", e.Repr())
		}
		u, v := key(e.Seq()[0]), key(e.Seq()[1])
		adj[u] = append(adj[u], i)
		adj[v] = append(adj[v], i)
	}
	reached := map[string]bool{key(root): true}
	keep := make([]bool, len(edges))
	queue := []string{key(root)}
	for n := 0; len(queue) > 0; n++ {
		if n&4095 == 4095 {
			s.within(0)
		}
		u := queue[0]
		queue = queue[1:]
		for _, i := range adj[u] {
			in.tick()
			keep[i] = true
			for _, end := range edges[i].Seq() {
				if k := key(end); !reached[k] {
					reached[k] = true
					queue = append(queue, k)
				}
			}
		}
	}
	var out []Value
	for i, e := range edges {
		if keep[i] {
			out = append(out, e)
		}
	}
	if args[0].K == KSet {
		return Value{K: KSet, R: newSeq(out)}
	}
	return List(out)
}

func biSetFold(op func(in *Interp, a, b Value) Value) func(*callSite, []Value) Value {
	return func(s *callSite, args []Value) Value {
		for _, a := range args {
			if a.K != KSet {
				s.fail("set operations need sets, but %s is %s", a.Repr(), a.K)
			}
		}
		acc := args[0]
		for _, a := range args[1:] {
			acc = op(s.c.in, acc, a)
			if msg := s.c.in.tooLong(len(acc.Seq()), "a set", "elements"); msg != "" {
				s.fail("%s", msg)
			}
		}
		return acc
	}
}
