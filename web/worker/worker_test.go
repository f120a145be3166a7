package worker

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func handle(t *testing.T, w *Worker, r Request) Response {
	t.Helper()
	req, _ := json.Marshal(r)
	var resp Response
	if err := json.Unmarshal(w.HandleJSON(context.Background(), req), &resp); err != nil {
		t.Fatal(err)
	}
	return resp
}

const nimSrc = "# Nim\nprint sg(Nim(3) + Nim(5))\ncheck sg(Nim(n)) == n for n in 0..10\n"

func TestRun(t *testing.T) {
	w := &Worker{}
	r := handle(t, w, Request{Op: "run", Source: nimSrc})
	if !r.OK || r.Error != "" {
		t.Fatalf("run failed: %+v", r)
	}
	for _, want := range []string{`<pre class="out">6</pre>`, `data-line="2">line 2</a>`, "check holds (11 cases)", "1 checks passed, 0 failed (11 cases)"} {
		if !strings.Contains(r.HTML, want) {
			t.Errorf("output lacks %q:\n%s", want, r.HTML)
		}
	}
}

func TestLongOutputCut(t *testing.T) {
	r := handle(t, &Worker{}, Request{Op: "run", Source: "print list(0..100000)\n"})
	if len(r.HTML) > MaxShown+1000 || !strings.Contains(r.HTML, "… (") || !strings.Contains(r.HTML, "more bytes)") {
		t.Fatalf("a print of a long list shows %d bytes", len(r.HTML))
	}
}

func TestRunErrorLine(t *testing.T) {
	w := &Worker{}
	r := handle(t, w, Request{Op: "run", Source: "print 1\n\nprint sg(Nim(3)\n"})
	if r.OK || r.ErrLine != 3 || !strings.Contains(r.Error, "program.game:3:") {
		t.Fatalf("want an error at line 3, got %+v", r)
	}
	r = handle(t, w, Request{Op: "run", Source: "print 1\nprint 1 / 0\n"})
	if r.ErrLine != 2 || !strings.Contains(r.HTML, `<pre class="out">1</pre>`) {
		t.Fatalf("want the first print and an error at line 2, got %+v", r)
	}
}

func TestTableGraphPlay(t *testing.T) {
	w := &Worker{}
	r := handle(t, w, Request{Op: "table", Source: nimSrc, Expr: "sg(Nim(a) + Nim(b)) for a in 0..3, b in 0..3"})
	if r.Error != "" || strings.Count(r.HTML, "<td") != 16 || !strings.Contains(r.HTML, "<svg") {
		t.Fatalf("table: %+v", r)
	}
	r = handle(t, w, Request{Op: "table", Source: nimSrc, Expr: "sg(Kayles(n)), outcome(Kayles(n)) for n in 0..4"})
	if r.Error != "" || strings.Count(r.HTML, "<tr>") != 6 || !strings.Contains(r.HTML, "<th>4</th><td>1</td><td>N</td>") {
		t.Fatalf("a table of two columns: %+v", r)
	}
	r = handle(t, w, Request{Op: "table", Source: nimSrc, Expr: "sg(Nim(a)) fr a in 0..3"})
	if r.Error == "" {
		t.Fatal("a table without for was accepted")
	}
	r = handle(t, w, Request{Op: "graph", Source: nimSrc, Expr: "Nim(2) + Nim(1)"})
	if r.Error != "" || strings.Count(r.HTML, `class="node"`) != 5 {
		t.Fatalf("graph of Nim(2) + Nim(1) should have 5 nodes: %+v", r)
	}
	r = handle(t, w, Request{Op: "graph", Source: nimSrc, Expr: "Nim(1000)"})
	if !strings.Contains(r.Error, "too many to draw") {
		t.Fatalf("a huge graph: %+v", r)
	}

	// Play Nim(1) + Nim(2): the person takes 1 from Nim(2), the computer
	// must answer, and then the person wins.
	r = handle(t, w, Request{Op: "play", Source: nimSrc, Expr: "Nim(1) + Nim(2)"})
	p := r.Play
	if p == nil || p.Over || p.Position != "Nim(1) + Nim(2)" || len(p.Moves) != 3 || strings.Contains(p.Transcript, "Your move>") {
		t.Fatalf("start of play: %+v %+v", r, p)
	}
	r = handle(t, w, Request{Op: "play", Source: nimSrc, Expr: "Nim(1) + Nim(2)", Input: []string{"hint"}})
	if !strings.Contains(r.Play.Transcript, "Hint: take 1 from Nim(2)") || r.Play.Over {
		t.Fatalf("hint: %+v", r.Play)
	}
	var moves []string
	for !r.Play.Over {
		i := 1
		if r.Play.Position == "Nim(1) + Nim(2)" {
			i = 2 // take 1 from Nim(2)
		}
		moves = append(moves, map[int]string{1: "1", 2: "2"}[i])
		r = handle(t, w, Request{Op: "play", Source: nimSrc, Expr: "Nim(1) + Nim(2)", Input: moves})
		if len(moves) > 5 {
			t.Fatal("the game does not end")
		}
	}
	if !strings.Contains(r.Play.Transcript, "you win") {
		t.Fatalf("the person played well and should win:\n%s", r.Play.Transcript)
	}
}

func TestExamples(t *testing.T) {
	ex := Examples()
	if len(ex) < 12 || ex[0].Name != "01_pn_positions" || !strings.Contains(ex[0].Source, "game") {
		t.Fatalf("examples: %d, first %q", len(ex), ex[0].Name)
	}
}

func TestBadRequests(t *testing.T) {
	w := &Worker{}
	var resp Response
	if err := json.Unmarshal(w.HandleJSON(context.Background(), []byte("{not json")), &resp); err != nil || !strings.HasPrefix(resp.Error, "bad request") {
		t.Errorf("bad JSON: %+v %v", resp, err)
	}
	for _, c := range []struct {
		req  Request
		want string
	}{
		{Request{Op: "fly"}, `unknown request "fly"`},
		{Request{Op: "graph", Expr: "3 + "}, "position:1:"},
		{Request{Op: "graph", Expr: "[1, 2]"}, "graph needs a game position"},
		{Request{Op: "play", Expr: "Nim("}, "position:1:"},
		{Request{Op: "table", Source: "print (", Expr: "n for n in 0..2"}, "program.game:1:"},
	} {
		if r := handle(t, w, c.req); !strings.Contains(r.Error, c.want) {
			t.Errorf("%+v: error %q, want %q", c.req, r.Error, c.want)
		}
	}
}
