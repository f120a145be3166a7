package interp

import (
	"context"

	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/lang"
)

// Queries about partizan games for the packages that teach and draw them, in
// the style of Outcome and Moves: each runs its query's core (see query.go)
// under ctx and returns the error the built-in raises.

// IsPartizan reports whether v is a game value (kind KValue), or a position or
// sum with a part of a partizan game: its questions are answered with
// canonical forms.
func IsPartizan(v Value) bool { return hasPartizanPart(v) }

// Space is the session's store of canonical forms, in which the forms that
// GameValue returns live.
func (in *Interp) Space() *cgt.Space { return in.space() }

// GameValue is value(G): the canonical form of a position, a sum or a game value.
func (in *Interp) GameValue(ctx context.Context, v Value) (f cgt.Game, err error) {
	err = in.runUnder(ctx, func() (err error) {
		f, err = in.gameValue(v)
		return err
	})
	return f, err
}

// SideMoves lists the moves that side (lang.Left or lang.Right) may make in a
// position or sum, as leftoptions(G) and rightoptions(G) do: its own moves and
// the moves of impartial parts.
func (in *Interp) SideMoves(ctx context.Context, v Value, side lang.Side) (out []*Move, err error) {
	err = in.runUnder(ctx, func() (err error) {
		out, err = in.sideMoves(v, side, "moves")
		return err
	})
	return out, err
}
