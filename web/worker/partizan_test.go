package worker

import (
	"strings"
	"testing"
)

const cutcakeSrc = `game Cutcake(w, h) {
  left  cut i in 1..w - 1 -> Cutcake(i, h) + Cutcake(w - i, h)
  right cut j in 1..h - 1 -> Cutcake(w, j) + Cutcake(w, h - j)
}
print value(Cutcake(3, 1))
print thermograph(Cutcake(3, 1))
`

// In the page, a partizan game starts by asking which side the person plays,
// with the two sides as buttons; a printed thermograph is drawn.
func TestPartizanPage(t *testing.T) {
	w := &Worker{}
	r := handle(t, w, Request{Op: "run", Source: cutcakeSrc})
	if !r.OK || !strings.Contains(r.HTML, `class="thermograph"`) {
		t.Fatalf("run: %+v", r)
	}
	r = handle(t, w, Request{Op: "play", Source: cutcakeSrc, Expr: "Cutcake(3, 1)"})
	if p := r.Play; p == nil || p.Over || len(p.Moves) != 2 || !strings.HasPrefix(p.Moves[0], "play as Left") {
		t.Fatalf("start: %+v", r.Play)
	}
	r = handle(t, w, Request{Op: "play", Source: cutcakeSrc, Expr: "Cutcake(3, 1)", Input: []string{"1"}})
	if p := r.Play; p.Over || len(p.Moves) != 2 || !strings.HasPrefix(p.Moves[0], "left cut 1") {
		t.Fatalf("as Left: %+v", p)
	}
	r = handle(t, w, Request{Op: "play", Source: cutcakeSrc, Expr: "Cutcake(3, 1)", Input: []string{"1", "1", "1"}})
	if p := r.Play; !p.Over || !strings.Contains(p.Transcript, "you win") {
		t.Fatalf("end: %+v", p)
	}
}
