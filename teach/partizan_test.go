package teach

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// partizanGames are the partizan games of the design's examples.
const partizanGames = `
game Cutcake(w, h) {
  left  cut i in 1..w - 1 -> Cutcake(i, h) + Cutcake(w - i, h)
  right cut j in 1..h - 1 -> Cutcake(w, j) + Cutcake(w, h - j)
}
game Domineering(B) {
  left  place (r, c) in B where (r + 1, c) in B -> Domineering(B - {(r, c), (r + 1, c)})
  right place (r, c) in B where (r, c + 1) in B -> Domineering(B - {(r, c), (r, c + 1)})
}
fn board(h, w) = {(r, c) for r in 0..h - 1, c in 0..w - 1}
game Stalk(s) {
  left  cut i in 0..len(s) - 1 where s[i] == 1  -> Stalk(s[0..i - 1])
  right cut j in 0..len(s) - 1 where s[j] == -1 -> Stalk(s[0..j - 1])
}
`

// partizanSession is a session with the partizan games defined.
func partizanSession(t *testing.T) *interp.Interp {
	t.Helper()
	in := stdlib.New()
	Register(in)
	if err := in.Run(context.Background(), "games", partizanGames); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestExplainPartizanGolden(t *testing.T) {
	in := partizanSession(t)
	var b strings.Builder
	for _, src := range []string{"Domineering(board(2, 2))", "Domineering(board(3, 3))", "Cutcake(3, 1)", "Cutcake(2, 2)",
		"Stalk([1, -1, -1])", "Cutcake(3, 1) + Stalk([1, -1]) + Nim(1)", "Domineering(board(1, 4))", "Stalk([])", `cg("{2||1|0}")`, `cg("^")`} {
		got, err := Explain(context.Background(), in, eval(t, in, src), interp.NormalPlay)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		b.WriteString("# explain(" + src + ")\n" + got + "\n\n")
	}
	golden(t, "explain_partizan.golden", b.String())
	if _, err := Explain(context.Background(), in, eval(t, in, "Cutcake(2, 2)"), interp.MiserePlay); err == nil || !strings.Contains(err.Error(), "misère play of partizan games") {
		t.Errorf("misère explain of a partizan game: %v", err)
	}
}

func TestPlayPartizanGolden(t *testing.T) {
	cases := []struct {
		file, src string
		opts      PlayOptions
		input     string
	}{
		// The person is asked for a side, takes Left, asks for a hint and wins.
		{"play_partizan_left.golden", "Domineering(board(3, 3))", PlayOptions{}, "x\nleft\nhint\n2\nmoves\n1\n"},
		// Right, moving first from ±1: the person errs and loses, and is told where.
		{"play_partizan_right.golden", "Domineering(board(3, 3))", PlayOptions{As: lang.Right}, "1\n1\n1\n1\n"},
		// The computer starts as Left from a position Left wins.
		{"play_partizan_computer.golden", "Domineering(board(2, 3))", PlayOptions{As: lang.Right, ComputerFirst: true}, "hint\n1\n"},
		// A sum with an impartial part; explain during the game.
		{"play_partizan_sum.golden", "Cutcake(2, 2) + Stalk([1, -1]) + Nim(1)", PlayOptions{As: lang.Right}, "explain\nhint\ntake 1\n1\n1\n"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			in := partizanSession(t)
			var out strings.Builder
			c.opts.Echo = true
			if err := Play(context.Background(), in, eval(t, in, c.src), c.opts, strings.NewReader(c.input), &out); err != nil {
				t.Fatal(err)
			}
			golden(t, c.file, out.String())
		})
	}
}
