package native

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/budget"
)

// Values are kept in one byte while they fit, then two, then four: Nim's
// values g(n) = n pass 255 and 65535, and every one read back is n.
func TestRunWidensItsValues(t *testing.T) {
	r := NewRun(MustParseCode("0.[3]"))
	for _, step := range []struct{ n, width int }{{255, 1}, {256, 2}, {65535, 2}, {70000, 4}} {
		if err := r.Extend(context.Background(), step.n); err != nil {
			t.Fatal(err)
		}
		if r.Width() != step.width {
			t.Errorf("to %d: width %d, want %d", step.n, r.Width(), step.width)
		}
	}
	for i := 0; i < r.Len(); i++ {
		if r.Value(i) != i {
			t.Fatalf("g(%d) = %d", i, r.Value(i))
		}
	}
	if v, at := r.Max(); v != 70000 || at != 70000 {
		t.Errorf("max %d at %d", v, at)
	}
}

// A table that would pass the memory budget stops before it allocates,
// with the figures: a code that cannot be proved asks for all of it at once.
func TestTableMemoryMessage(t *testing.T) {
	tab := NewTable(GrundysGame())
	asked := int64(0)
	tab.SetMemory(func(extra int64) error {
		asked = extra
		if extra > 1<<20 {
			return &budget.MemoryError{Budget: 1 << 20, Hint: "raise it"}
		}
		return nil
	})
	_, err := tab.Value(context.Background(), 5_000_000)
	var me *budget.MemoryError
	if !errors.As(err, &me) || asked != 5_000_000 {
		t.Fatalf("got %v after asking %d bytes", err, asked)
	}
	for _, want := range []string{"memory budget (1MB)", "4.0 unequal up to heap 5000000", "4.77MB", "1 byte a value", "raise it"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	if tab.r.Len() != 1 {
		t.Errorf("computed %d values before saying so", tab.r.Len())
	}
}

// Past MaxHeap only a proved period answers.
func TestRunHeapLimit(t *testing.T) {
	tab := NewTable(GrundysGame())
	_, err := tab.Value(context.Background(), MaxHeap+1)
	var le *budget.LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "heap 2147483647 of 4.0 unequal") {
		t.Fatalf("got %v", err)
	}
	k := NewTable(MustParseCode("0.77"))
	if v, err := k.Value(context.Background(), 1<<40); err != nil || v != PlainSequence(MustParseCode("0.77"), 200)[71+(1<<40-71)%12] {
		t.Fatalf("Kayles(2^40): %d, %v", v, err)
	}
}

// A run read back from a checkpoint goes on as the one written: the same
// values, mask and rare heaps as a run never stopped, for codes that use the
// rare-value method, widen their values, or prove a period.
func TestCheckpointResumeEqualsUninterrupted(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		code    string
		stop, n int
	}{{"4.0 unequal", 3000, 6000}, {"0.[3]", 200, 400}, {"0.06", 2500, 5000}, {"0.77", 50, 300}} {
		c := MustParseCode(tc.code)
		whole := NewRun(c)
		if err := whole.Extend(ctx, tc.n); err != nil {
			t.Fatal(err)
		}
		part := NewRun(c)
		if err := part.Extend(ctx, tc.stop); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := part.WriteCheckpoint(&buf); err != nil {
			t.Fatal(err)
		}
		resumed, err := ReadCheckpoint(&buf, c)
		if err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		if resumed.Len() != tc.stop+1 {
			t.Fatalf("%s: read back %d values, want %d", tc.code, resumed.Len(), tc.stop+1)
		}
		if err := resumed.Extend(ctx, tc.n); err != nil {
			t.Fatal(err)
		}
		plain := PlainSequence(c, tc.n)
		for i := 0; i <= tc.n; i++ {
			if resumed.Value(i) != plain[i] || whole.Value(i) != plain[i] {
				t.Fatalf("%s: g(%d) resumed %d, whole %d, plain %d", tc.code, i, resumed.Value(i), whole.Value(i), plain[i])
			}
		}
		m1, r1 := whole.Rare()
		m2, r2 := resumed.Rare()
		if m1 != m2 || len(r1) != len(r2) {
			t.Errorf("%s: mask %x with %d rare heaps, resumed %x with %d", tc.code, m1, len(r1), m2, len(r2))
		}
		p1, ok1 := whole.Proof()
		p2, ok2 := resumed.Proof()
		if p1 != p2 || ok1 != ok2 {
			t.Errorf("%s: proof %v %v, resumed %v %v", tc.code, p1, ok1, p2, ok2)
		}
	}
}

// A damaged checkpoint, or one of another code, is refused with a message
// that says which.
func TestCheckpointRefused(t *testing.T) {
	ctx := context.Background()
	r := NewRun(GrundysGame())
	if err := r.Extend(ctx, 2000); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := r.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 0x10
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		code Code
		want string
	}{
		{"a value changed", flip(len(good) - 100), GrundysGame(), "checksum"},
		{"the checksum changed", flip(len(good) - 1), GrundysGame(), "checksum"},
		{"the header changed", flip(len(checkpointMagic) + 8 + len("4.0 unequal") + 2), GrundysGame(), "damaged"},
		{"cut short", good[:len(good)/2], GrundysGame(), "ends in its values"},
		{"bytes after it", append(bytes.Clone(good), 0), GrundysGame(), "after its checksum"},
		{"not a checkpoint", []byte("n,g\n0,0\n"), GrundysGame(), "does not start with GRUNDYCK"},
		{"empty", nil, GrundysGame(), "does not start with GRUNDYCK"},
		{"another code", good, MustParseCode("0.77"), `of the code "4.0 unequal", not "0.77"`},
	} {
		_, err := ReadCheckpoint(bytes.NewReader(tc.data), tc.code)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

// ProvePeriodWithin stops at the first limit and says which; a proof ends
// it first when it comes.
func TestProvePeriodWithinSaysWhatStoppedIt(t *testing.T) {
	ctx := context.Background()
	c := MustParseCode("0.354")
	for _, tc := range []struct {
		lim  ProofLimits
		want string
	}{
		{ProofLimits{MaxN: 5000}, "heaps"},
		{ProofLimits{Work: 1 << 16}, "work"},
		{ProofLimits{Time: 20 * time.Millisecond}, "time"},
	} {
		pp, err := ProvePeriodWithin(ctx, c, tc.lim)
		if err != nil || pp.Proved || pp.Stopped != tc.want || pp.CheckedTo < 100 {
			t.Errorf("%+v: %+v, %v; want stopped by %s", tc.lim, pp, err, tc.want)
		}
	}
	pp, err := ProvePeriodWithin(ctx, MustParseCode("0.77"), ProofLimits{Time: time.Minute})
	if err != nil || !pp.Proved || pp.Stopped != "" || pp.Periodicity != (Periodicity{Preperiod: 71, Period: 12}) {
		t.Errorf("Kayles: %+v, %v", pp, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := ProvePeriodWithin(cancelled, c, ProofLimits{Time: time.Minute}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}

// The rare heaps a run lists are those of the definition, past a proved
// period too (where the values are copied from the period).
func TestRareHeapsMatchTheMask(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.16", 700_000}, {"4.0 unequal", 5000}, {"0.376", 50_000}} {
		r := NewRun(MustParseCode(tc.code))
		if err := r.Extend(context.Background(), tc.n); err != nil {
			t.Fatal(err)
		}
		mask, rare := r.Rare()
		if mask == 0 {
			t.Fatalf("%s: the rare-value method is not in use", tc.code)
		}
		var want []int32
		for h := 1; h <= tc.n; h++ {
			if parity(int32(r.Value(h)), mask) == 0 {
				want = append(want, int32(h))
			}
		}
		if !slices.Equal(rare, want) {
			t.Errorf("%s: %d rare heaps listed, %d by the mask %#x", tc.code, len(rare), len(want), mask)
		}
	}
}

// The pairing blocks (block.go), filled in place or on a second core, with
// the scan runs they visit for the confirming scan, give the plain engine's
// values: for codes with one removal count that splits and with several,
// values of one byte (rows of 256 and of fewer) and of two, and runs
// stopped and resumed mid-block.
func TestBlocksMatchPlain(t *testing.T) {
	for _, o := range []struct {
		name string
		opts engineOptions
	}{
		{"in place", engineOptions{prove: true, sparseFrom: 1024, placeRuns: 3}},
		{"two cores", engineOptions{prove: true, sparseFrom: 1024, helpFrom: 1100, placeRuns: 3, aheadRuns: 2}},
		{"no scan runs", engineOptions{prove: true, sparseFrom: 1024, helpFrom: 1100}},
	} {
		for _, tc := range []struct {
			code string
			n    int
		}{{"4.0 unequal", 12_000}, {"0.36", 12_000}, {"0.14", 12_000}, {"0.376", 12_000}, {"0.354", 8_000}, {"0.64", 8_000}, {"0.74", 12_000}} {
			c := MustParseCode(tc.code)
			plain := PlainSequence(c, tc.n)
			for _, wide := range []bool{false, true} {
				name := fmt.Sprintf("%s, %s, two bytes %v", o.name, tc.code, wide)
				var r *Run
				if wide { // values kept in two bytes from the start
					e, err := wider[uint8, uint16](newEngine(c, o.opts))
					if err != nil {
						t.Fatal(err)
					}
					r = &Run{e: e}
				} else {
					r = newRun(c, o.opts)
				}
				for _, stop := range []int{1500, 1777, 4100, tc.n} { // stops inside blocks
					if err := r.Extend(context.Background(), stop); err != nil {
						t.Fatal(err)
					}
				}
				st := r.e.stats()
				if st.filled == 0 || (st.filledRuns == 0) != (o.opts.placeRuns == 0 || len(st.split) > 1) {
					t.Fatalf("%s: %d blocks filled, %d with scan runs", name, st.filled, st.filledRuns)
				}
				for i, want := range plain {
					if got := r.Value(i); got != want {
						t.Fatalf("%s: g(%d) = %d, %d plain", name, i, got, want)
					}
				}
			}
		}
	}
}

// A run with a progress callback tells it the heaps it holds every 4096 heaps
// or sooner, in order, through the rare-value method and as its values widen
// (Nim's pass 255 and 65535), and computes the same values as a run without.
func TestRunProgress(t *testing.T) {
	for _, tc := range []struct {
		code Code
		n    int
	}{{GrundysGame(), 20000}, {MustParseCode("0.[3]"), 70000}} {
		var told []int
		r := NewRun(tc.code)
		r.SetProgress(func(n int) { told = append(told, n) })
		if err := r.Extend(context.Background(), tc.n); err != nil {
			t.Fatal(err)
		}
		if r.Width() == 1 && tc.n > 65535 {
			t.Fatalf("%v: the values did not widen (width %d)", tc.code, r.Width())
		}
		for k := 4096; k <= tc.n; k += 4096 {
			if !slices.Contains(told, k) {
				t.Fatalf("%v: heap %d never told: %v", tc.code, k, told)
			}
		}
		if !slices.IsSorted(told) || told[len(told)-1] > r.Len() {
			t.Fatalf("%v: told %v for a run of %d heaps", tc.code, told, r.Len())
		}
		plain := NewRun(tc.code)
		if err := plain.Extend(context.Background(), tc.n); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Values(nil, 0, tc.n+1), plain.Values(nil, 0, tc.n+1)) {
			t.Fatalf("%v: the values differ with a progress callback", tc.code)
		}
	}
}
