package teach

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// Partizan games: Left and Right have different moves, and a position is
// explained by its value, a canonical form in CGSuite's notation. Left wins
// moving second exactly when the value is >= 0, Right when it is <= 0.

// errMiserePartizan refuses misère play of a partizan game.
var errMiserePartizan = errors.New("misère play of partizan games is not covered: grundy explains and plays partizan games in normal play (the last player to move wins), by their values")

// sideName is "Left" or "Right".
func sideName(s lang.Side) string {
	if s == lang.Right {
		return "Right"
	}
	return "Left"
}

// other is the other player.
func other(s lang.Side) lang.Side {
	if s == lang.Right {
		return lang.Left
	}
	return lang.Right
}

// winsSecond reports whether side wins a game of value f when the other player
// moves first: f >= 0 for Left, f <= 0 for Right.
func winsSecond(sp *cgt.Space, f cgt.Game, side lang.Side) bool {
	if side == lang.Left {
		return sp.LessEq(sp.Zero(), f)
	}
	return sp.LessEq(f, sp.Zero())
}

// outcomeWords says who wins a game of value f, in words.
func outcomeWords(sp *cgt.Space, f cgt.Game) string {
	switch sp.Outcome(f) {
	case cgt.L:
		return "Left wins, whoever moves first"
	case cgt.R:
		return "Right wins, whoever moves first"
	case cgt.N:
		return "whoever moves first wins"
	}
	return "whoever moves first loses (the value is 0)"
}

// outcomeLetter is the outcome class of f: L, R, N or P.
func outcomeLetter(sp *cgt.Space, f cgt.Game) string {
	return [...]string{cgt.P: "P", cgt.N: "N", cgt.L: "L", cgt.R: "R"}[sp.Outcome(f)]
}

// sideMove is one player's move with the value it leads to.
type sideMove struct {
	m   *interp.Move
	val cgt.Game
	win bool // the move wins for the player who makes it
}

// sideMoves lists side's moves from v with the values they lead to.
func (j judge) sideMoves(v interp.Value, side lang.Side) ([]sideMove, error) {
	ms, err := j.in.SideMoves(j.ctx, v, side)
	if err != nil {
		return nil, err
	}
	sp := j.in.Space()
	out := make([]sideMove, len(ms))
	for i, m := range ms {
		f, err := j.in.GameValue(j.ctx, m.To)
		if err != nil {
			return nil, err
		}
		out[i] = sideMove{m: m, val: f, win: winsSecond(sp, f, side)}
	}
	return out, nil
}

// explainPartizan explains a position or sum of a partizan game by its value.
func (e *explainer) explainPartizan(v interp.Value, parts []interp.Value) error {
	sp := e.in.Space()
	f, err := e.in.GameValue(e.ctx, v)
	if err != nil {
		return err
	}
	e.printf("%s has value %s: %s.\n", e.name, f, outcomeWords(sp, f))
	if len(parts) > 1 {
		vals := make([]string, 0, len(parts))
		for _, p := range parts[:min(len(parts), listParts)] {
			pf, err := e.in.GameValue(e.ctx, p)
			if err != nil {
				return err
			}
			vals = append(vals, parenthesize(pf.String()))
		}
		if len(parts) > listParts {
			vals = append(vals, "...")
		}
		e.printf("It is a sum of %d games: each move is made in one of them, and its value is the sum of theirs: %s = %s.\n", len(parts), strings.Join(vals, " + "), f)
	}
	e.valueNote(f)
	e.printf("Left wins moving second exactly when the value is >= 0, and Right when it is <= 0: a move wins for Left when it leads to a value >= 0, for Right to a value <= 0.\n")
	for _, side := range []lang.Side{lang.Left, lang.Right} {
		ms, err := e.sideMoves(v, side)
		if err != nil {
			return err
		}
		e.printf("\n")
		e.sideTable(f, side, ms)
	}
	return nil
}

// valueNote says what kind of value f is: a number, an infinitesimal, or a hot
// game with its mean and temperature.
func (e *explainer) valueNote(f cgt.Game) {
	sp := e.in.Space()
	if x, ok := f.Number(); ok {
		switch x.Sign() {
		case 0:
		case 1:
			e.printf("Its value is a number: Left is %s %s ahead, and a number is never worth moving in.\n", x, pluralMoves(x))
		default:
			e.printf("Its value is a number: Right is %s %s ahead, and a number is never worth moving in.\n", x.Neg(), pluralMoves(x.Neg()))
		}
		return
	}
	t := sp.Temperature(f)
	if t.Sign() > 0 {
		e.printf("It is hot (temperature %s): both players are eager to move. Left moving first can reach %s, Right moving first %s; its mean is %s.\n",
			t, sp.LeftStop(f), sp.RightStop(f), sp.Mean(f))
	} else if t.Sign() == 0 {
		e.printf("It is %s plus an infinitesimal (temperature 0): it is worth less than any positive number.\n", sp.Mean(f))
	}
}

// pluralMoves is "move" or "moves" after a number x.
func pluralMoves(x cgt.Dyadic) string {
	if x == cgt.Int(1) {
		return "move"
	}
	return "moves"
}

// parenthesize puts a value with a sign or a plus inside parentheses, for a sum.
func parenthesize(s string) string {
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "±") {
		return "(" + s + ")"
	}
	return s
}

// sideTable lists one player's moves with the values they lead to, marking
// the winning ones.
func (e *explainer) sideTable(from cgt.Game, side lang.Side, ms []sideMove) {
	sp := e.in.Space()
	who := sideName(side)
	if len(ms) == 0 {
		e.printf("%s has no move: %s moving first loses at once.\n", who, who)
		return
	}
	var wins []sideMove
	for _, m := range ms {
		if m.win {
			wins = append(wins, m)
		}
	}
	e.printf("%s's moves (%d), with the value each leads to:\n", who, len(ms))
	shown := ms
	if len(ms) > listAll {
		shown = wins[:min(len(wins), listAll)]
		if len(wins) == 0 {
			shown = ms[:listExample]
		}
	}
	rows := make([][2]string, len(shown))
	for i, m := range shown {
		mark := ""
		if m.win {
			mark = "  wins"
		}
		rows[i] = [2]string{shortName(m.m), fmt.Sprintf("%s -> %s (%s)%s", from, m.val, outcomeLetter(sp, m.val), mark)}
	}
	e.table(rows)
	if len(ms) > len(shown) {
		more := "none of them wins"
		if len(wins) > len(shown) {
			more = "some of them winning"
		} else if len(wins) > 0 {
			more = "none of them winning"
		}
		e.printf("  and %d more, %s\n", len(ms)-len(shown), more)
	}
	switch {
	case len(wins) == 0:
		e.printf("%s has no winning move: every move leads to a value that is not %s 0, from which %s, moving next, wins.\n", who, map[lang.Side]string{lang.Left: ">=", lang.Right: "<="}[side], sideName(other(side)))
	case len(wins) == 1:
		e.printf("%s's winning move is %s: it takes the game from %s to %s, which %s wins moving second.\n", who, shortName(wins[0].m), from, wins[0].val, who)
	default:
		e.printf("%s has %d winning moves; for example %s takes the game from %s to %s, which %s wins moving second.\n", who, len(wins), shortName(wins[0].m), from, wins[0].val, who)
	}
}
