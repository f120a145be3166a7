package stdlib_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

// The partizan rulesets of the library are checked in two ways: testdata/partizan.game
// asserts published values (each with its source) and compares each ruleset with a
// plainer encoding in the language; the tests below compare the outcome class of
// random small positions with a plain search written here in Go, which knows the
// rules and nothing else (no canonical forms, no regions, no symmetries).

func TestPartizanRulesetsFile(t *testing.T) {
	src, err := os.ReadFile("testdata/partizan.game")
	if err != nil {
		t.Fatal(err)
	}
	in := stdlib.New()
	var diag bytes.Buffer
	in.Out, in.Diag = io.Discard, &diag
	if err := in.Run(context.Background(), "partizan.game", string(src)); err != nil {
		t.Fatalf("%v\n%s", err, diag.String())
	}
	if in.Checks.Failed > 0 || in.Checks.Passed == 0 {
		t.Errorf("%d of %d checks failed:\n%s", in.Checks.Failed, in.Checks.Failed+in.Checks.Passed, diag.String())
	}
}

// bruteRules lists the positions one move away for Left (left) or Right.
type bruteRules func(pos string, left bool) []string

// bruteOutcome is the outcome class of pos by plain search: who wins moving first.
func bruteOutcome(rules bruteRules, pos string) string {
	memo := map[string]bool{}
	var wins func(p string, left bool) bool
	wins = func(p string, left bool) bool {
		key := p
		if left {
			key += "/L"
		}
		if w, ok := memo[key]; ok {
			return w
		}
		w := false
		for _, q := range rules(p, left) {
			if !wins(q, !left) {
				w = true
				break
			}
		}
		memo[key] = w
		return w
	}
	switch l, r := wins(pos, true), wins(pos, false); {
	case l && r:
		return "N"
	case l:
		return "L"
	case r:
		return "R"
	}
	return "P"
}

// grid is a board string in CGSuite's style: rows separated by |.
type grid struct {
	s string
	w int // row width; cell (r, c) is s[r*(w+1)+c]
}

func newGrid(s string) grid {
	w := strings.IndexByte(s, '|')
	if w < 0 {
		w = len(s)
	}
	return grid{s, w}
}

func (g grid) at(r, c int) byte {
	i := r*(g.w+1) + c
	if r < 0 || c < 0 || c >= g.w || i >= len(g.s) {
		return '#'
	}
	return g.s[i]
}

func (g grid) with(r, c int, ch byte) grid {
	b := []byte(g.s)
	b[r*(g.w+1)+c] = ch
	return grid{string(b), g.w}
}

func (g grid) rows() int { return (len(g.s) + 1) / (g.w + 1) }

func domineeringMoves(pos string, left bool) []string {
	g := newGrid(pos)
	dr, dc := 0, 1
	if left {
		dr, dc = 1, 0
	}
	var out []string
	for r := 0; r < g.rows(); r++ {
		for c := 0; c < g.w; c++ {
			if g.at(r, c) == '.' && g.at(r+dr, c+dc) == '.' {
				out = append(out, g.with(r, c, '#').with(r+dr, c+dc, '#').s)
			}
		}
	}
	return out
}

func clobberMoves(pos string, left bool) []string {
	g := newGrid(pos)
	us, them := byte('o'), byte('x')
	if left {
		us, them = 'x', 'o'
	}
	var out []string
	for r := 0; r < g.rows(); r++ {
		for c := 0; c < g.w; c++ {
			if g.at(r, c) != us {
				continue
			}
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if g.at(r+d[0], c+d[1]) == them {
					out = append(out, g.with(r, c, '.').with(r+d[0], c+d[1], us).s)
				}
			}
		}
	}
	return out
}

func toadsAndFrogsMoves(pos string, left bool) []string {
	us, them, step := byte('f'), byte('t'), -1
	if left {
		us, them, step = 't', 'f', 1
	}
	at := func(i int) byte {
		if i < 0 || i >= len(pos) {
			return '#'
		}
		return pos[i]
	}
	move := func(from, to int) string {
		b := []byte(pos)
		b[from], b[to] = '.', us
		return string(b)
	}
	var out []string
	for i := range len(pos) {
		if pos[i] != us {
			continue
		}
		if at(i+step) == '.' {
			out = append(out, move(i, i+step))
		} else if at(i+step) == them && at(i+2*step) == '.' {
			out = append(out, move(i, i+2*step))
		}
	}
	return out
}

// colouring returns the moves of Col (snort false) or Snort on a path whose
// vertices are labelled as in the library (". L R" before play): a position is
// the labels followed by the colours given so far (b blue, r red, . none), and a
// label L or R stands for a neighbour off the path of that colour.
func colouring(snort bool) bruteRules {
	return func(pos string, left bool) []string {
		n := len(pos) / 2
		labels, colours := pos[:n], pos[n:]
		mine, theirs := byte('b'), byte('r')
		mineTint, theirTint := byte('L'), byte('R')
		if !left {
			mine, theirs, mineTint, theirTint = theirs, mine, theirTint, mineTint
		}
		forbidden, forbiddenTint := mine, mineTint // Col: never like a neighbour
		if snort {
			forbidden, forbiddenTint = theirs, theirTint // Snort: never unlike one
		}
		var out []string
		for v := range n {
			if colours[v] != '.' || labels[v] == forbiddenTint {
				continue
			}
			if (v > 0 && colours[v-1] == forbidden) || (v+1 < n && colours[v+1] == forbidden) {
				continue
			}
			b := []byte(colours)
			b[v] = mine
			out = append(out, labels+string(b))
		}
		return out
	}
}

// hackenbushMoves returns the moves of Blue-Red-Green Hackenbush on the given
// edges (u, v, colour: 1 blue, -1 red, 0 green), the ground 0: a position says
// which edges are left, one byte each ('1' or '0').
func hackenbushMoves(edges [][3]int) bruteRules {
	return func(pos string, left bool) []string {
		var out []string
		for i, e := range edges {
			if pos[i] != '1' || e[2] == -1 && left || e[2] == 1 && !left {
				continue
			}
			b := []byte(pos)
			b[i] = '0'
			out = append(out, onTheGround(edges, b))
		}
		return out
	}
}

// onTheGround drops the edges of b that are no longer connected to the ground.
func onTheGround(edges [][3]int, b []byte) string {
	reached := map[int]bool{0: true}
	for grew := true; grew; {
		grew = false
		for j, f := range edges {
			if b[j] == '1' && reached[f[0]] != reached[f[1]] {
				reached[f[0]], reached[f[1]], grew = true, true, true
			}
		}
	}
	for j, f := range edges {
		if !reached[f[0]] {
			b[j] = '0'
		}
	}
	return string(b)
}

func randomString(rng *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.Intn(len(alphabet))]
	}
	return string(b)
}

func randomGrid(rng *rand.Rand, h, w int, alphabet string) string {
	rows := make([]string, h)
	for i := range rows {
		rows[i] = randomString(rng, w, alphabet)
	}
	return strings.Join(rows, "|")
}

func TestPartizanRulesetsAgainstPlainSearch(t *testing.T) {
	in := stdlib.New()
	rng := rand.New(rand.NewSource(1))
	type sample struct {
		expr  string // the position in the language
		rules bruteRules
		pos   string // the position for the plain search
	}
	var samples []sample
	for range 60 {
		h, w := 1+rng.Intn(3), 1+rng.Intn(4)
		b := randomGrid(rng, h, w, "...#")
		samples = append(samples, sample{fmt.Sprintf("domineering(%q)", b), domineeringMoves, b})
		c := randomGrid(rng, h, w, "xxoo.")
		samples = append(samples, sample{fmt.Sprintf("clobber(%q)", c), clobberMoves, c})
		s := randomString(rng, 3+rng.Intn(6), "tf..")
		samples = append(samples, sample{fmt.Sprintf("ToadsAndFrogs(%q)", s), toadsAndFrogsMoves, s})
		n := 1 + rng.Intn(7)
		l := randomString(rng, n, "...LR")
		free := strings.Repeat(".", n)
		samples = append(samples, sample{fmt.Sprintf("Col(%q, path(%d))", l, n), colouring(false), l + free})
		samples = append(samples, sample{fmt.Sprintf("Snort(%q, path(%d))", l, n), colouring(true), l + free})
	}
	for range 40 {
		n := 2 + rng.Intn(5)
		var edges [][3]int
		var list []string
		for range 2 + rng.Intn(6) {
			e := [3]int{rng.Intn(n), rng.Intn(n), rng.Intn(3) - 1}
			edges = append(edges, e)
			list = append(list, fmt.Sprintf("(%d, %d, %q)", e[0], e[1], string("rel"[e[2]+1])))
		}
		// The game drops the edges off the ground at once; so does the search.
		pos := onTheGround(edges, []byte(strings.Repeat("1", len(edges))))
		samples = append(samples, sample{"BlueRedHackenbush([" + strings.Join(list, ", ") + "])", hackenbushMoves(edges), pos})
	}
	for _, s := range samples {
		want := bruteOutcome(s.rules, s.pos)
		got := eval(t, in, "str(outcome("+s.expr+"))")
		if got != want && got != fmt.Sprintf("%q", want) {
			t.Errorf("outcome(%s) = %s, but a plain search says %s", s.expr, got, want)
		}
	}
}

// TestBoardsShow: the board games draw their positions.
func TestBoardsShow(t *testing.T) {
	in := stdlib.New()
	for expr, want := range map[string]string{
		`show(domineering("...|..#|.#."))`: "...\n..#\n.##",
		`show(clobber("xox|ox."))`:         "xox\nox.",
	} {
		v, err := in.Eval(context.Background(), "t", expr)
		if err != nil || v.Str() != want {
			t.Errorf("%s = %q (%v), want %q", expr, v.Str(), err, want)
		}
	}
}
