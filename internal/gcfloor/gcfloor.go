// Package gcfloor keeps the garbage collector from running while the heap is
// small. By default a Go program collects each time its heap doubles, from 4 MB
// on: a search that grows its tables to 20 MB runs six cycles, each of which
// scans everything start-up made and turns on the write barrier for as long as
// it marks (8% of the triangle game's CPU time). With a floor the collector
// first runs at the floor, and as usual while the live heap is past half of it,
// so that a big computation keeps the default pace and its peak memory; once a
// passing peak is collected, the floor holds again.
package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// base is the collector's pace past the floor: GOGC's default.
const base = 100

// floor is the state of Keep: the heap it keeps and the pace it last set.
var floor struct {
	sync.Mutex
	bytes uint64
	set   int
	done  bool
}

// Keep lets the heap grow to bytes before a collection whenever the live heap
// is under half of that, and keeps the default pace when it is not. It sets the
// pace after each collection (GOGC's percent, so that the next one comes at the
// floor) and stops for good once someone else has set the pace
// (debug.SetGCPercent). A GOGC in the environment is the user's choice:
// Keep does nothing then. Call it once, at the start of a program.
func Keep(bytes uint64) {
	if os.Getenv("GOGC") != "" {
		return
	}
	floor.Lock()
	floor.bytes, floor.set, floor.done = bytes, 0, false
	floor.Unlock()
	adjust()
}

// adjust sets the pace for the live heap, and asks to be called after the
// next collection.
func adjust() {
	floor.Lock()
	defer floor.Unlock()
	if floor.done {
		return
	}
	want := pace(floor.bytes, liveHeap())
	prev := debug.SetGCPercent(want)
	if floor.set != 0 && prev != floor.set {
		debug.SetGCPercent(prev) // set by someone else: theirs stands
		floor.done = true
		return
	}
	floor.set = want
	// A finalizer runs after the collection that finds its object gone.
	runtime.SetFinalizer(new([32]byte), func(*[32]byte) { adjust() })
}

// pace is the percent that puts the next collection at the floor, for a live
// heap of live bytes: GOGC = 100 * (floor / live - 1), or base once live is
// half the floor. The least heap the collector lets grow is 4 MB * GOGC / 100
// (the runtime's heapMinimum), which must not pass the floor either.
func pace(floor, live uint64) int {
	if live >= floor/2 {
		return base
	}
	return int(min(floor*100/max(live, 1)-100, floor*100/heapMinimum))
}

// heapMinimum is the runtime's least heap goal at GOGC=100.
const heapMinimum = 4 << 20

// liveHeap is the heap the last collection found live (start-up's, before
// any).
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
