package interp_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// runBothWays runs src as the file name in a fresh session with the standard
// library, with every fast path (plain false) or none (Config.Plain), and
// returns what it printed, its diagnostics, its checks and its error as grundy
// shows them. limit, when set, bounds the positions.
func runBothWays(name, src string, plain bool, limit int) string {
	in := stdlib.New()
	in.Config.Plain = plain
	var out bytes.Buffer
	in.Out, in.Diag = &out, &out
	if limit > 0 {
		in.Config.MaxPositions, in.Config.PositionsHint = limit, "raise it with --max-positions"
		in.Config.MaxMemory, in.Config.MemoryHint = 1<<30, "raise it with --max-memory"
	}
	if err := in.Run(context.Background(), name, src); err != nil {
		if text, ok := lang.FormatAll(err); ok {
			out.WriteString(text + "\n")
		} else {
			out.WriteString(err.Error() + "\n")
		}
	}
	fmt.Fprintf(&out, "checks: %d passed, %d failed\n", in.Checks.Passed, in.Checks.Failed)
	return out.String()
}

// plainTooSlow are the examples left out of TestPlainSameOutput: what they show
// needs a fast path to answer at all, or within minutes (each stops at a limit,
// or runs past 30 seconds, the plain way). Every other example is compared.
var plainTooSlow = map[string]string{
	"12_library.game":   "winning(Wythoff(1000000000, 1000000007)) goes through more options than one position may have (Config.MaxOptions) without Wythoff.NativeMovesTo",
	"15_quotients.game": "outcome(H(1000) + H(999), misere) is a misère search over sums of big heaps without their quotient (MisereHeap)",
	"tour.game":         `outcome(TakeBreak("0.77", 1000) + TakeBreak("0.77", 999), misere) is a misère search without Kayles' quotient (TakeBreak.MisereHeap)`,
}

// TestPlainSameOutput runs the examples (but plainTooSlow), the corpus and the
// hostile inputs (with their limits) with every fast path and with none
// (Config.Plain), and requires the same output, diagnostics, checks and errors
// both ways. It takes about 20 seconds: the plain way costs up to 5 times the
// fast way on what it runs.
func TestPlainSameOutput(t *testing.T) {
	compare := func(t *testing.T, name, src string, limit int) {
		start := time.Now()
		fast := runBothWays(name, src, false, limit)
		mid := time.Now()
		plain := runBothWays(name, src, true, limit)
		if testing.Verbose() {
			t.Logf("fast %v, plain %v", mid.Sub(start).Round(time.Millisecond), time.Since(mid).Round(time.Millisecond))
		}
		if fast != plain {
			t.Errorf("with fast paths:\n%s\nplain:\n%s", fast, plain)
		}
	}
	examples, _ := filepath.Glob("../examples/*.game")
	if len(examples) == 0 {
		t.Fatal("no examples")
	}
	for name := range plainTooSlow {
		if _, err := os.Stat(filepath.Join("../examples", name)); err != nil {
			t.Errorf("plainTooSlow names %s: %v", name, err)
		}
	}
	for _, f := range examples {
		name := filepath.Base(f)
		t.Run("examples/"+name, func(t *testing.T) {
			if why, ok := plainTooSlow[name]; ok {
				t.Skip(why)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, name, string(src), 0)
		})
	}
	corpus, _ := filepath.Glob("testdata/corpus/*.game")
	for _, f := range corpus {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		for _, c := range splitCorpus(t, name, string(text)) {
			t.Run("corpus/"+name+":"+strconv.Itoa(c.start), func(t *testing.T) {
				compare(t, name, c.src, 0)
			})
		}
	}
	for _, f := range hostileFiles(t) {
		name := filepath.Base(f)
		t.Run("hostile/"+strings.TrimSuffix(name, ".game"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			compare(t, name, string(src), 20000) // the limits of TestHostileInputs
		})
	}
}
