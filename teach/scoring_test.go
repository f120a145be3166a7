package teach

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

const scoringSrc = `
let row = [3, 9, 1, 2]
game Coins(i, j) {
  move first where i <= j score row[i] -> Coins(i + 1, j)
  move last  where i <= j score row[j] -> Coins(i, j - 1)
}
# Take one or two tokens; taking the last one scores 5, taking two gives another move.
game Bonus(n) {
  move one where n >= 1 score (if n == 1 then 5 else 1) -> Bonus(n - 1)
  move two where n >= 2 again -> Bonus(n - 2)
}
`

func scoringSession(t *testing.T) *interp.Interp {
	t.Helper()
	in := interp.New()
	if err := in.Run(context.Background(), "scoring.game", scoringSrc); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestExplainScoring(t *testing.T) {
	in := scoringSession(t)
	var b strings.Builder
	for _, src := range []string{"Coins(0, 3)", "Bonus(4)", "Coins(0, 1) + Bonus(2)", "Coins(2, 1)"} {
		got, err := Explain(context.Background(), in, eval(t, in, src), interp.NormalPlay)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		b.WriteString("# explain(" + src + ")\n" + got + "\n\n")
	}
	golden(t, "explain_scoring.golden", b.String())
	if _, err := Explain(context.Background(), in, eval(t, in, "Coins(0, 3)"), interp.MiserePlay); err == nil {
		t.Error("a scoring game explained in misère play")
	}
}

func TestPlayScoring(t *testing.T) {
	for _, c := range []struct {
		file, src string
		opts      PlayOptions
		input     string
	}{
		// The person takes the wrong end first and is told what it cost.
		{"play_coins.golden", "Coins(0, 3)", PlayOptions{}, "hint\nfirst\nmoves\n1\n"},
		// Moving again keeps the turn.
		{"play_bonus.golden", "Bonus(6)", PlayOptions{}, "hint\ntwo\none\n1\n1\n"},
		// The computer moves first and keeps the turn to the end.
		{"play_bonus_computer.golden", "Bonus(5)", PlayOptions{ComputerFirst: true}, ""},
	} {
		t.Run(c.file, func(t *testing.T) {
			in := scoringSession(t)
			var out strings.Builder
			c.opts.Echo = true
			if err := Play(context.Background(), in, eval(t, in, c.src), c.opts, strings.NewReader(c.input), &out); err != nil {
				t.Fatal(err)
			}
			golden(t, c.file, out.String())
		})
	}
}
