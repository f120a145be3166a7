package interp

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// The game queries have one door each: a core, an unexported method of Interp
// that answers under the context of the run in progress (in.run.ctx) and
// returns an error where the answer cannot be given (a value that is not a
// game, a limit, a loop). The language's built-in (sg, outcome, ...) calls the
// core and raises its error at the call (callSite.raise, or raiseMoves, which
// names the built-in when a position has too many moves to list); the exported
// method below (SG, Outcome, ...) runs the same core as a run of its own under
// its ctx (runUnder) and returns the error as it is. A runtime error in a
// game's own code still panics inside a core, as it does everywhere in the
// evaluator: the built-in lets it go up to the statement, and runUnder turns it
// into the method's error.
//
//	query                   core                      built-in                         Go API
//	normal-play value       grundyOf                  sg(G)                            SG, Grundy
//	normal-play outcome     outcomeClass              outcome(G)                       Outcome, OutcomeClass
//	winning moves           winning                   winning(G)                       Winning
//	moves                   moves                     moves(G), options(G)             Moves
//	best moves              bestImpartial             best(G)                          Best
//	remoteness              remoteness                remoteness(G)                    Remoteness
//	misère outcome          misereVerdict             outcome(G, misere)               MisereOutcome
//	misère value            misereValue               sg(G, misere)                    -
//	misère winning moves    misereWinning             winning(G, misere)               -
//	genus, tameness         genus, tame               genus(G), tame(G)                -
//	score                   score                     score(G)                         -
//	scoring outcome         scoringOutcome            outcome(G)                       -
//	scored moves, best      scoredMoves, scoringBest  best(G)                          ScoredMoves
//	canonical form          gameValue                 value(G)                         GameValue
//	partizan outcome        partizanOutcome           outcome(G)                       -
//	one player's moves      sideMoves                 leftoptions(G), rightoptions(G)  SideMoves
//	partizan winning moves  partizanWinning           winning(G, L), winning(G, R)     -
//
// The cores of normal play are in this file; bestImpartial and remoteness in
// best.go, the misère ones in misere.go, the scoring ones in scoring.go, the
// partizan ones in partizan.go. The built-ins check their arguments (the play
// mode, L or R, a kind of game a query is not for) and pick the core.
//
// The exported methods may be called from a built-in written in Go (see
// Define) while an evaluation is in progress, with the context the built-in
// was given: the query is a run nested in the evaluation's, which is intact
// when it returns (see run).

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

// gameParts returns the parts of a position or sum, or an error saying that fn
// needs one.
func gameParts(v Value, fn string) ([]Value, error) {
	if parts, ok := Components(v); ok {
		return parts, nil
	}
	return nil, fmt.Errorf("%s needs a game position or a sum of positions, but got %s %s", fn, v.K, v.Repr())
}

// enterQuery counts a query made while an evaluation may be in progress (an sg
// in a where clause nests one level per position solved), failing past
// maxDepth, uncounted again; leaveQuery, deferred after it succeeds, uncounts it.
func (in *Interp) enterQuery() error {
	r := in.run
	r.queries++
	if r.depth++; r.depth > maxDepth {
		err := in.tooDeep()
		in.leaveQuery()
		return err
	}
	return nil
}

func (in *Interp) leaveQuery() { in.run.depth--; in.run.queries-- }

// tooDeep is the error of an evaluation nested more than maxDepth calls deep,
// saying when the nesting comes from sg queries made while solving positions,
// the usual cause. The counters stay as they are: each level uncounts itself
// as the failure unwinds it.
func (in *Interp) tooDeep() error {
	queries := in.run.queries
	if queries > maxDepth/4 { // each query also counts the call that made it
		return fmt.Errorf("recursion is too deep (more than %d nested calls, %d of them queries such as sg made while solving a position: a where clause that asks the value of the next position nests one level per position)", maxDepth, queries)
	}
	return fmt.Errorf("recursion is too deep (more than %d nested calls)", maxDepth)
}

// positionValue is the generalized normal-play value of one position.
func (in *Interp) positionValue(p Value) (solver.Grundy, error) {
	if err := in.enterQuery(); err != nil {
		return solver.Grundy{}, err
	}
	defer in.leaveQuery()
	return in.solver.Grundy(in.run.ctx, solver.Pos(p.N))
}

// knownByArgument is the value of a position of one integer argument n when
// the game's copy of the memo by argument (see noteValue) has it: the memo
// itself is by position id, which a loopy game's exploration hands out in no
// order related to n, so that asking sg(G(n)) for n = 0, 1, 2, ... reads it
// at random, and this copy in order. It counts as a hit of the memo.
func (in *Interp) knownByArgument(v Value) (int64, bool) {
	e := v.R.(*PosEntry)
	g := e.Game
	if in.Config.Plain || g.canon != nil || len(e.Args) != 1 || e.Args[0].K != KInt {
		return 0, false
	}
	n := e.Args[0].N
	if n < 0 || n >= int64(len(g.values)) || g.values[n] < 0 {
		return 0, false
	}
	in.solver.CountHits(1)
	return int64(g.values[n]), true
}

// grundyOf is the core of sg(G) in normal play: the generalized value of a
// position or sum (Smith's rules add the parts).
func (in *Interp) grundyOf(v Value, fn string) (solver.Grundy, error) {
	if v.K == KPos {
		if x, ok := in.knownByArgument(v); ok {
			return solver.Finite(x), nil
		}
		return in.positionValue(v) // a position alone: no list of parts made
	}
	parts, err := gameParts(v, fn)
	if err != nil {
		return solver.Grundy{}, err
	}
	x := solver.Finite(0)
	for _, p := range parts {
		y, err := in.positionValue(p)
		if err != nil {
			return solver.Grundy{}, err
		}
		x = x.Add(y)
	}
	return x, nil
}

// outcomeClass is the core of outcome(G) in normal play: 'P', 'N' or 'D', by
// the game's native outcome rule where it has one.
func (in *Interp) outcomeClass(v Value, fn string) (byte, error) {
	if isP, ok := in.nativeOutcome(v); ok {
		return outcomeValue(isP).String()[0], nil
	}
	g, err := in.grundyOf(v, fn)
	if err != nil {
		return 0, err
	}
	return g.Outcome(), nil
}

// moves is the core of moves(G) and options(G): the labelled moves of a
// position or sum, each naming the part it is made in; past limit moves of a
// part (Config.MaxOptions when limit <= 0), a *TooManyMovesError.
func (in *Interp) moves(v Value, fn string, limit int) ([]*Move, error) {
	parts, err := gameParts(v, fn)
	if err != nil {
		return nil, err
	}
	return in.sumMoves(v, parts, limit)
}

// winning is the core of winning(G) in normal play: the moves of an impartial
// position or sum to a P-position, through the games' fast paths where they
// have them, so that a position with billions of moves may still answer.
func (in *Interp) winning(v Value) ([]*Move, error) {
	if err := in.notScoring(v, "winning"); err != nil {
		return nil, err
	}
	if hasPartizanPart(v) {
		return nil, errors.New("winning of a partizan game needs the player who moves first: winning(G, L) for Left's winning moves, winning(G, R) for Right's")
	}
	parts, err := gameParts(v, "winning")
	if err != nil {
		return nil, err
	}
	if isP, ok := in.nativeOutcome(v); ok {
		// A single position whose game knows its P-positions but not its values.
		if isP {
			return nil, nil
		}
		ms, err := in.movesTo(parts[0], 0)
		return placeAll(v, parts, 0, ms), err
	}
	var total int64
	vals := make([]int64, len(parts))
	for i, p := range parts {
		g, err := in.positionValue(p)
		if err != nil {
			return nil, err
		}
		if g.Inf {
			return in.movesToP(v, "winning")
		}
		vals[i] = g.Nim
		total ^= vals[i]
	}
	if total == 0 {
		return nil, nil
	}
	// A winning move takes one component to the value that makes the nim-sum 0.
	return in.partsMoves(v, parts, func(i int, p Value) ([]*Move, error) { return in.movesTo(p, vals[i]^total) })
}

// movesTo lists the moves of the position p that take it to an option of value
// target: by the game's fast path when it has one, otherwise by going through its
// moves, listing only those (so a part with millions of moves, few of them
// winning, still answers).
func (in *Interp) movesTo(p Value, target int64) ([]*Move, error) {
	if ms, ok := in.nativeMovesTo(p, target); ok {
		return ms, nil
	}
	return in.positionMovesWhere(p, lang.Both, 0, func(to Value) (bool, error) { return in.hasValue(to, target) })
}

// hasValue reports whether the position or sum v has value target, asking a
// native outcome when target is 0 and the game has one.
func (in *Interp) hasValue(v Value, target int64) (bool, error) {
	if target == 0 {
		if isP, ok := in.nativeOutcome(v); ok {
			return isP, nil
		}
	}
	g, err := in.grundyOf(v, "winning")
	return g.Equal(solver.Finite(target)), err
}

// The Go API: each method runs its query's core under ctx.

// SG returns the normal-play Sprague-Grundy value of a position or sum: the XOR
// of the values of its parts, as sg(G). A loopy position or sum whose generalized
// value is infinite gives a *solver.InfiniteError: see Grundy.
func (in *Interp) SG(ctx context.Context, v Value) (int64, error) {
	g, err := in.Grundy(ctx, v)
	if err == nil && g.Inf {
		return 0, &solver.InfiniteError{Pos: v.Brief(), Value: g}
	}
	return g.Nim, err
}

// Grundy returns the generalized normal-play value of a position or sum (Smith),
// as sg(G): finite values XOR; a part of value ∞K makes the sum infinite.
func (in *Interp) Grundy(ctx context.Context, v Value) (g solver.Grundy, err error) {
	err = in.runUnder(ctx, func() (err error) {
		g, err = in.grundyOf(v, "sg")
		return err
	})
	return g, err
}

// Remoteness returns the remoteness of a position or sum (solver.Drawn for a
// draw), as remoteness(G).
func (in *Interp) Remoteness(ctx context.Context, v Value) (r int, err error) {
	err = in.runUnder(ctx, func() error {
		rs, err := in.remoteness([]Value{v}, "remoteness")
		if err == nil {
			r = rs[0]
		}
		return err
	})
	return r, err
}

// Best lists the moves a perfect player picks from a position or sum of an
// impartial game, as best(G) (ScoredMoves answers scoring games).
func (in *Interp) Best(ctx context.Context, v Value) (out []*Move, err error) {
	err = in.runUnder(ctx, func() (err error) {
		out, err = in.bestImpartial(v)
		return err
	})
	return out, err
}

// Outcome reports whether a position or sum is a P-position in normal play (the
// player to move loses; in a loopy game, not a draw either), as outcome(G) == P.
// A single position of a game with a native outcome rule (such as Wythoff's
// game) is decided without computing its value.
func (in *Interp) Outcome(ctx context.Context, v Value) (isP bool, err error) {
	o, err := in.OutcomeClass(ctx, v)
	return o == 'P', err
}

// OutcomeClass is the normal-play outcome of a position or sum, as outcome(G):
// 'P', 'N' or 'D' (a draw, in a loopy game), by a native outcome rule where the
// game has one.
func (in *Interp) OutcomeClass(ctx context.Context, v Value) (o byte, err error) {
	err = in.runUnder(ctx, func() (err error) {
		o, err = in.outcomeClass(v, "outcome")
		return err
	})
	return o, err
}

// MisereOutcome reports whether a position or sum is a P-position in misère play
// (the player who makes the last move loses), as outcome(G, misere) == P, and
// which rule decided it: one of the MisereMethod values, such as MethodNim.
func (in *Interp) MisereOutcome(ctx context.Context, v Value) (isP bool, method MisereMethod, err error) {
	var verdict solver.Verdict
	err = in.runUnder(ctx, func() (err error) {
		verdict, err = in.misereVerdict(v, "outcome")
		return err
	})
	return verdict.P, verdict.Method, err
}

// Winning lists the normal-play moves of a position or sum to a P-position, as
// winning(G) does in normal play: through the games' fast paths where they have
// them, so a position with billions of moves may still answer.
func (in *Interp) Winning(ctx context.Context, v Value) (out []*Move, err error) {
	err = in.runUnder(ctx, func() (err error) {
		out, err = in.winning(v)
		return err
	})
	return out, err
}

// Moves lists the labelled moves of a position or sum, as moves(G) does: in a
// sum, each move names the part it is made in. When some part has more than
// limit moves (Config.MaxOptions when limit <= 0), it stops with a *TooManyMovesError
// instead of listing them all.
func (in *Interp) Moves(ctx context.Context, v Value, limit int) (out []*Move, err error) {
	err = in.runUnder(ctx, func() (err error) {
		out, err = in.moves(v, "moves", limit)
		return err
	})
	return out, err
}
