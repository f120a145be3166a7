package worker

import (
	"strings"
	"testing"
)

// The page's graph of a partizan game: values and outcomes in the boxes,
// Left's moves blue and Right's red.
func TestPartizanGraphPage(t *testing.T) {
	w := &Worker{}
	r := handle(t, w, Request{Op: "graph", Source: cutcakeSrc, Expr: "Cutcake(2, 2)"})
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	for _, want := range []string{`stroke="#1f5fbf"`, `stroke="#c0392b"`, ">0, P<", ">2, L<", ">-2, R<"} {
		if !strings.Contains(r.HTML, want) {
			t.Errorf("the graph lacks %q:\n%s", want, r.HTML)
		}
	}
}
