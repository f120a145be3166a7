package interp

import (
	"context"
	"fmt"
	"strings"

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
	cells   [2]cellIDs // one argument, a set of cells, by cellKind
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
	fast      *fastMove  // the same as one loop nest, when the clause has its shape
	cell      *cellMove  // the same on the bitmask of a set of cells, when it has that shape
	typed     *typedMove // the same as a loop of typed expressions, when it has that shape (tried after fast and cell)
}

// runFast adds the clause's options for the position in fr by its fast path,
// reporting false, having added nothing, when it has none or it cannot.
func (m *compiledMove) runFast(in *Interp, fr *Frame) bool {
	switch {
	case in.Config.Plain:
		return false
	case m.fast != nil:
		return m.fast.run(in, fr)
	case m.cell != nil:
		start := fr.opts.Len()
		if !m.cell.each(in, fr.expanding, fr, nil) {
			fr.opts.Truncate(start)
			return false
		}
		return true
	case m.typed != nil:
		return m.typed.run(in, fr)
	}
	return false
}

// probe is runFast for a probe (see solverRules.Probe).
func (m *compiledMove) probe(in *Interp, fr *Frame, ps *probeSink) bool {
	if m.fast != nil {
		return m.fast.each(in, fr, ps)
	}
	return m.cell.each(in, fr.expanding, fr, ps)
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

// fail raises a runtime error located at the game's declaration.
func (g *Game) fail(format string, args ...any) {
	panic(&lang.Error{Pos: g.Pos, Msg: fmt.Sprintf(format, args...), Src: g.src})
}
