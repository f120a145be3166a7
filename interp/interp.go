package interp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// Interp is one session: the globals defined so far, the interned positions and
// the solver's memo tables, which last for the session's whole life. It is not safe
// for concurrent use.
type Interp struct {
	// Out receives print output and the values of bare expressions.
	Out io.Writer
	// Diag receives check failures.
	Diag io.Writer
	// OnValue, when set, receives the value of each bare expression instead of Out.
	OnValue func(Value)
	// OnPrint, when set, receives the value of each print statement as well as
	// Out its text, for writers that show values other than as text (tables).
	OnPrint func(Value)
	// OnStmt, when set, is called before each top-level statement of Exec runs,
	// so that what follows (output, check results) can be told apart by statement.
	OnStmt func(lang.Stmt)
	solver *solver.Solver // the memoized values
	// libraries are the files MarkLibrary named: their errors move to the
	// program's line that called into them.
	libraries map[string]bool
	// Checks counts the checks run so far.
	Checks CheckStats
	// Config is the session's limits, play mode and progress callback; set its
	// fields before running a program or between runs.
	Config Config

	globals map[string]*Global
	pos     positionTable // every interned position, by id
	// Config.MaxPositions counts positions from the run's positionBase
	// (run.go), not from the session's first.
	nimberGame *Game
	serial     int
	keyBuf     []byte
	canonBuf   []Value           // the arguments a sorting canonical form gives
	bigValues  map[string]uint32 // ids of big position arguments, by their key
	frames     framePool
	entrySlab  []PosEntry // storage for new positions, allocated in blocks
	argSlab    []Value
	misere     *solver.Misere // made on first misère query
	scores     *scoreRules    // made on first scoring query
	forms      *cgt.Space     // canonical forms of partizan values, made on first use
	posForms   []cgt.Game     // each position's canonical form, once computed
	generation uint64         // counts changes of globals, for remembered calls
	noMemo     bool           // remember no call (tests compare with the plain way)
	typedRoots int            // typed expressions compiled (see typedRoot), for tests
	typedMiss  int            // their evaluations that fell back to the general form
	laneBlocks laneBlocks     // blocks of values lent to loops run a block at a time (lanes.go)
	expansions uint64         // positions expanded so far, to tell expansions apart (Frame.expansion)
	typedMoves int            // runs of move clauses as typed loops (typedmove.go), for tests
	laneRuns   int            // blocks of values run at once (lanes.go), for tests
	laneCalls  int            // blocks of calls computed at once (lanecall.go), for tests
	run        *run           // the run in progress, or idle (see run.go)
	idle       run            // the run between runs, under no context
}

// Global is a top-level name: a game, function, let or built-in.
type Global struct {
	Name    string
	V       Value
	Defined bool
	Doc     string
	Pos     lang.Position
	Builtin bool
	refs    []string // globals its definition mentions, for invalidation
}

// CheckStats counts checks: how many passed and failed, and how many cases ran.
type CheckStats struct {
	Passed, Failed, Cases int
}

// New returns a session with the built-in functions defined.
func New() *Interp {
	in := &Interp{Out: os.Stdout, Diag: os.Stderr, globals: map[string]*Global{}, Config: DefaultConfig(), generation: 1}
	in.idle.ctx = context.Background()
	in.run = &in.idle
	in.solver = solver.New((*solverRules)(in), &in.Config.Budget)
	in.solver.OnStore = in.noteValue
	in.nimberGame = &Game{Name: "*", Params: []string{"k"}, nimber: true, serial: in.nextSerial()}
	in.defineBuiltins()
	return in
}

func (in *Interp) nextSerial() int {
	in.serial++
	return in.serial
}

func itoa(n int) string { return strconv.Itoa(n) }

// global returns the cell for name, creating an undefined one if needed.
func (in *Interp) global(name string) *Global {
	g, ok := in.globals[name]
	if !ok {
		g = &Global{Name: name}
		in.globals[name] = g
	}
	return g
}

// Lookup returns a defined global.
func (in *Interp) Lookup(name string) (*Global, bool) {
	g, ok := in.globals[name]
	return g, ok && g.Defined
}

// Globals returns the defined globals.
func (in *Interp) Globals() []*Global {
	var out []*Global
	for _, g := range in.globals {
		if g.Defined {
			out = append(out, g)
		}
	}
	return out
}

// Universe returns the names defined so far with their arities, for the checker.
func (in *Interp) Universe() lang.Universe {
	u := lang.Universe{}
	for name, g := range in.globals {
		if !g.Defined {
			continue
		}
		switch g.V.K {
		case KGame:
			u[name] = lang.Fixed(len(g.V.R.(*Game).Params))
		case KFunc:
			switch f := g.V.R.(type) {
			case *closure:
				u[name] = lang.Fixed(len(f.fn.params))
			case *builtin:
				u[name] = lang.Arity{Callable: true, Min: f.min, Max: f.max}
			}
		default:
			u[name] = lang.Arity{}
		}
	}
	return u
}

// Run parses, checks and executes source text.
func (in *Interp) Run(ctx context.Context, filename, src string) error {
	prog, err := lang.Parse(filename, src)
	if err != nil {
		return err
	}
	return in.Exec(ctx, prog)
}

// Exec checks and runs a parsed program: games and functions are defined first
// (so they may refer to each other in any order), then statements run in order.
func (in *Interp) Exec(ctx context.Context, prog *lang.Program) (err error) {
	if err := lang.Check(prog, in.Universe()); err != nil {
		return err
	}
	c := &compiler{in: in, src: prog.Source}
	err = in.evaluate(ctx, func() error {
		c.define(prog)
		for _, s := range prog.Stmts {
			c.stmt = s
			if in.OnStmt != nil {
				in.OnStmt(s)
			}
			c.run(s)
			// A stop that came while a statement ran, after its last check,
			// still stops the run: it must not end as if it had finished.
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	return in.locateStop(err, c.stmt, prog.Source)
}

// locateStop gives a stop that names no place (an interrupt, the time limit,
// the memory budget or the positions limit, noticed wherever the run was) the
// place of the statement that was running, which s is. The error keeps the
// stop as its cause.
func (in *Interp) locateStop(err error, s lang.Stmt, src string) error {
	var le *lang.Error
	var les lang.Errors
	if err == nil || s == nil || errors.As(err, &le) || errors.As(err, &les) {
		return err
	}
	var msg string
	var mem *budget.MemoryError
	var lim *budget.LimitError
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		msg = lang.StopMessage(err, in.Config.TimeHint)
	case errors.As(err, &mem), errors.As(err, &lim):
		msg = err.Error()
	default:
		return err // an internal error says what it is
	}
	return &lang.Error{Pos: s.Start(), Msg: msg, Src: src, Cause: err}
}

// recoverTo turns a panic raised by a runtime error into an error. Anything else
// is a bug in grundy: it becomes an "internal error", never a crash.
func (in *Interp) recoverTo(err *error) {
	r := recover()
	if r == nil {
		return
	}
	switch e := r.(type) {
	case *lang.Error:
		*err = e
	case *budget.LimitError:
		*err = e
	case *budget.MemoryError:
		*err = e
	case error:
		if errors.Is(e, context.Canceled) || errors.Is(e, context.DeadlineExceeded) {
			*err = e
			return
		}
		*err = fmt.Errorf("internal error: %v\n%s", e, debug.Stack())
	default:
		*err = fmt.Errorf("internal error: %v\n%s", e, debug.Stack())
	}
}

// invalidate forgets the memoized values of every game that depends, directly or
// through functions and lets, on one of the redefined names.
func (in *Interp) invalidate(changed []string) {
	if len(changed) == 0 {
		return
	}
	dirty := map[string]bool{}
	for _, n := range changed {
		dirty[n] = true
	}
	for grew := true; grew; {
		grew = false
		for name, g := range in.globals {
			// A library's definitions mention the library's own cells,
			// which a program's definitions only shadow (MarkLibrary).
			if dirty[name] || in.libraries[g.Pos.Filename] {
				continue
			}
			for _, r := range g.refs {
				if dirty[r] {
					dirty[name], grew = true, true
					break
				}
			}
		}
	}
	// Positions of every game are forgotten if the game is dirty; old game objects
	// that were replaced keep their ids but nothing reaches them any more.
	var forget []solver.Pos
	for id := range in.pos.len() {
		if g := in.pos.game(solver.Pos(id)); dirty[g.Name] {
			forget = append(forget, solver.Pos(id))
			g.forgetValues()
		}
	}
	in.solver.Forget(forget)
	for _, p := range forget {
		if int(p) < len(in.posForms) {
			in.posForms[p] = nil
		}
	}
	if in.misere != nil {
		in.misere.Clear() // it keeps no per-position record to forget selectively
	}
	in.clearScores()
}

// ClearMemo drops every memoized value, normal and misère. Interned positions
// stay, but Config.MaxPositions counts them again from here.
func (in *Interp) ClearMemo() {
	in.run.positionBase = in.pos.len()
	in.solver.Clear()
	in.forgetForms()
	for _, g := range in.pos.games {
		g.forgetValues()
	}
	if in.misere != nil {
		in.misere.Clear()
	}
	in.clearScores()
}

// MemoryBytes estimates the memory held by interned positions and memo tables.
func (in *Interp) MemoryBytes() int {
	n := in.solver.Stats().Bytes + in.pos.bytes()
	if in.scores != nil {
		n += in.scores.bytes()
	}
	n += in.formBytes()
	for _, g := range in.globals {
		if g.V.K == KGame {
			gm := g.V.R.(*Game)
			n += cap(gm.dense)*4 + cap(gm.values)*4 + gm.grid.bytes() + gm.packed.bytes() + gm.cells[0].bytes() + gm.cells[1].bytes() + (len(gm.general)+len(gm.asGiven))*32
		}
	}
	return n
}
