package native

import "slices"

// The helper puts a second core to work for the rare-value method. While
// the engine computes a block of helpBlock heaps, a goroutine pairs the
// rare heaps r > 2*helpBlock with their partners m - r for the heaps of the
// next block: those partners are all below the block being computed, so
// their values are known. The engine pairs the few rare heaps r <=
// 2*helpBlock itself, and those of the larger part (r >= m/2), and runs the
// scan. The values are exactly those of one core: the helper computes,
// ahead, pairs the engine would have.

// helpBlock is the number of heaps a helper block covers.
const helpBlock = 256

// helper is one block of option sets being computed.
type helper struct {
	from  int      // the block is heaps from .. from+helpBlock-1
	lo    int      // the rare heaps rare[lo:] are the helper's: r > 2*helpBlock
	words int      // words of a heap's set
	sets  []uint64 // the sets, words a heap
	done  chan struct{}
}

// helpSet returns the helper's options of heap h (the pairs of rare heaps
// rare[lo:] below the smaller part), starting blocks as needed, or nil when
// the helper is not in use.
func (e *engine[T]) helpSet(h int) (set []uint64, lo int) {
	if e.helpFrom == 0 || h < e.helpFrom || len(e.rare) < 64 {
		e.stopHelp()
		return nil, 0
	}
	if e.cur == nil || h < e.cur.from || h >= e.cur.from+helpBlock {
		if e.next != nil && e.next.from == h {
			<-e.next.done
			e.cur, e.next = e.next, nil
		} else {
			e.stopHelp()
			e.cur = e.startHelp(h)
			<-e.cur.done
		}
		e.next = e.startHelp(h + helpBlock)
	}
	i := (h - e.cur.from) * e.cur.words
	return e.cur.sets[i : i+e.cur.words], e.cur.lo
}

// startHelp starts the block of heaps from.., which may use the values and
// rare heaps known now (below len(e.g)): from+helpBlock-1-r < len(e.g) for
// r > 2*helpBlock when from <= len(e.g)+helpBlock.
func (e *engine[T]) startHelp(from int) *helper {
	words := e.words
	hp := &helper{from: from, words: words, sets: make([]uint64, helpBlock*words), done: make(chan struct{})}
	g, rare, rv, split := e.g, e.rare, e.rareV[:len(e.rare)], e.split
	hp.lo, _ = slices.BinarySearch(rare, 2*helpBlock+1)
	go func() {
		defer close(hp.done)
		stamp := make([]int32, words*64)
		for x := from; x < from+helpBlock; x++ {
			st := int32(x)
			for _, k := range split {
				m := x - k
				i, _ := slices.BinarySearch(rare, int32((m+1)/2)) // r < m/2
				for idx := hp.lo; idx < i; idx++ {
					stamp[rv[idx]^int32(g[m-int(rare[idx])])] = st
				}
			}
			set := hp.sets[(x-from)*words : (x-from+1)*words]
			for v, s := range stamp {
				if s == st {
					set[v>>6] |= 1 << (v & 63)
				}
			}
		}
	}()
	return hp
}

// stopHelp waits for the helper's pending block and drops its blocks: the
// engine is about to change what they read (the mask, the rare list) or to
// hand its values over.
func (e *engine[T]) stopHelp() {
	if e.next != nil {
		<-e.next.done
	}
	e.cur, e.next = nil, nil
}
