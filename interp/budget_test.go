package interp_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/stdlib"
)

// Every engine charges --max-positions through the same budget and stops
// with the same message: the solver's walk, the loopy labelling, the misère
// search, remoteness and the scoring search.
func TestOnePositionsLimitForEveryEngine(t *testing.T) {
	const defs = `
game K(n) { move k in 1..2, i in 0..n-k -> K(i) + K(n - k - i) }
game Walk(n) {
  move down where n > 0 -> Walk(n - 1)
  move up where n < 100000 -> Walk(n + 1)
}
game Coins(n) { move where n > 0 score 1 -> Coins(n - 1) + Coins(n - 1) }
`
	for _, c := range []struct{ engine, query string }{
		{"solver", "sg(K(500))"},
		{"loopy labelling", "sg(Walk(1))"},
		{"misère search", "outcome(K(12) + K(13) + K(14) + K(15), misere)"},
		{"remoteness", "remoteness(K(8) + K(9) + K(10))"},
		{"scoring search", "score(Coins(30))"},
	} {
		t.Run(c.engine, func(t *testing.T) {
			in := stdlib.New()
			if err := in.Run(context.Background(), "defs", defs); err != nil {
				t.Fatal(err)
			}
			in.Config.MaxPositions, in.Config.PositionsHint = 200, "raise it with --max-positions"
			_, err := in.Eval(context.Background(), "query", c.query)
			// The misère search may say, before the hint, that its atoms and
			// options passed their share of the limit.
			const limit, hint = "stopped: the positions limit (200) was reached; ", "raise it with --max-positions"
			if err == nil || !strings.Contains(err.Error(), limit) || !strings.HasSuffix(err.Error(), hint) {
				t.Fatalf("%s: %v, want %q ... %q", c.query, err, limit, hint)
			}
			// The located error still says which limit stopped the run.
			if le, ok := errors.AsType[*budget.LimitError](err); !ok || le.Limit != "positions" || le.Value != 200 {
				t.Errorf("%s: the error %T does not carry the positions limit: %v", c.query, err, le)
			}
		})
	}
}
