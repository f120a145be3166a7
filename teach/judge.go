// Package teach shows the reasoning of impartial game theory to a person: it
// explains why a position is won or lost ([Explain]), lets a person play a
// position against the computer ([Play]), and computes the tables ([Table])
// and game graphs ([GameGraph]) that the command line draws with package render.
//
// Everything here works on a session (an *interp.Interp) and writes plain
// text, so that it can be tested without a terminal.
package teach

import (
	"context"
	"errors"

	"github.com/grundy-lang/grundy/interp"
)

// rule says who wins at the end of play in mode m, in words.
func rule(m interp.Mode) string {
	if m == interp.MiserePlay {
		return "whoever makes the last move loses"
	}
	return "whoever makes the last move wins"
}

// listedMoves is the most moves of one position that explanations and play mode
// go through, one by one, in words; a position with more is described without
// listing them. It is a cap on what is worth reading, not a limit on what can be
// solved: that is the session's Config.MaxOptions, ten times larger.
const listedMoves = 100_000

// judge answers the questions that explanations and play mode ask of a session
// in one mode.
type judge struct {
	ctx  context.Context
	in   *interp.Interp
	mode interp.Mode
}

// isP reports whether v (a position or sum) is a P-position: the player to move
// loses.
func (j judge) isP(v interp.Value) (bool, error) {
	if j.mode == interp.MiserePlay {
		isP, _, err := j.in.MisereOutcome(j.ctx, v)
		return isP, err
	}
	return j.in.Outcome(j.ctx, v)
}

// moves lists the moves of v, at most listedMoves per part.
func (j judge) moves(v interp.Value) ([]*interp.Move, error) {
	return j.in.Moves(j.ctx, v, listedMoves)
}

// winning returns the moves among ms that lead to a P-position.
func (j judge) winning(ms []*interp.Move) ([]*interp.Move, error) { return j.leadingTo(ms, 'P') }

// reply returns a winning move from v, or nil when v is a P-position.
func (j judge) reply(v interp.Value) (*interp.Move, error) {
	ms, err := j.moves(v)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		isP, err := j.isP(m.To)
		if err != nil || isP {
			return m, err
		}
	}
	return nil, nil
}

// prolonging picks, among moves that all lose, the one that leaves the
// opponent the most moves to choose from: the game tends to last longer and
// the opponent has the most chances to go wrong. Ties go to the first.
func (j judge) prolonging(ms []*interp.Move) (*interp.Move, error) {
	var best *interp.Move
	most := -1
	for _, m := range ms {
		n := listedMoves + 1
		next, err := j.moves(m.To)
		var tooMany *interp.TooManyMovesError
		switch {
		case errors.As(err, &tooMany):
		case err != nil:
			return nil, err
		default:
			n = len(next)
		}
		if n > most {
			best, most = m, n
		}
	}
	return best, nil
}

// tidy drops the parts of a sum that have no moves left, which changes
// nothing in the game and keeps the position short. Of a sum whose parts all
// have no moves, the first part is kept.
func (j judge) tidy(v interp.Value) (interp.Value, error) {
	parts, _ := interp.Components(v)
	if len(parts) < 2 {
		return v, nil
	}
	var live []interp.Value
	for _, part := range parts {
		ms, err := j.in.Moves(j.ctx, part, 1) // one move shows it is not over
		var tooMany *interp.TooManyMovesError
		if err != nil && !errors.As(err, &tooMany) {
			return v, err
		}
		if err != nil || len(ms) > 0 {
			live = append(live, part)
		}
	}
	switch len(live) {
	case 0:
		return parts[0], nil
	case 1:
		return live[0], nil
	}
	return interp.Sum(live...), nil
}

// valueBudget bounds the work of finding the value of a position whose outcome
// a native rule already gives (a large Wythoff position): the solver may visit
// valueBudget/(m+1) new positions, m being the position's number of moves (a
// rough count of the options it will generate). Past that, the explanation is
// by outcomes only.
const valueBudget = 2_000_000
