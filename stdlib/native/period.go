package native

import "fmt"

// Periodicity describes an (arithmetically) periodic sequence: for every
// n >= Preperiod, g(n+Period) = g(n) + Saltus. Period 0 means no period.
type Periodicity struct {
	Preperiod int
	Period    int
	Saltus    int
}

// Found reports whether a period was found.
func (p Periodicity) Found() bool { return p.Period > 0 }

// String reads "preperiod 71, period 12", with ", saltus 1" when the saltus
// is not 0, or "no period".
func (p Periodicity) String() string {
	if p.Period == 0 {
		return "no period"
	}
	s := fmt.Sprintf("preperiod %d, period %d", p.Preperiod, p.Period)
	if p.Saltus != 0 {
		s += fmt.Sprintf(", saltus %d", p.Saltus)
	}
	return s
}

// Period finds the pattern of a finite sequence g(0..L-1), L = len(seq).
//
// A candidate is a period p >= 1 with a saltus d and a preperiod s such that
// g(n+p) = g(n) + d for all s <= n < L-p, where
//
//   - the periodic part g(s..L-1) holds at least two full periods: L-s >= 2p;
//   - the periodic part is at least as long as the preperiod: s <= L-s.
//
// For each p, d is g(L-1) - g(L-1-p) and s is the smallest that works. Period
// returns the candidate that describes the sequence most briefly, the smallest
// s+p, and of those the smallest p: 0..6 twice is period 7, not "preperiod 7,
// then period 1 with saltus 1". The second condition keeps a long irregular
// sequence from being reported periodic because of a short coincidence at its
// end: every accepted pattern is confirmed by at least L/4 comparisons. When no
// p qualifies, Period returns the zero Periodicity (Period 0).
//
// This is an observation about the given values, not a proof; see
// ProvePeriod for the proof that a take-and-break sequence stays periodic.
// Nim, 0, 1, 2, 3, ..., has preperiod 0, period 1 and saltus 1.
func Period(seq []int) Periodicity {
	p, _ := periodWithin(seq, -1)
	return p
}

// periodWithin is Period giving up, with false and the zero Periodicity,
// after about budget comparisons (none when budget < 0): a long sequence that
// is periodic only past its middle, as .354's first 14 million values are,
// costs Period about L²/p comparisons for the multiples of its period p.
func periodWithin(seq []int, budget int) (Periodicity, bool) {
	L := len(seq)
	var best Periodicity
	// A candidate with period p costs at least p, so none past the best can win.
	for p := 1; 2*p <= L && (best.Period == 0 || p < best.Preperiod+best.Period); p++ {
		d, ok := difference(seq[L-1], seq[L-1-p])
		if !ok {
			continue // no saltus fits: g(n+p) = g(n) + d needs d to be an integer
		}
		limit := min(L/2, L-2*p) // the largest allowed s
		n := L - p - 1
		for n >= 0 {
			if e, ok := difference(seq[n+p], seq[n]); !ok || e != d {
				break
			}
			n--
		}
		if s := n + 1; s <= limit && (best.Period == 0 || s+p < best.Preperiod+best.Period) {
			best = Periodicity{Preperiod: s, Period: p, Saltus: d}
		}
		if budget >= 0 {
			if budget -= L - p - n; budget < 0 {
				return Periodicity{}, false
			}
		}
	}
	return best, true
}

// difference returns a - b, with ok false when it overflows an int.
func difference(a, b int) (int, bool) {
	d := a - b
	return d, (d < a) == (b > 0)
}
