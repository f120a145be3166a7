// Package budget bounds the work of grundy's engines: how many positions a
// table may hold and how much memory may be held. It knows no language and no
// game: the solver, the loopy labelling, the misère search, remoteness and
// the scoring search each count the entries of their own tables and ask their
// Budget, in one unit (an entry: a position, a sum or a state) and with one
// message, so that --max-positions means the same everywhere.
package budget

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
)

// Budget is what the owner of an engine sets: its limits, how to raise them
// and a progress callback. Engines read it through a pointer at each use, so
// the owner may change it between queries, and one Budget may be shared by all
// the engines of a session.
type Budget struct {
	// MaxPositions bounds the entries of each table of positions an engine
	// keeps (the positions interned, the sums of a misère search, the states of
	// remoteness and of a scoring search); 0 means no limit.
	MaxPositions int
	// PositionsHint says how to raise MaxPositions, at the end of the limit's
	// message: a command-line flag, a shell command or a field of a Go
	// program's configuration, as the owner knows.
	PositionsHint string
	// MaxMemory is a ceiling, in bytes, on the memory the whole process holds
	// (Go's live heap: not one session's share); 0 means no limit.
	MaxMemory int64
	// MemoryHint says how to raise MaxMemory, at the end of a *MemoryError.
	MemoryHint string
	// OnProgress, when set, is called every few thousand positions with the
	// number solved or being solved, for progress displays.
	OnProgress func(positions int)
	// OnStatus, when set, is called with a few words on the step a long computation
	// is at ("heap 27 of 0.07, order 240"), for progress displays.
	OnStatus func(status string)
	// OnHeaps, when set, is called every few thousand heaps a native
	// take-and-break table computes, with the table's name ("GrundysGame",
	// "0.354") and the heaps it holds, for progress displays.
	OnHeaps func(table string, heaps int)

	polls int   // calls of Poll, to read the heap every few
	live  int64 // the heap after the last collection Memory made
}

// Positions returns a *LimitError when a table that would hold held entries
// passes MaxPositions, and nil otherwise.
func (b *Budget) Positions(held int) error {
	if b.MaxPositions > 0 && held > b.MaxPositions {
		return b.PositionsError()
	}
	return nil
}

// PositionsError is the error of reaching MaxPositions.
func (b *Budget) PositionsError() *LimitError {
	return &LimitError{Limit: "positions", Value: b.MaxPositions, Hint: b.PositionsHint}
}

// Poll is what a long loop calls every thousand steps or so: it returns ctx's
// error when ctx is done, and every 8th call checks the memory held.
func (b *Budget) Poll(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if b.polls++; b.polls&7 == 0 {
		if err := b.Memory(0); err != nil {
			return err
		}
	}
	return nil
}

// Memory returns a *MemoryError when the memory the process holds, with
// extra more bytes about to be allocated, passes MaxMemory, and nil otherwise.
// It reads the heap (a cheap statistic) and only when that is over the budget
// collects the garbage to see what is really held; it may so let the heap pass
// the budget by a sixteenth before it says so.
func (b *Budget) Memory(extra int64) error {
	if b.MaxMemory <= 0 {
		return nil
	}
	held := Held()
	if held+extra <= b.MaxMemory {
		return nil
	}
	// The statistic counts garbage too, and collecting it costs a pass over
	// the heap: collect again only when the heap grew by a sixteenth of the
	// budget since a collection here found it within.
	if b.live > 0 && b.live+extra <= b.MaxMemory && held < b.live+b.MaxMemory/16 {
		return nil
	}
	runtime.GC()
	if b.live = Held(); b.live+extra <= b.MaxMemory {
		return nil
	}
	return &MemoryError{Budget: b.MaxMemory, Hint: b.MemoryHint}
}

// Held is the memory the process's heap holds now, in bytes, garbage not yet
// collected included.
func Held() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// LimitError reports that a configured limit stopped a computation.
type LimitError struct {
	Limit string // the limit's name, e.g. "positions"
	Value int
	Hint  string // how to raise it
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("stopped: the %s limit (%d) was reached; %s", e.Limit, e.Value, e.Hint)
}

// MemoryError reports that a computation would pass the memory budget.
type MemoryError struct {
	Budget int64
	What   string // when set, what needed the memory, with the figures
	Hint   string // how to raise it
}

func (e *MemoryError) Error() string {
	what := ""
	if e.What != "" {
		what = ": " + e.What
	}
	return fmt.Sprintf("stopped: the memory budget (%s) is used up%s; %s", FormatBytes(e.Budget), what, e.Hint)
}

// FormatSize writes a size in bytes to three figures: 1 byte, 950 bytes,
// 95.4MB, 1.50GB.
func FormatSize(n int64) string {
	switch {
	case n == 1:
		return "1 byte"
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	}
	x, unit := float64(n)/(1<<10), "KB"
	for _, u := range []string{"MB", "GB", "TB"} {
		if x < 1<<10 {
			break
		}
		x, unit = x/(1<<10), u
	}
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f%s", x, unit)
	case x >= 10:
		return fmt.Sprintf("%.1f%s", x, unit)
	}
	return fmt.Sprintf("%.2f%s", x, unit)
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
