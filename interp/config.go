package interp

import (
	"errors"

	"github.com/grundy-lang/grundy/budget"

	"github.com/grundy-lang/grundy/solver"
)

// Mode is a play convention.
type Mode int8

const (
	NormalPlay Mode = iota // whoever makes the last move wins
	MiserePlay             // whoever makes the last move loses
)

// String names the mode as explanations do: "normal play" or "misère play".
func (m Mode) String() string {
	if m == MiserePlay {
		return "misère play"
	}
	return "normal play"
}

// Config is one session's configuration: its limits, the messages that say how
// to raise them, its default play mode and a progress callback. Each Interp has
// its own (Interp.Config, filled by New with DefaultConfig), read at each use, so
// sessions in one process do not affect each other. The embedded
// budget.Budget holds the position limit, the memory ceiling, their hints and
// the progress callback, which the session's solver, misère search and scoring
// search share.
type Config struct {
	budget.Budget
	// MaxOptions bounds the options of one position, solved or listed: each is
	// interned, so a position with billions of them would exhaust memory first.
	MaxOptions int
	// MaxElems bounds the length of every list, tuple, set, string and sum a
	// program builds: past it memory, not time, would run out, and running out of
	// memory cannot be reported as an error. A value holds at most 4*MaxElems
	// elements counting those of the values inside it.
	MaxElems int
	// MaxDepth bounds how deeply values nest (comparing, printing and keying
	// walk them recursively).
	MaxDepth int32
	// Mode is the play mode of sg, outcome, winning and explain when a program
	// gives none (grundy eval --misere).
	Mode Mode
	// TimeHint says how to raise a time limit, after the message of a run
	// stopped by its context's deadline.
	TimeHint string
	// Plain turns every fast path of FastPaths off: the library games' native
	// hooks (their argument checks stay), the loop nests of move clauses, the
	// moves over sets of cells, probing, the sorting canonical forms and
	// remembered calls. Every query
	// then goes through the move clauses as written, more slowly and with the
	// same answers; tests compare the two ways. The nimbers *k are the
	// language's own heaps, not a fast path, and stay.
	Plain bool
	// NoFiles, when set, refuses every built-in that reads or writes a file
	// (a saved quotient), saying why in its words: a session that runs a
	// document it did not choose to run, such as the language server's
	// hovers, must not touch the disk, and the page has none.
	NoFiles string
}

// The defaults of DefaultConfig.
const (
	// DefaultMaxOptions is about a million options a position.
	DefaultMaxOptions = 1 << 20
	// DefaultMaxElems is 16M elements, about 512 MB of values.
	DefaultMaxElems = 1 << 24
	// DefaultMaxDepth is 10,000 levels, well within Go's stack.
	DefaultMaxDepth = 10_000
)

// DefaultConfig is the configuration New gives a session: the default bounds,
// no position limit, normal play, and hints that name these fields (a command
// line or a shell replaces them with its own flags and commands).
func DefaultConfig() Config {
	return Config{
		Budget: budget.Budget{PositionsHint: "raise Config.MaxPositions",
			MaxMemory: budget.DefaultMaxMemory, MemoryHint: "raise Config.MaxMemory"},
		MaxOptions: DefaultMaxOptions,
		MaxElems:   DefaultMaxElems,
		MaxDepth:   DefaultMaxDepth,
	}
}

// WithinPositions runs f with the position limit lowered, for f alone, so that
// it may make at most n new positions. It reports false (and no error) when
// f stopped at that lowered limit, and f's error otherwise.
func (in *Interp) WithinPositions(n int, f func() error) (bool, error) {
	saved := in.Config.MaxPositions
	defer func() { in.Config.MaxPositions = saved }()
	if tight := in.solver.Stats().Positions + n; saved <= 0 || tight < saved {
		in.Config.MaxPositions = tight
	}
	err := f()
	if le, ok := errors.AsType[*budget.LimitError](err); ok && le.Limit == "positions" && le.Value != saved {
		return false, nil
	}
	return err == nil, err
}

// SolverStats reports the size of the session's memo of normal-play values and
// how often it answered.
func (in *Interp) SolverStats() solver.Stats { return in.solver.Stats() }

// MarkLibrary tells that the file filename (as given to Run, just before) is a
// library, not the user's program: an error raised inside it is shown at the
// line of the program that called into it, with the library's line as a note.
// The library's code keeps the names it was compiled with: every global, its
// own and the built-ins, gets a cell of its own for the code that follows, so
// that a program's definition of the same name (fn cells, fn len) shadows it
// in the program's code only, and the library's games play as written.
func (in *Interp) MarkLibrary(filename string) {
	if in.libraries == nil {
		in.libraries = map[string]bool{}
	}
	in.libraries[filename] = true
	for name, cell := range in.globals {
		own := *cell
		in.globals[name] = &own
	}
}
