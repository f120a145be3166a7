package interp

import (
	"fmt"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/solver"
)

// A game whose moves never stop lowering an argument (T(n) -> T(n - s) with no
// `where s <= n`) never repeats a position and never ends: without a check it
// would fill memory up to the position limit. The solver asks Runaway along deep
// lines of play.

// runawayFloor is how far below 0 an argument must fall, from a query whose
// argument was not negative, to count as running away.
const runawayFloor = -1000

// Runaway implements solver.RunawayRules: p, reached from root, runs away when an
// integer argument that was not negative in root has fallen far below 0.
func (sr *solverRules) Runaway(root, p solver.Pos) error {
	in := (*Interp)(sr)
	r, e := in.entry(root), in.entry(p)
	if r.Game != e.Game || e.Game.nimber {
		return nil
	}
	g := e.Game
	for i, a := range e.Args {
		if a.K != KInt || r.Args[i].K != KInt {
			continue
		}
		if i < len(g.grows) && g.grows[i] != "" && a.N-r.Args[i].N > -runawayFloor {
			return fmt.Errorf("%s was reached from %s: the argument %s grows without end, so the game never ends (the move %s has no where condition)",
				in.describe(p), in.describe(root), g.Params[i], g.grows[i])
		}
		if r.Args[i].N < 0 || a.N > runawayFloor {
			continue
		}
		hint := "is a where condition missing?"
		if i < len(g.guards) && g.guards[i] != "" {
			hint = "is a `" + g.guards[i] + "` missing?"
		}
		return fmt.Errorf("%s was reached from %s: the argument %s fell below 0 and keeps falling, so the game never ends; %s",
			in.describe(p), in.describe(root), g.Params[i], hint)
	}
	return nil
}

// guessGuards records, for each parameter that a move's result lowers (a move to
// G(n - s) in game G(n)), the where condition that keeps it from going negative,
// and each parameter that a move without a where condition raises. A move with
// generators counts when they range over the same values from every position
// (move k in 1..2 -> G(n + k)): then a move that raised the parameter once can
// be made again and again.
func (c *compiler) guessGuards(g *Game, m *lang.Move) {
	if g.grows == nil {
		g.grows = make([]string, len(g.Params))
	}
	call, ok := m.Result.(*lang.Call)
	if !ok || len(call.Args) != len(g.Params) {
		return
	}
	if fn, ok := call.Fn.(*lang.Ident); !ok || fn.Name != g.Name {
		return
	}
	for i, arg := range call.Args {
		b, ok := arg.(*lang.Binary)
		if !ok {
			continue
		}
		id, ok := b.L.(*lang.Ident)
		if !ok || id.Name != g.Params[i] {
			continue
		}
		if b.Op == "+" && m.Where == nil && fixedGens(m.Gens) {
			start, end := m.Result.Span()
			if 0 <= start && start < end && end <= len(c.src) {
				g.grows[i] = "-> " + c.src[start:end]
			}
		}
		if b.Op == "-" && g.guards[i] == "" {
			if start, end := b.R.Span(); 0 <= start && start < end && end <= len(c.src) {
				g.guards[i] = "where " + c.src[start:end] + " <= " + id.Name
			}
		}
	}
}

// fixedGens reports whether generators range over the same values from every
// position: their ranges name no variable (no parameter, no other generator's
// variable), only constants and globals.
func fixedGens(gens []*lang.Gen) bool {
	fixed := true
	for _, g := range gens {
		lang.Walk(g.In, func(e lang.Expr) {
			if id, ok := e.(*lang.Ident); ok && id.Ref.Kind != lang.Global {
				fixed = false
			}
		})
	}
	return fixed
}
