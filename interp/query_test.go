package interp_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
	"github.com/grundy-lang/grundy/stdlib"
)

// queryGames are games for TestQueryMethodsAnswerAsBuiltins beyond the
// standard library's: a loopy walk (vertex 4 and 5 draw), and a scoring game.
const queryGames = `
game Walk(v) {
  move to w in [[1], [2, 3], [1], [], [5], [4], [4, 3]][v] -> Walk(w)
}
game Take(n) {
  move take k in 1..min(2, n) score k -> Take(n - k)
  move pass where n % 3 == 1 -> Take(n - 1)
}
`

// movesText writes moves as the test compares them: each with the part it is
// made in and the whole position it leads to.
func movesText(ms []*interp.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String() + " => " + m.To.Repr()
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// builtinMoves is movesText of a list of moves a built-in gave.
func builtinMoves(v interp.Value) string {
	var ms []*interp.Move
	for _, x := range v.Seq() {
		ms = append(ms, x.R.(*interp.Move))
	}
	return movesText(ms)
}

// Every exported query method of Interp runs the core its built-in runs: on an
// impartial game, a loopy one, a scoring one, a misère sum and a partizan one,
// each answers what the language's built-in answers for the same expression.
func TestQueryMethodsAnswerAsBuiltins(t *testing.T) {
	ctx := context.Background()
	in := stdlib.New()
	if err := in.Run(ctx, "games.game", queryGames); err != nil {
		t.Fatal(err)
	}
	eval := func(src string) interp.Value {
		t.Helper()
		v, err := in.Eval(ctx, "t", src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return v
	}
	same := func(what, g, api, lang string) {
		t.Helper()
		if api != lang {
			t.Errorf("%s of %s: the method answers %s, the built-in %s", what, g, api, lang)
		}
	}
	must := func(what, g string, err error) bool {
		t.Helper()
		if err != nil {
			t.Errorf("%s of %s: %v", what, g, err)
		}
		return err == nil
	}

	// Normal play, acyclic and loopy, and misère play of the acyclic ones.
	impartial := []string{"Nim(3) + Kayles(5)", "Kayles(7)", "Nim(2) + Nim(2)", "Wythoff(3, 5)", "Wythoff(4, 9)",
		"GrundysGame(9) + Nim(1)", "Nim(0)"}
	loopy := []string{"Walk(0)", "Walk(1)", "Walk(2)", "Walk(3)", "Walk(4)", "Walk(6)", "Walk(1) + Nim(2)", "Walk(4) + Nim(1)"}
	for _, g := range append(append([]string{}, impartial...), loopy...) {
		v := eval(g)
		if x, err := in.Grundy(ctx, v); must("Grundy", g, err) {
			same("Grundy", g, interp.GrundyValue(x).Repr(), eval("sg("+g+")").Repr())
			n, err := in.SG(ctx, v)
			if x.Inf {
				if _, ok := err.(*solver.InfiniteError); !ok {
					t.Errorf("SG of %s (value %s): %v, not an InfiniteError", g, x, err)
				}
			} else if must("SG", g, err) {
				same("SG", g, fmt.Sprint(n), eval("sg("+g+")").Repr())
			}
		}
		if o, err := in.OutcomeClass(ctx, v); must("OutcomeClass", g, err) {
			same("OutcomeClass", g, string(o), eval("outcome("+g+")").Repr())
		}
		if isP, err := in.Outcome(ctx, v); must("Outcome", g, err) {
			same("Outcome", g, fmt.Sprint(isP), eval("outcome("+g+") == P").Repr())
		}
		if ms, err := in.Winning(ctx, v); must("Winning", g, err) {
			same("Winning", g, movesText(ms), builtinMoves(eval("winning("+g+")")))
		}
		if ms, err := in.Moves(ctx, v, 0); must("Moves", g, err) {
			same("Moves", g, movesText(ms), builtinMoves(eval("moves("+g+")")))
		}
		if ms, err := in.Best(ctx, v); must("Best", g, err) {
			same("Best", g, movesText(ms), builtinMoves(eval("best("+g+")")))
		}
		if r, err := in.Remoteness(ctx, v); must("Remoteness", g, err) {
			text := fmt.Sprint(r)
			if r == solver.Drawn {
				text = "∞{}"
			}
			same("Remoteness", g, text, eval("remoteness("+g+")").Repr())
		}
	}
	for _, g := range append(impartial, "Kayles(3) + Kayles(2) + Nim(1)", "Nim(1) + Nim(1)", "Nim(1) + Nim(1) + Nim(1)") {
		if isP, method, err := in.MisereOutcome(ctx, eval(g)); must("MisereOutcome", g, err) {
			same("MisereOutcome", g, fmt.Sprint(isP), eval("outcome("+g+", misere) == P").Repr())
			if method == 0 { // the zero MisereMethod is no method
				t.Errorf("MisereOutcome of %s names no rule", g)
			}
		}
	}

	// A scoring game: ScoredMoves gives score(G) and what best(G) picks from.
	for _, g := range []string{"Take(5)", "Take(4) + Take(2)", "Take(0)"} {
		ms, value, err := in.ScoredMoves(ctx, eval(g))
		if !must("ScoredMoves", g, err) {
			continue
		}
		if len(ms) > 0 {
			same("ScoredMoves' value", g, fmt.Sprint(value), eval("score("+g+")").Repr())
		}
		var best []*interp.Move
		for _, m := range ms {
			if m.Value == value {
				best = append(best, m.Move)
			}
		}
		same("ScoredMoves' best", g, movesText(best), builtinMoves(eval("best("+g+")")))
	}

	// A partizan game: its value and each player's moves.
	for _, g := range []string{"Cutcake(3, 2)", "Cutcake(4, 1) + Cutcake(1, 3)", "Domineering(rect(2, 3))"} {
		v := eval(g)
		if f, err := in.GameValue(ctx, v); must("GameValue", g, err) {
			same("GameValue", g, interp.Canon(f).Repr(), eval("value("+g+")").Repr())
		}
		for _, side := range []lang.Side{lang.Left, lang.Right} {
			ms, err := in.SideMoves(ctx, v, side)
			if !must("SideMoves", g, err) {
				continue
			}
			tos := make([]string, len(ms))
			for i, m := range ms {
				tos[i] = m.To.Repr()
			}
			builtin := map[lang.Side]string{lang.Left: "leftoptions", lang.Right: "rightoptions"}[side]
			same("SideMoves", g, "["+strings.Join(tos, ", ")+"]", eval(builtin+"("+g+")").Repr())
		}
	}

	// Winning is normal play, as its documentation says, whatever the session's
	// default mode (grundy eval --misere), as explain(G, normal) needs.
	in.Config.Mode = interp.MiserePlay
	for _, g := range []string{"Nim(1) + Nim(1)", "Nim(1) + Nim(2)"} {
		if ms, err := in.Winning(ctx, eval(g)); must("Winning in a misère session", g, err) {
			same("Winning in a misère session", g, movesText(ms), builtinMoves(eval("winning("+g+", normal)")))
		}
	}
	in.Config.Mode = interp.NormalPlay

	// A value that is no game: the method returns what the built-in raises.
	notGame := eval("[1, 2]")
	for name, q := range map[string]func() error{
		"sg":         func() error { _, err := in.Grundy(ctx, notGame); return err },
		"outcome":    func() error { _, err := in.OutcomeClass(ctx, notGame); return err },
		"winning":    func() error { _, err := in.Winning(ctx, notGame); return err },
		"moves":      func() error { _, err := in.Moves(ctx, notGame, 0); return err },
		"best":       func() error { _, err := in.Best(ctx, notGame); return err },
		"remoteness": func() error { _, err := in.Remoteness(ctx, notGame); return err },
		"value":      func() error { _, err := in.GameValue(ctx, notGame); return err },
	} {
		err := q()
		_, lerr := in.Eval(ctx, "t", name+"([1, 2])")
		if err == nil || lerr == nil || !strings.HasSuffix(lerr.Error(), ": "+err.Error()) {
			t.Errorf("%s of a list: the method says %v, the built-in %v", name, err, lerr)
		}
	}
}

// The query methods return the limit that stopped them as it is, a
// *budget.LimitError (teach's WithinPositions tells a search too big for an
// explanation by it), not a message with no place.
func TestQueryMethodsReturnTheLimit(t *testing.T) {
	ctx := context.Background()
	for name, q := range map[string]func(*interp.Interp, interp.Value) error{
		"Best":       func(in *interp.Interp, v interp.Value) error { _, err := in.Best(ctx, v); return err },
		"Remoteness": func(in *interp.Interp, v interp.Value) error { _, err := in.Remoteness(ctx, v); return err },
	} {
		in := stdlib.New()
		v, err := in.Eval(ctx, "t", "Kayles(40) + Kayles(41)")
		if err != nil {
			t.Fatal(err)
		}
		in.Config.MaxPositions = 10
		var lim *budget.LimitError
		if err := q(in, v); !errors.As(err, &lim) {
			t.Errorf("%s past the positions limit: %v (%T), not a *budget.LimitError", name, err, err)
		}
	}
}
