package solver

import (
	"slices"
	"strconv"
	"strings"
)

// Grundy is a generalized Sprague-Grundy value (Smith 1966; Fraenkel and Yesha): a
// finite nim value, or infinity with the set K of the finite values among the
// position's options, written ∞{0, 2}. A position of value ∞K is a draw when 0 is
// not in K, and a win for the player to move (to a position of value 0) when it is.
type Grundy struct {
	Nim int64   // the finite value; 0 when Inf
	Inf bool    // the value is infinite: the position is in or leads to a loop
	K   []int64 // with Inf: the finite values of the options, sorted (shared: read only)
}

// Finite returns the finite value n.
func Finite(n int64) Grundy { return Grundy{Nim: n} }

// Infinite returns ∞K for the set of finite values ks (in any order, repeats allowed).
func Infinite(ks []int64) Grundy { return Grundy{Inf: true, K: sortedSet(ks)} }

// Add is the value of a disjunctive sum (Smith): finite values XOR; a finite value a
// plus ∞K is ∞(K xor a); two infinite values give ∞{}, a draw.
func (g Grundy) Add(h Grundy) Grundy {
	switch {
	case !g.Inf && !h.Inf:
		return Finite(g.Nim ^ h.Nim)
	case g.Inf && h.Inf:
		return Grundy{Inf: true}
	case h.Inf:
		g, h = h, g
	}
	if h.Nim == 0 {
		return g
	}
	ks := make([]int64, len(g.K))
	for i, k := range g.K {
		ks[i] = k ^ h.Nim
	}
	return Infinite(ks)
}

// Outcome is the outcome class of a position of value g: 'P' (value 0: the player
// to move loses), 'N' (the player to move wins) or 'D' (a draw: ∞K with 0 not in K).
func (g Grundy) Outcome() byte {
	switch {
	case !g.Inf && g.Nim == 0:
		return 'P'
	case !g.Inf || hasValue(g.K, 0):
		return 'N'
	}
	return 'D'
}

// Equal reports whether two values are the same.
func (g Grundy) Equal(h Grundy) bool {
	return g.Inf == h.Inf && g.Nim == h.Nim && slices.Equal(g.K, h.K)
}

// String writes g as grundy prints it: 3, ∞{}, ∞{0, 2}.
func (g Grundy) String() string {
	if !g.Inf {
		return strconv.FormatInt(g.Nim, 10)
	}
	var b strings.Builder
	b.WriteString("∞{")
	for i, k := range g.K {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(k, 10))
	}
	b.WriteString("}")
	return b.String()
}

func sortedSet(ks []int64) []int64 {
	ks = slices.Clone(ks)
	slices.Sort(ks)
	return slices.Compact(ks)
}

func hasValue(ks []int64, v int64) bool {
	_, ok := slices.BinarySearch(ks, v)
	return ok
}

// kTable interns the sets K of infinite values, so that the value table holds one
// int64 per position whatever the value.
type kTable struct {
	sets  [][]int64
	index map[string]int64
}

// code returns the value-table code of ∞K for the set of finite values ks.
func (t *kTable) code(ks []int64) int64 {
	ks = sortedSet(ks)
	var key strings.Builder
	for _, k := range ks {
		key.WriteString(strconv.FormatInt(k, 36))
		key.WriteByte(',')
	}
	id, ok := t.index[key.String()]
	if !ok {
		if t.index == nil {
			t.index = map[string]int64{}
		}
		id = int64(len(t.sets))
		if infBase-id < infFloor {
			panic("more sets of finite values of infinite values than the value table can code")
		}
		t.sets = append(t.sets, ks)
		t.index[key.String()] = id
	}
	return infBase - id
}

// has reports whether the set with index id holds v.
func (t *kTable) has(id, v int64) bool { return hasValue(t.sets[id], v) }

// decode turns a value-table code into a value.
func (s *Solver) decode(v int64) Grundy {
	if v >= 0 {
		return Finite(v)
	}
	return Grundy{Inf: true, K: s.kSets.sets[infBase-v]}
}

// encode turns a value into a value-table code.
func (s *Solver) encode(g Grundy) int64 {
	if !g.Inf {
		return g.Nim
	}
	return s.kSets.code(g.K)
}

// InfiniteError reports that a finite value was asked of a position whose
// generalized value is infinite.
type InfiniteError struct {
	Pos   string
	Value Grundy
}

func (e *InfiniteError) Error() string {
	return "the value of " + e.Pos + " is " + e.Value.String() + ": it is in or leads to a loop, so it has no finite nim value"
}
