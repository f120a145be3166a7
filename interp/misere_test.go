package interp_test

import (
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// The Anti-Nim rule: the first player wins misère Nim iff (every heap is at most 1
// and the nim-sum is 0) or (some heap is larger than 1 and the nim-sum is not 0).
func TestAntiNimRule(t *testing.T) {
	src := `check (outcome(Nim(a) + Nim(b) + Nim(c) + Nim(d), misere) == N) == ((max(a, b, c, d) <= 1 and a ^ b ^ c ^ d == 0) or (max(a, b, c, d) > 1 and a ^ b ^ c ^ d != 0)) for a in 0..7, b in 0..7, c in 0..7, d in 0..7 where a <= b and b <= c and c <= d`
	_, errs := run(t, src)
	if errs != "" {
		t.Fatal(errs)
	}
}

func TestMisereDefaultMode(t *testing.T) {
	in := newSession()
	in.Config.Mode = interp.MiserePlay
	v, err := evalIn(in, "outcome(Nim(1))")
	if err != nil || v != "P" {
		t.Fatalf("outcome(Nim(1)) with misère by default = %s, %v", v, err)
	}
	v, _ = evalIn(in, "outcome(Nim(1), normal)")
	if v != "N" {
		t.Errorf("an explicit normal mode wins over the default: %s", v)
	}
}
