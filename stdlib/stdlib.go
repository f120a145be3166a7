// Package stdlib is grundy's standard library: the classic games written in the
// language itself (stdlib.game, embedded), plus native fast paths from package
// native attached to them, each proven equal to the plain definition in the tests.
package stdlib

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib/native"
)

//go:embed stdlib.game
var source string

// Source is the text of the library, as `:help` and the docs show it.
func Source() string { return source }

// New returns a session with the standard library loaded.
func New() *interp.Interp {
	in := interp.New()
	if err := Load(in); err != nil {
		panic("stdlib: the embedded library does not load: " + err.Error())
	}
	return in
}

// Load defines the library's games and functions in a session and attaches the
// native fast paths.
func Load(in *interp.Interp) error {
	lib := &library{in: in, codes: newCodeCache(&in.Config.Budget), gameCodes: map[*interp.Game]native.Code{}, quotients: map[quotientKey]*heapQuotient{}, tames: map[native.Code]*tameCode{}}
	lib.defineFunctions(in)
	newMisereForms(in).define()
	if err := in.Run(context.Background(), "stdlib.game", source); err != nil {
		return err
	}
	in.MarkLibrary("stdlib.game")
	lib.attachNatives(in)
	return nil
}

// library is the state the native parts share in one session.
type library struct {
	in        *interp.Interp
	codes     *codeCache
	gameCodes map[*interp.Game]native.Code // the library's take-and-break games
	quotients map[quotientKey]*heapQuotient
	tames     map[native.Code]*tameCode // the tameness of codes, shared by their quotients
}

// maxListedMoves bounds the moves takebreak lists, as the interpreter bounds the
// options of one position.
const maxListedMoves = 1 << 20

// defineFunctions adds the Go helpers the library's games use.
func (lib *library) defineFunctions(in *interp.Interp) {
	codes := lib.codes
	in.Define("takebreak", 2, 2, "takebreak(code, n): the moves of a heap of n under a take-and-break code, as pairs (tokens removed, [heaps left])",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			code, err := codes.parse(args[0])
			if err != nil {
				return interp.Value{}, err
			}
			n, err := intArg(args[1], "the heap size")
			if err != nil || n < 0 {
				return interp.Value{}, fmt.Errorf("the heap size must be a non-negative integer, not %s", args[1].Repr())
			}
			// A native search that ran out of time may have fallen back to the
			// moves: say that the time is up, not that the heap is too large.
			if err := ctx.Err(); err != nil {
				return interp.Value{}, err
			}
			if n > 1<<20 {
				return interp.Value{}, fmt.Errorf("heap %d is too large to list its moves", n)
			}
			var out []interp.Value
			all := code.EachOption(int(n), func(removed int, heaps []int) bool {
				hs := make([]interp.Value, len(heaps))
				for i, h := range heaps {
					hs[i] = interp.Int(int64(h))
				}
				out = append(out, interp.Tuple(interp.Int(int64(removed)), interp.List(hs)))
				return len(out) <= maxListedMoves
			})
			if !all {
				return interp.Value{}, fmt.Errorf("heap %d has more than %d moves, too many to list", n, maxListedMoves)
			}
			return interp.List(out), nil
		})
	in.Define("nimmul", 2, 2, "nimmul(a, b): the nim product of a and b (field multiplication on the nimbers)",
		func(_ context.Context, args []interp.Value) (interp.Value, error) {
			a, err1 := natArg(args[0])
			b, err2 := natArg(args[1])
			if err := firstErr(err1, err2); err != nil {
				return interp.Value{}, err
			}
			return nimResult(native.NimMul(a, b))
		})
	in.Define("niminv", 1, 1, "niminv(a): the nim inverse of a > 0: nimmul(a, niminv(a)) == 1",
		func(_ context.Context, args []interp.Value) (interp.Value, error) {
			a, err := natArg(args[0])
			if err != nil || a == 0 {
				return interp.Value{}, fmt.Errorf("niminv needs a positive integer, not %s", args[0].Repr())
			}
			return nimResult(native.NimInv(a))
		})
	in.Define("zeckendorf", 1, 1, "zeckendorf(n): the Fibonacci numbers (1, 2, 3, 5, ...), none adjacent, that sum to n, largest first",
		func(_ context.Context, args []interp.Value) (interp.Value, error) {
			n, err := intArg(args[0], "zeckendorf's argument")
			if err != nil || n < 0 {
				return interp.Value{}, fmt.Errorf("zeckendorf needs a non-negative integer, not %s", args[0].Repr())
			}
			var out []interp.Value
			for _, t := range native.Zeckendorf(n) {
				out = append(out, interp.Int(t))
			}
			return interp.List(out), nil
		})
	in.Define("period", 1, 2, "period(xs): preperiod, period and saltus of a sequence (xs[n + period] = xs[n] + saltus from the preperiod on, seen at least twice; the briefest: smallest preperiod + period); period(G) for a take-and-break game G (Kayles, TakeBreak code...) proves it by the octal periodicity theorem, or says what it observed within half a second of work; period(G, seconds) looks for that long instead, as far as memory allows; the field status says which, and period is 0 when none is seen",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			var limits native.ProofLimits
			switch {
			case len(args) == 1:
				limits = native.ProofLimits{MaxN: 1 << 20, Work: native.ProofWork}
			case args[1].K != interp.KInt || args[1].N <= 0 || args[1].N > 1<<31:
				return interp.Value{}, fmt.Errorf("period(G, seconds): the time to look must be a positive number of seconds, not %s", args[1].Repr())
			default:
				limits = native.ProofLimits{Time: time.Duration(args[1].N) * time.Second}
			}
			limits.Memory = func(extra int64) error { return in.Config.Memory(extra) }
			if len(args) == 2 && args[0].K != interp.KGame && args[0].K != interp.KStr {
				return interp.Value{}, fmt.Errorf("period(xs, seconds): the time applies to a take-and-break game, not to %s %s", args[0].K, args[0].Repr())
			}
			return lib.period(ctx, args[0], limits)
		})
	in.Define("quotient", 1, 4, "quotient(G): the misère quotient of a heap game (Kayles, a take-and-break code \"0.75\"...): order, generators and relations, P-portion (pportion), the heap map and the heaps it is proved for; quotient(G, bound) allows more than 256 elements, quotient(G, bound, work) more than 262144 steps of search per heap (misère queries then use the quotient that reaches furthest); quotient(G, bound, work, file) resumes from the quotient saved in file and saves it there when it stops, even by the time limit",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			return lib.quotient(ctx, args)
		})
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func intArg(v interp.Value, what string) (int64, error) {
	if v.K != interp.KInt {
		return 0, fmt.Errorf("%s must be an integer, not %s %s", what, v.K, v.Repr())
	}
	return v.N, nil
}

func natArg(v interp.Value) (uint64, error) {
	if v.K != interp.KInt || v.N < 0 {
		return 0, fmt.Errorf("nim arithmetic needs non-negative integers, not %s", v.Repr())
	}
	return uint64(v.N), nil
}

// codeCache parses take-and-break codes once and keeps one growing nim-sequence
// table per code for the whole session.
type codeCache struct {
	parsed map[string]native.Code
	tables map[native.Code]*native.Table
	names  map[native.Code]string // the library's names of codes, for progress lines
	budget *budget.Budget         // the session's: its memory ceiling and progress callback
}

func newCodeCache(b *budget.Budget) *codeCache {
	return &codeCache{parsed: map[string]native.Code{}, tables: map[native.Code]*native.Table{}, names: map[native.Code]string{}, budget: b}
}

func (c *codeCache) parse(v interp.Value) (native.Code, error) {
	if v.K != interp.KStr {
		return native.Code{}, fmt.Errorf("a take-and-break code is a string such as \"0.77\", not %s", v.Repr())
	}
	if code, ok := c.parsed[v.Str()]; ok {
		return code, nil
	}
	code, err := native.ParseCode(v.Str())
	if err != nil {
		return native.Code{}, err
	}
	c.parsed[v.Str()] = code
	return code, nil
}

func (c *codeCache) table(code native.Code) *native.Table {
	t, ok := c.tables[code]
	if !ok {
		t = native.NewTable(code)
		t.SetMemory(c.budget.Memory)
		t.SetProgress(c.progress(code))
		c.tables[code] = t
	}
	return t
}

// progress returns what a computation of code's values tells as it grows:
// the heaps computed, to the session's OnHeaps when one is set, under the
// library's name of the code (GrundysGame) or the code itself.
func (c *codeCache) progress(code native.Code) func(heaps int) {
	name, ok := c.names[code]
	if !ok {
		name = code.String()
	}
	return func(heaps int) {
		if f := c.budget.OnHeaps; f != nil {
			f(name, heaps)
		}
	}
}

// value is g(n) under code from the shared table: false for a negative n, an
// error when the computation was stopped or the table would pass the memory
// budget (a *budget.MemoryError with the figures). The table has no other
// bound: listing the moves of a heap it cannot reach would only fail later.
func (c *codeCache) value(ctx context.Context, code native.Code, n int64) (int64, bool, error) {
	if n < 0 {
		return 0, false, nil
	}
	v, err := c.table(code).Value(ctx, int(n))
	if err != nil {
		return 0, false, err
	}
	return int64(v), true, nil
}

// period answers period(xs) for a list and period(G) for a take-and-break game.
func (lib *library) period(ctx context.Context, arg interp.Value, limits native.ProofLimits) (interp.Value, error) {
	codes := lib.codes
	if arg.K == interp.KGame {
		code, ok := lib.gameCodes[arg.R.(*interp.Game)]
		if !ok {
			return interp.Value{}, fmt.Errorf("period(%s): only take-and-break games (Kayles, DawsonsKayles, GrundysGame, Nim...) have a periodicity proof; give a list of values instead", arg.Repr())
		}
		limits.Heaps = codes.progress(code)
		return codePeriod(ctx, code, limits)
	}
	if arg.K == interp.KStr {
		code, err := codes.parse(arg)
		if err != nil {
			return interp.Value{}, err
		}
		limits.Heaps = codes.progress(code)
		return codePeriod(ctx, code, limits)
	}
	var seq []int
	switch arg.K {
	case interp.KList, interp.KTuple:
		for _, v := range arg.Seq() {
			if v.K != interp.KInt {
				return interp.Value{}, fmt.Errorf("expected a list of integers, but %s is %s", v.Repr(), v.K)
			}
			seq = append(seq, int(v.N))
		}
	default:
		return interp.Value{}, fmt.Errorf("expected a list of values or a take-and-break game, not %s %s", arg.K, arg.Repr())
	}
	p := native.Period(seq)
	status := fmt.Sprintf("observed in %d values", len(seq))
	if !p.Found() {
		status = fmt.Sprintf("no period in %d values", len(seq))
	}
	return periodRecord(p, status), nil
}

// codePeriod proves the period of a take-and-break code, or says what was
// observed in the values computed within the limits, and which stopped it.
func codePeriod(ctx context.Context, code native.Code, limits native.ProofLimits) (interp.Value, error) {
	proof, err := native.ProvePeriodWithin(ctx, code, limits)
	if err != nil {
		return interp.Value{}, err
	}
	if proof.Proved {
		return periodRecord(proof.Periodicity, "proved"), nil
	}
	status := fmt.Sprintf("not proved; observed up to %d", proof.CheckedTo)
	if !proof.Observed.Found() {
		status = fmt.Sprintf("not proved; no period observed up to %d", proof.CheckedTo)
	}
	switch {
	case proof.Reason != "":
		status += " (" + strings.TrimSuffix(proof.Reason, ".") + ")"
	case proof.Stopped == "time":
		status += fmt.Sprintf(" (looked for %v; period(G, seconds) looks longer)", limits.Time)
	case proof.Stopped == "heaps":
		status += " (period(G, seconds) looks further)"
	case proof.Stopped == "work":
		status += " (about half a second of work; period(G, seconds) looks longer)"
	}
	return periodRecord(proof.Observed, status), nil
}

// periodRecord is the answer of period: always the fields preperiod, period
// (0 when there is none), saltus and status, so that a program can test them;
// when there is no period, only the status is printed.
func periodRecord(p native.Periodicity, status string) interp.Value {
	none := !p.Found()
	return interp.NewRecord(
		[]string{"preperiod", "period", "saltus", "status"},
		[]interp.Value{interp.Int(int64(p.Preperiod)), interp.Int(int64(p.Period)), interp.Int(int64(p.Saltus)), interp.Str(status)},
		[]bool{none, none, true, false})
}

// nimResult returns a nim product or inverse, which may need all 64 bits while
// integers have 63 and a sign: then it is an overflow error, never a wrapped value.
func nimResult(x uint64) (interp.Value, error) {
	if x > math.MaxInt64 {
		return interp.Value{}, fmt.Errorf("the result %d does not fit a 64-bit signed integer (overflow)", x)
	}
	return interp.Int(int64(x)), nil
}
