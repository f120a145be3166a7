package teach

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// TestNewSession checks the full session: the library loaded, the
// configuration given and the teaching built-ins registered.
func TestNewSession(t *testing.T) {
	cfg := interp.DefaultConfig()
	cfg.MaxPositions, cfg.PositionsHint = 50, "raise it here"
	cfg.Mode = interp.MiserePlay
	in := NewSession(cfg)
	if in.Config.MaxPositions != 50 || in.Config.Mode != interp.MiserePlay || in.Config.MaxOptions != interp.DefaultMaxOptions {
		t.Errorf("config not applied: %+v", in.Config)
	}
	ctx := context.Background()
	v, err := in.Eval(ctx, "t", "outcome(Nim(1))") // misère play: the last mover loses
	if err != nil || v.String() != "P" {
		t.Errorf("outcome(Nim(1)) = %v, %v; want P in misère play", v, err)
	}
	if v, err := in.Eval(ctx, "t", "explain(Kayles(3))"); err != nil || !strings.Contains(v.Str(), "Kayles(3)") {
		t.Errorf("explain(Kayles(3)) = %v, %v", v, err)
	}
	if _, err := in.Eval(ctx, "t", "sg(Kayles(200))"); err == nil || !strings.Contains(err.Error(), "raise it here") {
		t.Errorf("sg(Kayles(200)) = %v; want the positions limit with its hint", err)
	}
}
