package interp_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// Two sessions with different limits, running at once in one process, each
// keep their own: a limit is configuration of a session, not of the package.
func TestSessionsKeepTheirOwnLimits(t *testing.T) {
	const src = `game N(n) { move k in 1..n -> N(n - k) }
print sg(N(5000))
print len([x for x in 0..5000])
`
	small, large := interp.New(), interp.New()
	small.Config.MaxOptions = 1000
	small.Config.MaxElems = 1000
	small.Config.PositionsHint = "ask the small session's owner"
	var wg sync.WaitGroup
	errs := make([]error, 2)
	outs := make([]strings.Builder, 2)
	for i, in := range []*interp.Interp{small, large} {
		in.Out = &outs[i]
		wg.Go(func() { errs[i] = in.Run(context.Background(), "t.game", src) })
	}
	wg.Wait()
	if errs[0] == nil || !strings.Contains(errs[0].Error(), "options limit (1000)") {
		t.Errorf("the small session: got %v, want the options limit", errs[0])
	}
	if errs[1] != nil || outs[1].String() != "5000\n5001\n" {
		t.Errorf("the default session: got %q, %v; want 5000 and 5001", outs[1].String(), errs[1])
	}
	small.Config.MaxOptions = interp.DefaultMaxOptions
	err := small.Run(context.Background(), "t.game", src)
	if err == nil || !strings.Contains(err.Error(), "more than 1000 elements") {
		t.Errorf("the small session's element bound: got %v", err)
	}
	small.Config.MaxPositions = 10
	err = small.Run(context.Background(), "t.game", "game C(n) { move where n > 0 -> C(n - 1) }\nprint sg(C(100))")
	if err == nil || !strings.HasSuffix(err.Error(), "ask the small session's owner") {
		t.Errorf("the small session's position limit and hint: got %v", err)
	}
}
