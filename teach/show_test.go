package teach

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

// showGame draws its positions as a board of three cells.
const showGame = `game Row(b) {
  show [[".xo"[c] for c in b]]
  move i in 0..2 where b[i] == 0 -> Row([if k == i then 1 else b[k] for k in 0..2])
}`

// TestPlayAndGraphShowBoards: play draws each position by its game's show
// clause under its name, and a graph names nodes by it.
func TestPlayAndGraphShowBoards(t *testing.T) {
	in := stdlib.New()
	if err := in.Run(context.Background(), "show.game", showGame); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := Play(context.Background(), in, eval(t, in, "Row([0, 2, 0])"), PlayOptions{}, strings.NewReader("1\n"), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Position: Row([0, 2, 0])\n  .o.\n") || !strings.Contains(out.String(), "Position: Row([1, 2, 1])\n  xox\n") {
		t.Errorf("play does not draw the boards:\n%s", out.String())
	}
	g, err := GameGraph(context.Background(), in, eval(t, in, "Row([0, 2, 0])"), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, n := range g.Nodes {
		labels = append(labels, n.Label)
	}
	if got := strings.Join(labels, " "); got != ".o. xo. .ox xox" {
		t.Errorf("graph labels %q", got)
	}
}
