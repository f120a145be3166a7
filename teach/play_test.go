package teach

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib"
)

// play runs a game of src with the person's input lines and returns the transcript.
func play(t *testing.T, src string, opts PlayOptions, input string) string {
	t.Helper()
	in := stdlib.New()
	var out strings.Builder
	opts.Echo = true
	if err := Play(context.Background(), in, eval(t, in, src), opts, strings.NewReader(input), &out); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return out.String()
}

// Scripted games through piped input, compared with golden transcripts.
func TestPlayGolden(t *testing.T) {
	cases := []struct {
		file, src string
		opts      PlayOptions
		input     string
	}{
		// The person plays well from an N-position, by number and by name.
		{"play_nim_win.golden", "Nim(3) + Nim(5)", PlayOptions{}, "hint\ntake 2 from nim(5)\n3\nhint\n2\n1\n"},
		// The person errs, asks for hints, mistypes, and loses.
		{"play_nim_lose.golden", "Nim(3) + Nim(5)", PlayOptions{}, "take 1\nfoo\n9\ntake 1 from Nim(3)\nhint\nmoves\n1\n1\n1\n1\n"},
		// The computer moves first from a P-position and must prolong.
		{"play_wythoff.golden", "Wythoff(3, 5)", PlayOptions{ComputerFirst: true}, "hint\n1\n1\n1\n1\n1\n1\n"},
		// Misère Nim: the last mover loses.
		{"play_misere.golden", "Nim(1) + Nim(1) + Nim(2)", PlayOptions{Mode: interp.MiserePlay}, "hint\ntake 1 from Nim(2)\n1\n1\n"},
		// Kayles moves by label and values; explain during the game; quit.
		{"play_kayles.golden", "Kayles(6)", PlayOptions{}, "knock 1, 2\nexplain\nquit\n"},
		// A token on a graph with a cycle: the computer keeps the draw it cannot win.
		// The third time the draw comes back, the game ends as a draw by repetition
		// (offered the second time).
		{"play_loopy_draw.golden", "Token([[1], [2, 0], [1, 3], []], 0)", PlayOptions{}, "hint\n1\nhint\n1\nquit\n"},
		// The person asks for a draw too early, then agrees to one when offered.
		{"play_loopy_agree.golden", "Token([[1], [2, 0], [1, 3], []], 0)", PlayOptions{}, "draw\n1\ndraw\n"},
		// From 0 both moves reach a P-position, but only "to 3" wins: from 1 the
		// person could come back forever. The computer takes the one that wins soonest.
		{"play_loopy_win.golden", "Token([[1, 3], [0, 2], [3], []], 1)", PlayOptions{}, "to 0\n"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			golden(t, c.file, play(t, c.src, c.opts, c.input))
		})
	}
}
