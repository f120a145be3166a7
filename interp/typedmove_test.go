package interp

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// typedMovePrograms exercise move clauses run as typed loops (typedmove.go)
// and reductions run a block at a time (lanes.go). Each is a list of runs in
// one session; moves and lanes say whether those paths must be taken.
var typedMovePrograms = []struct {
	name         string
	moves, lanes bool
	runs         []string
}{
	{"the triangle game on a small board", true, true, []string{`let tri = [7, 52, 152, 352]
fn gain(S, e) = len([t for t in tri where (S & t) != t and ((S | (1 << e)) & t) == t])
game Triangles(S) {
  move draw e in 0..8 where (S >> e) & 1 == 0 and gain(S, e) > 0 score gain(S, e) again -> Triangles(S | (1 << e))
  move draw e in 0..8 where (S >> e) & 1 == 0 and gain(S, e) == 0 -> Triangles(S | (1 << e))
}
print score(Triangles(0))
print search(Triangles(0))
print search(Triangles(0), "minimax")
print outcome(Triangles(0))
print best(Triangles(5))
print moves(Triangles(5))
print [score(Triangles(S)) for S in [0, 1, 3, 7, 100, 255, 510]]`}},
	{"normal play, several arguments and generators", true, true, []string{`game B(S) { move e in 0..9 where (S >> e) & 3 == 0 -> B(S | (3 << e)) }
game P(a, b) { move k in 1..a where (a ^ k) < a and b > 0 -> P(a ^ k, b - 1) }
game N(S) { move a in 0..3, b in a + 1..4 where (S >> a) & 1 == 0 and (S >> b) & 1 == 0 -> N(S | (1 << a) | (1 << b)) }
print [sg(B(S)) for S in 0..20]
print [sg(P(a, b)) for a in 0..9, b in 0..3]
print [sg(N(S)) for S in 0..31]
print winning(N(0))`}},
	{"calls kept by option", true, true, []string{`fn g(n, k) = (n * 7 + k * k) % 5
fn h(n, k) = len([d for d in 1..n + k where (n + k) % d == 0])
game R(n) {
  move a in 0..3 where a < n and sg(R((n - 1 - a) | 0)) + g(n, a) != 2 and h(n, a) > 0 -> R((n - 1 - a) | 0)
  move b in 1..5 where b < n and g(n, b) == 1 and h(n, b - 1) > 1 and g(n, b) + h(n, b) > 2 -> R((n - 1 - b) ^ 0)
  move c in 0..2 where c < n and g(n - c, c) == g(n, c) -> R((n - 1) & -1)
}
game Q(n) { move k in 0..3 where k < n and h(n, k) % 2 == 0 score h(n, k) again -> Q(n - k - 1) }
print [sg(R(n)) for n in 0..30]
print [score(Q(n)) for n in 0..20]`}},
	{"a position expanded inside another's where", true, true, []string{`fn g(n, k) = (n * 7 + k * k) % 5
game R(n) { move a in 0..3 where a < n and sg(R((n - 1 - a) | 0)) + g(n, a) != 2 -> R((n - 1 - a) | 0) }
print sg(R(40))
print [sg(R(n)) for n in 0..40]`}},
	{"a score from an affine move", true, true, []string{`game S(n) { move k in 1..n where k != 2 score k * k - n -> S(n - k) }
print [score(S(n)) for n in 0..12]`}},
	{"blocks past 64 values", true, true, []string{`game W(S) { move e in 0..70 where e < 8 and (S >> e) & 1 == 0 -> W(S | (1 << e)) }
fn c(n) = len([x for x in 0..200 where x % 7 == n and not (x > 150 or x < 3)])
let xs = [x * 3 - 50 for x in 0..99]
fn s(k) = sum([x * k for x in xs where x > k]) + sum([-x for x in {5, 1, 9} where x != k]) + len([x for x in (1, 2, 3) where x >= k])
print sg(W(0))
print [c(n) for n in -1..7]
print [s(k) for k in -3..3]
print len([x for x in 9223372036854775700..9223372036854775807 where x > 9223372036854775800])
let mixed = [1, 2, "a", 3, 2]
let long = [if x == 5000 then "end" else x % 10 for x in 0..5000]
fn m(k) = len([x for x in mixed where x == k]) * 1000 + len([x for x in long where x == k])
print [m(k) for k in 0..3]`, `print sum([(1 << x) >> 3 for x in 0..62 where (x & 7) << 2 != 4]) + len([x for x in 0..70 where (0 << x) == 0 and (5 >> x) > 0])`,
		`print len([x for x in 0..70 where (1 << x) > 0])`, `print len([x for x in -2..3 where x < 0 or (3 >> x) > 0])`, `print len([x for x in -2..3 where (3 >> x) > 0])`}},
	{"comparisons of bitwise parts", true, true, []string{`fn b(k, j) = len([x for x in -70..70 where (x | k) == (x ^ j) and (x & k) != j and (k ^ x) != (x | j)])
fn c(k, j) = len([x for x in -70..70 where x == k]) + len([x for x in [k, j, k & j, k | j, -1] where (x & j) == (k | x)])
game G(S) { move e in 0..9 where (S & e) == (S | 1) ^ e or (S ^ e) != (e & 5) -> G(S & ~(1 << e)) }
print [b(k, j) for k in -9..9, j in -9..9]
print [c(k, j) for k in -5..5, j in -5..5]
print [sg(G(S)) for S in 0..40]`}},
	{"calls a block at a time", true, true, []string{`fn bit(S, e) = (S >> e) & 1
fn gain(S, e) = len([t for t in [7, 52, 152, 352] where (S & t) != t and ((S | (1 << e)) & t) == t])
fn w(S, e) = sum([t * (e + 1) for t in 0..3 where ((S + t) >> e) & 1 == 1])
fn both(a, b) = a - b
game T(S) {
  move draw e in 0..8 where bit(S, e) == 0 and gain(S, e) > 0 score gain(S, e) + w(S, e) again -> T(S | (1 << e))
  move draw e in 0..8 where bit(S, e) == 0 and gain(S, e) == 0 and both(e, e) == 0 -> T(S | (1 << e))
}
print [score(T(S)) for S in [0, 1, 3, 7, 100, 255, 510]]
print [len([x for x in 0..40 where gain(S, x % 9) > 0 and w(S, x) < 20]) for S in [0, 5, 100]]
print [sum([gain(S, e) + w(S, e) for e in 0..8]) for S in [0, 5, 100]]
print len([e for e in 0..10 where (1 << (e & 3)) == 8])`,
		// The function defined again: the general form until it compiles anew.
		`fn gain(S, e) = len([t for t in [7, 52] where (S & t) != t and ((S | (1 << e)) & t) == t])
print [score(T(S)) for S in [0, 1, 3, 7, 100, 255, 510]]`,
		// A loop whose sum overflows, a list with a string, a body with no
		// block form, a range past the largest integer.
		`fn big(S, e) = sum([t << 40 for t in 0..S where t > e])
fn mixed(S, e) = len([t for t in [1, "a", 3] where t > e])
fn notlaned(S, e) = len([t for t in 0..S where [t] == [e]])
fn top(S, e) = len([t for t in 9223372036854775800..9223372036854775807 where t - S > e])
print [len([e for e in 0..70 where big(S, e) > 0]) for S in [10, 100000]]`,
		`print [len([e for e in 0..5 where top(S, e) > 0 and notlaned(S, e) >= 0]) for S in 0..2]`,
		`print [len([e for e in 0..5 where mixed(S, e) > 0]) for S in 0..2]`,
		// A score whose block fails where the condition does not hold.
		`game Sd(S) { move e in 0..3 where e != 2 and (S >> e) & 1 == 0 score 6 / (2 - e) -> Sd(S | (1 << e)) }
print [score(Sd(S)) for S in 0..15]`}},
	// These fall back to the general way, which gives the error.
	{"an error in a where", true, true, []string{`game E(S, d) { move e in 0..5 where 10 / (e - d) > 1 -> E(S | (1 << e), d) }
print sg(E(0, 9))
print sg(E(8, 3))`}},
	{"an error in a score", true, true, []string{`game Sc(S) { move e in 0..3 where (S >> e) & 1 == 0 score 6 / (2 - e) -> Sc(S | (1 << e)) }
print score(Sc(12))
print score(Sc(0))`}},
	{"a score that is no integer", true, true, []string{`let xs = [1, 2, 3, "x"]
game Sc(S) { move e in 0..3 where (S >> e) & 1 == 0 score xs[e] -> Sc(S | (1 << e)) }
print score(Sc(8))
print score(Sc(0))`}},
	{"an argument that overflows", true, true, []string{`game O(S) { move e in 60..64 where (S >> e) & 1 == 0 -> O(S | (1 << e)) }
print sg(O(-1))
print sg(O(0))`}},
	{"a result that is no game", false, false, []string{`fn F(S) = S
game R(S) { move e in 0..3 where (S >> e) & 1 == 0 -> F(S | (1 << e)) }
print sg(R(0))`}},
	{"a game redefined", true, true, []string{`game T(S) { move e in 0..3 where (S >> e) & 1 == 0 -> T(S | (1 << e)) }
print sg(T(0))`, `game T(S) { move e in 0..4 where (S >> e) & 1 == 0 -> T(S | (1 << e)) }
print sg(T(0))`}},
	{"an error deep in a where", true, true, []string{`fn d(n) = if n == 0 then 0 else d(n - 1) + 1
game D(S) { move e in 0..3 where (S >> e) & 1 == 0 and d(if e == 3 then 120000 else e) >= 0 -> D(S | (1 << e)) }
print sg(D(8))
print sg(D(0))`}},
	{"a bound of another kind", false, false, []string{`let hi = "x"
game H(S) { move e in 0..hi where (S >> e) & 1 == 0 -> H(S | (1 << e)) }
print sg(H(0))`}},
}

// Typed move loops and blocks give what the general way gives, values and
// errors alike, in one session as in the next run.
func TestTypedMovesMatchGeneralPath(t *testing.T) {
	for _, p := range typedMovePrograms {
		t.Run(p.name, func(t *testing.T) {
			plain, in, pin := bothWays(t, p.runs)
			if (in.typedMoves > 0) != p.moves || (in.laneRuns > 0) != p.lanes {
				t.Errorf("typed moves %d, blocks %d; want taken %v, %v", in.typedMoves, in.laneRuns, p.moves, p.lanes)
			}
			if p.name == "calls a block at a time" && in.laneCalls == 0 {
				t.Errorf("no call computed a block at a time")
			}
			if pin.typedMoves > 0 || pin.laneRuns > 0 || pin.laneCalls > 0 {
				t.Errorf("under Config.Plain: typed moves %d, blocks %d", pin.typedMoves, pin.laneRuns)
			}
			if strings.Contains(p.name, "error") && !strings.Contains(plain, "t.game:") {
				t.Errorf("no error:\n%s", plain)
			}
		})
	}
}

// Typed move loops stop where the general way stops: at the position limit
// and at the options limit, with the same error.
func TestTypedMovesKeepTheLimits(t *testing.T) {
	src := []string{`game T(S) { move e in 0..7 where (S >> e) & 1 == 0 score e again -> T(S | (1 << e)) }
print score(T(255 - 15))
print score(T(0))`}
	for _, c := range []struct {
		set  func(*Config)
		want string
	}{
		{func(c *Config) { c.MaxPositions = 40 }, "positions limit (40)"},
		{func(c *Config) { c.MaxOptions = 5 }, "options limit (5)"},
	} {
		typed, in := runConfigured(src, false, c.set)
		plain, _ := runConfigured(src, true, c.set)
		if typed != plain || !strings.Contains(plain, c.want) || in.typedMoves == 0 {
			t.Errorf("typed (%d runs):\n%s\ngeneral:\n%s", in.typedMoves, typed, plain)
		}
	}
}

// bitwiseEqual's one and and one comparison an element agree with the two
// sides it folds, masks of every kind (none, an and, an or, an xor) alike.
func TestBitwiseEqualFoldsBothSides(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	word := func() int64 {
		switch rng.IntN(4) {
		case 0:
			return 0
		case 1:
			return -1
		case 2:
			return rng.Int64N(16) - 8
		}
		return int64(rng.Uint64())
	}
	xs := make([]int64, laneWidth)
	for range 2000 {
		for i := range xs {
			xs[i] = word()
		}
		n := 1 + rng.IntN(laneWidth)
		la, lo, lx, ra, ro, rx := word(), word(), word(), word(), word(), word()
		var want uint64
		for i, x := range xs[:n] {
			if (x&la|lo)^lx == (x&ra|ro)^rx {
				want |= 1 << i
			}
		}
		if got := bitwiseEqual(xs[:n], la, lo, lx, ra, ro, rx); got != want {
			t.Fatalf("masks %x %x %x, %x %x %x over %x: got %x, want %x", la, lo, lx, ra, ro, rx, xs[:n], got, want)
		}
	}
}
