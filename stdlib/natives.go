package stdlib

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib/native"
)

// attachNatives gives the library's games their fast paths. Each is checked
// against the plain definition in natives_test.go.
func (lib *library) attachNatives(in *interp.Interp) {
	game := func(name string) *interp.Game {
		g, ok := in.Game(name)
		if !ok {
			panic("stdlib: missing game " + name)
		}
		return g
	}
	for name, heaps := range heapArgs {
		g := game(name)
		g.Natives.CheckArgs = func(args []interp.Value) string { return checkHeaps(g, heaps, args) }
	}
	// Heap games that are take-and-break codes get their values from the code's table.
	for name, code := range map[string]native.Code{
		"Nim":           native.MustParseCode("0.[3]"),
		"Kayles":        native.MustParseCode("0.77"),
		"DawsonsKayles": native.MustParseCode("0.07"),
		"GrundysGame":   native.GrundysGame(),
		"Lasker":        native.LaskerCode(),
	} {
		g := game(name)
		lib.gameCodes[g] = code
		lib.codes.names[code] = name
		g.Natives.Native = lib.heapValue(code)
	}
	game("Nim").Natives.Native = noErr(func(_ context.Context, args []interp.Value) (int64, bool) {
		return args[0].N, args[0].K == interp.KInt && args[0].N >= 0
	})
	game("Lasker").Natives.Native = noErr(func(_ context.Context, args []interp.Value) (int64, bool) {
		n := args[0] // g(4k+3) = 4k+4 must fit: MaxInt64 is 4k+3, so leave it to the definition
		return native.LaskerSG(n.N), n.K == interp.KInt && n.N >= 0 && n.N < math.MaxInt64
	})
	game("Bash").Natives.Native = noErr(func(_ context.Context, args []interp.Value) (int64, bool) {
		m, n := args[0], args[1]
		if m.K != interp.KInt || n.K != interp.KInt || m.N < 1 || n.N < 0 {
			return 0, false
		}
		return n.N % (m.N + 1), true
	})
	game("Subtract").Natives.Native = lib.subtractionValue(false)
	game("AllBut").Natives.Native = lib.subtractionValue(true)
	game("TakeBreak").Natives.Native = func(ctx context.Context, args []interp.Value) (int64, bool, error) {
		code, err := lib.codes.parse(args[0])
		if err != nil || args[1].K != interp.KInt {
			return 0, false, nil
		}
		return lib.codes.value(ctx, code, args[1].N)
	}
	game("Hackenbush").Natives.Native = noErr(func(_ context.Context, args []interp.Value) (int64, bool) {
		edges, ok := edgeList(args[0])
		if !ok {
			return 0, false
		}
		return int64(native.HackenbushSG(edges)), true
	})
	game("MockTurtles").Natives.Native = noErr(func(ctx context.Context, args []interp.Value) (int64, bool) {
		if args[0].K != interp.KSet {
			return 0, false
		}
		var x int64
		for i, h := range args[0].Seq() {
			if h.K != interp.KInt || h.N < 0 || h.N > 1<<40 {
				return 0, false
			}
			if i&4095 == 4095 && ctx.Err() != nil {
				return 0, false // the caller reports the stop
			}
			x ^= odious(h.N)
		}
		return x, true
	})
	game("Wythoff").Natives.NativeOutcome = func(args []interp.Value) (bool, bool) {
		a, b := args[0], args[1]
		if a.K != interp.KInt || b.K != interp.KInt || a.N < 0 || b.N < 0 {
			return false, false
		}
		return native.WythoffIsP(a.N, b.N), true
	}
	game("FibNim").Natives.NativeOutcome = func(args []interp.Value) (bool, bool) {
		n, limit := args[0], args[1]
		if n.K != interp.KInt || limit.K != interp.KInt || n.N < 0 {
			return false, false
		}
		return native.FibNimIsP(n.N, limit.N), true
	}
	attachWinningMoves(game)
	lib.attachQuotients(game)
}

// attachWinningMoves gives Nim, Wythoff's game and Fibonacci Nim their winning
// moves without going through every move, and makes Nim's heaps heaps for misère play. Labels and bindings are those of the
// move clauses in stdlib.game.
func attachWinningMoves(game func(string) *interp.Game) {
	take := func(k int64, to ...interp.Value) interp.NativeMove {
		return interp.NativeMove{Label: "take", Bindings: []interp.Binding{{Name: "k", Value: interp.Int(k)}}, To: to}
	}
	game("Nim").Natives.NativeMovesTo = func(args []interp.Value, target int64) ([]interp.NativeMove, bool) {
		n := args[0]
		if n.K != interp.KInt || n.N < 0 || target < 0 {
			return nil, false
		}
		if target >= n.N {
			return nil, true
		}
		return []interp.NativeMove{take(n.N-target, interp.Int(target))}, true
	}
	game("Nim").Natives.NimHeap = func(args []interp.Value) (int64, bool) {
		return args[0].N, args[0].K == interp.KInt && args[0].N >= 0
	}
	game("Wythoff").Natives.NativeMovesTo = func(args []interp.Value, target int64) ([]interp.NativeMove, bool) {
		a, b := args[0], args[1]
		if target != 0 || a.K != interp.KInt || b.K != interp.KInt || a.N < 0 || b.N < 0 {
			return nil, false
		}
		var out []interp.NativeMove
		for _, to := range native.WythoffWinningMoves(a.N, b.N) {
			label, k := "both", a.N-to[0]
			switch {
			case to[1] == b.N:
				label = "left"
			case to[0] == a.N:
				label, k = "right", b.N-to[1]
			}
			out = append(out, interp.NativeMove{Label: label, Bindings: []interp.Binding{{Name: "k", Value: interp.Int(k)}},
				To: []interp.Value{interp.Int(to[0]), interp.Int(to[1])}})
		}
		return out, true
	}
	game("FibNim").Natives.NativeMovesTo = func(args []interp.Value, target int64) ([]interp.NativeMove, bool) {
		n, limit := args[0], args[1]
		if target != 0 || n.K != interp.KInt || limit.K != interp.KInt || n.N < 0 {
			return nil, false
		}
		var out []interp.NativeMove
		for _, k := range native.FibNimWinningTakes(n.N, limit.N) {
			if k > math.MaxInt64/2 {
				return nil, false // the definition's 2 * k overflows: let it say so
			}
			out = append(out, take(k, interp.Int(n.N-k), interp.Int(2*k)))
		}
		return out, true
	}
}

// noErr is a native hook that never stops the run with an error.
func noErr(f func(context.Context, []interp.Value) (int64, bool)) func(context.Context, []interp.Value) (int64, bool, error) {
	return func(ctx context.Context, args []interp.Value) (int64, bool, error) {
		v, ok := f(ctx, args)
		return v, ok, nil
	}
}

// heapValue reads a heap game's value from its code's table.
func (lib *library) heapValue(code native.Code) func(context.Context, []interp.Value) (int64, bool, error) {
	return func(ctx context.Context, args []interp.Value) (int64, bool, error) {
		if args[0].K != interp.KInt {
			return 0, false, nil
		}
		return lib.codes.value(ctx, code, args[0].N)
	}
}

// subtractionValue computes Subtract(S, n) (or AllBut(S, n)) through the
// equivalent take-and-break code: digit 3 (take k, leaving nothing or one heap)
// for every allowed k.
func (lib *library) subtractionValue(allBut bool) func(context.Context, []interp.Value) (int64, bool, error) {
	return func(ctx context.Context, args []interp.Value) (int64, bool, error) {
		set, n := args[0], args[1]
		if n.K != interp.KInt || (set.K != interp.KSet && set.K != interp.KList) {
			return 0, false, nil
		}
		code, ok := subtractionCode(set.Seq(), allBut)
		if !ok {
			return 0, false, nil
		}
		c, err := lib.codes.parse(interp.Str(code))
		if err != nil {
			return 0, false, nil
		}
		return lib.codes.value(ctx, c, n.N)
	}
}

// subtractionCode writes the code of a subtraction game: "0.3033" takes 1, 3 or 4;
// with allBut, "0.00[3]" takes anything but 1 and 2.
func subtractionCode(elems []interp.Value, allBut bool) (string, bool) {
	in := map[int64]bool{}
	var top int64
	for _, e := range elems {
		if e.K != interp.KInt || e.N < 1 || e.N > 4096 {
			return "", false
		}
		in[e.N] = true
		top = max(top, e.N)
	}
	var b strings.Builder
	b.WriteString("0.")
	for k := int64(1); k <= top; k++ {
		if in[k] != allBut {
			b.WriteByte('3')
		} else {
			b.WriteByte('0')
		}
	}
	if allBut {
		b.WriteString("[3]")
	} else if top == 0 {
		b.WriteByte('0')
	}
	return b.String(), true
}

// edgeList reads a list or set of pairs of small non-negative integers.
func edgeList(v interp.Value) ([][2]int, bool) {
	if v.K != interp.KList && v.K != interp.KSet {
		return nil, false
	}
	var out [][2]int
	for _, e := range v.Seq() {
		if e.K != interp.KTuple || len(e.Seq()) != 2 {
			return nil, false
		}
		u, w := e.Seq()[0], e.Seq()[1]
		if u.K != interp.KInt || w.K != interp.KInt || u.N < 0 || w.N < 0 || u.N > 1<<30 || w.N > 1<<30 {
			return nil, false
		}
		out = append(out, [2]int{int(u.N), int(w.N)})
	}
	return out, true
}

// odious returns the n-th odious number (numbers with an odd count of 1 bits):
// 2n or 2n+1, whichever is odious.
func odious(n int64) int64 {
	x := 2 * n
	if popcount(x)%2 == 0 {
		x++
	}
	return x
}

func popcount(x int64) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

// heapArgs are the arguments of the library's games that are heap sizes (by
// index): a negative heap is an error, not a position without moves.
var heapArgs = map[string][]int{
	"Nim": {0}, "Bash": {1}, "Subtract": {1}, "AllBut": {1}, "Wythoff": {0, 1}, "FibNim": {0},
	"Lasker": {0}, "Kayles": {0}, "DawsonsKayles": {0}, "GrundysGame": {0}, "TakeBreak": {1},
}

func checkHeaps(g *interp.Game, heaps []int, args []interp.Value) string {
	for _, i := range heaps {
		if a := args[i]; a.K == interp.KInt && a.N < 0 {
			return fmt.Sprintf("%s: the heap %s must not be negative, but it is %d", g.Name, g.Params[i], a.N)
		}
	}
	return ""
}
