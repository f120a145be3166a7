package interp

import (
	"context"

	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/lang"
)

// Queries about partizan games for the packages that teach and draw them, in
// the style of Outcome and Moves: each runs under ctx and returns the error a
// built-in would raise.

// IsPartizan reports whether v is a game value (kind KValue), or a position or
// sum with a part of a partizan game: its questions are answered with
// canonical forms.
func IsPartizan(v Value) bool { return hasPartizanPart(v) }

// Space is the session's store of canonical forms, in which the forms that
// GameValue returns live.
func (in *Interp) Space() *cgt.Space { return in.space() }

// GameValue is value(G): the canonical form of a position, a sum or a game value.
func (in *Interp) GameValue(ctx context.Context, v Value) (cgt.Game, error) {
	var f cgt.Game
	err := in.with(ctx, func() error {
		site := &callSite{c: &compiler{in: in}, name: "value"}
		site.notScoring(v, "value")
		f = site.valueOf(v, "value")
		return nil
	})
	return f, err
}

// SideMoves lists the moves that side (lang.Left or lang.Right) may make in a
// position or sum: its own moves and the moves of impartial parts.
func (in *Interp) SideMoves(ctx context.Context, v Value, side lang.Side) ([]*Move, error) {
	var out []*Move
	err := in.with(ctx, func() error {
		site := &callSite{c: &compiler{in: in}, name: "moves"}
		out = site.sideMoves(v, side, "moves")
		return nil
	})
	return out, err
}
