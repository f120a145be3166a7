package cgt

import (
	"strconv"
	"strings"
	"testing"
)

// hotSum is the sum of {2n || n | 0} for n = 1..k: its canonical form doubles in
// size with each part.
func hotSum(t *testing.T, s *Space, k int) Game {
	t.Helper()
	sum := s.Zero()
	for n := 1; n <= k; n++ {
		g, err := s.Parse("{" + strconv.Itoa(2*n) + "||" + strconv.Itoa(n) + "|0}")
		if err != nil {
			t.Fatal(err)
		}
		sum = s.Add(sum, g)
	}
	return sum
}

// TestInterruptStopsWork: the interrupt is called while a long sum is made, and
// its panic stops the work.
func TestInterruptStopsWork(t *testing.T) {
	s := NewSpace()
	type stop struct{}
	calls := 0
	s.SetInterrupt(func() {
		if calls++; calls == 3 {
			panic(stop{})
		}
	})
	defer func() {
		if _, ok := recover().(stop); !ok || calls != 3 {
			t.Errorf("the work was not stopped by the interrupt (%d calls)", calls)
		}
	}()
	hotSum(t, s, 20)
	t.Fatal("a sum of 20 hot games finished without calling the interrupt 3 times")
}

// TestTextIsBounded: a form whose text would be far longer than MaxText is cut
// there, with "…".
func TestTextIsBounded(t *testing.T) {
	text := hotSum(t, NewSpace(), 12).String()
	if len(text) > MaxText+1000 || !strings.Contains(text, "…") {
		t.Errorf("text of %d bytes, want at most about %d with a …", len(text), MaxText)
	}
	if small := hotSum(t, NewSpace(), 2).String(); strings.Contains(small, "…") {
		t.Errorf("a short form was cut: %s", small)
	}
}
