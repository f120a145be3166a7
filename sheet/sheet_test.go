package sheet

import (
	"bytes"
	"context"
	"io/fs"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/examples"
	"github.com/grundy-lang/grundy/stdlib"
)

// Every example shows in a sheet exactly what it prints on the command line,
// statement by statement, and the same check counts.
func TestExamplesSameAsCommandLine(t *testing.T) {
	names, _ := fs.Glob(examples.Files, "*.game")
	for _, name := range names {
		src, _ := fs.ReadFile(examples.Files, name)
		plain := stdlib.New()
		var out, diag bytes.Buffer
		plain.Out, plain.Diag = &out, &diag
		if err := plain.Run(context.Background(), name, string(src)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := Run(context.Background(), stdlib.New(), name, string(src))
		var got strings.Builder
		for _, c := range s.Chunks {
			for _, it := range c.Output {
				got.WriteString(it.Text + "\n")
			}
		}
		if got.String() != out.String() {
			t.Errorf("%s: the sheet shows\n%s\nbut the run printed\n%s", name, got.String(), out.String())
		}
		if s.Err != nil || s.Checks != plain.Checks {
			t.Errorf("%s: sheet %v %+v, run %+v", name, s.Err, s.Checks, plain.Checks)
		}
		// The chunks hold the whole program: only blank lines are left out.
		var code strings.Builder
		for _, c := range s.Chunks {
			code.WriteString(c.Code)
		}
		if squash(code.String()) != squash(string(src)) {
			t.Errorf("%s: the chunks do not hold the program", name)
		}
	}
}

func squash(s string) string { return strings.Join(strings.Fields(s), "") }

const program = `# Tables
game W(a, b) {
  move k in 1..a -> W(a - k, b)
  move k in 1..b -> W(a, b - k)
}

# the values
print sgtable(W, 0..3, 0..2)
check sg(W(a, b)) == a ^ b for a in 0..3, b in 0..3
check sg(W(1, 1)) == 1
print 1 / 0
print 2
`

func TestSheet(t *testing.T) {
	s := Run(context.Background(), stdlib.New(), "t.game", program)
	if len(s.Chunks) != 6 {
		t.Fatalf("want 6 chunks, got %d", len(s.Chunks))
	}
	game, table, pass, fail, errc, after := s.Chunks[0], s.Chunks[1], s.Chunks[2], s.Chunks[3], s.Chunks[4], s.Chunks[5]
	if game.Line != 1 || !strings.HasPrefix(game.Code, "# Tables\ngame W") || !game.Ran {
		t.Errorf("game chunk: %+v", game)
	}
	if table.Line != 7 || table.Stmt != 8 || !strings.HasPrefix(table.Code, "# the values\nprint") {
		t.Errorf("table chunk at line %d: %q", table.Line, table.Code)
	}
	g := table.Output[0].Grid
	if g == nil || len(g.Rows) != 4 || len(g.Cols) != 3 || g.Cells[3][2] != 1 || g.Title != "sgtable(W, 0..3, 0..2)" {
		t.Fatalf("the printed table is not a grid: %+v", table.Output)
	}
	if pass.Check == nil || !pass.Check.Passed || pass.Check.Cases != 16 {
		t.Errorf("passing check: %+v", pass.Check)
	}
	if fail.Check == nil || fail.Check.Passed || !strings.Contains(fail.Check.Failure, "t.game:10:1: check failed") {
		t.Errorf("failing check: %+v", fail.Check)
	}
	if !strings.Contains(errc.Err, "t.game:11:") || s.ErrLine != 11 || after.Ran || s.OK() {
		t.Errorf("error: chunk %q, line %d, later chunk ran %v", errc.Err, s.ErrLine, after.Ran)
	}

	var h, m bytes.Buffer
	WriteHTML(&h, s)
	WriteMarkdown(&m, s)
	for _, want := range []string{"<!DOCTYPE html>", `<span class="ln">8</span>print sgtable(W, 0..3, 0..2)`, "<table class=\"values\">", "<svg", "✓ check holds (16 cases)", "✗ t.game:10:1: check failed", "1 check passed, 1 failed", `<pre class="code notrun" title="not run: the run stopped before this"><span class="ln">12</span>print 2`} {
		if !strings.Contains(h.String(), want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	for _, want := range []string{"```grundy\n# Tables\ngame W(a, b) {", "| **3** | 3 | 2 | 1 |", "data:image/svg+xml;base64,", "✓ check holds (16 cases)"} {
		if !strings.Contains(m.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, m.String())
		}
	}
	// The heat map is a second view of a table's numbers: open in a
	// worksheet, on request in the page.
	var r bytes.Buffer
	WriteResults(&r, s)
	if !strings.Contains(h.String(), `<details class="heatmap" open><summary>heat map</summary><svg`) || !strings.Contains(r.String(), `<details class="heatmap"><summary>heat map</summary><svg`) {
		t.Error("the heat map is not behind <details>, open in the worksheet and closed in the page")
	}
	if strings.Contains(h.String(), "<?xml") || strings.Contains(h.String(), "http://") && !strings.Contains(h.String(), "http://www.w3.org/2000/svg") {
		t.Error("the worksheet must be self-contained")
	}
}

func TestParseError(t *testing.T) {
	s := Run(context.Background(), stdlib.New(), "t.game", "print 1\nprint (\n")
	if s.ErrLine != 2 || len(s.Chunks) != 0 || !strings.Contains(s.ErrText, "t.game:2:") {
		t.Fatalf("%+v", s)
	}
	var h bytes.Buffer
	WriteResults(&h, s)
	if !strings.Contains(h.String(), `<pre class="error">t.game:2:`) {
		t.Fatal(h.String())
	}
}

func TestGridOf(t *testing.T) {
	in := stdlib.New()
	for src, want := range map[string]bool{
		"[[1, 2], [3, 4]]": true, "[[1, 2], [3]]": false, "[[1, 2]]": false, "[[1], [2]]": false,
		"[[1, -2], [3, 4]]": false, "[[1, P], [3, 4]]": false, "[1, 2]": false, "[(1, 2), (3, 4)]": false,
	} {
		v, err := in.Eval(context.Background(), "t", src)
		if err != nil {
			t.Fatal(err)
		}
		if got := gridOf(v) != nil; got != want {
			t.Errorf("%s: grid %v, want %v", src, got, want)
		}
	}
}

// A printed table's source text, which becomes a caption and an image's alt
// text, is text in both worksheets: nothing in it breaks out as HTML.
func TestWorksheetEscapesTableSource(t *testing.T) {
	const evil = `](x) <img src=x onerror=alert(1)> & 'q' [`
	src := "fn t(s) = [[1, 2], [3, 4]]\nprint t(\"" + evil + "\")\n"
	s := Run(context.Background(), stdlib.New(), "<b>x</b>.game", src)
	if s.Err != nil || len(s.Chunks) != 2 || len(s.Chunks[1].Output) != 1 || s.Chunks[1].Output[0].Grid == nil {
		t.Fatalf("the program does not print a table: %v %+v", s.Err, s.Chunks)
	}
	var m bytes.Buffer
	WriteMarkdown(&m, s)
	md := m.String()
	alt := md[strings.Index(md, "![heat map of ")+1:]
	alt = alt[:strings.Index(alt, "(data:image/svg+xml")]
	if want := `[heat map of t\(\"\]\(x\) \<img src\=x onerror\=alert\(1\)\> \& \'q\' \[\"\)]`; alt != want {
		t.Errorf("the alt text is\n%s\nwant\n%s", alt, want)
	}
	for _, line := range strings.Split(md, "\n") {
		if strings.Contains(line, "<img") && !strings.Contains(line, `\<img`) && !strings.HasPrefix(line, "print") && !strings.HasPrefix(line, "t(") {
			t.Errorf("raw HTML outside code blocks: %s", line)
		}
	}
	if !strings.HasPrefix(md, `# \<b\>x\<\/b\>\.game`) {
		t.Errorf("the title is not escaped: %s", md[:40])
	}
	var h bytes.Buffer
	WriteHTML(&h, s)
	if strings.Contains(h.String(), "<img") || strings.Contains(h.String(), "<b>") {
		t.Errorf("the HTML worksheet holds raw HTML from the program:\n%s", h.String())
	}
	var r bytes.Buffer
	WriteResults(&r, s)
	if strings.Contains(r.String(), "<img") {
		t.Errorf("the page's output holds raw HTML from the program:\n%s", r.String())
	}
}
