package native

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// PeriodProof is the result of [ProvePeriod].
type PeriodProof struct {
	// Proved is true when the sequence is proved periodic forever.
	Proved bool
	// Periodicity is the proved pattern (smallest period, then smallest
	// preperiod; Saltus is always 0). Zero when not proved.
	Periodicity Periodicity
	// CheckedTo is the largest n whose value g(n) was computed and checked.
	CheckedTo int
	// Stopped names the limit that stopped the computation before a proof:
	// "heaps", "work" or "time" (see ProofLimits), or "" when none did.
	Stopped string
	// Needed is the largest n the theorem needed for the proved pattern:
	// H*(max(s,1)+p)+t-1 (see ProvePeriod). Zero when not proved.
	Needed int
	// Reason says why the theorem does not apply, or "" when it does.
	Reason string
	// Observed is the pattern of the values computed, g(0..CheckedTo), when
	// no period is proved (see [Period]): an observation, which may have a
	// saltus (values that grow). Zero when proved or when none is seen.
	Observed Periodicity
}

// String describes the proof in one line.
func (pp PeriodProof) String() string {
	if pp.Proved {
		return fmt.Sprintf("proved periodic: %v (values checked to n = %d)", pp.Periodicity, pp.CheckedTo)
	}
	seen := fmt.Sprintf("no period observed up to n = %d", pp.CheckedTo)
	if pp.Observed.Found() {
		seen = fmt.Sprintf("observed %v up to n = %d", pp.Observed, pp.CheckedTo)
	}
	if pp.Reason != "" {
		return "not proved (" + pp.Reason + "); " + seen
	}
	return "not proved; " + seen
}

// ProvePeriod computes the nim sequence of c up to maxN at most, and at most
// ProofWork options, and tries to prove it periodic by the octal periodicity theorem (Guy and Smith, 1956;
// Winning Ways chapter 4): for a finite code whose moves remove at most t
// tokens and leave at most two heaps, if
//
//	g(n+p) = g(n) for all s <= n < 2s + p + t   (s >= 1),
//
// which takes the values up to n = 2(s+p)+t-1, then g(n+p) = g(n) for all
// n >= s. The proof is an induction on n: in a split of n+p-k into a <= b
// the larger part has b-p >= s once n >= 2s+p+t, so the option (a, b) of
// n+p and the option (a, b-p) of n have equal values, and conversely.
//
// The same induction covers hexadecimal codes that may leave three heaps,
// with the largest of three parts at least a third of the total: there the
// condition must hold for s <= n < 3s + 2p + t, up to n = 3(s+p)+t-1; and
// codes that never split (subtraction games) need only s <= n < s + t. In
// general, with H the largest number of heaps a move leaves, the values up
// to n = H(s+p)+t-1 must agree. This is what ProvePeriod checks. A move that
// adds tokens only makes the total, and so its largest part, larger: digits
// before d0 keep the same bound, with t still the most tokens removed.
//
// The theorem needs t: codes with a repeating digit are not covered (Nim,
// "0.[3]", is not periodic at all). It needs H: "*" and "+" are not covered.
// It does not cover codes with marks either (Grundy's game): there the
// option (a, b-p) may be a forbidden equal split. For those ProvePeriod
// reports Proved false with a Reason.
// Whenever no period is proved, Observed holds the pattern of the values
// computed, arithmetic periodicity (a saltus) included.
//
// Checks are made as the sequence grows (every max(32, n/8) heaps), so the
// proof is found within about 1/8 of the values it needs. ctx is honoured.
// Note: "0.16" is known to be periodic with preperiod 105,351 and period
// 149,459, so its proof needs about 510,000 values.
func ProvePeriod(ctx context.Context, c Code, maxN int) (PeriodProof, error) {
	return provePeriod(ctx, c, ProofLimits{MaxN: maxN, Work: ProofWork})
}

// ProofLimits bound ProvePeriodWithin.
type ProofLimits struct {
	MaxN   int                     // the largest heap computed (0: no bound)
	Work   int                     // the options examined (0: no bound)
	Time   time.Duration           // how long to look (0: no bound but ctx)
	Memory func(extra int64) error // when set, asked before the values grow (see Run.SetMemory)
	Heaps  func(n int)             // when set, told the heaps computed as they grow (see Run.SetProgress)
}

// ProvePeriodWithin is ProvePeriod within the user's limits: it stops when
// the first of them is reached, ctx's deadline included, or when the period
// is proved. Reaching a limit is not an error (CheckedTo says how far it
// looked, Stopped which limit stopped it); ctx's own end and the memory
// budget are.
func ProvePeriodWithin(ctx context.Context, c Code, lim ProofLimits) (PeriodProof, error) {
	return provePeriod(ctx, c, lim)
}

func provePeriod(ctx context.Context, c Code, lim ProofLimits) (PeriodProof, error) {
	r := NewRun(c)
	r.StopAtProof()
	r.SetMemory(lim.Memory)
	r.SetProgress(lim.Heaps)
	st := r.e.stats()
	st.budget = lim.Work
	inner := ctx
	if lim.Time > 0 {
		var cancel context.CancelFunc
		inner, cancel = context.WithTimeout(ctx, lim.Time)
		defer cancel()
	}
	n := lim.MaxN
	if n <= 0 {
		n = math.MaxInt - 1
	}
	stopped := ""
	if err := r.Extend(inner, n); err != nil {
		if ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
			return PeriodProof{}, err
		}
		stopped = "time"
	}
	st = r.e.stats()
	switch {
	case st.spentOut:
		stopped = "work"
	case stopped == "" && r.Len() > n && !st.proved:
		stopped = "heaps"
	}
	pp := PeriodProof{CheckedTo: r.Len() - 1, Stopped: stopped, Reason: Unprovable(c)}
	if pp.Reason == "" && !st.proved { // one last check on everything computed
		r.e.checkProof()
	}
	s, p, proved := r.e.proof()
	if !proved {
		seq := make([]int, r.Len())
		for i := range seq {
			seq[i] = int(r.e.at(i))
		}
		// Observed is an aside: it may take only about as long as the values did.
		pp.Observed, _ = periodWithin(seq, 4*len(seq)+64)
		return pp, nil
	}
	pp.Proved, pp.Stopped = true, ""
	pp.Needed = theoremNeeds(c, s, p)
	pp.Periodicity = r.e.minimalPeriod(s, p)
	return pp, nil
}

// theoremNeeds is the largest heap whose value the periodicity theorem
// needs to prove g(n+p) = g(n) for n >= s: H(max(s,1)+p)+t-1.
func theoremNeeds(c Code, s, p int) int {
	return max(c.MaxHeaps(), 1)*(max(s, 1)+p) + c.MaxRemove() - 1
}

// Unprovable says why the periodicity theorem does not cover code c, or
// returns "" when it does.
func Unprovable(c Code) string {
	switch {
	case !c.IsFinite():
		return "the code " + c.String() + " has a repeating digit; " +
			"the periodicity theorem needs a largest number t of tokens removed"
	case c.Marked():
		return "the code " + c.String() + " restricts the heaps a split leaves; " +
			"the periodicity theorem does not cover it"
	case c.MaxHeaps() < 0:
		return "the code " + c.String() + " lets a move leave any number of heaps; " +
			"the periodicity theorem needs a largest number"
	}
	return ""
}

// ProofWork bounds the work of ProvePeriod (options and bitset words
// examined), about half a second: enough for the proofs of every octal game
// of two digits and of "0.16" (1e8 options), while codes that split into
// three heaps, whose heaps cost O(n^2) each, stop after a few thousand heaps
// instead of running for hours.
const ProofWork = 1 << 29

// findProof looks for the smallest p (and for it the smallest s) such that
// g(n+p) == g(n) for all s <= n < len(g)-p and len(g) >= H*(max(s,1)+p)+t,
// H = max(heaps, 1): the hypothesis of the periodicity theorem as extended in
// ProvePeriod's comment. A check costs O(len(g)) (see firstPeriod).
func findProof[T value](g []T, t, heaps int) (s, p int, ok bool) {
	h := max(heaps, 1)
	lim := (len(g) - t) / h // max(s, 1) + p may be at most lim
	return firstPeriod(g, lim-1, func(s, p int) bool { return max(s, 1)+p <= lim })
}

// observedPeriod looks for the smallest p (and for it the smallest s) such
// that g(n+p) == g(n) for all s <= n < len(g)-p, with the periodic part at
// least two periods and at least as long as the preperiod, as [Period]
// asks: an observation, which the theorem may not prove yet.
func observedPeriod[T value](g []T) (s, p int, ok bool) {
	L := len(g)
	return firstPeriod(g, L/2, func(s, p int) bool { return L-s >= 2*p && s <= L-s })
}

// firstPeriod returns the smallest p <= maxP, and for it the smallest s,
// such that g(n+p) == g(n) for all s <= n < len(g)-p and accept(s, p). It
// gives up (reports false) after about 4*len(g) comparisons.
func firstPeriod[T value](g []T, maxP int, accept func(s, p int) bool) (int, int, bool) {
	L := len(g)
	budget := 4*L + 64
	for p := 1; p <= maxP && p < L; p++ {
		n := L - p - 1
		for n >= 0 && g[n+p] == g[n] {
			n--
		}
		if s := n + 1; accept(s, p) {
			return s, p, true
		}
		if budget -= L - p - n; budget < 0 {
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// minimalPeriod returns the smallest period and preperiod of a sequence
// known to satisfy g(n+p) = g(n) for all n >= s, given g(0..len-1) with
// len(g) >= s+p.
func minimalPeriod[T value](g []T, s, p int) Periodicity {
	at := func(i int) T {
		if i < len(g) {
			return g[i]
		}
		return g[s+(i-s)%p]
	}
	q := p
	for d := 1; d < p; d++ {
		if p%d != 0 {
			continue
		}
		ok := true
		for n := s; n < s+p && ok; n++ {
			ok = at(n+d) == at(n)
		}
		if ok {
			q = d
			break
		}
	}
	for s > 0 && at(s-1+q) == at(s-1) {
		s--
	}
	return Periodicity{Preperiod: s, Period: q}
}
