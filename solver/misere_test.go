package solver

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/budget"
)

// Toy games for the misère tests, several in one Rules: a position is game<<16 | n.
const (
	gNim          = iota // take any number from a heap
	gKayles              // octal .77
	gDawsonKayles        // octal 0.07
	gGrundy              // split a heap into two unequal heaps
	gDawsonChess         // octal 0.137
	gSub123              // subtraction {1, 2, 3}
	gSub134              // subtraction {1, 3, 4}
	gStar                // options are the bare nimbers *0 ... *(n-1): the nimber *n
	gTwist               // take k in 1..3, leaving Twist(n-k) + *(k-1)
	gLoop                // a loopy game: Loop(n) -> Loop((n+1) % 3)
	misGames
)

var misNames = [misGames]string{"Nim", "Kayles", "DawsonKayles", "Grundy", "DawsonChess",
	"Sub123", "Sub134", "Star", "Twist", "Loop"}

func mp(game, n int) Pos { return Pos(game<<16 | n) }

type misRules struct{}

func (misRules) Expand(p Pos, o *Options) error {
	game, n := int(p)>>16, int(p)&0xffff
	switch game {
	case gNim:
		for k := range n {
			o.Add(0, mp(gNim, k))
		}
	case gKayles:
		octalMoves(gKayles, []int{7, 7}, n, o)
	case gDawsonKayles:
		octalMoves(gDawsonKayles, []int{0, 7}, n, o)
	case gDawsonChess:
		octalMoves(gDawsonChess, []int{1, 3, 7}, n, o)
	case gGrundy:
		for a := 1; a < n-a; a++ {
			o.Add(0, mp(gGrundy, a), mp(gGrundy, n-a))
		}
	case gSub123, gSub134:
		set := []int{1, 2, 3}
		if game == gSub134 {
			set = []int{1, 3, 4}
		}
		for _, s := range set {
			if s <= n {
				o.Add(0, mp(game, n-s))
			}
		}
	case gStar:
		for k := range n {
			o.Add(int64(k))
		}
	case gTwist:
		for k := 1; k <= min(n, 3); k++ {
			o.Add(int64(k-1), mp(gTwist, n-k))
		}
	case gLoop:
		o.Add(0, mp(gLoop, (n+1)%3))
	}
	return nil
}

// octalMoves adds the moves of the octal game with the given code digits (digit k
// for removing k tokens: 1 = may take the whole heap, 2 = may leave one heap, 4 = may
// leave two).
func octalMoves(game int, digits []int, n int, o *Options) {
	for i, d := range digits {
		r := n - (i + 1)
		if r < 0 {
			break
		}
		if d&1 != 0 && r == 0 {
			o.Add(0)
		}
		if d&2 != 0 && r > 0 {
			o.Add(0, mp(game, r))
		}
		if d&4 != 0 {
			for a := 1; a <= r-a; a++ {
				o.Add(0, mp(game, a), mp(game, r-a))
			}
		}
	}
}

func (misRules) Shortcut(Pos) (int64, bool) { return 0, false }
func (misRules) Describe(p Pos) string {
	return fmt.Sprintf("%s(%d)", misNames[int(p)>>16], int(p)&0xffff)
}

// misBrute is the definition, with nothing of the solver's: the misère Grundy value of a
// sum by plain recursion over the whole product of its components (1 without options,
// else the mex of the options' values), a nim constant being a Nim heap.
type misBrute struct {
	memo map[string]int64
	opts map[Pos]*Options
}

func newBrute() *misBrute { return &misBrute{memo: map[string]int64{}, opts: map[Pos]*Options{}} }

func (b *misBrute) options(p Pos) *Options {
	if o, ok := b.opts[p]; ok {
		return o
	}
	o := &Options{}
	_ = misRules{}.Expand(p, o)
	b.opts[p] = o
	return o
}

func (b *misBrute) mg(sum []Pos) int64 {
	s := slices.Clone(sum)
	slices.Sort(s)
	key := make([]byte, 0, 4*len(s))
	for _, p := range s {
		key = binary.LittleEndian.AppendUint32(key, uint32(p))
	}
	if v, ok := b.memo[string(key)]; ok {
		return v
	}
	var vals []int64
	for i, p := range s {
		if i > 0 && s[i-1] == p {
			continue
		}
		o := b.options(p)
		for j := range o.Len() {
			comps, nim := o.Option(j)
			child := append(append(slices.Clone(s[:i]), s[i+1:]...), comps...)
			if nim > 0 {
				child = append(child, mp(gNim, int(nim)))
			}
			vals = append(vals, b.mg(child))
		}
	}
	v := int64(1)
	if len(vals) > 0 {
		v = Mex(vals)
	}
	b.memo[string(key)] = v
	return v
}

// withTwos is p plus n Nim heaps of size 2.
func withTwos(p Pos, n int) []Pos {
	s := []Pos{p}
	for range n {
		s = append(s, mp(gNim, 2))
	}
	return s
}

func newMisere() (*Solver, *Misere) {
	s := New(misRules{}, nil)
	return s, NewMisere(s)
}

// TestGenusTwoWays computes genus and misère values of heap games by genus theory (the
// solver's recursion over options, with tame sums added by the tame rule) and checks
// every term against the definition: γn = g⁻(G + n·*2) by brute force on the product.
func TestGenusTwoWays(t *testing.T) {
	ctx := context.Background()
	for _, game := range []int{gKayles, gDawsonKayles, gGrundy, gSub123, gSub134, gTwist} {
		s, m := newMisere()
		b := newBrute()
		for n := 0; n <= 20; n++ {
			p := mp(game, n)
			g, err := m.Genus(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := s.Value(ctx, p); g.G != want {
				t.Errorf("%s: genus %v has normal value %d, want %d", misRules{}.Describe(p), g, g.G, want)
			}
			for k := 0; k < len(g.Seq)+2; k++ {
				if want := b.mg(withTwos(p, k)); g.Gamma(k) != want {
					t.Errorf("%s: genus %v: γ%d = %d, brute force %d", misRules{}.Describe(p), g, k, g.Gamma(k), want)
				}
				// And the outcome of the sum by the solver's own rules or search.
				twos := make([]int64, k)
				for i := range twos {
					twos[i] = 2
				}
				if isP, err := m.Outcome(ctx, []Pos{p}, twos...); err != nil || isP != (g.Gamma(k) == 0) {
					t.Errorf("%s + %d·*2: Outcome = %v, %v; genus %v", misRules{}.Describe(p), k, isP, err, g)
				}
			}
			if v, _ := m.Value(ctx, p); v != b.mg([]Pos{p}) {
				t.Errorf("%s: Value = %d, brute force %d", misRules{}.Describe(p), v, b.mg([]Pos{p}))
			}
		}
	}
}

// CGSuite 2.2 (A. N. Siegel), game.heap.TakeAndBreak(code)(n): misère nim value
// (MisereNimValue) and the first 8 terms γ0..γ7 of the genus, for heaps 0, 1, 2, ...
var cgsuiteGenus = map[int][]string{
	gKayles: {"12020202", "03131313", "20202020", "31313131", "03131313", "14646464",
		"31313131", "20202020", "13131313", "04646464", "20202020", "46464646", "04646464",
		"13131313", "20202020", "57575757", "13131313", "64646464", "31313131", "20202020",
		"03131313", "64646464", "46464646", "57575757", "64646464", "73131313"},
	gDawsonChess: {"12020202", "03131313", "03131313", "20202020", "12020202", "31313131",
		"03131313", "03131313", "12020202", "14313131", "31313131", "05202020", "20202020",
		"14646464", "12020202", "05757575", "05202020", "20202020", "14313131", "31313131",
		"02020202", "03131313", "13131313", "14313131", "31313131", "05202020"},
	gGrundy: {"12020202", "12020202", "12020202", "03131313", "12020202", "20202020",
		"03131313", "12020202", "20202020", "03131313", "12020202", "20202020", "03131313",
		"14313131", "20202020", "03131313", "14313131", "20202020", "05646464", "14313131"},
}

func TestGenusMatchesCGSuite(t *testing.T) {
	ctx := context.Background()
	s, m := newMisere()
	for game, rows := range cgsuiteGenus {
		for n, row := range rows {
			p := mp(game, n)
			g, err := m.Genus(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			for k := range 8 {
				fmt.Fprint(&got, g.Gamma(k))
			}
			if got.String() != row {
				t.Errorf("%s: γ0..γ7 = %s (genus %v), CGSuite %s", misRules{}.Describe(p), got.String(), g, row)
			}
			if v, _ := s.Value(ctx, p); v != g.G {
				t.Errorf("%s: genus %v, normal value %d", misRules{}.Describe(p), g, v)
			}
		}
	}
	// The usual notation, as printed in Winning Ways and by CGSuite for these heaps.
	for _, c := range []struct {
		p    Pos
		want string
	}{{mp(gKayles, 0), "0^120"}, {mp(gKayles, 1), "1^031"}, {mp(gKayles, 2), "2^20"},
		{mp(gKayles, 5), "4^146"}, {mp(gKayles, 11), "6^46"}, {mp(gKayles, 25), "1^731"},
		{mp(gDawsonChess, 9), "3^1431"}, {mp(gDawsonChess, 11), "2^0520"},
		{mp(gDawsonChess, 20), "0^02"}, {mp(gGrundy, 18), "4^0564"}} {
		if g, _ := m.Genus(ctx, c.p); g.String() != c.want {
			t.Errorf("genus of %s = %v, want %s", misRules{}.Describe(c.p), g, c.want)
		}
	}
	// Strict tameness: Kayles is tame up to 4; from 5 on every heap reaches Kayles(5),
	// which is wild (4^146).
	for n := 0; n <= 12; n++ {
		if tame, _ := m.Tame(ctx, mp(gKayles, n)); tame != (n <= 4) {
			t.Errorf("Tame(Kayles(%d)) = %v", n, tame)
		}
	}
}

func TestGenusString(t *testing.T) {
	for _, c := range []struct {
		g    Genus
		want string
		tame bool
	}{
		{Genus{0, []int64{1, 2, 0}}, "0^120", true},
		{Genus{1, []int64{0, 3, 1}}, "1^031", true},
		{Genus{0, []int64{0, 2}}, "0^02", true},
		{Genus{3, []int64{3, 1}}, "3^31", true},
		{Genus{4, []int64{1, 4, 6}}, "4^146", false},
		{Genus{10, []int64{10, 8}}, "10^(10,8)", true},
		{Genus{2, []int64{0, 5, 2, 0}}, "2^0520", false},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("String = %s, want %s", got, c.want)
		}
		if c.g.IsTame() != c.tame {
			t.Errorf("%s: IsTame = %v", c.want, !c.tame)
		}
	}
	g := Genus{4, []int64{1, 4, 6}}
	if !g.Equal(Genus{4, []int64{1, 4, 6}}) || g.Equal(Genus{4, []int64{0, 4, 6}}) || g.Equal(Genus{6, []int64{1, 4, 6}}) {
		t.Error("Equal")
	}
	if got := []int64{g.Gamma(0), g.Gamma(1), g.Gamma(2), g.Gamma(3), g.Gamma(4), g.Gamma(9)}; !slices.Equal(got, []int64{1, 4, 6, 4, 6, 4}) {
		t.Errorf("Gamma: %v", got)
	}
}

// TestMisereNim checks Bouton's misère rule on every Nim position of up to 4 heaps of
// size up to 7 against a brute-force search, with the heaps given as nimbers and as
// positions of a Nim game (which the solver recognises as nimbers).
func TestMisereNim(t *testing.T) {
	ctx := context.Background()
	_, m := newMisere()
	b := newBrute()
	count := 0
	for a := 0; a <= 7; a++ {
		for c := 0; c <= a; c++ {
			for d := 0; d <= c; d++ {
				for e := 0; e <= d; e++ {
					heaps := []int64{int64(a), int64(c), int64(d), int64(e)}
					comps := []Pos{mp(gNim, a), mp(gNim, c), mp(gNim, d), mp(gNim, e)}
					want := b.mg(comps) == 0
					if got := MisereNimP(heaps...); got != want {
						t.Errorf("MisereNimP%v = %v, brute force %v", heaps, got, want)
					}
					v, err := m.Decide(ctx, nil, heaps...)
					if err != nil || v.P != want || v.Method != MethodNim {
						t.Errorf("Decide(heaps %v) = %+v, %v; want P=%v by Nim", heaps, v, err, want)
					}
					v, err = m.Decide(ctx, comps)
					if err != nil || v.P != want || v.Method != MethodNim {
						t.Errorf("Decide(%v) = %+v, %v; want P=%v by Nim", comps, v, err, want)
					}
					count++
				}
			}
		}
	}
	if count != 330 {
		t.Errorf("checked %d positions", count)
	}
	// The empty sum: the player to move cannot move, and wins.
	if isP, err := m.Outcome(ctx, nil); isP || err != nil {
		t.Errorf("Outcome(empty) = %v, %v", isP, err)
	}
	if isP, _ := m.Outcome(ctx, nil, 1); !isP {
		t.Error("*1 should be a misère P-position")
	}
	// Bouton's winning moves: from 5, 1, 3 (nim-sum 7) take 3 from the first heap (its
	// option #2 is Nim(2)); from 1, 1, 1 there is none, and from 1, 1, 2 take one from 2.
	mv, err := m.WinningMoves(ctx, []Pos{mp(gNim, 5)}, 1, 3)
	if err != nil || fmt.Sprint(mv) != "[{0 2}]" {
		t.Errorf("WinningMoves(Nim(5) + *1 + *3) = %v, %v", mv, err)
	}
	if mv, err := m.WinningMoves(ctx, nil, 1, 1, 1); err != nil || len(mv) != 0 {
		t.Errorf("WinningMoves(*1 + *1 + *1) = %v, %v", mv, err)
	}
	if mv, err := m.WinningMoves(ctx, nil, 1, 1, 2); err != nil || fmt.Sprint(mv) != "[{2 1}]" {
		t.Errorf("WinningMoves(*1 + *1 + *2) = %v, %v", mv, err)
	}
	// ... and a huge heap does not enumerate its options.
	mv, err = m.WinningMoves(ctx, nil, 1<<40, 5)
	if err != nil || fmt.Sprint(mv) != "[{0 5}]" {
		t.Errorf("WinningMoves(*2^40 + *5) = %v, %v", mv, err)
	}
}

// TestRandomSums checks the misère outcome and the winning moves of random small sums
// against the brute force over the whole product.
func TestRandomSums(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	maxSize := map[int]int{gNim: 4, gKayles: 9, gDawsonKayles: 10, gGrundy: 12, gDawsonChess: 11,
		gSub123: 8, gSub134: 8, gStar: 4, gTwist: 8}
	games := []int{gNim, gKayles, gDawsonKayles, gGrundy, gDawsonChess, gSub123, gSub134, gStar, gTwist}
	_, m := newMisere()
	b := newBrute()
	methods := map[MisereMethod]int{}
	for range 400 {
		var comps []Pos
		total := 0
		for range 1 + rng.IntN(4) {
			g := games[rng.IntN(len(games))]
			n := rng.IntN(maxSize[g] + 1)
			if total+n > 16 {
				break
			}
			total += n
			comps = append(comps, mp(g, n))
		}
		var heaps []int64
		for range rng.IntN(3) {
			heaps = append(heaps, int64(rng.IntN(5)))
		}
		all := slices.Clone(comps)
		for _, h := range heaps {
			all = append(all, mp(gNim, int(h)))
		}
		want := b.mg(all) == 0
		name := fmt.Sprintf("%v + heaps %v", describeAll(comps), heaps)
		v, err := m.Decide(ctx, comps, heaps...)
		if err != nil || v.P != want {
			t.Fatalf("%s: Decide = %+v, %v; brute force P=%v", name, v, err, want)
		}
		methods[v.Method]++
		moves, err := m.WinningMoves(ctx, comps, heaps...)
		if err != nil {
			t.Fatal(err)
		}
		var wantMoves []Move
		anyMove := false
		for i, p := range all {
			o := b.options(p)
			anyMove = anyMove || o.Len() > 0
			for j := range o.Len() {
				oc, nim := o.Option(j)
				child := append(append(slices.Clone(all[:i]), all[i+1:]...), oc...)
				if nim > 0 {
					child = append(child, mp(gNim, int(nim)))
				}
				if b.mg(child) == 0 {
					wantMoves = append(wantMoves, Move{Comp: i, Option: j})
				}
			}
		}
		if !slices.Equal(moves, wantMoves) {
			t.Fatalf("%s: WinningMoves = %v, brute force %v", name, moves, wantMoves)
		}
		if want && len(moves) > 0 || !want && anyMove && len(moves) == 0 {
			t.Fatalf("%s: P=%v with winning moves %v", name, want, moves)
		}
	}
	for _, method := range []MisereMethod{MethodNim, MethodTame, MethodGenus, MethodSearch} {
		if methods[method] == 0 {
			t.Errorf("no sum was decided by %q: %v", method, methods)
		}
	}
	// The search hashes a child from its parent's hash (see nextChild): were that
	// wrong, lookups would miss and the same sum would be stored twice.
	seen := map[string]int32{}
	for st := range int32(len(m.states)) {
		atoms := m.atomsOf(st)
		key := fmt.Sprint(atoms)
		if other, ok := seen[key]; ok {
			t.Fatalf("states %d and %d are both the sum %v", other, st, atoms)
		}
		seen[key] = st
		if got, ok := m.lookup(atoms); !ok || got != st {
			t.Fatalf("lookup(%v) = %d, %v; want state %d", atoms, got, ok, st)
		}
	}
	if methods[MethodSearch] > 0 && len(seen) < 100 {
		t.Errorf("only %d states after %d searches", len(seen), methods[MethodSearch])
	}
}

func describeAll(ps []Pos) string {
	var names []string
	for _, p := range ps {
		names = append(names, misRules{}.Describe(p))
	}
	return strings.Join(names, " + ")
}

// TestTameSums checks the tame rule where it applies: sums of strictly tame components
// are decided by their genera, and agree with the brute force.
func TestTameSums(t *testing.T) {
	ctx := context.Background()
	_, m := newMisere()
	b := newBrute()
	var tame []Pos
	for _, game := range []int{gKayles, gDawsonChess, gGrundy, gSub123, gSub134, gTwist} {
		for n := range 13 {
			p := mp(game, n)
			if ok, err := m.Tame(ctx, p); err != nil {
				t.Fatal(err)
			} else if ok {
				tame = append(tame, p)
			}
		}
	}
	// Subtraction games are tame (Gurvich and Ho, "On tame, pet, domestic, and
	// miserable impartial games", Discrete Applied Mathematics 243 (2018) 54-72).
	for _, game := range []int{gSub123, gSub134} {
		for n := range 21 {
			if ok, _ := m.Tame(ctx, mp(game, n)); !ok {
				t.Errorf("%s is not tame", misRules{}.Describe(mp(game, n)))
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		var comps []Pos
		total := 0
		for range 2 + rng.IntN(3) {
			p := tame[rng.IntN(len(tame))]
			if total += int(p) & 0xffff; total > 18 {
				break
			}
			comps = append(comps, p)
		}
		v, err := m.Decide(ctx, comps)
		if err != nil || v.Method != MethodTame && v.Method != MethodNim {
			t.Fatalf("%s: %+v, %v", describeAll(comps), v, err)
		}
		if want := b.mg(comps) == 0; v.P != want {
			t.Fatalf("%s: tame rule says P=%v, brute force %v", describeAll(comps), v.P, want)
		}
		g, tameSum, err := m.SumGenus(ctx, comps)
		if err != nil || !tameSum || g.Misere() != b.mg(comps) {
			t.Fatalf("%s: SumGenus = %v, %v, %v; brute force g⁻ = %d", describeAll(comps), g, tameSum, err, b.mg(comps))
		}
	}
}

// TestWildSumGenus compares the genus of wild sums (solved over the sums' own positions)
// with the brute force.
func TestWildSumGenus(t *testing.T) {
	ctx := context.Background()
	_, m := newMisere()
	b := newBrute()
	for _, comps := range [][]Pos{
		{mp(gKayles, 5), mp(gKayles, 5)},
		{mp(gKayles, 5), mp(gDawsonChess, 9)},
		{mp(gKayles, 7), mp(gKayles, 3), mp(gNim, 2)},
		{mp(gGrundy, 13), mp(gKayles, 5)},
	} {
		g, tame, err := m.SumGenus(ctx, comps)
		if err != nil || tame {
			t.Fatalf("%s: %v, tame=%v, %v", describeAll(comps), g, tame, err)
		}
		// A search (in a Misere that does not know this genus) agrees that the sum plus
		// *j is P exactly for j = γ0, and skips the options of huge heaps.
		_, fresh := newMisere()
		for _, j := range []int64{0, 1, 2, 3, 4, 5, 6, 7, 1000, 1 << 40} {
			v, err := fresh.Decide(ctx, comps, j)
			if err != nil || v.P != (j == g.Misere()) || v.Method != MethodSearch {
				t.Errorf("%s + *%d: %+v, %v; genus %v", describeAll(comps), j, v, err, g)
			}
		}
		for k := range len(g.Seq) + 2 {
			sum := slices.Clone(comps)
			for range k {
				sum = append(sum, mp(gNim, 2))
			}
			if want := b.mg(sum); g.Gamma(k) != want {
				t.Errorf("%s: genus %v, γ%d brute force %d", describeAll(comps), g, k, want)
			}
		}
	}
}

func TestMisereDeepChain(t *testing.T) {
	ctx := context.Background()
	chain := heapRules{moves: func(n int, o *Options) {
		if n > 0 {
			o.Add(0, Pos(n-1))
		}
	}}
	s := New(chain, nil)
	m := NewMisere(s)
	// Chain(n) alone: the player to move loses exactly when n is odd.
	for _, c := range []struct {
		n int
		p bool
	}{{1_000_000, false}, {999_999, true}, {0, false}} {
		v, err := m.Decide(ctx, []Pos{Pos(c.n)})
		if err != nil || v.P != c.p {
			t.Fatalf("Chain(%d): %+v, %v", c.n, v, err)
		}
	}
	// With a small limit it fails cleanly instead.
	s = New(chain, &budget.Budget{MaxPositions: 1000, PositionsHint: "raise it with --max-positions"})
	m = NewMisere(s)
	_, err := m.Outcome(ctx, []Pos{1_000_000})
	var le *budget.LimitError
	if !errors.As(err, &le) || le.Limit != "positions" || !strings.Contains(err.Error(), "--max-positions") {
		t.Fatalf("want a LimitError naming the limit, got %v", err)
	}
}

func TestMisereLimitCancelCycle(t *testing.T) {
	ctx := context.Background()
	s, m := newMisere()
	s.Config.MaxPositions = 200
	_, err := m.Outcome(ctx, []Pos{mp(gKayles, 30)})
	var le *budget.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("want a LimitError, got %v", err)
	}
	// A search (not only a genus walk) hits the limit too.
	s.Config.MaxPositions = 0
	if _, err := m.Genus(ctx, mp(gKayles, 8)); err != nil {
		t.Fatal(err)
	}
	s.Config.MaxPositions = m.Stats().Positions + 50
	_, err = m.Outcome(ctx, []Pos{mp(gKayles, 8), mp(gKayles, 8), mp(gKayles, 8), mp(gKayles, 7)})
	if !errors.As(err, &le) {
		t.Fatalf("search: want a LimitError, got %v", err)
	}
	s.Config.MaxPositions = 0

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, m = newMisere()
	if _, err := m.Outcome(cancelled, []Pos{mp(gKayles, 40)}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// The Misere is still usable, and nothing stays marked.
	b := newBrute()
	for n := range 12 {
		if v, err := m.Value(ctx, mp(gKayles, n)); err != nil || v != b.mg([]Pos{mp(gKayles, n)}) {
			t.Fatalf("after cancel: Value(Kayles(%d)) = %d, %v", n, v, err)
		}
	}
	if isP, err := m.Outcome(ctx, []Pos{mp(gKayles, 5), mp(gKayles, 5), mp(gKayles, 4)}); err != nil ||
		isP != (b.mg([]Pos{mp(gKayles, 5), mp(gKayles, 5), mp(gKayles, 4)}) == 0) {
		t.Fatalf("after cancel: %v, %v", isP, err)
	}

	var ce *CycleError
	_, err = m.Outcome(ctx, []Pos{mp(gLoop, 0)})
	if !errors.As(err, &ce) || strings.Join(ce.Cycle, " -> ") != "Loop(0) -> Loop(1) -> Loop(2) -> Loop(0)" {
		t.Fatalf("want the cycle Loop(0) -> Loop(1) -> Loop(2) -> Loop(0), got %v", err)
	}
	if _, err := m.Outcome(ctx, []Pos{mp(gLoop, 1), mp(gKayles, 5)}); !errors.As(err, &ce) {
		t.Fatalf("second query: %v", err)
	}
	if _, err := m.Outcome(ctx, []Pos{mp(gKayles, 3)}, -1); err == nil {
		t.Error("a negative nimber should be an error")
	}
}

// reentrantRules is a game whose moves depend on misère outcomes, asked of the same
// Misere from inside Expand: from n, move to any smaller Kayles heap that is a misère
// P-position.
type reentrantRules struct{ m *Misere }

func (r *reentrantRules) Expand(p Pos, o *Options) error {
	if int(p)>>16 != gStar {
		return misRules{}.Expand(p, o)
	}
	for k := range int(p) & 0xffff {
		isP, err := r.m.Outcome(context.Background(), []Pos{mp(gKayles, k)})
		if err != nil {
			return err
		}
		if isP {
			o.Add(0, mp(gKayles, k))
		}
	}
	return nil
}
func (r *reentrantRules) Shortcut(Pos) (int64, bool) { return 0, false }
func (r *reentrantRules) Describe(p Pos) string      { return misRules{}.Describe(p) }

func TestMisereReentrant(t *testing.T) {
	r := &reentrantRules{}
	r.m = NewMisere(New(r, nil))
	// The misère P Kayles heaps below 12 are 1, 4 and 9 (normal values 1, 1, 4), so the
	// genus of this position has g = mex{1, 1, 4} = 0 and γ0 = mex{0, 0, 0} = 1.
	g, err := r.m.Genus(context.Background(), mp(gStar, 12))
	if err != nil || g.String() != "0^120" {
		t.Fatalf("genus = %v, %v", g, err)
	}
	// So with *1 it is P, and with *2 the one winning move is *2 -> *1.
	if isP, err := r.m.Outcome(context.Background(), []Pos{mp(gStar, 12)}, 1); err != nil || !isP {
		t.Fatalf("with *1: %v, %v", isP, err)
	}
	if mv, err := r.m.WinningMoves(context.Background(), []Pos{mp(gStar, 12)}, 2); err != nil || fmt.Sprint(mv) != "[{1 1}]" {
		t.Fatalf("winning moves = %v, %v", mv, err)
	}
}

func TestMisereStatsAndClear(t *testing.T) {
	ctx := context.Background()
	_, m := newMisere()
	if _, err := m.Outcome(ctx, []Pos{mp(gKayles, 10), mp(gKayles, 6)}); err != nil {
		t.Fatal(err)
	}
	if st := m.Stats(); st.Positions == 0 || st.Bytes == 0 {
		t.Errorf("Stats = %+v", st)
	}
	m.Clear()
	if st := m.Stats(); st.Positions != 0 {
		t.Errorf("after Clear: %+v", st)
	}
	if v, err := m.Value(ctx, mp(gKayles, 5)); err != nil || v != 1 {
		t.Errorf("after Clear: %d, %v", v, err)
	}
}
