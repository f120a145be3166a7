package quotient

import (
	"context"
	"fmt"
)

// Tame heap games. A game is tame (Conway, On Numbers and Games, 2nd ed., ch. 12;
// Winning Ways, 2nd ed., ch. 13) when every position of it has one of the genera of
// misère Nim positions: 0^120 or 1^031 (fickle: it plays like a heap of 0 or 1 token),
// or g^{g, g⊕2} (firm). Sums of tame games are tame and add like misère Nim: the normal
// values XOR, and the sum is fickle exactly when every part is. So a sum of tame games is
// a misère P-position exactly when its nim-sum is 0 and some part is firm, or its
// nim-sum is 1 and every part is fickle: misère play is normal play except when every
// part is fickle. The quotient of a tame game whose values are unbounded (Nim, Lasker's
// Nim) is infinite, so the growth never ends; ProveTame proves such a game tame instead
// (and finds the finite tame codes tame too).

// TameHeap is a tame genus: the normal-play value G, and whether the game is fickle
// (0^120 or 1^031, G at most 1) rather than firm (G^{G, G⊕2}).
type TameHeap struct {
	G      int
	Fickle bool
}

// Misere returns the misère Grundy value, the first number of the genus: G⊕1 when
// fickle, else G.
func (t TameHeap) Misere() int {
	if t.Fickle {
		return t.G ^ 1
	}
	return t.G
}

// AddTame returns the genus of a sum of tame games: the values XOR, and the sum is
// fickle when every part is (the empty sum is 0^120).
func AddTame(parts ...TameHeap) TameHeap {
	sum := TameHeap{Fickle: true}
	for _, p := range parts {
		sum.G ^= p.G
		sum.Fickle = sum.Fickle && p.Fickle
	}
	return sum
}

// tameOfOptions returns the genus of a game whose options are tame, with genera opts,
// and whether it is tame. Let g be the mex of the options' values and m the mex of their
// misère values. The game is tame exactly when m = g (firm g) or g <= 1 and m = g⊕1
// (fickle g); a game without options is 0^120.
//
// Proof. γ0 = m by definition. A fickle option differs from the firm one of its value
// only in γ0, so for n >= 1 the options' γn are their values v (n even) or v⊕2 (n odd),
// and γn = mex({γn of the options} ∪ {γ(n-1), γ(n-1)⊕1}) (see solver.Genus). When
// m ∈ {g, g⊕1}: the options' values hold 0..g-1 and not g, so γ1 = mex({v⊕2} ∪ {g, g⊕1})
// is g⊕2 (every y < g⊕2 outside {g, g⊕1} has y⊕2 < g, since y and g agree above bit 1),
// then γ2 = mex({v} ∪ {g⊕2, g⊕3}) = g, and so on: the genus is g^{m, g⊕2}, tame exactly
// when m = g, or m = g⊕1 with g <= 1. Otherwise γ0 is neither g nor a fickle g⊕1, and
// the genus is wild.
func tameOfOptions(opts []TameHeap) (TameHeap, bool) {
	if len(opts) == 0 {
		return TameHeap{G: 0, Fickle: true}, true
	}
	values := make([]bool, len(opts)+1)
	for _, o := range opts {
		if o.G < len(values) {
			values[o.G] = true
		}
	}
	g, m := mexOf(values), mexMisere(opts)
	switch {
	case m == g:
		return TameHeap{G: g}, true
	case g <= 1 && m == g^1:
		return TameHeap{G: g, Fickle: true}, true
	}
	return TameHeap{G: g}, false
}

func mexOf(seen []bool) int {
	for i, s := range seen {
		if !s {
			return i
		}
	}
	return len(seen)
}

// TakeAny is Rules that may take any number of tokens from large enough heaps: Nim,
// Lasker's Nim and every code ending in repeated digits 3 or 7.
type TakeAny interface {
	// TakeAnyFrom returns L >= 1 such that every move of k >= L tokens from a heap of n
	// >= k tokens may leave nothing (k = n) or one heap of n - k tokens (k < n); ok is
	// false when there is no such L.
	TakeAnyFrom() (L int, ok bool)
}

// Tameness proves that every heap of a game is tame, with the genera of the first
// heaps. By induction on n: the options of heap n are sums of smaller heaps, tame by
// induction, so their sums are tame (Conway) with the genus AddTame gives, and heap n
// is tame exactly when tameOfOptions says so; Heaps holds the first heaps, each
// computed that way. Then one of two arguments covers every larger heap:
//
//   - Take any (From > 0): from From = L + j on, where L is the rules' TakeAnyFrom and
//     j the first heap of genus 1^031, every heap n can take all its tokens (k = n >= L),
//     leaving the empty sum 0^120, of value 0 and misère value 1, and can take
//     n - j >= L tokens, leaving heap j, of value 1 and misère value 0. So its value g is
//     at least 2; every option of value v >= 2 is firm, of misère value v; no option has
//     value g, and those of value 0 or 1 have misère values 0 or 1 < g: the misère mex is
//     g, and heap n is firm.
//   - Periodic (Period.Period > 0): the genera of the heaps repeat as the periodicity
//     test of Prove requires, and the same argument (an option of heap m > N is an
//     option of heap m - p with its largest heap p smaller, of the same genus) gives
//     heap m the genus of heap m - p.
type Tameness struct {
	Heaps   []TameHeap // the genera of the heaps computed
	From    int        // take any: every heap of at least From tokens is firm
	Fickle1 int        // take any: the first heap of genus 1^031
	TakeAny int        // take any: the L of the rules' TakeAnyFrom
	Period  Period     // periodic: heap n + Period has the genus of heap n from Preperiod on
}

// Heap returns the genus of heap n, whose normal-play value is g (needed only past the
// heaps computed when every heap takes any number).
func (t *Tameness) Heap(n, g int) TameHeap {
	if n >= len(t.Heaps) && t.Period.Period > 0 {
		n = t.Period.Preperiod + (n-t.Period.Preperiod)%t.Period.Period
	}
	if n < len(t.Heaps) {
		return t.Heaps[n]
	}
	return TameHeap{G: g}
}

// WildError reports a heap whose genus is not tame: the game is not tame.
type WildError struct {
	Heap int
	G, M int // its normal and misère values
}

func (e *WildError) Error() string {
	return fmt.Sprintf("heap %d is not tame: its normal value is %d and its misère value %d", e.Heap, e.G, e.M)
}

// NoProofError reports a game that ProveTame could neither prove tame nor find wild.
type NoProofError struct{ Reason string }

func (e *NoProofError) Error() string { return "no proof of tameness: " + e.Reason }

// ProveTame proves that every heap of r is tame, looking at the first limit heaps at
// most, when r is TakeAny or has the periodicity test (Rules.Shift). A heap that is
// not tame gives a *WildError; no proof within limit heaps, a *NoProofError.
func ProveTame(ctx context.Context, r Rules, limit int) (t *Tameness, err error) {
	l, takeAny := 0, false
	if ta, ok := r.(TakeAny); ok {
		l, takeAny = ta.TakeAnyFrom()
	}
	if _, _, periodic := r.Shift(); !takeAny && !periodic {
		return nil, &NoProofError{"the heaps cannot take any number of tokens, and the periodicity test does not apply"}
	}
	defer func() {
		if rec := recover(); rec != nil {
			s, ok := rec.(stop)
			if !ok {
				panic(rec)
			}
			t, err = nil, s.err
		}
	}()
	t = &Tameness{Fickle1: -1, TakeAny: max(l, 1)}
	same := func(i, j int) bool { return t.Heaps[i] == t.Heaps[j] }
	var opts []TameHeap
	for n := 0; n < limit; n++ {
		if takeAny && t.Fickle1 >= 0 && n >= t.TakeAny+t.Fickle1 {
			t.From = n
			return t, nil
		}
		if n&7 == 0 && n > 0 {
			if p, ok := shiftPeriod(r, n, same); ok {
				t.Period = p
				return t, nil
			}
		}
		opts = opts[:0]
		if n > 0 {
			eachOption(ctx, r, n, func(heaps []int) {
				var parts []TameHeap
				for _, h := range heaps {
					parts = append(parts, t.Heaps[h])
				}
				opts = append(opts, AddTame(parts...))
			})
		}
		h, tame := tameOfOptions(opts)
		if !tame {
			return nil, &WildError{Heap: n, G: h.G, M: mexMisere(opts)}
		}
		if t.Fickle1 < 0 && h == (TameHeap{G: 1, Fickle: true}) {
			t.Fickle1 = n
		}
		t.Heaps = append(t.Heaps, h)
	}
	return nil, &NoProofError{fmt.Sprintf("no proof within the first %d heaps", limit)}
}

// mexMisere is the mex of the options' misère values.
func mexMisere(opts []TameHeap) int {
	seen := make([]bool, len(opts)+2)
	for _, o := range opts {
		if m := o.Misere(); m < len(seen) {
			seen[m] = true
		}
	}
	return mexOf(seen)
}
