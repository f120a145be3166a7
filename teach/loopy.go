package teach

import (
	"fmt"
	"slices"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/solver"
)

// Loopy games: a position in or leading to a loop has a generalized
// Sprague-Grundy value (Smith), finite or ∞K, and its outcome may be a draw.

// outcome is the normal-play outcome of v: 'P', 'N' or 'D' (a draw).
func (j judge) outcome(v interp.Value) (byte, error) { return j.in.OutcomeClass(j.ctx, v) }

// outcomeName names an outcome class in prose.
var outcomeName = map[byte]string{'P': "a P-position", 'N': "an N-position", 'D': "a draw"}

// loopy explains v in normal play when its value, or (for a single position) the
// value of one of its options, is infinite, or always when force is set; it
// reports false, having written nothing, when it does not explain v.
func (e *explainer) loopy(v interp.Value, parts []interp.Value, force bool) (bool, error) {
	for _, p := range parts {
		if e.in.NativesOf(p.Pos().Game).NativeOutcome != nil && !force {
			return false, nil // its value may be out of reach; it is not loopy anyway
		}
	}
	g, err := e.in.Grundy(e.ctx, v)
	if err != nil {
		return false, err
	}
	if !g.Inf && len(parts) > 1 && !force {
		return false, nil // the sum's explanation finds out whether a move is loopy
	}
	ms, err := e.moves(v)
	if err != nil {
		return false, err
	}
	vals := make([]solver.Grundy, len(ms))
	inf := g.Inf
	for i, m := range ms {
		if vals[i], err = e.in.Grundy(e.ctx, m.To); err != nil {
			return false, err
		}
		inf = inf || vals[i].Inf
	}
	if !inf && !force {
		return false, nil
	}
	return true, e.loopyReason(v, g, ms, vals)
}

func (e *explainer) loopyReason(v interp.Value, g solver.Grundy, ms []*interp.Move, vals []solver.Grundy) error {
	out := g.Outcome()
	var toP, toD []*interp.Move
	for i, m := range ms {
		switch vals[i].Outcome() {
		case 'P':
			toP = append(toP, m)
		case 'D':
			toD = append(toD, m)
		}
	}
	if out == 'D' {
		e.printf("%s is a draw: neither player can force a win, because no move leads to a P-position, so the player to move cannot win, and %s to a draw, where play can go on forever without anyone losing.\n",
			e.name, leads(toD))
	} else {
		e.verdict(out == 'P')
	}
	switch {
	case g.Inf && out == 'D':
		e.printf("Its generalized Sprague-Grundy value (Smith) is %s: infinite, because it is in or leads to a loop; %s is the set of the finite values of its options, and 0 is not among them.\n", g, setText(g.K))
	case g.Inf:
		e.printf("Its generalized Sprague-Grundy value (Smith) is %s: infinite, because it is in or leads to a loop; %s is the set of the finite values of its options, and 0 is among them: a move to value 0 wins.\n", g, setText(g.K))
	default:
		e.printf("Its generalized Sprague-Grundy value (Smith) is %d although some options are infinite: it is the mex of the finite values of its options, and every infinite option has an option of value %d, a move that undoes the move to it.\n", g.Nim, g.Nim)
	}
	if ds := distinct(ms); len(ds) <= listAll {
		rows := make([][2]string, len(ds))
		for i, d := range ds {
			val := vals[slices.Index(ms, d.m)]
			rows[i] = [2]string{d.String(), fmt.Sprintf("value %s, %s", val, outcomeName[val.Outcome()])}
		}
		e.table(rows)
	}
	e.printf("\n")
	switch out {
	case 'D':
		e.printf("To keep the draw, move to a draw:\n")
		e.list(toD)
		if rest := len(ms) - len(toD); rest > 0 {
			e.printf("%s, where the opponent wins.\n", leadsToN(rest))
		}
	case 'N':
		best, err := e.in.Best(e.ctx, v)
		if err != nil {
			return err
		}
		r, err := e.in.Remoteness(e.ctx, v)
		if err != nil {
			return err
		}
		e.winningMoves(best, fmt.Sprintf("to a P-position and wins within %s (the remoteness of %s): in a loopy game the winner must bring the end nearer, or the loser may escape into a loop", words.Plural(r, "move"), e.name))
		if rest := len(toP) - len(best); rest > 0 {
			e.printf("%s to P-positions too, but not nearer the end.\n", words.Plural(rest, "other move"))
		}
	case 'P':
		return e.losingMoves(ms, "No option has value 0 and none is a draw: every move leads to an N-position, from which the opponent has a winning reply")
	}
	return nil
}

// leads says which moves lead somewhere: "the move m leads", "3 moves lead".
func leads(ms []*interp.Move) string {
	switch len(ms) {
	case 0:
		return ""
	case 1:
		return "the move " + ms[0].String() + " leads"
	}
	return words.Plural(len(ms), "move") + " lead"
}

// leadsToN says that the n other moves lead to N-positions.
func leadsToN(n int) string {
	if n == 1 {
		return "The other move leads to an N-position"
	}
	return fmt.Sprintf("The other %d moves lead to N-positions", n)
}

// setText writes a set of values: {0, 2}.
func setText(ks []int64) string {
	return solver.Infinite(ks).String()[len("∞"):]
}

// outcomeOf is the outcome of v in the judge's mode: 'P', 'N' or, in normal
// play, 'D'.
func (j judge) outcomeOf(v interp.Value) (byte, error) {
	if j.mode == interp.MiserePlay {
		isP, err := j.isP(v)
		return map[bool]byte{true: 'P', false: 'N'}[isP], err
	}
	return j.outcome(v)
}

// drawing returns the moves among ms that lead to a draw.
func (j judge) drawing(ms []*interp.Move) ([]*interp.Move, error) { return j.leadingTo(ms, 'D') }

// leadingTo returns the moves among ms that lead to a position of outcome want.
func (j judge) leadingTo(ms []*interp.Move, want byte) ([]*interp.Move, error) {
	var out []*interp.Move
	for _, m := range ms {
		o, err := j.outcomeOf(m.To)
		if err != nil {
			return nil, err
		}
		if o == want {
			out = append(out, m)
		}
	}
	return out, nil
}

// soonest narrows the winning moves wins from v to those that win soonest (least
// remoteness), as best(G) does in normal play: in a loopy game a winning move
// that does not bring the end nearer lets the loser return to v forever. When
// that search is too big (a large acyclic game), wins are kept as they are.
func (j judge) soonest(v interp.Value, wins []*interp.Move) ([]*interp.Move, error) {
	if j.mode == interp.MiserePlay {
		return wins, nil
	}
	var best []*interp.Move
	ok, err := j.in.WithinPositions(valueBudget, func() (err error) {
		best, err = j.in.Best(j.ctx, v)
		return err
	})
	if err != nil || !ok || len(best) == 0 {
		return wins, err
	}
	return best, nil
}
