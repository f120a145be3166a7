package native

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

func seq(t *testing.T, code string, n int) []int {
	t.Helper()
	g, err := Sequence(context.Background(), MustParseCode(code), n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPeriodKnown(t *testing.T) {
	cases := []struct {
		name string
		seq  []int
		want Periodicity
	}{
		{"Kayles to 2000", seq(t, "0.77", 2000), Periodicity{71, 12, 0}},
		{"Kayles to 150", seq(t, "0.77", 150), Periodicity{71, 12, 0}},
		{"Dawson's Kayles", seq(t, "0.07", 2000), Periodicity{53, 34, 0}},
		{"Dawson's chess", seq(t, "0.137", 2000), Periodicity{52, 34, 0}},
		{"Nim", seq(t, "0.[3]", 500), Periodicity{0, 1, 1}},
		{"Lasker's Nim", seq(t, "4.[3]", 500), Periodicity{1, 4, 4}},
		{"split in two", seq(t, "4.0", 500), Periodicity{1, 2, 0}},
		{"Bash m=3", []int{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, Periodicity{0, 4, 0}},
		{"constant", []int{5, 5}, Periodicity{0, 1, 0}},
		{"preperiod", []int{9, 1, 2, 1, 2, 1, 2}, Periodicity{1, 2, 0}},
		{"too short to see twice", []int{1, 2, 3, 1, 5}, Periodicity{}},
		{"falling", []int{9, 8, 7, 6}, Periodicity{0, 1, -1}},
		{"coincidence at the end", []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 9}, Periodicity{}},
		{"empty", nil, Periodicity{}},
		{"one", []int{4}, Periodicity{}},
		// Grundy's game is not known to be periodic.
		{"Grundy's game", seq(t, "4.0 unequal", 20000), Periodicity{}},
		// 0.16 is, but only from 105,351 with period 149,459.
		{"0.16 to 20000", seq(t, "0.16", 20000), Periodicity{}},
	}
	for _, c := range cases {
		if got := Period(c.seq); got != c.want {
			t.Errorf("%s: Period = %v, want %v", c.name, got, c.want)
		}
	}
	if s := (Periodicity{71, 12, 0}).String(); s != "preperiod 71, period 12" {
		t.Errorf("String = %q", s)
	}
	if s := (Periodicity{0, 1, 1}).String(); s != "preperiod 0, period 1, saltus 1" {
		t.Errorf("String = %q", s)
	}
	if s := (Periodicity{}).String(); s != "no period" || (Periodicity{}).Found() {
		t.Errorf("String = %q", s)
	}
}

// Long irregular sequences must report no period.
func TestPeriodRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, alphabet := range []int{2, 3, 8} {
		for _, n := range []int{100, 1000, 100000} {
			s := make([]int, n)
			for i := range s {
				s[i] = rng.IntN(alphabet)
			}
			if p := Period(s); p.Found() {
				t.Errorf("random sequence (alphabet %d, length %d): %v", alphabet, n, p)
			}
		}
	}
	// A random block repeated: found, with its own length as period.
	block := make([]int, 97)
	for i := range block {
		block[i] = rng.IntN(2)
	}
	pre := []int{5, 6, 7}
	s := append([]int{}, pre...)
	for range 5 {
		s = append(s, block...)
	}
	if p := Period(s); p != (Periodicity{3, 97, 0}) {
		t.Errorf("repeated block: %v", p)
	}
}

// Period agrees with a plain search over all (p, s) pairs on small inputs.
func TestPeriodMatchesPlainSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		n := rng.IntN(40)
		s := make([]int, n)
		for i := range s {
			switch rng.IntN(3) {
			case 0:
				s[i] = rng.IntN(3)
			default:
				if i >= 3 {
					s[i] = s[i-3] + rng.IntN(2)
				}
			}
		}
		if got, want := Period(s), plainPeriod(s); got != want {
			t.Fatalf("%v: Period %v, plain %v", s, got, want)
		}
	}
}

// plainPeriod tries every (s, p) in order of s+p, then p: the first that holds.
func plainPeriod(seq []int) Periodicity {
	L := len(seq)
	for total := 1; total <= 2*L; total++ {
		for p := 1; p <= total; p++ {
			s := total - p
			if L-s < 2*p || s > L-s {
				continue
			}
			d := seq[s+p] - seq[s]
			ok := true
			for n := s; n+p < L; n++ {
				ok = ok && seq[n+p]-seq[n] == d
			}
			if ok {
				return Periodicity{s, p, d}
			}
		}
	}
	return Periodicity{}
}

// Differences that overflow are no saltus: no wrapped arithmetic finds a pattern.
func TestPeriodOverflow(t *testing.T) {
	const lo, hi = math.MinInt64, math.MaxInt64
	for _, c := range []struct {
		seq  []int
		want Periodicity
	}{
		{[]int{0, lo, 0, lo}, Periodicity{0, 2, 0}},
		{[]int{lo, hi, lo, hi}, Periodicity{0, 2, 0}},
		{[]int{hi - 2, hi - 1, hi}, Periodicity{0, 1, 1}},
	} {
		if got := Period(c.seq); got != c.want {
			t.Errorf("%v: %v, want %v", c.seq, got, c.want)
		}
	}
}

// periodWithin agrees with Period whenever it finishes within its budget, and
// gives up on a sequence that repeats only past its middle, which costs Period
// about L²/p comparisons (the multiples of the period all match far back).
func TestPeriodWithinBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 2000 {
		L := 1 + rng.IntN(60)
		seq := make([]int, L)
		period := 1 + rng.IntN(5)
		pre := rng.IntN(L)
		for i := range seq {
			if i < pre || i < period {
				seq[i] = rng.IntN(4)
			} else {
				seq[i] = seq[i-period]
			}
		}
		if got, ok := periodWithin(seq, 4*L+64); ok && got != Period(seq) {
			t.Fatalf("%v: periodWithin %v, Period %v", seq, got, Period(seq))
		}
		if got, ok := periodWithin(seq, -1); !ok || got != Period(seq) {
			t.Fatalf("%v: unlimited periodWithin %v, %v", seq, got, ok)
		}
	}
	L := 100000
	seq := make([]int, L)
	for i := range seq {
		if i < 3*L/5 {
			seq[i] = rng.IntN(1000)
		} else {
			seq[i] = seq[i-7]
		}
	}
	if got, ok := periodWithin(seq, 4*L+64); ok || got != (Periodicity{}) {
		t.Errorf("a sequence periodic only past its middle: %v, %v; want to give up", got, ok)
	}
	if got := Period(seq); got != (Periodicity{}) {
		t.Errorf("Period of a sequence periodic only past its middle: %v", got)
	}
}
