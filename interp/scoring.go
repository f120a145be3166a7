package interp

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/grundy-lang/grundy/internal/paged"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/search"
	"github.com/grundy-lang/grundy/solver"
)

// Scoring games: a move clause with score or again makes its game a scoring game,
// searched by the search package. A search state is a whole sum (the multiset of
// its component positions), since points add up and a sum of scoring games is no
// sum of values.

// gain is what one option of a scoring game earns.
type gain struct {
	points int64
	again  bool
}

// score compiles a move's score expression (nil when it has none): it must give
// an integer.
func (c *compiler) score(e lang.Expr) evalFn {
	if e == nil {
		return nil
	}
	f, pos := c.expr(e), e.Start()
	return func(fr *Frame) Value {
		v := f(fr)
		if v.K != KInt {
			c.fail(pos, "a move's score must be an integer, but this is %s %s", v.K, v.Repr())
		}
		return v
	}
}

// IsScoring reports whether g is a scoring game (a move clause has score or again).
func (g *Game) IsScoring() bool { return g.scoring }

// IsScoring reports whether v is a position or sum with a part of a scoring game.
func IsScoring(v Value) bool {
	parts, _ := Components(v)
	for _, p := range parts {
		if p.Pos().Game.scoring {
			return true
		}
	}
	return false
}

// notNormalPlay says why a scoring game has no Sprague-Grundy value, winning moves
// or misère form.
func notNormalPlay(g *Game, what string) string {
	return fmt.Sprintf("%s is a position of the scoring game %s (its moves score points or move again): it is played for points, not for the last move, so it has no Sprague-Grundy value, winning moves or misère play; ask score(G), best(G) or outcome(G)", what, g.Name)
}

// scoreRules implements search.Rules: it interns sums to search states and lists
// their moves through the games' move clauses. The state of one position p is
// 2p, read off without a table (a child of a searched state is one position
// far more often than not); the state of any other sum is 2k + 1, its number k
// in the table of sums.
type scoreRules struct {
	in       *Interp
	searcher *search.Searcher // the session's table, which lasts like the memo
	// The components of every sum, sorted, in blocks that are never copied:
	// sum k's are blocks[spans[k].block][start : start+n]. Only the blocks and
	// the pages are pointers, so the garbage collector has little to look at.
	blocks [][]solver.Pos
	spans  paged.Array[stateSpan]
	states int // the sums made
	held   int // the components the blocks can hold
	sums   map[string]search.State
	key    []byte
	bufs   []*expandBuf // one per nested expansion
	depth  int
	grown  int64 // bytes of states made since the memory was last looked at
}

// stateBytes is about what a new state of n components holds: its components
// and its key in sums.
func stateBytes(n int) int64 { return int64(n)*12 + 64 }

// expandBuf holds one component's options while a state's moves are listed.
type expandBuf struct {
	opts  solver.Options
	gains []gain
	comps []solver.Pos
	one   [1]solver.Pos // the state's position, when it is one
}

// scoreRulesOf returns the session's scoring search, made on first use.
func (in *Interp) scoreRulesOf() *scoreRules {
	if in.scores == nil {
		in.scores = &scoreRules{in: in, sums: map[string]search.State{}}
		in.scores.searcher = search.New(in.scores, search.Table, &in.Config.Budget)
	}
	return in.scores
}

// bytes estimates the memory of the interned states and the search's table.
func (r *scoreRules) bytes() int {
	return r.searcher.Bytes() + r.spans.Bytes() + r.held*4 + len(r.sums)*48
}

// clearScores forgets every searched value (a game was redefined).
func (in *Interp) clearScores() {
	if in.scores != nil {
		in.scores.searcher.Clear()
	}
}

// state interns the sum of comps (in any order; *0 parts are dropped).
func (r *scoreRules) state(comps []solver.Pos) search.State {
	if len(comps) == 1 && !r.isZero(comps[0]) && comps[0] < maxSingle {
		return search.State(2 * comps[0])
	}
	comps = slices.DeleteFunc(comps, r.isZero)
	if len(comps) == 1 && comps[0] < maxSingle {
		return search.State(2 * comps[0])
	}
	slices.Sort(comps)
	r.key = r.key[:0]
	for _, c := range comps {
		r.key = binary.AppendUvarint(r.key, uint64(c))
	}
	if st, ok := r.sums[string(r.key)]; ok {
		return st
	}
	st := r.newState(comps)
	r.sums[string(r.key)] = st
	return st
}

// maxSingle bounds the positions whose state is 2p, which must be a State.
const maxSingle = 1 << 30

// isZero reports whether p is the nimber *0, which a sum drops.
func (r *scoreRules) isZero(p solver.Pos) bool {
	dense := r.in.nimberGame.dense
	return len(dense) > 0 && dense[0] != 0 && p == solver.Pos(dense[0]-1)
}

func (r *scoreRules) newState(comps []solver.Pos) search.State {
	r.grown += stateBytes(len(comps))
	last := len(r.blocks) - 1
	if last < 0 || len(r.blocks[last])+len(comps) > cap(r.blocks[last]) {
		n := 64 // the first blocks smaller, doubling
		if last >= 0 {
			n = min(stateBlock, 2*cap(r.blocks[last]))
		}
		n = max(n, len(comps))
		r.blocks = append(r.blocks, make([]solver.Pos, 0, n))
		r.held += n
		last++
	}
	b := &r.blocks[last]
	_ = r.spans.Grow(r.states, nil) // counted by stateBytes
	*r.spans.At(r.states) = stateSpan{block: int32(last), start: int32(len(*b)), n: int32(len(comps))}
	*b = append(*b, comps...)
	r.states++
	return search.State(2*(r.states-1) + 1)
}

// stateSpan is where a state's components lie (see scoreRules.blocks).
type stateSpan struct{ block, start, n int32 }

// stateBlock is how many components a block holds once the first blocks have
// doubled to it (more for a bigger state).
const stateBlock = 4096

// comps are the components of st; one holds the position of a state of one.
func (r *scoreRules) comps(st search.State, one *[1]solver.Pos) []solver.Pos {
	if st%2 == 0 {
		one[0] = solver.Pos(st / 2)
		return one[:]
	}
	sp := *r.spans.At(int(st / 2))
	return r.blocks[sp.block][sp.start : sp.start+sp.n : sp.start+sp.n]
}

// stateOf interns a position or sum value.
func (r *scoreRules) stateOf(v Value) search.State {
	parts, _ := Components(v)
	comps := make([]solver.Pos, len(parts))
	for i, p := range parts {
		comps[i] = solver.Pos(p.N)
	}
	return r.state(comps)
}

// Moves implements search.Rules: a move of a sum is a move of one of its parts.
func (r *scoreRules) Moves(st search.State, out []search.Move) ([]search.Move, error) {
	if r.depth == len(r.bufs) {
		r.bufs = append(r.bufs, &expandBuf{})
	}
	b := r.bufs[r.depth]
	r.depth++
	defer func() { r.depth-- }()
	comps := r.comps(st, &b.one)
	for i, c := range comps {
		if i > 0 && c == comps[i-1] {
			continue // the same moves again
		}
		b.opts.Reset()
		b.gains = b.gains[:0]
		gains := &b.gains
		if !r.in.pos.game(c).scoring {
			gains = nil // its moves earn nothing
		}
		if err := r.in.expand(c, &b.opts, gains); err != nil {
			return nil, err
		}
		for j := range b.opts.Len() {
			oc, nim := b.opts.Option(j)
			if len(comps) == 1 && nim == 0 {
				b.comps = append(b.comps[:0], oc...) // a position to positions
			} else {
				b.comps = append(append(append(b.comps[:0], comps[:i]...), comps[i+1:]...), oc...)
				if nim != 0 {
					b.comps = append(b.comps, solver.Pos(r.in.nimber(nim).N))
				}
			}
			var g gain
			if gains != nil {
				g = b.gains[j]
			}
			out = append(out, search.Move{To: r.state(b.comps), Gain: g.points, Again: g.again})
			// Sums that grow make big states: look at the memory every
			// megabyte of them, not only every thousand searched.
			if r.grown >= 1<<20 {
				r.grown = 0
				if err := r.in.Config.Memory(0); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// Runaway implements search.RunawayRules: st, reached from root, runs away when
// one of its parts runs away from a part of root of the same game (see
// solverRules.Runaway).
func (r *scoreRules) Runaway(root, st search.State) error {
	var one, rootOne [1]solver.Pos
	for _, c := range r.comps(st, &one) {
		for _, rc := range r.comps(root, &rootOne) {
			if err := (*solverRules)(r.in).Runaway(rc, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// Describe implements search.Rules.
func (r *scoreRules) Describe(st search.State) string {
	var one [1]solver.Pos
	comps := r.comps(st, &one)
	parts := make([]Value, len(comps))
	for i, c := range comps {
		parts[i] = Value{K: KPos, N: int64(c), R: r.in.entry(c)}
	}
	switch len(parts) {
	case 0:
		return "*0"
	case 1:
		return parts[0].Brief()
	}
	return Sum(parts...).Brief()
}

// ScoredMove is a move of a scoring game with its value for the player who makes
// it: its gain, plus (after again) or minus the value of where it leads.
type ScoredMove struct {
	*Move
	Next  int64 // the value of the position it leads to, for the player to move there
	Value int64
}

// scoredMoves is the core of ScoredMoves: the moves of a position or sum with
// their values, and the value of v itself (the best of them, 0 when there is none).
func (in *Interp) scoredMoves(v Value, fn string) (moves []ScoredMove, value int64, err error) {
	ms, err := in.moves(v, fn, 0)
	if err != nil {
		return nil, 0, err
	}
	r := in.scoreRulesOf()
	for i, m := range ms {
		next, err := r.searcher.Value(in.run.ctx, r.stateOf(m.To))
		if err != nil {
			return nil, 0, err
		}
		sm := ScoredMove{Move: m, Next: next, Value: m.Gain - next}
		if m.Again {
			sm.Value = m.Gain + next
		}
		if i == 0 || sm.Value > value {
			value = sm.Value
		}
		moves = append(moves, sm)
	}
	return moves, value, nil
}

// ScoredMoves lists the moves of a position or sum with their values, and the
// value of v itself (the best of them, 0 when there is none): of a scoring game,
// what score(G) is and what best(G) picks from.
func (in *Interp) ScoredMoves(ctx context.Context, v Value) (moves []ScoredMove, value int64, err error) {
	err = in.runUnder(ctx, func() (err error) {
		moves, value, err = in.scoredMoves(v, "best")
		return err
	})
	return moves, value, err
}

// scoring builtins: score(G), the scoring branch of best(G) and outcome(G), and
// search(G, method) for teaching.

func biScore(s *callSite, args []Value) Value {
	x, err := s.c.in.score(args[0])
	s.check(err)
	return Int(x)
}

// score is the core of score(G): the best final difference of points for the
// player to move in a scoring game.
func (in *Interp) score(v Value) (int64, error) {
	if _, err := gameParts(v, "score"); err != nil {
		return 0, err
	}
	return in.scoreQuery(func(ctx context.Context, r *scoreRules) (int64, error) {
		return r.searcher.Value(ctx, r.stateOf(v))
	})
}

// scoreQuery runs a search of the session's table as a query.
func (in *Interp) scoreQuery(run func(context.Context, *scoreRules) (int64, error)) (int64, error) {
	if err := in.enterQuery(); err != nil {
		return 0, err
	}
	defer in.leaveQuery()
	return run(in.run.ctx, in.scoreRulesOf())
}

// scoringOutcome is the core of outcome(G) of a scoring game: N, P or D by the
// sign of its score, found by a search that asks only for the sign.
func (in *Interp) scoringOutcome(v Value) (Value, error) {
	sign, err := in.scoreQuery(func(ctx context.Context, r *scoreRules) (int64, error) {
		sign, err := r.searcher.Sign(ctx, r.stateOf(v))
		return int64(sign), err
	})
	switch {
	case err != nil:
		return Value{}, err
	case sign > 0:
		return OutcomeN, nil
	case sign < 0:
		return OutcomeP, nil
	}
	return OutcomeD, nil
}

// scoringBest is the core of best(G) of a scoring game: the moves that achieve
// its score.
func (in *Interp) scoringBest(v Value) ([]*Move, error) {
	ms, value, err := in.scoredMoves(v, "best")
	if err != nil {
		return nil, err
	}
	var out []*Move
	for _, m := range ms {
		if m.Value == value {
			out = append(out, m.Move)
		}
	}
	return out, nil
}

// notScoring is the error of fn, a query of normal play, when v has a part of
// a scoring game.
func (in *Interp) notScoring(v Value, fn string) error {
	parts, _ := Components(v)
	for _, p := range parts {
		if g := p.Pos().Game; g.scoring {
			return fmt.Errorf("%s: %s", fn, notNormalPlay(g, p.Brief()))
		}
	}
	return nil
}

// notScoring fails when v has a part of a scoring game, for queries of normal play.
func (s *callSite) notScoring(v Value, fn string) { s.check(s.c.in.notScoring(v, fn)) }

// searchFields are the fields of the record search(G) returns.
var searchFields = []string{"value", "method", "nodes", "cutoffs", "hits", "positions"}

// biSearch searches G from nothing with a fresh table, by the method named
// ("table" by default, "alphabeta" or "minimax"), and reports the work done.
func biSearch(s *callSite, args []Value) Value {
	s.components(args[0], "search")
	method := search.Table
	if len(args) > 1 {
		m, ok := search.ParseMethod(args[1].String())
		if args[1].K != KStr || !ok {
			s.fail("search: the method must be \"table\", \"alphabeta\" or \"minimax\", not %s", args[1].Repr())
		}
		method = m
	}
	var stats search.Stats
	value, err := s.c.in.scoreQuery(func(ctx context.Context, r *scoreRules) (int64, error) {
		fresh := search.New(r, method, r.searcher.Config)
		v, err := fresh.Value(ctx, r.stateOf(args[0]))
		stats = fresh.Stats
		return v, err
	})
	s.check(err)
	return NewRecord(searchFields, []Value{Int(value), Str(method.String()), Int(int64(stats.Nodes)),
		Int(int64(stats.Cutoffs)), Int(int64(stats.TableHits)), Int(int64(stats.Positions))}, make([]bool, len(searchFields)))
}

// ScoreStats reports the work of the session's scoring searches so far.
func (in *Interp) ScoreStats() search.Stats {
	if in.scores == nil {
		return search.Stats{}
	}
	return in.scores.searcher.Stats
}
