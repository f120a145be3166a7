package interp

// FastPath is one way grundy answers faster than by going through a game's move
// clauses as written, and the tests that compare it with that plain way.
type FastPath struct {
	// Name is "Game.Hook" for a native hook the standard library attaches to one
	// of its games (Kayles.Native: see Natives), otherwise what the path is.
	Name string
	// Where is the file that holds it, from the module's root.
	Where string
	// Tests name the tests that guard it, each as "dir.TestName", dir being the
	// package's directory from the module's root.
	Tests []string
}

// FastPaths lists every fast path, each with the tests that compare it with the
// plain way; Config.Plain turns them all off (TestPlainTurnsFastPathsOff looks
// where each is taken), and TestPlainSameOutput runs the examples, the corpus
// and the hostile inputs both ways. TestFastPathsAreGuarded
// checks that every test named here exists, and stdlib's TestNativesAreListed
// that every hook its games have is listed (and no other).
//
// Not fast paths: the nimbers *k (the language's own heaps), argument checks
// (Natives.CheckArgs), and the misère solver's rules (Bouton's rule for heaps,
// genus theory for tame sums), which are theorems the solver applies and tests
// against its search (solver.TestRandomSums, solver.TestTameSums).
var FastPaths = []FastPath{
	// Normal-play values by formula or table (Natives.Native), through the solver's Shortcut.
	{"Nim.Native", "stdlib/natives.go", []string{"stdlib.TestHeapGamesAgree"}},
	{"Kayles.Native", "stdlib/natives.go", []string{"stdlib.TestHeapGamesAgree", "stdlib.TestTakeBreakCodesAgree"}},
	{"DawsonsKayles.Native", "stdlib/natives.go", []string{"stdlib.TestHeapGamesAgree", "stdlib.TestTakeBreakCodesAgree"}},
	{"GrundysGame.Native", "stdlib/natives.go", []string{"stdlib.TestHeapGamesAgree"}},
	{"Lasker.Native", "stdlib/natives.go", []string{"stdlib.TestHeapGamesAgree", "stdlib.TestTakeBreakCodesAgree"}},
	{"Bash.Native", "stdlib/natives.go", []string{"stdlib.TestHeapGamesAgree"}},
	{"Subtract.Native", "stdlib/natives.go", []string{"stdlib.TestSubtractionGamesAgree"}},
	{"AllBut.Native", "stdlib/natives.go", []string{"stdlib.TestSubtractionGamesAgree"}},
	{"TakeBreak.Native", "stdlib/natives.go", []string{"stdlib.TestTakeBreakCodesAgree"}},
	{"Hackenbush.Native", "stdlib/natives.go", []string{"stdlib.TestHackenbushAgrees"}},
	{"MockTurtles.Native", "stdlib/natives.go", []string{"stdlib.TestMockTurtlesAgrees"}},
	// Outcomes without values (Natives.NativeOutcome).
	{"Wythoff.NativeOutcome", "stdlib/natives.go", []string{"stdlib.TestOutcomeFastPathsAgree"}},
	{"FibNim.NativeOutcome", "stdlib/natives.go", []string{"stdlib.TestOutcomeFastPathsAgree"}},
	// The moves to an option of a given value (Natives.NativeMovesTo), for winning.
	{"Nim.NativeMovesTo", "stdlib/natives.go", []string{"stdlib.TestOutcomeFastPathsAgree", "stdlib.TestWinningMovesOfHugePositions"}},
	{"Wythoff.NativeMovesTo", "stdlib/natives.go", []string{"stdlib.TestOutcomeFastPathsAgree", "stdlib.TestWinningMovesOfHugePositions"}},
	{"FibNim.NativeMovesTo", "stdlib/natives.go", []string{"stdlib.TestOutcomeFastPathsAgree", "stdlib.TestWinningMovesOfHugePositions"}},
	// Heaps in misère play: Bouton's rule (Natives.NimHeap) and quotients (Natives.MisereHeap).
	{"Nim.NimHeap", "stdlib/natives.go", []string{"stdlib.TestMisereNimHeapsAgree"}},
	{"Kayles.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	{"DawsonsKayles.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	{"GrundysGame.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	{"Lasker.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	{"TakeBreak.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	{"Subtract.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	{"AllBut.MisereHeap", "stdlib/quotient.go", []string{"stdlib.TestMisereQuotientsAgree"}},
	// The interpreter's own.
	{"loop nests", "interp/fastmove.go", []string{"interp.TestFastMovesMatchGeneralPath"}},
	{"probing", "interp/rules.go", []string{"interp.TestProbeMatchesGeneralPath", "interp.TestProbedValuesFollowTheMemo", "interp.TestGridValuesFollowTheMemo", "solver.TestProbingGivesTheSameValues"}},
	{"moves over sets of cells", "interp/cellmove.go", []string{"interp.TestCellMovesMatchGeneralPath", "interp.TestCellProbesMatchPlainValues"}},
	{"sorting canonical forms", "interp/canonsort.go", []string{"interp.TestSortCanonMatchesTheForm"}},
	{"remembered calls", "interp/function.go", []string{"interp.TestRememberedCallsAgreeWithPlainCalls"}},
	{"typed expressions", "interp/typed.go", []string{"interp.TestTypedExpressionsMatchGeneralPath", "interp.TestTypedCountKeepsTheListLimit"}},
	{"typed move loops", "interp/typedmove.go", []string{"interp.TestTypedMovesMatchGeneralPath", "interp.TestTypedMovesKeepTheLimits"}},
	{"blocks of values", "interp/lanes.go", []string{"interp.TestTypedMovesMatchGeneralPath", "interp.TestTypedExpressionsMatchGeneralPath", "interp.TestTypedCountKeepsTheListLimit"}},
	{"calls a block at a time", "interp/lanecall.go", []string{"interp.TestTypedMovesMatchGeneralPath"}},
}
