//go:build unix

package main

import (
	"testing"
	"time"
)

// A ratio pairs each run with the baseline's run taken next to it, also after
// the medians are read: median must not reorder the runs.
func TestPairRatiosKeepTurns(t *testing.T) {
	s := func(n int) measure { return measure{cpu: time.Duration(n) * time.Second} }
	ms, ps := []measure{s(2), s(6), s(4)}, []measure{s(3), s(1), s(2)}
	if m := median(ms); m.cpu != 4*time.Second {
		t.Errorf("median %v, want 4s", m.cpu)
	}
	median(ps)
	whole := func(m measure) time.Duration { return m.cpu }
	if got, want := pairRatios(ms, ps, whole, whole), "2.00x (0.67-6.00)"; got != want {
		t.Errorf("pairRatios = %q, want %q", got, want)
	}
}
