// Package octal runs a take-and-break code's nim sequence at research
// scale: the summary a researcher compares with published tables (largest
// value, rare values, a checksum, periodicity), the sequence written as a
// binary or CSV file, and checkpoints to resume a long run from. The
// sequence itself is package native's Run.
package octal

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"

	"github.com/grundy-lang/grundy/internal/atomicfile"
	"github.com/grundy-lang/grundy/stdlib/native"
)

// Summary describes a computed sequence g(0..Heaps-1).
type Summary struct {
	Code     string `json:"code"`
	Heaps    int    `json:"heaps"`     // values computed: g(0) to g(heaps-1)
	Width    int    `json:"width"`     // bytes a value in memory and in a binary file
	MaxValue int    `json:"max_value"` // the largest value
	MaxAt    int    `json:"max_at"`    // the first heap of value max_value
	// Mask is the rare-value method's mask (0 when the method is not in
	// use); Rare the number of rare heaps, those whose value g has
	// popcount(g & mask) even, heap 0 included (as in tczajka's tables), and
	// LastRare the largest of them.
	Mask     uint32 `json:"mask"`
	Rare     int    `json:"rare"`
	LastRare int    `json:"last_rare"`
	// Fletcher32 is the checksum of the values (see Fletcher32).
	Fletcher32 uint32 `json:"fletcher32"`
	// Periodicity: "proved", "not proved" or "not covered" (the theorem
	// does not apply to the code), with Preperiod and Period when proved
	// and a sentence in Status.
	Periodicity string `json:"periodicity"`
	Preperiod   int    `json:"preperiod,omitempty"`
	Period      int    `json:"period,omitempty"`
	// Observed is the period the values show when none is proved (see
	// native.Run.Observed), with the heaps the theorem needs to prove it.
	Observed *Observed `json:"observed,omitempty"`
	Status   string    `json:"status"`
}

// Observed is a period seen in the values but not proved: g(n+Period) =
// g(n) for Preperiod <= n < heaps-Period. Needed is the largest heap whose
// value the periodicity theorem needs to prove it (0 when it does not cover
// the code).
type Observed struct {
	Preperiod int `json:"preperiod"`
	Period    int `json:"period"`
	Needed    int `json:"needed,omitempty"`
}

// Summarize describes the values g(0..n-1) of r (n <= r.Len(): fewer when
// a checkpoint held more than asked for). The periodicity is what all the
// values computed show: Summarize looks for a proof in all of them (a run
// looks only now and then as it grows).
func Summarize(r *native.Run, n int) Summary {
	c := r.Code()
	mv, at := r.Max()
	if n < r.Len() {
		mv, at = maxIn(r, n)
	}
	mask, rare := r.Rare()
	rare = rare[:sort.Search(len(rare), func(i int) bool { return int(rare[i]) >= n })]
	s := Summary{Code: c.String(), Heaps: n, Width: r.Width(), MaxValue: mv, MaxAt: at,
		Mask: mask, Fletcher32: Fletcher32(r, n)}
	if mask != 0 {
		s.Rare = 1 + len(rare)
	}
	if len(rare) > 0 {
		s.LastRare = int(rare[len(rare)-1])
	}
	r.CheckProof()
	if p, ok := r.Proof(); ok {
		s.Periodicity, s.Preperiod, s.Period = "proved", p.Preperiod, p.Period
		s.Status = fmt.Sprintf("proved periodic by the octal periodicity theorem: %v", p)
		return s
	}
	seen := ""
	if p, needed, ok := r.Observed(); ok {
		s.Observed = &Observed{Preperiod: p.Preperiod, Period: p.Period, Needed: needed}
		seen = fmt.Sprintf("; the values look periodic from heap %d with period %d", p.Preperiod, p.Period)
	}
	if why := native.Unprovable(c); why != "" {
		s.Periodicity, s.Status = "not covered", "no proof: "+why+seen
		return s
	}
	s.Periodicity = "not proved"
	s.Status = fmt.Sprintf("no period proved in the values up to heap %d", r.Len()-1)
	if s.Observed != nil {
		s.Status += seen + fmt.Sprintf(", which the theorem proves with the values up to heap %d (--to %d)",
			s.Observed.Needed, s.Observed.Needed)
	}
	return s
}

// maxIn returns the largest of g(0..n-1) and the first heap that has it.
func maxIn(r *native.Run, n int) (value, at int) {
	var buf []int32
	for from := 0; from < n; from += 1 << 16 {
		buf = r.Values(buf[:0], from, min(n, from+1<<16))
		for i, v := range buf {
			if int(v) > value {
				value, at = int(v), from+i
			}
		}
	}
	return value, at
}

// Fletcher32 is the Fletcher-32 checksum of g(0), ..., g(n-1) taken as
// 16-bit words: each value below 65536 is one word; a larger value is two,
// its low 16 bits first. With sums a and b starting at 0, each word w makes
// a = (a + w) mod 65535, then b = (b + a) mod 65535; the checksum is
// b*65536 + a. It does not depend on how the values are stored, so two
// runs agree on it exactly when they agree on the values (but for the
// checksum's own collisions).
func Fletcher32(r *native.Run, n int) uint32 {
	var a, b uint64
	buf := make([]int32, 0, 1<<16)
	for from := 0; from < n; from += cap(buf) {
		buf = r.Values(buf[:0], from, min(from+cap(buf), n))
		for _, v := range buf {
			a += uint64(v & 0xffff)
			b += a
			if v > 0xffff {
				a += uint64(v >> 16)
				b += a
			}
		}
		// at most 2^17 words a chunk: a < 2^34 and b < 2^51, no overflow
		a %= 65535
		b %= 65535
	}
	return uint32(b)<<16 | uint32(a)
}

// WriteBinary writes g(0..n-1) to path as little-endian integers of the
// run's width (1, 2 or 4 bytes), nothing else: value i at offset i*width.
func WriteBinary(path string, r *native.Run, n int) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		buf := make([]int32, 0, 1<<16)
		out := make([]byte, 0, 4<<16)
		for from := 0; from < n; from += cap(buf) {
			buf = r.Values(buf[:0], from, min(from+cap(buf), n))
			out = out[:0]
			for _, v := range buf {
				switch r.Width() {
				case 1:
					out = append(out, byte(v))
				case 2:
					out = binary.LittleEndian.AppendUint16(out, uint16(v))
				default:
					out = binary.LittleEndian.AppendUint32(out, uint32(v))
				}
			}
			if _, err := w.Write(out); err != nil {
				return err
			}
		}
		return nil
	})
}

// WriteCSV writes g(0..n-1) to path as CSV: a header "n,g" and a line
// "n,g(n)" a heap.
func WriteCSV(path string, r *native.Run, n int) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		io.WriteString(w, "n,g\n")
		buf := make([]int32, 0, 1<<16)
		line := make([]byte, 0, 32)
		for from := 0; from < n; from += cap(buf) {
			buf = r.Values(buf[:0], from, min(from+cap(buf), n))
			for i, v := range buf {
				line = strconv.AppendInt(line[:0], int64(from+i), 10)
				line = append(line, ',')
				line = strconv.AppendInt(line, int64(v), 10)
				line = append(line, '\n')
				if _, err := w.Write(line); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// SaveCheckpoint writes r's checkpoint to path atomically: to a temporary
// file in the same directory, synced, then renamed over path, so that a
// kill at any moment leaves either the old checkpoint or the new one.
func SaveCheckpoint(path string, r *native.Run) error {
	return atomicfile.Write(path, r.WriteCheckpoint)
}

// LoadCheckpoint reads the checkpoint at path for code c; it refuses a
// damaged one or one of another code, saying why and naming the file.
func LoadCheckpoint(path string, c native.Code) (*native.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := native.ReadCheckpoint(f, c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}
