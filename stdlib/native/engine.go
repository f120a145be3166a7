package native

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"runtime/debug"
	"unsafe"

	"github.com/grundy-lang/grundy/budget"
)

// value is the type of the stored nim values: one byte a value while every
// value is below 256, two while below 65536, then four (see [engine]).
type value interface{ uint8 | uint16 | int32 }

// engine computes the nim sequence of a code heap by heap. It keeps the
// values in a dense slice of the narrowest type that holds them (one byte a
// value while they are below 256; run returns errWiden when one is not, and
// wider moves the state to a wider engine), the options of the current heap
// in a reusable bitset, and switches between a full scan of all options and
// the rare-value method (sparse.go). Finite codes are checked for a provable
// period (prove.go) so that the rest of a long sequence costs O(1) a heap.
type engine[T value] struct {
	*state
	g         []T
	cur, next *block // the rare pairs of the current and the next block of heaps (block.go)
	spare     *block // a block's buffers, for reuse
}

// state is everything an engine keeps but the values, shared as the values
// widen.
type state struct {
	c       Code
	gen     *generalState // set for a general code (general.go): generalStep computes it
	rule    SplitRule
	unequal bool                    // a split into two heaps may not leave equal halves
	memory  func(extra int64) error // when set, asked before the values grow by extra bytes
	onHeaps func(heaps int)         // when set, told the heaps computed at each context check

	// the finite part of the code: removal counts k < t0 by kind of move
	whole, single, split, triple []int
	t0                           int    // the repeated digits apply to every k >= t0
	rep                          string // the repeated digits: rep[j] for k = t0 + j (mod len(rep))
	repOr                        uint8  // every bit of the repeated digits

	// cumulative option sets for the repeated digits (k >= t0), one per
	// class of remaining sizes m modulo len(rep)
	repSingle, repSplit, repTriple []bitset
	repDone                        int // largest remaining size m already added

	maxV  int32 // largest value so far
	maxAt int   // the first heap of value maxV
	vcap  int32 // a power of two > maxV, at least 64: every XOR of values is < vcap
	words int   // bitset length in words, covering values < 2*vcap
	opt   bitset

	// rare-value (sparse space) method
	sparseOK   bool // the code allows it: two-heap splits only, none from the repeat
	sparseFrom int  // first heap at which the method is considered
	helpFrom   int  // first heap at which a second core fills its blocks (0: never)
	placeRuns  int  // scan runs a block visits, filled in place (block.go)
	aheadRuns  int  // and filled ahead on the second core
	filled     int  // blocks filled
	filledRuns int  // those that visited scan runs
	sparse     bool
	mask       uint32
	rare       []int32 // heaps h >= 1 whose value has parity 0 under mask, ascending
	rareV      []int32 // their values
	classA1    bitset  // bit v set when v has parity 1 under mask
	needB      []uint8 // 1 for the values the scan must still meet
	nextEval   int
	scratch    []int

	prove       bool
	maxRemove   int // t and H of the periodicity theorem (prove.go)
	maxHeaps    int
	stopAtProof bool
	proved      bool
	proofS      int
	proofP      int
	nextCheck   int

	work     int  // pairs visited since the last context check
	spent    int  // pairs visited before that
	budget   int  // run stops once spent passes it; 0: no limit
	spentOut bool // run stopped because the budget was spent
}

type engineOptions struct {
	prove      bool // look for a provable period and extend by it
	sparseFrom int  // 0: never use the rare-value method
	helpFrom   int  // the first heap a second core fills pairing blocks at (block.go); 0: never

	// The runs of eight splits of the confirming scan that a block visits
	// for it (at most 128), filled in place and on the second core: the
	// scan's first runs (a > 8*orderStride, so that the partners are known)
	// are visited by almost every scan, and a block visits them at less
	// cost, or on the other core.
	placeRuns, aheadRuns int
}

var defaultOptions = engineOptions{prove: true, sparseFrom: 1024, helpFrom: helpFrom(), placeRuns: 96, aheadRuns: 48}

// helpFrom is the first heap a second core helps at, when there is one.
func helpFrom() int {
	if runtime.GOMAXPROCS(0) < 2 {
		return 0
	}
	return 1 << 15
}

func newEngine(c Code, o engineOptions) *engine[uint8] {
	e := &engine[uint8]{state: &state{c: c, rule: c.rule, unequal: !c.rule.pair(1, 1), t0: len(c.digits), rep: c.repeat}}
	if e.t0 == 0 {
		e.t0 = 1
	}
	for k := 0; k < len(c.digits); k++ {
		d := c.digits[k]
		if d&1 != 0 && k > 0 {
			e.whole = append(e.whole, k)
		}
		if d&2 != 0 && k > 0 {
			e.single = append(e.single, k)
		}
		if d&4 != 0 {
			e.split = append(e.split, k)
		}
		if d&8 != 0 {
			e.triple = append(e.triple, k)
		}
	}
	for _, d := range []byte(e.rep) {
		e.repOr |= d
	}
	classes := func(bit uint8) []bitset {
		if e.repOr&bit == 0 {
			return nil
		}
		return make([]bitset, len(e.rep))
	}
	e.repSingle, e.repSplit, e.repTriple = classes(2), classes(4), classes(8)
	e.sparseOK = len(e.split) > 0 && len(e.triple) == 0 && e.repOr&12 == 0 && c.rule != AllEqual
	if o.sparseFrom > 0 && e.sparseOK {
		e.sparseFrom = o.sparseFrom
		e.nextEval = o.sparseFrom
		e.placeRuns, e.aheadRuns = min(o.placeRuns, orderRuns/orderStride), min(o.aheadRuns, orderRuns/orderStride)
		if o.helpFrom > 0 {
			e.helpFrom = max(o.helpFrom, 4*blockSize+1)
		}
	}
	if c.general != "" {
		e.gen = newGeneralState(c)
	}
	e.maxRemove, e.maxHeaps = c.MaxRemove(), c.MaxHeaps()
	e.prove = o.prove && c.IsFinite() && !c.Marked() && e.maxHeaps >= 0
	e.nextCheck = 32
	e.g = []uint8{0}
	e.vcap = 64
	e.resize()
	return e
}

// resize makes every bitset cover values below 2*vcap.
func (e *state) resize() {
	e.words = int(2 * e.vcap / 64)
	e.opt = grow(e.opt, e.words)
	for _, sets := range [][]bitset{e.repSingle, e.repSplit, e.repTriple} {
		for i := range sets {
			sets[i] = grow(sets[i], e.words)
		}
	}
	if e.sparse {
		e.setClasses()
	}
}

// errWiden is run's report that a value does not fit the engine's type:
// the caller moves to the wider engine (wider) and runs it again.
var errWiden = errors.New("native: a value needs a wider type")

// run extends the sequence to g(0..n), honouring ctx. It returns errWiden,
// with g(0..h-1) computed, when g(h) does not fit in T.
func (e *engine[T]) run(ctx context.Context, n int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	defer e.dropBlocks()
	top := int32(math.MaxInt32) // the largest value T holds
	if w := unsafe.Sizeof(T(0)); w < 4 {
		top = 1<<(8*w) - 1
	}
	for h := len(e.g); h <= n; h++ {
		if len(e.g) == cap(e.g) {
			if err := e.grow(n); err != nil {
				return err
			}
		}
		if e.proved {
			if e.stopAtProof {
				return nil
			}
			v := e.g[h-e.proofP]
			e.g = append(e.g, v)
			if e.sparse && parity(int32(v), e.mask) == 0 {
				e.rare, e.rareV = append(e.rare, int32(h)), append(e.rareV, int32(v))
			}
			continue
		}
		if h&4095 == 0 || e.work > 1<<24 {
			e.spent += e.work
			e.work = 0
			if err := ctx.Err(); err != nil {
				return err
			}
			if e.onHeaps != nil {
				e.onHeaps(h)
			}
			if e.budget > 0 && e.spent > e.budget {
				e.spentOut = true
				return nil
			}
		}
		if e.prove && h == e.nextCheck {
			e.nextCheck = h + max(32, h/8)
			if e.checkProof() {
				h--
				continue
			}
		}
		if e.sparseFrom > 0 && h == e.nextEval {
			e.nextEval = 2 * h
			e.dropBlocks()
			e.chooseMask()
		}
		e.addRepeat(h)
		var v int32
		switch {
		case e.gen != nil:
			v = e.generalStep(h)
		case e.sparse:
			v = e.sparseStep(h)
		default:
			v = e.fullStep(h)
		}
		if v > top {
			return errWiden
		}
		e.g = append(e.g, T(v))
		if v > e.maxV {
			wider := bits.Len32(uint32(v)) > bits.Len32(uint32(e.maxV))
			e.maxV, e.maxAt = v, h
			for v >= e.vcap {
				e.vcap *= 2
				e.resize()
			}
			if wider && e.sparseFrom > 0 && h >= e.sparseFrom {
				e.nextEval = h + 1 // a new value bit: choose the mask again
			}
		}
		if e.sparse && parity(v, e.mask) == 0 {
			e.rare, e.rareV = append(e.rare, int32(h)), append(e.rareV, v)
		}
	}
	return nil
}

// checkProof looks for a period the theorem proves on the values so far.
func (e *engine[T]) checkProof() bool {
	if s, p, ok := findProof(e.g, e.maxRemove, e.maxHeaps); ok {
		e.proved, e.proofS, e.proofP = true, s, p
	}
	return e.proved
}

// MaxHeap is the largest heap whose value a run computes (rather than
// reads from a proved period): heaps are kept as int32.
const MaxHeap = math.MaxInt32 - 1

// grow makes room for more values on the way to g(n), asking e.memory
// first: at least 4096 and at most n+1; twice as many while the table is
// small, a quarter more past bigTable values, so that a long run's table
// and the copy it grows by stay near the values it holds.
func (e *engine[T]) grow(n int) error {
	if len(e.g) > MaxHeap {
		return e.heapLimit(n)
	}
	c := cap(e.g)
	next := 2 * c
	if c >= bigTable {
		next = c + c/4
	}
	return e.reserveFor(min(max(next, 4096), n+1, MaxHeap+1)-1, n)
}

// bigTable is the number of values past which a table grows by a quarter
// rather than doubling.
const bigTable = 1 << 26

// reserve makes room for g(0..n), asking e.memory first.
func (e *engine[T]) reserve(n int) error {
	if n > MaxHeap {
		return e.heapLimit(n)
	}
	return e.reserveFor(n, n)
}

// heapLimit is the error of a heap past MaxHeap.
func (e *state) heapLimit(n int) error {
	return &budget.LimitError{Limit: "heaps", Value: MaxHeap,
		Hint: fmt.Sprintf("heap %d of %v is past the largest heap whose value grundy computes (it reads larger ones from a proved period)", n, e.c)}
}

// reserveFor makes room for g(0..n) on the way to g(target).
func (e *engine[T]) reserveFor(n, target int) error {
	if cap(e.g) >= n+1 {
		return nil
	}
	size := int64(unsafe.Sizeof(T(0)))
	if err := e.ask(int64(n+1-len(e.g))*size, int64(target+1)*size, target); err != nil {
		return err
	}
	g := make([]T, len(e.g), n+1)
	copy(g, e.g)
	e.g = g
	if n >= bigTable {
		// Give the outgrown copy back to the system now rather than when the
		// collector next gets to it: at this size it is most of the memory.
		debug.FreeOSMemory()
	}
	return nil
}

// ask asks e.memory for extra bytes on the way to the values up to heap
// target, which take about total bytes, and says so in its error.
func (e *state) ask(extra, total int64, target int) error {
	if e.memory == nil {
		return nil
	}
	err := e.memory(extra)
	if me, ok := errors.AsType[*budget.MemoryError](err); ok {
		m := *me
		m.What = fmt.Sprintf("the nim values of %v up to heap %d take about %s (%s a value)",
			e.c, target, budget.FormatSize(total), budget.FormatSize(total/int64(target+1)))
		return &m
	}
	return err
}

// wider returns the engine that goes on from e with values of type U,
// asking e.memory for the copy.
func wider[T, U value](e *engine[T]) (*engine[U], error) {
	size := int64(unsafe.Sizeof(U(0)))
	if err := e.ask(int64(cap(e.g))*size, int64(cap(e.g))*size, cap(e.g)-1); err != nil {
		return nil, err
	}
	g := make([]U, len(e.g), cap(e.g))
	for i, v := range e.g {
		g[i] = U(v)
	}
	e2 := &engine[U]{state: e.state, g: g}
	e.g = nil
	return e2, nil
}

// direct clears the option set and marks the options of heap h that are not
// two-heap splits of the finite part: whole-heap removals, one-heap
// remainders, three-heap splits and everything from the repeat digit.
func (e *engine[T]) direct(h int) {
	e.work += e.words // clearing and or-ing the bitsets
	clear(e.opt)
	g, opt := e.g, e.opt
	for _, k := range e.whole {
		if h == k {
			opt.set(0)
		}
	}
	for _, k := range e.single {
		if m := h - k; m >= 1 {
			opt.set(int32(g[m]))
		}
	}
	for _, k := range e.triple {
		e.triples(h-k, opt)
	}
	if p := len(e.rep); p > 0 && h >= e.t0 {
		for j := 0; j < p; j++ {
			d := e.rep[j]
			// removing k = t0 + j + i*p leaves m = h - k, of class r
			r := ((h-e.t0-j)%p + p) % p
			if d&1 != 0 && r == 0 {
				opt.set(0)
			}
			if d&2 != 0 {
				opt.or(e.repSingle[r])
			}
			if d&4 != 0 {
				opt.or(e.repSplit[r])
			}
			if d&8 != 0 {
				opt.or(e.repTriple[r])
			}
		}
	}
}

// addRepeat adds remaining size m = h - t0 to the cumulative option sets of
// the repeated digits, so that the set of class r holds every m in 1..h-t0
// with m = r modulo len(rep). For heap h and repeated digit j the largest
// such m of class h-t0-j is h-t0-j itself, so a class set holds exactly the
// remainders that digit allows.
func (e *engine[T]) addRepeat(h int) {
	if e.rep == "" {
		return
	}
	for m := e.repDone + 1; m <= h-e.t0; m++ {
		r := m % len(e.rep)
		if e.repSingle != nil {
			e.repSingle[r].set(int32(e.g[m]))
		}
		if e.repSplit != nil {
			e.pairs(m, e.repSplit[r])
		}
		if e.repTriple != nil {
			e.triples(m, e.repTriple[r])
		}
		e.repDone = m
	}
}

// pairs marks g(a) XOR g(m-a) for every allowed split of m into two heaps.
func (e *engine[T]) pairs(m int, opt bitset) {
	if e.rule == AllEqual {
		if m >= 2 && m%2 == 0 {
			opt.set(0) // g(m/2) XOR g(m/2)
		}
		return
	}
	half := m / 2
	if e.unequal && m%2 == 0 {
		half--
	}
	if half < 1 {
		return
	}
	e.work += half
	lo := e.g[1 : half+1]
	hi := e.g[m-half : m]
	hi = hi[:len(lo)]
	if e.vcap == 64 {
		var w uint64
		for i, x := range lo {
			w |= 1 << (uint(x^hi[len(hi)-1-i]) & 63)
		}
		opt[0] |= w
		return
	}
	for i, x := range lo {
		opt.set(int32(x ^ hi[len(hi)-1-i]))
	}
}

// triples marks g(a) XOR g(b) XOR g(c) for every allowed split of m into
// three heaps a <= b <= c.
func (e *engine[T]) triples(m int, opt bitset) {
	g := e.g
	for a := 1; 3*a <= m; a++ {
		for b := a; a+2*b <= m; b++ {
			if !e.rule.triple(a, b, m-a-b) {
				continue
			}
			opt.set(int32(g[a] ^ g[b] ^ g[m-a-b]))
		}
		e.work += m / 2
	}
}

// fullStep computes g(h) from every option.
func (e *engine[T]) fullStep(h int) int32 {
	e.direct(h)
	for _, k := range e.split {
		e.pairs(h-k, e.opt)
	}
	return e.opt.mex()
}

func (e *engine[T]) length() int    { return len(e.g) }
func (e *engine[T]) at(i int) int32 { return int32(e.g[i]) }
func (e *engine[T]) width() int     { return int(unsafe.Sizeof(T(0))) }
func (e *engine[T]) stats() *state  { return e.state }

func (e *engine[T]) values(dst []int32, from, to int) []int32 {
	for _, v := range e.g[from:to] {
		dst = append(dst, int32(v))
	}
	return dst
}

func (e *engine[T]) proof() (s, p int, ok bool) { return e.proofS, e.proofP, e.proved }

func (e *engine[T]) observed() (s, p int, ok bool) { return observedPeriod(e.g) }

func (e *engine[T]) minimalPeriod(s, p int) Periodicity { return minimalPeriod(e.g, s, p) }

// widen moves to the engine of the next wider value type.
func (e *engine[T]) widen() (stepper, error) {
	switch e := any(e).(type) {
	case *engine[uint8]:
		return wider[uint8, uint16](e)
	case *engine[uint16]:
		return wider[uint16, int32](e)
	}
	return nil, fmt.Errorf("the nim values of %v pass 2^31", e.c)
}
