package interp_test

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// The scoring programs of DESIGN.md's "Beyond normal play" print what they say.
func TestScoringDesignPrograms(t *testing.T) {
	src := `
let row = [3, 9, 1, 2]
game Coins(i, j) {
  move first where i <= j score row[i] -> Coins(i + 1, j)
  move last  where i <= j score row[j] -> Coins(i, j - 1)
}
print score(Coins(0, 3))
print best(Coins(0, 3))
print outcome(Coins(0, 3))
fn put(b, i, p) = [if k == i then p else b[k] for k in 0..len(b) - 1]
fn pair(b, i, p) = (i > 0 and b[i - 1] == p) or (i + 1 < len(b) and b[i + 1] == p)
game Strip(b, p) {
  move mark i in 0..len(b) - 1 where b[i] == 0 and pair(b, i, p) score 1 -> *0
  move mark i in 0..len(b) - 1 where b[i] == 0 and not pair(b, i, p) -> Strip(put(b, i, p), 3 - p)
}
print outcome(Strip([0, 0, 0], 1))
print outcome(Strip([0, 0], 1))
`
	out, errs := run(t, src)
	if errs != "" {
		t.Fatal(errs)
	}
	want := "7\n[last -> Coins(0, 2)]\nN\nN\nD\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// coinsDP is the textbook interval recurrence for coins in a row:
// best(i, j) = max(row[i] - best(i+1, j), row[j] - best(i, j-1)), 0 when empty.
func coinsDP(row []int64) int64 {
	n := len(row)
	memo := map[[2]int]int64{}
	var rec func(i, j int) int64
	rec = func(i, j int) int64 {
		if i > j {
			return 0
		}
		if v, ok := memo[[2]int{i, j}]; ok {
			return v
		}
		v := max(row[i]-rec(i+1, j), row[j]-rec(i, j-1))
		memo[[2]int{i, j}] = v
		return v
	}
	return rec(0, n-1)
}

func session(t *testing.T, src string) *interp.Interp {
	t.Helper()
	in := interp.New()
	in.Out = io.Discard
	if err := in.Run(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	return in
}

func eval(t *testing.T, in *interp.Interp, expr string) interp.Value {
	t.Helper()
	v, err := in.Eval(context.Background(), "t", expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func field(v interp.Value, name string) int64 {
	f, _ := v.R.(*interp.Record).Field(name)
	return f.N
}

const coinsSrc = `
game Coins(row, i, j) {
  move first where i <= j score row[i] -> Coins(row, i + 1, j)
  move last  where i <= j score row[j] -> Coins(row, i, j - 1)
}
`

func TestCoinsAgainstRecurrence(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	in := session(t, coinsSrc)
	for trial := 0; trial < 60; trial++ {
		row := make([]int64, 1+r.Intn(9))
		var text []string
		for i := range row {
			row[i] = int64(r.Intn(30) - 5)
			text = append(text, fmt.Sprint(row[i]))
		}
		g := fmt.Sprintf("Coins([%s], 0, %d)", strings.Join(text, ", "), len(row)-1)
		want := coinsDP(row)
		if got := eval(t, in, "score("+g+")").N; got != want {
			t.Fatalf("score(%s) = %d, the recurrence says %d", g, got, want)
		}
		for _, m := range []string{"table", "alphabeta", "minimax"} {
			if got := field(eval(t, in, fmt.Sprintf("search(%s, %q)", g, m)), "value"); got != want {
				t.Fatalf("search(%s, %q) = %d, the recurrence says %d", g, m, got, want)
			}
		}
		ab := field(eval(t, in, fmt.Sprintf("search(%s, \"alphabeta\")", g)), "nodes")
		mm := field(eval(t, in, fmt.Sprintf("search(%s, \"minimax\")", g)), "nodes")
		if ab > mm {
			t.Fatalf("%s: alpha-beta visited %d nodes, minimax %d", g, ab, mm)
		}
		// best lists exactly the ends whose move achieves the score.
		var wantBest []string
		if row[0]-coinsDP(row[1:]) == want {
			wantBest = append(wantBest, "first")
		}
		if row[len(row)-1]-coinsDP(row[:len(row)-1]) == want {
			wantBest = append(wantBest, "last")
		}
		var gotBest []string
		for _, m := range eval(t, in, "best("+g+")").Seq() {
			gotBest = append(gotBest, m.R.(*interp.Move).Label)
		}
		if strings.Join(gotBest, " ") != strings.Join(wantBest, " ") {
			t.Fatalf("best(%s) = %v, want %v", g, gotBest, wantBest)
		}
	}
}

const ticTacToeSrc = `
let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
fn put(b, i, p) = [if k == i then p else b[k] for k in 0..8]
fn wins(b, p) = any([b[l[0]] == p and b[l[1]] == p and b[l[2]] == p for l in lines])
game TicTacToe(b, p) {
  move mark i in 0..8 where b[i] == 0 and wins(put(b, i, p), p) score 1 -> *0
  move mark i in 0..8 where b[i] == 0 and not wins(put(b, i, p), p) -> TicTacToe(put(b, i, p), 3 - p)
}
`

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func tttWins(b [9]int, p int) bool {
	for _, l := range tttLines {
		if b[l[0]] == p && b[l[1]] == p && b[l[2]] == p {
			return true
		}
	}
	return false
}

// tttNegamax is plain negamax: 1 if the player to move can force a win, -1 if
// they must lose, 0 for a draw.
func tttNegamax(b [9]int, p int) int {
	best, moved := -2, false
	for i := range b {
		if b[i] != 0 {
			continue
		}
		moved = true
		b[i] = p
		v := 1
		if !tttWins(b, p) {
			v = -tttNegamax(b, 3-p)
		}
		b[i] = 0
		best = max(best, v)
	}
	if !moved {
		return 0
	}
	return best
}

func TestTicTacToeAgainstNegamax(t *testing.T) {
	in := session(t, ticTacToeSrc)
	if got := eval(t, in, "outcome(TicTacToe([0, 0, 0, 0, 0, 0, 0, 0, 0], 1))"); got.String() != "D" {
		t.Fatalf("tic-tac-toe from the empty board: %s, want D", got)
	}
	r := rand.New(rand.NewSource(5))
	outcomes := map[int]string{1: "N", -1: "P", 0: "D"}
	seen := map[string]bool{}
	for trial := 0; trial < 30; trial++ {
		var b [9]int
		p := 1
		for marks, tries := 3+r.Intn(4), 0; marks > 0 && tries < 50; tries++ { // random plies that end nothing
			i := r.Intn(9)
			if b[i] != 0 {
				continue
			}
			b[i] = p
			if tttWins(b, p) {
				b[i] = 0
				continue
			}
			p, marks = 3-p, marks-1
		}
		var cells []string
		for _, c := range b {
			cells = append(cells, fmt.Sprint(c))
		}
		g := fmt.Sprintf("TicTacToe([%s], %d)", strings.Join(cells, ", "), p)
		seen[g] = true
		want := tttNegamax(b, p)
		if got := eval(t, in, "score("+g+")").N; got != int64(want) {
			t.Fatalf("score(%s) = %d, negamax says %d", g, got, want)
		}
		fresh := session(t, ticTacToeSrc)
		if got := eval(t, fresh, "outcome("+g+")").String(); got != outcomes[want] {
			t.Fatalf("outcome(%s) = %s, negamax says %s", g, got, outcomes[want])
		}
		signNodes := fresh.ScoreStats().Nodes
		ab := eval(t, fresh, fmt.Sprintf("search(%s, \"alphabeta\")", g))
		if field(ab, "value") != int64(want) {
			t.Fatalf("search(%s, \"alphabeta\") = %d, negamax says %d", g, field(ab, "value"), want)
		}
		if table := eval(t, fresh, "search("+g+")"); signNodes > int(field(table, "nodes")) {
			t.Fatalf("%s: outcome visited %d nodes, score %d", g, signNodes, field(table, "nodes"))
		}
	}
	if len(seen) < 15 {
		t.Fatalf("only %d distinct positions were tried", len(seen))
	}
}

// outcome asks only for the sign, and searches less than score, which must also
// find the exact value (for a draw, the sign is the exact value: the same search).
func TestOutcomeSearchesLessThanScore(t *testing.T) {
	for _, c := range []struct {
		src, pos string
		draw     bool
	}{
		{ticTacToeSrc, "TicTacToe([0, 0, 0, 0, 0, 0, 0, 0, 0], 1)", true},
		{ticTacToeSrc, "TicTacToe([1, 0, 0, 0, 0, 2, 0, 0, 0], 1)", false},
		{coinsSrc, "Coins([5, 1, 8, 3, 9, 2, 7, 4, 6, 1, 3, 8], 0, 11)", false},
	} {
		a, b := session(t, c.src), session(t, c.src)
		eval(t, a, "outcome("+c.pos+")")
		eval(t, b, "score("+c.pos+")")
		sign, value := a.ScoreStats().Nodes, b.ScoreStats().Nodes
		if sign > value || !c.draw && sign == value {
			t.Errorf("%s: outcome visited %d nodes, score %d", c.pos, sign, value)
		}
	}
}

func TestScoringDeepGame(t *testing.T) {
	in := session(t, `game Chain(n) { move where n > 0 score n % 3 again -> Chain(n - 1) }`)
	// Every move is the same player's: the score is the sum of n % 3 down to 1.
	var want int64
	for n := int64(1); n <= 100000; n++ {
		want += n % 3
	}
	if got := eval(t, in, "score(Chain(100000))").N; got != want {
		t.Fatalf("score(Chain(100000)) = %d, want %d", got, want)
	}
}

func TestScoringPositionLimit(t *testing.T) {
	in := session(t, `game Chain(n) { move where n > 0 score 1 -> Chain(n - 1) }`)
	in.Config.MaxPositions = 100
	_, err := in.Eval(context.Background(), "t", "score(Chain(1000))")
	if err == nil || !strings.Contains(err.Error(), "the positions limit (100) was reached") {
		t.Fatalf("got %v", err)
	}
	in.Config.MaxPositions = 0
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := in.Eval(ctx, "t", "score(Chain(500000))"); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("cancelled: got %v", err)
	}
}
