package interp

import (
	"context"
	"fmt"

	"github.com/grundy-lang/grundy/solver"
)

// Queries for Go programs built on a session: explanations, play mode, tables.
// They answer what sg, outcome and moves answer in the language, but return
// errors instead of reporting them at a call site, and they may be called from
// a built-in written in Go (see Define) while an evaluation is in progress: they
// restore the evaluation's context when they return.

// Context returns the context of the evaluation in progress (or of the last
// one), for built-ins written in Go that call the query methods.
func (in *Interp) Context() context.Context { return in.ctx }

// with runs f with ctx as the session's context, restoring the previous one
// afterwards. It returns f's error, or the runtime error that f raised.
func (in *Interp) with(ctx context.Context, f func() error) (err error) {
	saved, depth, queries := in.ctx, in.depth, in.queries
	in.ctx = ctx
	defer func() { in.ctx, in.depth, in.queries = saved, depth, queries }()
	defer in.recoverTo(&err)
	return f()
}

// IsNimber reports whether g is the built-in game of nimbers *k.
func (g *Game) IsNimber() bool { return g.nimber }

// Components returns the positions of a position (itself) or of a sum (its
// parts, none for the empty sum); 0, which sum([]) gives, is the empty game
// too. ok is false for any other value.
func Components(v Value) (parts []Value, ok bool) {
	switch v.K {
	case KPos:
		return []Value{v}, true
	case KSum:
		return v.Seq(), true
	}
	return nil, isZero(v)
}

// emptySum is the empty game, a sum of no parts: what a move to sum([]) leads
// to (see isSumCall).
var emptySum = Value{K: KSum, R: &Seq{}}

// components is Components with an error naming what was expected.
func components(v Value) ([]Value, error) {
	parts, ok := Components(v)
	if !ok {
		return nil, fmt.Errorf("expected a game position or a sum of positions, not %s %s", v.K, v.Repr())
	}
	return parts, nil
}

// SG returns the normal-play Sprague-Grundy value of a position or sum: the XOR
// of the values of its parts. A loopy position or sum whose generalized value is
// infinite gives a *solver.InfiniteError: see Grundy.
func (in *Interp) SG(ctx context.Context, v Value) (int64, error) {
	g, err := in.Grundy(ctx, v)
	if err == nil && g.Inf {
		return 0, &solver.InfiniteError{Pos: v.Brief(), Value: g}
	}
	return g.Nim, err
}

// Grundy returns the generalized normal-play value of a position or sum (Smith):
// finite values XOR; a part of value ∞K makes the sum infinite.
func (in *Interp) Grundy(ctx context.Context, v Value) (solver.Grundy, error) {
	parts, err := components(v)
	if err != nil {
		return solver.Grundy{}, err
	}
	x := solver.Finite(0)
	err = in.with(ctx, func() error {
		for _, p := range parts {
			y, err := in.solver.Grundy(ctx, solver.Pos(p.N))
			if err != nil {
				return err
			}
			x = x.Add(y)
		}
		return nil
	})
	return x, err
}

// Remoteness returns the remoteness of a position or sum (solver.Drawn for a draw).
func (in *Interp) Remoteness(ctx context.Context, v Value) (int, error) {
	var r int
	err := in.with(ctx, func() error {
		site := &callSite{c: &compiler{in: in}, name: "remoteness"}
		r = site.remoteness([]Value{v}, "remoteness")[0]
		return nil
	})
	return r, err
}

// Best lists the moves a perfect player picks from a position or sum, as best(G).
func (in *Interp) Best(ctx context.Context, v Value) ([]*Move, error) {
	var out []*Move
	err := in.with(ctx, func() error {
		site := &callSite{c: &compiler{in: in}, name: "best"}
		out = site.bestImpartial(v)
		return nil
	})
	return out, err
}

// Outcome reports whether a position or sum is a P-position in normal play (the
// player to move loses; in a loopy game, not a draw either). A single position of a game with a native outcome rule
// (such as Wythoff's game) is decided without computing its value.
func (in *Interp) Outcome(ctx context.Context, v Value) (isP bool, err error) {
	if isP, ok := nativeOutcome(v); ok {
		return isP, nil
	}
	g, err := in.Grundy(ctx, v)
	return g.Outcome() == 'P', err
}

// OutcomeClass is the normal-play outcome of a position or sum: 'P', 'N' or 'D'
// (a draw, in a loopy game), by a native outcome rule where the game has one.
func (in *Interp) OutcomeClass(ctx context.Context, v Value) (byte, error) {
	var o byte
	err := in.with(ctx, func() error {
		site := &callSite{c: &compiler{in: in}, name: "outcome"}
		o = site.outcomeClass(v, "outcome")
		return nil
	})
	return o, err
}

// MisereOutcome reports whether a position or sum is a P-position in misère play
// (the player who makes the last move loses), and which rule decided it: one of
// the MisereMethod values, such as MethodNim.
func (in *Interp) MisereOutcome(ctx context.Context, v Value) (isP bool, method MisereMethod, err error) {
	parts, err := components(v)
	if err != nil {
		return false, 0, err
	}
	var verdict solver.Verdict
	err = in.with(ctx, func() (err error) {
		verdict, err = in.decideMisere(ctx, v, parts)
		return err
	})
	return verdict.P, verdict.Method, err
}

// Winning lists the normal-play moves of a position or sum to a P-position, as
// winning(G) does: through the games' fast paths where they have them, so a
// position with billions of moves may still answer.
func (in *Interp) Winning(ctx context.Context, v Value) ([]*Move, error) {
	var out []*Move
	err := in.with(ctx, func() error {
		site := &callSite{c: &compiler{in: in}, name: "winning"}
		for _, m := range biWinning(site, []Value{v}).Seq() {
			out = append(out, m.R.(*Move))
		}
		return nil
	})
	return out, err
}

// Moves lists the labelled moves of a position or sum, as moves(G) does: in a
// sum, each move names the part it is made in. When some part has more than
// limit moves (Config.MaxOptions when limit <= 0), it stops with a *TooManyMovesError
// instead of listing them all.
func (in *Interp) Moves(ctx context.Context, v Value, limit int) ([]*Move, error) {
	parts, err := components(v)
	if err != nil {
		return nil, err
	}
	var out []*Move
	err = in.with(ctx, func() (err error) {
		out, err = in.sumMoves(v, parts, limit)
		return err
	})
	return out, err
}
