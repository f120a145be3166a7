package octal

import (
	"context"
	"encoding/binary"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib/native"
)

// fletcher is Fletcher-32 as docs/octal.md defines it, word by word.
func fletcher(values []int) uint32 {
	var words []uint32
	for _, v := range values {
		words = append(words, uint32(v)&0xffff)
		if v > 0xffff {
			words = append(words, uint32(v)>>16)
		}
	}
	var a, b uint32
	for _, w := range words {
		a = (a + w) % 65535
		b = (b + a) % 65535
	}
	return b<<16 | a
}

func run(t *testing.T, code string, n int) (*native.Run, []int) {
	t.Helper()
	c := native.MustParseCode(code)
	r := native.NewRun(c)
	if err := r.Extend(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	return r, native.PlainSequence(c, n)
}

// The checksum of chunks of values, one or two words each, is the checksum
// of the definition; the values are the plain engine's.
func TestFletcher32(t *testing.T) {
	if got := fletcher([]int{1, 2}); got != 4<<16|3 {
		t.Fatalf("the definition: %x", got)
	}
	nim := native.NewRun(native.MustParseCode("0.[3]"))
	if err := nim.Extend(context.Background(), 140_000); err != nil {
		t.Fatal(err)
	}
	seq := make([]int, nim.Len())
	for i := range seq {
		seq[i] = i
	}
	for _, n := range []int{0, 1, 65536, 65537, 140_001} {
		if got, want := Fletcher32(nim, n), fletcher(seq[:n]); got != want {
			t.Errorf("Nim, %d values: %08x, want %08x", n, got, want)
		}
	}
	r, plain := run(t, "4.0 unequal", 3000)
	if got, want := Fletcher32(r, 3001), fletcher(plain); got != want {
		t.Errorf("Grundy's game: %08x, want %08x", got, want)
	}
}

// The files hold the plain engine's values, in the run's width.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		code  string
		n     int
		width int
	}{{"0.77", 500, 1}, {"0.[3]", 300, 2}} {
		r, plain := run(t, tc.code, tc.n)
		bin, csv := filepath.Join(dir, "v.bin"), filepath.Join(dir, "v.csv")
		if err := WriteBinary(bin, r, tc.n+1); err != nil {
			t.Fatal(err)
		}
		if err := WriteCSV(csv, r, tc.n+1); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(bin)
		if len(data) != (tc.n+1)*tc.width {
			t.Fatalf("%s: %d bytes", tc.code, len(data))
		}
		text, _ := os.ReadFile(csv)
		lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		if lines[0] != "n,g" || len(lines) != tc.n+2 {
			t.Fatalf("%s: CSV starts %q, %d lines", tc.code, lines[0], len(lines))
		}
		for i, want := range plain {
			got := int(data[i])
			if tc.width == 2 {
				got = int(binary.LittleEndian.Uint16(data[2*i:]))
			}
			if got != want || lines[i+1] != strconv.Itoa(i)+","+strconv.Itoa(want) {
				t.Fatalf("%s: g(%d) = %d in the binary file, %q in the CSV, want %d", tc.code, i, got, lines[i+1], want)
			}
		}
	}
}

// A checkpoint written atomically reads back; a missing directory is an
// error, not a half-written file.
func TestCheckpointFile(t *testing.T) {
	dir := t.TempDir()
	r, _ := run(t, "0.06", 2000)
	path := filepath.Join(dir, "run.ck")
	if err := SaveCheckpoint(path, r); err != nil {
		t.Fatal(err)
	}
	back, err := LoadCheckpoint(path, r.Code())
	if err != nil || back.Len() != r.Len() || Fletcher32(back, back.Len()) != Fletcher32(r, r.Len()) {
		t.Fatalf("read back %v, %v", back, err)
	}
	if _, err := LoadCheckpoint(path, native.MustParseCode("0.07")); err == nil || !strings.Contains(err.Error(), path+": the checkpoint is of the code") {
		t.Errorf("another code: %v", err)
	}
	if err := SaveCheckpoint(filepath.Join(dir, "no", "run.ck"), r); err == nil {
		t.Error("saved into a missing directory")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left %d files", len(entries))
	}
}

// A period the values show but the theorem cannot prove yet is in the
// summary with the heaps the proof needs; a run to exactly those heaps is
// proved (the summary looks at all the values, not only where the run
// last looked).
func TestSummaryObservedPeriod(t *testing.T) {
	r := native.NewRun(native.MustParseCode("0.16"))
	if err := r.Extend(context.Background(), 450_000); err != nil {
		t.Fatal(err)
	}
	s := Summarize(r, r.Len())
	want := Observed{Preperiod: 105_351, Period: 149_459, Needed: 509_621}
	if s.Periodicity != "not proved" || s.Observed == nil || *s.Observed != want ||
		!strings.Contains(s.Status, "look periodic from heap 105351 with period 149459") ||
		!strings.Contains(s.Status, "--to 509621") {
		t.Fatalf("%+v, observed %+v", s, s.Observed)
	}
	if err := r.Extend(context.Background(), want.Needed); err != nil {
		t.Fatal(err)
	}
	if s := Summarize(r, r.Len()); s.Periodicity != "proved" || s.Preperiod != want.Preperiod || s.Period != want.Period || s.Observed != nil {
		t.Fatalf("at heap %d: %+v", want.Needed, s)
	}
}

// The summary of the first n values of a longer run is that of a run to n:
// a checkpoint may hold more values than --to asks for.
func TestSummaryOfAPrefix(t *testing.T) {
	long, plain := run(t, "4.0 unequal", 30_000)
	short, _ := run(t, "4.0 unequal", 20_000)
	got, want := Summarize(long, 20_001), Summarize(short, short.Len())
	if got.Heaps != want.Heaps || got.MaxValue != want.MaxValue || got.MaxAt != want.MaxAt || got.Fletcher32 != want.Fletcher32 {
		t.Fatalf("prefix %+v, run to 20,000 %+v", got, want)
	}
	if got.Fletcher32 != fletcher(plain[:20_001]) || plain[got.MaxAt] != got.MaxValue {
		t.Fatalf("prefix %+v against the plain values", got)
	}
	rare, last := 1, 0 // heap 0
	for h := 1; h <= 20_000; h++ {
		if bits.OnesCount32(uint32(plain[h])&got.Mask)%2 == 0 {
			rare, last = rare+1, h
		}
	}
	if got.Mask == 0 || got.Rare != rare || got.LastRare != last {
		t.Fatalf("prefix: %d rare heaps, the last %d; %d and %d under mask %#x", got.Rare, got.LastRare, rare, last, got.Mask)
	}
}
