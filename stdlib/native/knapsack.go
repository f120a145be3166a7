package native

// A knapsack counts the splits of every size s into a number of heaps that
// a mark allows, by the XOR x of their values: count[n][s][x] is how many
// multisets of n heap sizes (n = heaps or more, when more is set, in the
// last row) sum to s and reach x, saturated at maxCount. Heap sizes are
// added as items in turn, once their values are known: each at most once
// for "!" (pairwise unequal heaps), any number of times for "?" (not all
// equal), whose all-equal splits are then taken off by counting them. It
// costs O(heaps * sums * values) a heap size, where listing the splits one
// by one would grow as the number of partitions.
type knapsack struct {
	key   markedKey
	sums  int   // the largest sum kept
	items int   // the heap sizes 1..items are added
	vcap  int32 // the values kept: x < vcap
	count [][][]uint16
}

// markedKey names the splits a knapsack counts.
type markedKey struct {
	rule  SplitRule // Unequal or NotAllEqual
	heaps int
	more  bool
}

const maxCount = 1<<16 - 1

// knapsack returns the engine's knapsack for key.
func (e *engine[T]) knapsack(key markedKey) *knapsack {
	k := e.gen.marked[key]
	if k == nil {
		k = &knapsack{key: key}
		e.gen.marked[key] = k
	}
	return k
}

// reach adds to opt the values of the splits of m tokens that k counts,
// bringing k up to date with the values known to e first.
func reach[T value](k *knapsack, e *engine[T], m int, opt bitset) {
	if m > k.sums || k.vcap != e.vcap {
		k.reset(max(m, 2*k.sums, 64), e.vcap)
	}
	for k.items < len(e.g)-1 {
		k.items++
		k.add(k.items, int32(e.g[k.items]))
		e.work += 2 * len(k.count) * (k.sums - k.items + 1) * int(k.vcap)
	}
	var equal map[int32]int // all-equal splits, which "?" does not allow
	if k.key.rule == NotAllEqual {
		equal = map[int32]int{}
		for n := k.key.heaps; n <= m; n++ {
			if m%n == 0 {
				x := int32(0)
				if n%2 == 1 {
					x = int32(e.g[m/n])
				}
				equal[x]++
			}
			if !k.key.more {
				break
			}
		}
	}
	for x, c := range k.count[k.key.heaps][m] {
		if int(c) > equal[int32(x)] {
			opt.set(int32(x))
		}
	}
}

// reset empties k for sums up to sums and values below vcap.
func (k *knapsack) reset(sums int, vcap int32) {
	k.sums, k.vcap, k.items = sums, vcap, 0
	k.count = make([][][]uint16, k.key.heaps+1)
	for n := range k.count {
		k.count[n] = make([][]uint16, sums+1)
		for s := range k.count[n] {
			k.count[n][s] = make([]uint16, vcap)
		}
	}
	k.count[0][0][0] = 1
}

// add adds heap size a of value v. With "!" each size is used at most
// once, so sums are updated from the top down (reading sums not yet
// updated); with "?" from the bottom up.
func (k *knapsack) add(a int, v int32) {
	step := func(s int) {
		for n := len(k.count) - 1; n >= 0; n-- {
			to := n + 1
			if to >= len(k.count) {
				if !k.key.more {
					continue
				}
				to = n
			}
			from, into := k.count[n][s-a], k.count[to][s]
			for x, c := range from {
				if c != 0 {
					into[int32(x)^v] = uint16(min(int(into[int32(x)^v])+int(c), maxCount))
				}
			}
		}
	}
	if k.key.rule == Unequal {
		for s := k.sums; s >= a; s-- {
			step(s)
		}
		return
	}
	for s := a; s <= k.sums; s++ {
		step(s)
	}
}
