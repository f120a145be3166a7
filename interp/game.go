package interp

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// Game is a declared game. Its positions are Name(args); equal argument tuples are
// the same position, interned to one dense id.
type Game struct {
	Name   string
	Params []string
	Doc    string
	Pos    lang.Position // where it is declared
	// Natives are the hooks the standard library attaches to its own games
	// (stdlib/natives.go): an argument check and the fast paths, each listed in
	// FastPaths with the test that compares it with the game's move clauses.
	Natives

	serial    int
	nimber    bool       // the built-in game of nimbers *k
	scoring   bool       // some move clause has score or again
	partizan  bool       // some move clause is left's or right's
	canon     evalFn     // the canonical form of the arguments, if declared
	show      evalFn     // how a position looks, if declared
	canonSort *sortCanon // the same as a sort of integers, when it is one
	// tableIndex is 1 + the game's index in the position table, once it has one.
	tableIndex int
	canonBusy  bool   // while canon runs, to refuse a canonical form that needs itself
	replaced   bool   // a later declaration of the same name replaced this game
	src        string // the source text of the declaration's file, for messages
	frameSize  int
	moves      []*compiledMove
	// guards[i], when not empty, is a where condition that would keep parameter i
	// from falling below 0, guessed from a move such as -> T(n - s): "where s <= n".
	guards []string
	// grows[i], when not empty, is a move clause that raises parameter i without a
	// where condition, such as -> W(n + 1): nothing stops it growing.
	grows []string

	dense []int32 // ids+1 of positions with one small non-negative int argument
	// values are the normal-play values of those positions by argument, -1 when
	// not known: a copy of the solver's memo for probing (see noteValue).
	values  []int32
	grid    gridIDs // two small non-negative integer arguments, while dense enough
	packed  packedIDs
	general map[string]int32
	// asGiven maps the key of arguments as a move gave them to their position,
	// for a game with a canonical form written in the language.
	asGiven map[string]int32
}

// Natives are a game's native hooks, set by the standard library on its own
// games (a user's definition of the same name is a new Game without them). All
// but CheckArgs are fast paths: each must answer as the game's move clauses do,
// and Config.Plain turns them off (see Interp.NativesOf).
type Natives struct {
	// CheckArgs, when set, vets the arguments of a position made by a call such
	// as Nim(-1): a non-empty message is the error at the call.
	CheckArgs func(args []Value) string
	// Native, when set, gives normal-play values without expanding positions:
	// ok false leaves the position to its move clauses, and an error stops
	// the run with it (a table that would pass the memory budget: listing
	// the moves instead would only fail later, and slower).
	Native func(ctx context.Context, args []Value) (v int64, ok bool, err error)
	// NativeOutcome, when set, tells whether a position is a P-position without
	// computing its value (Wythoff's game by its Beatty pairs, Fibonacci Nim by
	// Zeckendorf). It answers outcome and winning for a single position.
	NativeOutcome func(args []Value) (isP bool, ok bool)
	// NativeMovesTo, when set, lists every move from a position to an option of
	// value target without going through all its moves (Wythoff's game and
	// Fibonacci Nim for target 0, Nim for any target). ok is false when it cannot.
	// It answers winning, alone or in a sum.
	NativeMovesTo func(args []Value, target int64) (moves []NativeMove, ok bool)
	// NimHeap, when set, tells that a position plays exactly as the nimber *n,
	// its options being one position of each value below n (Nim's heaps), so that
	// misère play decides it by Bouton's rule. Such a game needs NativeMovesTo.
	NimHeap func(args []Value) (n int64, ok bool)
	// MisereHeap, when set, tells that a position is a heap of n tokens of a heap game
	// whose misère quotient q decides sums of its heaps in misère play (the library's
	// take-and-break games). Heaps of different games have different quotients.
	MisereHeap func(args []Value) (q HeapQuotient, n int64, ok bool)
}

// NativesOf returns the hooks of g that the session uses: g's own, or under
// Config.Plain its argument check alone, so that every query goes through the
// game's move clauses.
func (in *Interp) NativesOf(g *Game) Natives {
	if in.Config.Plain {
		return Natives{CheckArgs: g.CheckArgs}
	}
	return g.Natives
}

// compiledMove is one move clause ready to run.
type compiledMove struct {
	side   lang.Side // who may make the move
	label  string
	score  evalFn   // the points the move earns, nil for none
	again  bool     // the player who moves moves again
	vars   []string // generator variables, in order
	slots  []int    // their frame slots
	loops  loopFn
	emit   func(fr *Frame, sb *sumBuilder)
	result evalFn
	// addOption adds the option of the current bindings to fr.expanding.
	addOption func(fr *Frame) bool
	fast      *fastMove // the same as one loop nest, when the clause has its shape
}

// PosEntry is an interned position.
type PosEntry struct {
	Game  *Game
	Args  []Value
	ID    solver.Pos
	shape shape // of its arguments, as for a tuple of them
}

func (p *PosEntry) String() string {
	var b strings.Builder
	writePos(&b, p)
	return b.String()
}

// sumBuilder collects one option while a move's result is evaluated.
type sumBuilder struct {
	comps []solver.Pos
	nim   int64
}

// position interns g(args) and returns the position value. args may be reused by
// the caller afterwards.
func (in *Interp) position(g *Game, args []Value) Value {
	id := in.internID(g, args)
	return Value{K: KPos, N: int64(id), R: in.entry(id)}
}

const (
	denseLimit = 1 << 26
	packBits   = 16
)

// noteValue keeps a copy of the value v of position p in its game's values
// when p has one small non-negative integer argument and no canonical form, so
// that probing reads a part's value with one load, by argument, as a hand-written
// loop over a table does.
func (in *Interp) noteValue(p solver.Pos, v int64) {
	g := in.pos.game(p)
	n, ok := in.pos.intArg(p)
	if !ok || g.canon != nil || v > 1<<31-1 {
		return
	}
	if n < 0 || n >= int64(len(g.dense)) {
		return // not in the dense table
	}
	if n >= int64(len(g.values)) {
		grown := make([]int32, len(g.dense))
		copy(grown, g.values)
		for i := len(g.values); i < len(grown); i++ {
			grown[i] = -1
		}
		g.values = grown
	}
	g.values[n] = int32(v)
}

// internOne is internID for a game of one argument.
func (in *Interp) internOne(g *Game, arg Value) solver.Pos {
	if arg.K == KInt {
		return in.internInt(g, arg.N)
	}
	return in.internID(g, []Value{arg})
}

// internInt is internOne for an integer argument, with the common case (a heap
// already seen) first and no slice built.
func (in *Interp) internInt(g *Game, n int64) solver.Pos {
	if uint64(n) < uint64(len(g.dense)) && g.canon == nil {
		if id := g.dense[n]; id != 0 {
			return solver.Pos(id - 1)
		}
	}
	return in.internID(g, []Value{Int(n)})
}

// internCanonical interns g(args) for a game whose canonical form is an
// expression of the language: the arguments as given are remembered with the
// position their canonical form made, so that the canonical form (which may
// build several images of a board) runs once for each distinct argument tuple,
// not once for each move that makes it.
func (in *Interp) internCanonical(g *Game, args []Value) solver.Pos {
	in.keyBuf = in.keyBuf[:0]
	for _, a := range args {
		in.keyBuf = in.appendArgKey(in.keyBuf, a)
	}
	if id, ok := g.asGiven[string(in.keyBuf)]; ok {
		return solver.Pos(id)
	}
	key := string(in.keyBuf)
	id := in.internArgs(g, in.canonical(g, args))
	if g.asGiven == nil {
		g.asGiven = map[string]int32{}
	}
	g.asGiven[key] = int32(id)
	return id
}

// internID returns the dense id of g(args), creating it if it is new.
func (in *Interp) internID(g *Game, args []Value) solver.Pos {
	switch {
	case g.canon != nil && (g.canonSort == nil || in.Config.Plain):
		return in.internCanonical(g, args)
	case g.canon != nil:
		args = in.canonical(g, args)
	}
	return in.internArgs(g, args)
}

// internArgs interns g(args), args being canonical already.
func (in *Interp) internArgs(g *Game, args []Value) solver.Pos {
	if len(args) == 1 && args[0].K == KInt && args[0].N >= 0 && args[0].N < denseLimit {
		n := int(args[0].N)
		if n < len(g.dense) && g.dense[n] != 0 {
			return solver.Pos(g.dense[n] - 1)
		}
		id := in.newPosition(g, args)
		if n >= len(g.dense) {
			grown := make([]int32, max(n+1, 2*len(g.dense), 64))
			copy(grown, g.dense)
			g.dense = grown
		}
		g.dense[n] = int32(id) + 1
		return id
	}
	if key, ok := packKey(args); ok {
		twoInts := len(args) == 2 // packKey checked both are integers
		if twoInts {
			if id, ok := g.grid.get(args[0].N, args[1].N); ok {
				return solver.Pos(id)
			}
		}
		if id, ok := g.packed.get(key, in.pos.packedKey); ok {
			return solver.Pos(id)
		}
		id := in.newPosition(g, args)
		if !twoInts || !g.grid.put(args[0].N, args[1].N, int32(id)) {
			g.packed.put(key, int32(id), in.pos.packedKey)
		}
		return id
	}
	if size := positionShape(args).size; size > 1<<16 {
		// A big key is kept with the position: at least two bytes an element.
		in.checkMemory(4 * size)
	}
	in.keyBuf = in.keyBuf[:0]
	for _, a := range args {
		in.keyBuf = in.appendArgKey(in.keyBuf, a)
	}
	if id, ok := g.general[string(in.keyBuf)]; ok {
		return solver.Pos(id)
	}
	key := string(in.keyBuf)
	id := in.newPosition(g, args)
	if g.general == nil {
		g.general = map[string]int32{}
	}
	g.general[key] = int32(id)
	return id
}

// bigValue is the length from which a list, tuple or set argument of a position
// is keyed by an id of its value instead of by its elements.
const bigValue = 16

// appendArgKey appends the key of a position argument. A big collection, such as
// the adjacency lists every position of Token(adj, v) carries, costs its full key
// once per value object, not once per position.
func (in *Interp) appendArgKey(buf []byte, a Value) []byte {
	if (a.K == KList || a.K == KTuple || a.K == KSet) && len(a.Seq()) >= bigValue {
		buf = append(buf, 0xFF) // no Kind has this value
		return binary.AppendUvarint(buf, uint64(in.valueID(a)))
	}
	return appendKey(buf, a)
}

// valueID numbers the distinct big collections used as position arguments: equal
// values get one id, remembered on the value so that it is computed once.
func (in *Interp) valueID(a Value) uint32 {
	s := a.R.(*Seq)
	if s.owner == in {
		return s.valueID
	}
	key := string(appendKey(nil, a))
	id, ok := in.bigValues[key]
	if !ok {
		if in.bigValues == nil {
			in.bigValues = map[string]uint32{}
		}
		id = uint32(len(in.bigValues))
		in.bigValues[key] = id
	}
	s.owner, s.valueID = in, id
	return id
}

// packKey packs up to four small integers into one word.
func packKey(args []Value) (uint64, bool) {
	if len(args) > 64/packBits {
		return 0, false
	}
	var key uint64
	for _, a := range args {
		if a.K != KInt || a.N < -(1<<(packBits-1)) || a.N >= 1<<(packBits-1) {
			return 0, false
		}
		key = key<<packBits | uint64(a.N)&(1<<packBits-1)
	}
	return key, true
}

// canonicalSums returns v with every sum inside it in canonical (sorted) order.
func canonicalSums(v Value) Value {
	if v.K != KSum && v.K != KList && v.K != KTuple && v.K != KSet {
		return v
	}
	if s := v.R.(*Seq); s.sumsSorted {
		return v
	}
	if v.K == KSum {
		return Value{K: KSum, R: sortedSeq(sortedParts(v))}
	}
	elems := v.Seq()
	for i, e := range elems {
		if c := canonicalSums(e); c.R != e.R {
			out := append([]Value(nil), elems...)
			out[i] = c
			for j := i + 1; j < len(out); j++ {
				out[j] = canonicalSums(out[j])
			}
			if v.K == KSet {
				set := Set(out) // the canonical sums may order (or merge) differently
				set.R.(*Seq).sumsSorted = true
				return set
			}
			return Value{K: v.K, R: sortedSeq(out)}
		}
	}
	v.R.(*Seq).sumsSorted = true // checked once: a big argument is not walked per position
	return v
}

// fail raises a runtime error located at the game's declaration.
func (g *Game) fail(format string, args ...any) {
	panic(&lang.Error{Pos: g.Pos, Msg: fmt.Sprintf(format, args...), Src: g.src})
}

// canonical applies a game's declared canonical form to its arguments.
func (in *Interp) canonical(g *Game, args []Value) []Value {
	if g.canonBusy {
		g.fail("the canonical form of %s builds a position of %s, which needs the canonical form again: a canonical form must only rearrange the arguments", g.Name, g.Name)
	}
	if g.canonSort != nil && !in.Config.Plain {
		if sorted, ok := g.canonSort.apply(args, in.canonBuf); ok {
			in.canonBuf = sorted
			return sorted
		}
	}
	g.canonBusy = true
	defer func() { g.canonBusy = false }()
	fr := newFrame(g.frameSize, nil)
	copy(fr.slots, args)
	v := g.canon(fr)
	if len(args) == 1 {
		return []Value{v}
	}
	if v.K != KTuple || len(v.Seq()) != len(args) {
		g.fail("the canonical form of %s must be a tuple of %d values, but it is %s %s", g.Name, len(args), v.K, v.Repr())
	}
	return v.Seq()
}

func (in *Interp) newPosition(g *Game, args []Value) solver.Pos {
	if in.pos.len() >= 1<<31-1 {
		panic(&lang.Error{Msg: "too many positions (more than 2^31)"})
	}
	id := solver.Pos(in.pos.len())
	// Every interned position counts, solved or not: a position with many
	// options interns them all before any is solved.
	if err := in.Config.Positions(int(id) - in.positionBase + 1); err != nil {
		panic(err)
	}
	if id&4095 == 0 {
		in.checkMemory(0)
	}
	if key, ok := compactKey(g, args); ok {
		in.pos.add(g, key, nil)
		return id
	}
	if len(in.entrySlab) == 0 {
		in.entrySlab = make([]PosEntry, 1024)
	}
	if len(in.argSlab) < len(args) {
		in.argSlab = make([]Value, max(4096, len(args)))
	}
	e := &in.entrySlab[0]
	in.entrySlab = in.entrySlab[1:]
	*e = PosEntry{Game: g, Args: in.argSlab[:len(args):len(args)], ID: id}
	in.argSlab = in.argSlab[len(args):]
	for i, a := range args {
		// Equal sums are one key whatever their order, so the stored argument must
		// not depend on which order came first: keep sums in canonical order.
		e.Args[i] = canonicalSums(a)
	}
	e.shape = positionShape(e.Args)
	in.pos.add(g, 0, e)
	return id
}

// solverRules is the session as its solver sees it: its solver.Rules and
// solver.Prober methods, kept off Interp's exported API. It is the Interp itself
// under another type (a conversion, not a copy).
type solverRules Interp

// Expand implements solver.Rules: it runs the position's move clauses. A scoring
// game has no normal-play value, so expanding one for the solver is an error.
func (r *solverRules) Expand(p solver.Pos, opts *solver.Options) (err error) {
	in := (*Interp)(r)
	switch g := in.pos.game(p); {
	case g.scoring:
		return &lang.Error{Pos: g.Pos, Src: g.src, Msg: notNormalPlay(g, in.describe(p))}
	case g.partizan:
		return &partizanError{g}
	}
	return in.expand(p, opts, nil)
}

// expand appends the options of p to opts and, when gains is not nil, what each
// earns (for a scoring game; other games' moves earn nothing).
func (in *Interp) expand(p solver.Pos, opts *solver.Options, gains *[]gain) (err error) {
	return in.expandFor(p, lang.Both, opts, gains)
}

// expandSide appends the options of p for one player (lang.Left or lang.Right):
// the options of the move clauses that player may use. An error panics.
func (in *Interp) expandSide(p solver.Pos, side lang.Side, opts *solver.Options) {
	if err := in.expandFor(p, side, opts, nil); err != nil {
		panic(err)
	}
}

// mayMove reports whether a move clause is open to side (lang.Both: any clause).
func (m *compiledMove) mayMove(side lang.Side) bool {
	return side == lang.Both || m.side == lang.Both || m.side == side
}

// expandFor appends the options of p that side may choose (lang.Both: every
// option) and, when gains is not nil, what each earns.
func (in *Interp) expandFor(p solver.Pos, side lang.Side, opts *solver.Options, gains *[]gain) (err error) {
	g := in.pos.game(p)
	optEnd := len(opts.Ends) + in.Config.MaxOptions
	if g.nimber {
		n := in.nimberOf(p)
		if n > int64(optEnd-len(opts.Ends)) {
			return in.optionLimitError(p)
		}
		for k := int64(0); k < n; k++ {
			opts.Add(k)
		}
		return nil
	}
	defer in.noteExpanding(p, &err) // runs after recoverTo has set err
	defer in.recoverTo(&err)
	if g.replaced {
		// Its moves name the game, which now means the new one: mixing the two
		// would answer neither.
		g.fail("%s is a position of %s as it was before it was redefined; make the position again to use the new rules", in.entry(p), g.Name)
	}
	fr := in.frames.get(g.frameSize)
	defer in.frames.put(fr)
	in.pos.args(p, fr.slots[:0])
	fr.opts, fr.expanding, fr.optEnd, fr.gains = opts, p, optEnd, gains
	for _, m := range g.moves {
		if !m.mayMove(side) {
			continue
		}
		if m.fast == nil || in.Config.Plain || !m.fast.run(in, fr) {
			m.loops(fr, m.addOption)
		}
	}
	return nil
}

// Probe implements solver.Prober: a position whose move clauses all run as loop
// nests (see fastMove) is valued straight from the memo, each option's value going
// into mex without the option being written out.
func (r *solverRules) Probe(p solver.Pos, mex *solver.MexSet) (res solver.ProbeResult, need solver.Pos, err error) {
	in := (*Interp)(r)
	g := in.pos.game(p)
	if g.nimber || g.replaced || g.partizan || in.Config.MaxOptions > DefaultMaxOptions || in.Config.Plain {
		return solver.ProbeExpand, 0, nil
	}
	for _, m := range g.moves {
		if m.fast == nil {
			return solver.ProbeExpand, 0, nil
		}
	}
	defer in.noteExpanding(p, &err)
	defer in.recoverTo(&err)
	fr := in.frames.get(g.frameSize)
	defer in.frames.put(fr)
	in.pos.args(p, fr.slots[:0])
	fr.expanding = p
	ps := probeSink{mex: mex}
	defer func() { in.solver.CountHits(ps.hits) }()
	for _, m := range g.moves {
		if !m.fast.each(in, fr, &ps) {
			if ps.missing {
				return solver.ProbeNeeds, ps.need, nil
			}
			return solver.ProbeExpand, 0, nil
		}
	}
	return solver.ProbeSolved, 0, nil
}

// noteExpanding adds to a located error raised while listing the options of
// p which position that was: the error's line is the game's, the same for
// every position.
func (in *Interp) noteExpanding(p solver.Pos, err *error) {
	if *err == nil {
		return // the common case, which must not allocate
	}
	if le, ok := errors.AsType[*lang.Error](*err); ok {
		le.Notes = append(le.Notes, "while listing the moves of "+in.describe(p))
	}
}

// optionLimitError says that position p has more than Config.MaxOptions options: each is
// interned, so a position with billions of them would exhaust memory long before
// it could be solved.
func (in *Interp) optionLimitError(p solver.Pos) *budget.LimitError {
	return &budget.LimitError{Limit: "options", Value: in.Config.MaxOptions,
		Hint: fmt.Sprintf("%s has more options than one position may have", in.describe(p))}
}

// Shortcut implements solver.Rules: nimbers and games with a native fast path.
func (r *solverRules) Shortcut(p solver.Pos) (int64, bool) {
	in := (*Interp)(r)
	g := in.pos.game(p)
	if g.nimber {
		return in.nimberOf(p), true
	}
	if native := in.NativesOf(g).Native; native != nil {
		v, ok, err := native(in.ctx, in.pos.args(p, nil))
		if err != nil {
			panic(err)
		}
		if ok {
			return v, true
		}
		// A fast path gives up when the run is stopped: the stop must not
		// turn into expanding the position the slow way.
		if err := in.ctx.Err(); err != nil {
			panic(err)
		}
	}
	return 0, false
}

// nimberOf is k for the nimber *k at p.
func (in *Interp) nimberOf(p solver.Pos) int64 {
	var buf [1]Value
	return in.pos.args(p, buf[:0])[0].N
}

// Describe implements solver.Rules.
func (r *solverRules) Describe(p solver.Pos) string { return (*Interp)(r).describe(p) }

// describe names position p in a message, cut to about a line.
func (in *Interp) describe(p solver.Pos) string {
	return Value{K: KPos, N: int64(p), R: in.entry(p)}.Brief()
}

// Binding is a generator variable and its value in one move.
type Binding struct {
	Name  string
	Value Value
}

// Move is one labelled move from a position or sum: the label and generator
// bindings of its clause, the component it is made in, and where it leads.
type Move struct {
	Side     lang.Side // who may make it: lang.Both in an impartial game
	Label    string
	Bindings []Binding
	From     Value // the whole position or sum moved from
	Part     Value // the component moved in (equal to From for a single position)
	PartTo   Value // what that component becomes
	To       Value // the whole position or sum after the move
	InSum    bool
	Index    int // which component of the sum the move is made in
	// In a scoring game: the points the move earns its player, and whether that
	// player moves again.
	Gain  int64
	Again bool
}

// NativeMove is a move named by a native fast path: its label and bindings as the
// game's move clause has them, and the arguments of the position it leads to (a
// position of the same game).
type NativeMove struct {
	Label    string
	Bindings []Binding
	To       []Value
}

// String describes the move, e.g. "take 2 -> Nim(1)" or "take 2 from Nim(3) -> Nim(1)".
func (m *Move) String() string { return m.Name() + " -> " + m.PartTo.Repr() }

// Name is the move without where it leads: "take 2", "take 2 from Nim(3)".
func (m *Move) Name() string {
	var b strings.Builder
	if m.Side != lang.Both {
		b.WriteString(m.Side.String())
		if m.Label != "" || len(m.Bindings) > 0 {
			b.WriteString(" ")
		}
	}
	b.WriteString(m.Label)
	// "take 2" when a label has one binding, otherwise "k=1 i=0": no comma, so
	// that in a list of moves each move reads as one item.
	named := m.Label == "" || len(m.Bindings) > 1
	for i, bd := range m.Bindings {
		switch {
		case m.Label != "" && i == 0:
			b.WriteString(" ")
		case i > 0:
			b.WriteString(" ")
		}
		if named {
			b.WriteString(bd.Name + "=")
		}
		b.WriteString(bd.Value.Repr())
	}
	if b.Len() == 0 {
		b.WriteString("move")
	}
	if m.InSum {
		b.WriteString(" from " + m.Part.Repr())
	}
	return b.String()
}

// TooManyMovesError is the error of Moves when a position has more moves than
// the limit it was given.
type TooManyMovesError struct {
	Pos   Value // the position with too many moves
	Limit int
}

func (e *TooManyMovesError) Error() string {
	return fmt.Sprintf("%s has more than %d moves", e.Pos.Brief(), e.Limit)
}

// positionMoves lists the moves of one position with labels and bindings, in the
// order Expand lists its options. Past limit moves (Config.MaxOptions when limit <= 0) it
// stops with a *TooManyMovesError.
func (in *Interp) positionMoves(pos Value, limit int) ([]*Move, error) {
	return in.positionMovesWhere(pos, lang.Both, limit, nil)
}

// positionMovesWhere is positionMoves keeping only the moves side may make
// (lang.Both: every move) to an option that keep accepts (every option when
// keep is nil): the others are gone through but not listed, so limit bounds
// the moves kept. An error of keep stops the listing and is returned.
func (in *Interp) positionMovesWhere(pos Value, side lang.Side, limit int, keep func(to Value) (bool, error)) ([]*Move, error) {
	e := pos.Pos()
	g := e.Game
	if limit <= 0 {
		limit = in.Config.MaxOptions
	}
	var out []*Move
	add := func(mv *Move) bool {
		if len(out) == limit {
			return false
		}
		out = append(out, mv)
		return true
	}
	if g.nimber {
		if keep == nil && e.Args[0].N > int64(limit) {
			return nil, &TooManyMovesError{pos, limit}
		}
		for k := int64(0); k < e.Args[0].N; k++ {
			in.tick()
			to := in.nimber(k)
			if keep != nil {
				if ok, err := keep(to); err != nil {
					return nil, err
				} else if !ok {
					continue
				}
			}
			if !add(&Move{Label: "to", Bindings: []Binding{{"k", Int(k)}}, From: pos, Part: pos, PartTo: to, To: to}) {
				return nil, &TooManyMovesError{pos, limit}
			}
		}
		return out, nil
	}
	fr := newFrame(g.frameSize, nil)
	copy(fr.slots, e.Args)
	var keepErr error
	for _, m := range g.moves {
		if !m.mayMove(side) {
			continue
		}
		complete := m.loops(fr, func(fr *Frame) bool {
			to := m.result(fr)
			if keep != nil {
				ok, err := keep(to)
				if err != nil {
					keepErr = err
					return false
				}
				if !ok {
					return true
				}
			}
			mv := &Move{Side: m.side, Label: m.label, From: pos, Part: pos, PartTo: to, To: to, Again: m.again}
			if m.score != nil {
				mv.Gain = m.score(fr).N
			}
			for i, name := range m.vars {
				mv.Bindings = append(mv.Bindings, Binding{name, fr.slots[m.slots[i]]})
			}
			return add(mv)
		})
		if keepErr != nil {
			return nil, keepErr
		}
		if !complete {
			return nil, &TooManyMovesError{pos, limit}
		}
	}
	return out, nil
}

// sumMoves lists the labelled moves of the parts of v (a position or sum); in a
// sum, each move names the part it is made in and leads to the whole new sum.
func (in *Interp) sumMoves(v Value, parts []Value, limit int) ([]*Move, error) {
	return in.partsMoves(v, parts, func(_ int, p Value) ([]*Move, error) { return in.positionMoves(p, limit) })
}

// partsMoves gathers the moves list gives for each part of v (parts[i] is the
// i-th), each made a move of v (see placeInSum), failing with a
// *TooManyMovesError past sumMoveBudget.
func (in *Interp) partsMoves(v Value, parts []Value, list func(i int, p Value) ([]*Move, error)) ([]*Move, error) {
	var out []*Move
	budget := in.sumMoveBudget(len(parts))
	for i, p := range parts {
		ms, err := list(i, p)
		if err != nil {
			return nil, err
		}
		if len(out)+len(ms) > budget {
			return nil, &TooManyMovesError{v, budget}
		}
		out = append(out, placeAll(v, parts, i, ms)...)
	}
	return out, nil
}

// sumMoveBudget is the most moves of a sum of n parts that may be listed: each
// move holds the whole new sum, so moves times parts stays within 16
// Config.MaxOptions.
func (in *Interp) sumMoveBudget(n int) int {
	most := in.Config.MaxOptions
	if n <= 1 {
		return most
	}
	return max(1, min(most, 16*most/n))
}

// placeInSum makes m, a move of parts[i], a move of v: in a sum it names the
// part it is made in and leads to the whole new sum.
func placeInSum(v Value, parts []Value, i int, m *Move) *Move {
	m.Index = i
	if v.K == KSum {
		// A sum of one part moves as that part: no "from" names it.
		m.From, m.InSum = v, len(parts) > 1
		rest := slices.Clone(parts)
		rest[i] = m.PartTo
		m.To = Sum(rest...)
	}
	return m
}

// nativeMovesTo lists the moves from the position p to options of value target
// by its game's fast path, when it has one that answers.
func (in *Interp) nativeMovesTo(p Value, target int64) ([]*Move, bool) {
	e := p.Pos()
	if e.Game.nimber {
		if target < 0 || target >= e.Args[0].N {
			return nil, true
		}
		to := in.nimber(target)
		return []*Move{{Label: "to", Bindings: []Binding{{"k", Int(target)}}, From: p, Part: p, PartTo: to, To: to}}, true
	}
	movesTo := in.NativesOf(e.Game).NativeMovesTo
	if movesTo == nil {
		return nil, false
	}
	nms, ok := movesTo(e.Args, target)
	if !ok {
		return nil, false
	}
	out := make([]*Move, len(nms))
	for i, nm := range nms {
		to := in.position(e.Game, nm.To)
		out[i] = &Move{Label: nm.Label, Bindings: nm.Bindings, From: p, Part: p, PartTo: to, To: to}
	}
	return out, true
}

// heapSize tells whether the position p plays as the nimber *n: a nimber, or a
// position of a game with a NimHeap fast path.
func (in *Interp) heapSize(p Value) (n int64, ok bool) {
	e := p.Pos()
	if e.Game.nimber {
		return e.Args[0].N, true
	}
	if n := in.NativesOf(e.Game); n.NimHeap != nil && n.NativeMovesTo != nil {
		return n.NimHeap(e.Args)
	}
	return 0, false
}

// nimber returns the position *k.
func (in *Interp) nimber(k int64) Value {
	return in.position(in.nimberGame, []Value{Int(k)})
}
