package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/grundy-lang/grundy/lang"
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
	for _, want := range []string{`<pre class="out">6</pre>`, `data-line="2">line 2</a>`, "check holds (11 cases)", "1 check passed, 0 failed (11 cases)"} {
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
	if !strings.Contains(r.Play.Transcript, "You asked: hint\nHint: take 1 from Nim(2)") || r.Play.Over {
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
	// Moves are buttons in the page: the transcript says click, never type,
	// and the person's choices read as moves, not as numbers typed.
	for _, tr := range []string{p.Transcript, r.Play.Transcript} {
		if strings.Contains(strings.ToLower(tr), "type") || strings.Contains(tr, "Your move>") || !strings.Contains(tr, "Click a move below") {
			t.Errorf("the transcript speaks of typing:\n%s", tr)
		}
	}
	if !strings.Contains(r.Play.Transcript, "You: take 1 from Nim(2)") {
		t.Errorf("the transcript lacks the person's move:\n%s", r.Play.Transcript)
	}
}

// A graph comes with a legend of its colours and lines, and names its root.
func TestGraphLegend(t *testing.T) {
	r := handle(t, &Worker{}, Request{Op: "graph", Source: nimSrc, Expr: "Nim(2) + Nim(1)"})
	for _, want := range []string{`data-root="Nim(2) + Nim(1)"`, `class="legend"`, "P-position", "winning move", "on a cycle"} {
		if !strings.Contains(r.HTML, want) {
			t.Errorf("the graph lacks %q", want)
		}
	}
}

// A run tells, while it goes, which statement starts and what each showed
// when it is done, in order, as the final response shows it.
func TestRunEvents(t *testing.T) {
	var events []Event
	w := &Worker{OnEvent: func(e Event) { events = append(events, e) }}
	r := handle(t, w, Request{Op: "run", Source: "print 1\n\nprint 2\ncheck 1 == 1\nprint 1 / 0\nprint 3\n"})
	var got []string
	for _, e := range events {
		got = append(got, fmt.Sprintf("%s %d", e.Kind, e.Line))
		if e.Kind == "done" && !strings.Contains(r.HTML, e.HTML) {
			t.Errorf("the event of line %d shows %q, the response does not", e.Line, e.HTML)
		}
	}
	if want := "start 1,done 1,start 3,done 3,start 4,done 4,start 5,done 5"; strings.Join(got, ",") != want {
		t.Fatalf("events %s, want %s", strings.Join(got, ","), want)
	}
	if !strings.Contains(events[3].HTML, `<pre class="out">2</pre>`) || !strings.Contains(events[7].HTML, "division by zero") {
		t.Fatalf("events: %+v", events)
	}
}

// A long solve reports its progress.
func TestProgressEvents(t *testing.T) {
	progress := 0
	w := &Worker{OnEvent: func(e Event) {
		if e.Kind == "progress" && e.Positions > 0 {
			progress++
		}
	}}
	src := "game T(n) {\n  move k in 1..3 where k <= n -> T(n - k)\n}\nprint [sg(T(n)) for n in 0..400000][-1]\n"
	deadline := time.Now().Add(time.Minute)
	for progress == 0 && time.Now().Before(deadline) {
		handle(t, w, Request{Op: "run", Source: src})
		src += "#\n" // a new program, a new session
	}
	if progress == 0 {
		t.Fatal("no progress was reported")
	}
}

// A native take-and-break table reports its heaps as it grows; the request
// is stopped once they are seen.
func TestHeapProgressEvents(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var seen Event
	w := &Worker{OnEvent: func(e Event) {
		if e.Kind == "progress" && e.Heaps > 0 {
			seen = e
			cancel()
		}
	}}
	w.Handle(ctx, Request{Op: "run", Source: "print sg(GrundysGame(5000000))\n"})
	if seen.Table != "GrundysGame" || seen.Heaps < 4096 || seen.Positions != 0 {
		t.Fatalf("heap progress: %+v (%v)", seen, ctx.Err())
	}
}

// A growing misère quotient tells the heap it is at, as the shell's progress
// line does.
func TestStatusEvents(t *testing.T) {
	var status []string
	w := &Worker{OnEvent: func(e Event) {
		if e.Kind == "progress" && e.Status != "" {
			status = append(status, e.Status)
		}
	}}
	r := handle(t, w, Request{Op: "run", Source: "print quotient(\"0.07\").order\n"})
	if !r.OK || len(status) == 0 || !strings.Contains(status[0], "of 0.07") {
		t.Fatalf("status events %q, response %+v", status, r)
	}
}

// The page has no files: saving a quotient is refused in words, and nothing
// is written.
func TestNoFiles(t *testing.T) {
	file := filepath.Join(t.TempDir(), "dk.q")
	r := handle(t, &Worker{}, Request{Op: "run", Source: fmt.Sprintf("print quotient(\"0.07\", 40, 1000, %q).order\n", file)})
	if r.OK || !strings.Contains(r.Error, "the page has no files") {
		t.Fatalf("saving a quotient in the page: %+v", r)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the page wrote %s (%v)", file, err)
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

// The sentences about typing are rewritten however play wrapped them.
func TestForButtons(t *testing.T) {
	in := "Why: your move x left an N-position. (Type hint\nbefore a move to see a winning one.)\nYou have 40 moves; type moves\nto list them.\nYour move> 3\nYou: take 1\nYour move> explain\n"
	want := "Why: your move x left an N-position. (Click Hint before a move to see a winning one.)\nYou have 40 moves; they are the buttons below.\nYou: take 1\nYou asked: explain\n"
	if got := forButtons(in); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestPlayShowsBoards: a game with a show clause is drawn in the transcript,
// and its move buttons name the moves without the long position.
func TestPlayShowsBoards(t *testing.T) {
	src := "game Row(b) {\n  show [[\".xo\"[c] for c in b]]\n  move i in 0..2 where b[i] == 0 -> Row([if k == i then 1 else b[k] for k in 0..2])\n}\n"
	r := handle(t, &Worker{}, Request{Op: "play", Source: src, Expr: "Row([0, 2, 0])"})
	p := r.Play
	if p == nil || !strings.Contains(p.Transcript, "Row([0, 2, 0])\n  .o.\n") || strings.Join(p.Moves, ", ") != "i=0, i=2" {
		t.Fatalf("play of a drawn game: %+v %+v", r, p)
	}
}

// TestTokens: the editor's colours come from the language's lexer, at
// offsets JavaScript uses (UTF-16 units), and an error's column comes too.
func TestTokens(t *testing.T) {
	src := "# 𝔾é\ngame G(n) { move -> G(n - 1) }\nprint \"é\" 12 misère\n"
	r := handle(t, &Worker{}, Request{Op: "tokens", Source: src})
	units := utf16.Encode([]rune(src))
	var got []string
	for _, tok := range r.Tokens {
		got = append(got, tok.Kind+" "+string(utf16.Decode(units[tok.From:tok.To])))
	}
	var want []string
	toks, _ := lang.Tokens(File, src)
	for _, tok := range toks {
		if tok.Kind != lang.TokenSpace {
			want = append(want, tok.Kind.String()+" "+tok.Text)
		}
	}
	if !slices.Equal(got, want) || r.Lexed != len(units) {
		t.Errorf("tokens %q (lexed %d of %d), want %q", got, r.Lexed, len(units), want)
	}
	r = handle(t, &Worker{}, Request{Op: "tokens", Source: "print 1 ¤ 2"})
	if len(r.Tokens) != 2 || r.Lexed != len("print 1 ") {
		t.Errorf("tokens of a text that does not lex: %+v", r)
	}
	r = handle(t, &Worker{}, Request{Op: "run", Source: "# 𝔾\nprint \"𝔾\" + (1 +\n"})
	if r.ErrLine != 2 || r.ErrCol != len(`print "𝔾" + (1 +`)-2+1 {
		t.Errorf("error at %d:%d (UTF-16), want 2:%d", r.ErrLine, r.ErrCol, len(`print "𝔾" + (1 +`)-2+1)
	}
}
