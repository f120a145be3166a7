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
package interp
