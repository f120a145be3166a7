package interp

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"unsafe"
)

// MemoryError reports that a computation would pass the memory budget.
type MemoryError struct {
	Budget int64
	Hint   string // how to raise it
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("stopped: the memory budget (%s) is used up; %s", FormatBytes(e.Budget), e.Hint)
}

// FormatBytes writes a size in bytes the way --max-memory takes it: 8GB, 512MB.
func FormatBytes(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d%s", n/u.size, u.unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

var heapObjects = "/memory/classes/heap/objects:bytes"

// checkMemory panics with a *MemoryError when the values the program holds,
// with extra more bytes about to be allocated, pass the budget.
func (in *Interp) checkMemory(extra int64) {
	if err := in.memoryError(extra); err != nil {
		panic(err)
	}
}

// memoryError returns a *MemoryError when the values the program holds, with
// extra more bytes about to be allocated, pass the budget, and nil otherwise.
// It reads the heap (a cheap statistic) and only when that is over the budget
// collects the garbage to see what is really held.
func (in *Interp) memoryError(extra int64) *MemoryError {
	if in.Config.MaxMemory <= 0 {
		return nil
	}
	sample := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(sample)
	if int64(sample[0].Value.Uint64())+extra <= in.Config.MaxMemory {
		return nil
	}
	runtime.GC()
	metrics.Read(sample)
	if int64(sample[0].Value.Uint64())+extra <= in.Config.MaxMemory {
		return nil
	}
	return &MemoryError{Budget: in.Config.MaxMemory, Hint: in.Config.MemoryHint}
}

// valueBytes is the size of one Value in a list.
const valueBytes = int64(unsafe.Sizeof(Value{}))

// reserve fails at the call when n more values would pass the memory budget.
func (s *callSite) reserve(n int64) {
	if err := s.c.in.memoryError(n * valueBytes); err != nil {
		s.fail("%s", err.Error())
	}
}
