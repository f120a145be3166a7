// Package interp runs grundy programs: it compiles the checked AST to closures,
// holds the values of the language, interns game positions to dense ids and
// gives them to its solver, so that sg, outcome and winning can be answered.
//
// # Using it from Go
//
// A session is an [Interp]: make one with [New] (or stdlib.New, which also loads
// the standard library's games), set its [Config] if the defaults do not suit,
// then run programs with [Interp.Run] and evaluate expressions with
// [Interp.Eval]. Definitions and memoized values last for the session's life.
//
// Values are read through their kind (Value.K) and accessors ([Value.Seq],
// [Value.Str], [Value.Pos], [Value.Mode]); an integer is Value.N. They are made
// with the constructors [Int], [Bool], [Str], [Tuple], [List], [Set], [Range]
// and [Sum]; positions with [Interp.Position] once the game is defined ([Interp.Game]).
//
// The questions of game theory are methods: [Interp.SG], [Interp.Outcome],
// [Interp.Winning], [Interp.Moves], [Interp.MisereOutcome], [Interp.Grundy],
// [Interp.OutcomeClass], [Interp.Best] and [Interp.Remoteness] for loopy games,
// [Interp.ScoredMoves] for scoring games, [Interp.GameValue] and
// [Interp.SideMoves] for partizan games. Each takes a context that can stop it;
// limits (positions, memory, options, elements) stop it with an error naming
// the limit and the Config's hint for raising it.
//
// Each question has one door: the method runs the same code as the language's
// built-in (SG and sg, Best and best, ...), an unexported core that returns an
// error, so a method answers what its built-in answers for the same position.
// Where the built-in raises an error at the call, the method returns the core's
// error as it is: a *budget.LimitError, a *TooManyMovesError, a
// *solver.CycleError, or the built-in's message without its place. The table of
// queries and their cores heads query.go.
//
// Errors in a program are *lang.Error values: file, line, column and the line
// with a caret, from lang.FormatAll (lang.ErrorText words any error for a
// person, as grundy's command line, shell and page do). A run that its context stops, or that a
// limit stops where no expression names the place, fails with a *lang.Error
// at the statement that was running, whose cause (errors.Is, errors.As) is the
// context's error or the limit's.
//
// # Where things are
//
// Each job of the package has its file:
//
//	interp.go        the session: Interp, its globals, Run and Exec, invalidation
//	run.go           a run: its context, steps (tick), depth and argument stack
//	config.go        Config: limits, play mode, the Plain switch
//	stmt.go          the statements compiler: declarations, move clauses, let, print, check
//	compile.go       the expression compiler: names, operators, calls, indexing, fields
//	loops.go         generators, where conditions and comprehensions compiled to loops
//	frame.go         frames of local variables and their pool
//	function.go      user functions, lambdas, built-ins as values, remembered calls
//	builtins.go      the language's built-in functions
//	extend.go        Define: built-ins written in Go, and the Go API to make positions
//	ops.go           operators on values
//	value.go         values and their kinds; shape.go their shapes; compare.go their order and keys
//	game.go          Game, its native hooks (Natives) and compiled move clauses
//	intern.go        interning: positions to dense ids, canonical forms of arguments
//	positions.go     the table of interned positions; grid.go, packed.go its indexes
//	rules.go         the solver adapter: Expand, Probe, Shortcut, Describe for the solver
//	runaway.go       the guess that a game never ends (the solver's Runaway)
//	emit.go          emitted fast parts: a move's result added to an option without sum values
//	fastmove.go      move clauses run as loop nests, valued straight from the memo
//	typed.go         typed forms of integer and boolean expressions (int64 and bool, unboxed)
//	typedmove.go     move clauses run as loops of typed expressions, with calls kept by option
//	lanes.go         the innermost generator of a reduction or typed loop run 64 values at a time
//	cells.go         sets of small cells kept as bitmasks; cellmove.go move clauses run on them
//	canonsort.go     canonical forms recognized as a sort of the arguments
//	fastpaths.go     the list of every fast path with the tests that guard it
//	moves.go         move listing: the labelled moves of positions and sums
//	query.go         the game queries' cores and their Go API; the table of queries
//	best.go          remoteness and best moves
//	misere.go        misère play
//	scoring.go       scoring games
//	partizan.go      partizan games; partizan_query.go their Go API
//	show.go          how positions look; picture.go pictures as values
//	memory.go        the memory budget
//	repl_support.go  Eval and what a shell needs
package interp
