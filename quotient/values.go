package quotient

import (
	"context"
	"fmt"
	"slices"
)

// Misère Grundy values and genera through the quotient. The misère Grundy value g⁻(X)
// of a sum X (1 for the empty sum, else the mex of its options' values) is what a
// genus is made of: γk(X) = g⁻(X + k·*2). A quotient does not say in general that sums
// of one element have one value (it only compares outcomes, value 0), so Values
// proposes a value for each element and proves it for every sum of the heaps, by
// induction on the sum: every sum of element x has, for each j < v(x), an option of value
// j (checked on the minimal option sets of the sums of element x, see explore) and no
// option of value v(x) (checked on every rest y and heap: the options of y·heap are
// y·t for t an option of the heap). When some heap of the game is *2 itself, every
// γk of a sum of heaps is a value of the quotient, and Genus gives the whole genus.

// ValuesError reports that sums of one element have different misère values: the
// quotient does not give them.
type ValuesError struct{ Failure string }

func (e *ValuesError) Error() string {
	return "the misère values of the sums of heaps are not a function of their quotient elements: " + e.Failure
}

// Values returns the misère Grundy value of every element of the quotient of the heaps
// computed (the sums of those heaps), proved as described above, or a *ValuesError.
// The values are kept until the quotient grows.
func (q *Quotient) Values() ([]int, error) {
	if q.valuesAt == len(q.elem) {
		return q.values, q.valuesErr
	}
	q.values, q.valuesErr = q.proveValues()
	q.valuesAt = len(q.elem)
	return q.values, q.valuesErr
}

// proveValues computes and proves the values for Values.
func (q *Quotient) proveValues() ([]int, error) {
	letters := q.letters()
	n := q.m.n
	v := make([]int, n)
	weight := make([]int, len(letters))
	for i, l := range letters {
		weight[i] = l.heap * l.heap
	}
	lightest(q.m, letters, weight, func(x int32, opts []int32) {
		seen := make([]bool, len(opts)+1)
		for _, o := range opts {
			if v[o] < len(seen) {
				seen[v[o]] = true
			}
		}
		v[x] = mexOf(seen)
		if len(opts) == 0 {
			v[x] = 1 // the empty sum
		}
	})
	// Every sum has, for each j < v(x), an option of value j.
	_, f := walk(q.m, make([][]set, n), []state{{0, newSet(n), -1, 0}}, nil, letters, func(x int32, s set) string {
		have := make([]bool, v[x])
		s.each(func(y int32) {
			if v[y] < v[x] {
				have[v[y]] = true
			}
		})
		if j := mexOf(have); j < v[x] {
			return fmt.Sprintf("it has no option of value %d, below the value %d of its element's lightest sum", j, v[x])
		}
		return ""
	})
	if f != nil {
		return nil, &ValuesError{f.Error()}
	}
	elems, words := reach(q.m, letters)
	for _, x := range elems {
		if (v[x] == 0) != q.m.p[x] {
			return nil, &ValuesError{fmt.Sprintf("the sum of heaps %v has value %d but is %s", words[x], v[x], map[bool]string{true: "in the P-portion", false: "outside it"}[q.m.p[x]])}
		}
	}
	for _, y := range elems { // no option of the sum's own value
		for _, l := range letters {
			x := q.m.mul(y, l.elem)
			bad := false
			l.opts.each(func(t int32) { bad = bad || v[q.m.mul(y, t)] == v[x] })
			if bad {
				return nil, &ValuesError{fmt.Sprintf("the sum of heaps %v has an option of its own value %d", append(slices.Clone(words[y]), l.heap), v[x])}
			}
		}
	}
	return v, nil
}

// StarTwo returns a heap that is the nim heap *2 itself (its moves leave exactly 0 and
// *1, heaps without moves aside) among the heaps computed, if there is one (none when
// ctx ends first).
func (q *Quotient) StarTwo(ctx context.Context) (heap int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, stopped := r.(stop); !stopped {
				panic(r)
			}
			heap, ok = 0, false
		}
	}()
	zero := func(h int) bool { return len(q.opts[h]) == 0 }
	// moves lists a heap's moves as the heaps they leave that have moves.
	moves := func(h int) [][]int {
		var out [][]int
		eachOption(ctx, q.rules, h, func(heaps []int) {
			out = append(out, slices.DeleteFunc(slices.Clone(heaps), zero))
		})
		return out
	}
	isOne := func(h int) bool {
		for _, o := range moves(h) {
			if len(o) > 0 {
				return false
			}
		}
		return !zero(h)
	}
	for h := 1; h < len(q.elem); h++ {
		ms := moves(h)
		hasZero, hasOne := false, false
		only := len(ms) > 0 // every move leaves 0 or *1
		for _, o := range ms {
			switch {
			case len(o) == 0:
				hasZero = true
			case len(o) == 1 && isOne(o[0]):
				hasOne = true
			default:
				only = false
			}
		}
		if only && hasZero && hasOne {
			return h, true
		}
	}
	return 0, false
}

// Genus returns γ0 γ1 ... of the sums of element x, in the usual form (see
// solver.Genus: the sequence up to two entries past the point from which it alternates),
// where two is the element of a heap that is *2 (see StarTwo).
func (q *Quotient) Genus(x, two int32) ([]int, error) {
	v, err := q.Values()
	if err != nil {
		return nil, err
	}
	// x·two^k is eventually periodic: run until an element repeats, then two periods more.
	seen := map[int32]int{}
	var gamma []int
	period := 0
	for k := 0; ; k++ {
		if first, ok := seen[x]; ok {
			period = k - first
			for range 2*period + 2 {
				gamma = append(gamma, v[x])
				x = q.m.mul(x, two)
			}
			break
		}
		seen[x] = k
		gamma = append(gamma, v[x])
		x = q.m.mul(x, two)
	}
	// From first on the sequence repeats with the period; it alternates for ever when
	// it does over a whole period from there.
	last := len(gamma) - 1
	start := last - 2
	for start > 0 && gamma[start-1] == gamma[start+1] {
		start--
	}
	if start > last-2-period {
		return nil, &ValuesError{fmt.Sprintf("the genus does not alternate: %v", gamma)}
	}
	return gamma[:start+2], nil
}
