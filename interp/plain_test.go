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

// aRun is what a run printed (output and diagnostics), its error as grundy
// shows it and its checks.
type aRun struct {
	out, err       string
	passed, failed int
}

func (r aRun) String() string {
	return fmt.Sprintf("%s%s\nchecks: %d passed, %d failed", r.out, r.err, r.passed, r.failed)
}

// runBothWays runs src as the file name in a fresh session with the standard
// library, with every fast path or with none (plain: Config.Plain). limit, when
// set, bounds the positions (and memory) as the hostile inputs' test does.
func runBothWays(name, src string, plain bool, limit int) aRun {
	in := stdlib.New()
	in.Config.Plain = plain
	var out bytes.Buffer
	in.Out, in.Diag = &out, &out
	if limit > 0 {
		in.Config.MaxPositions, in.Config.PositionsHint = limit, "raise it with --max-positions"
		in.Config.MaxMemory, in.Config.MemoryHint = 1<<30, "raise it with --max-memory"
	}
	var r aRun
	if err := in.Run(context.Background(), name, src); err != nil {
		if text, ok := lang.FormatAll(err); ok {
			r.err = text
		} else {
			r.err = err.Error()
		}
	}
	r.out, r.passed, r.failed = out.String(), in.Checks.Passed, in.Checks.Failed
	return r
}

// plainTooSlow are the examples that need a fast path to finish: the plain way
// they stop at a limit, or run for minutes. TestPlainSameOutput runs them plain
// under the hostile inputs' position limit (20,000) and requires that they stop
// at a limit, at the statement named here, having printed the beginning of what
// they print with the fast paths and failed no check. Every other example runs
// to its end both ways.
var plainTooSlow = map[string]string{
	"12_library.game:23":   "winning(Wythoff(1000000000, 1000000007)) goes through its billions of moves without Wythoff.NativeMovesTo",
	"15_quotients.game:41": "outcome(H(1000) + H(999), misere) is a misère search over sums of big heaps without their quotient (MisereHeap)",
	"tour.game:84":         `outcome(TakeBreak("0.77", 1000) + TakeBreak("0.77", 999), misere) is a misère search without Kayles' quotient (TakeBreak.MisereHeap)`,
}

// TestPlainSameOutput runs the examples, the corpus and the hostile inputs (with
// their limits) with every fast path and with none (Config.Plain), and requires
// the same output, diagnostics, checks and errors both ways; the examples of
// plainTooSlow are compared until the plain way stops. It takes about 20
// seconds: the plain way costs up to 5 times the fast way on what it runs.
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
	stopsAt := func(t *testing.T, name, src, at string) {
		fast := runBothWays(name, src, false, 0)
		plain := runBothWays(name, src, true, 20000)
		if !strings.HasPrefix(plain.err, at+":") || !strings.Contains(plain.err, "limit") {
			t.Errorf("the plain way should stop at a limit at %s, but it ends with %q", at, plain.err)
		}
		if !strings.HasPrefix(fast.out, plain.out) || plain.failed > 0 || fast.err != "" {
			t.Errorf("with fast paths:\n%s\nplain, until it stops:\n%s", fast, plain)
		}
	}
	examples, _ := filepath.Glob("../examples/*.game")
	if len(examples) == 0 {
		t.Fatal("no examples")
	}
	stops := map[string]string{} // example: its file:line where the plain way stops
	for at := range plainTooSlow {
		name, _, _ := strings.Cut(at, ":")
		if _, err := os.Stat(filepath.Join("../examples", name)); err != nil {
			t.Errorf("plainTooSlow names %s: %v", name, err)
		}
		stops[name] = at
	}
	for _, f := range examples {
		name := filepath.Base(f)
		t.Run("examples/"+name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if at, ok := stops[name]; ok {
				stopsAt(t, name, string(src), at)
				return
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
