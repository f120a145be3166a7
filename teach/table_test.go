package teach

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/stdlib"
)

func TestParseTable(t *testing.T) {
	line := ":table sg(Kayles(n)), [x for x in 0..n] for n in 0..30 # a comment"
	spec, err := ParseTable("repl", line, len(":table "))
	if err != nil {
		t.Fatal(err)
	}
	var exprs []string
	for _, e := range spec.exprs {
		exprs = append(exprs, e.text)
		if line[e.off:e.off+len(e.text)] != e.text {
			t.Errorf("expression %q: offset %d is wrong", e.text, e.off)
		}
	}
	if want := []string{"sg(Kayles(n))", "[x for x in 0..n]"}; !slices.Equal(exprs, want) {
		t.Errorf("expressions %q, want %q", exprs, want)
	}
	if len(spec.vars) != 1 || spec.vars[0] != "n" || spec.ranges[0].text != "0..30" {
		t.Fatalf("variables %q over %+v", spec.vars, spec.ranges)
	}
	if r := spec.ranges[0]; line[r.off:r.off+len(r.text)] != "0..30" {
		t.Errorf("range offset %d is wrong", r.off)
	}

	line = `sg(W(a, b)) for a in 0..3, b in [1, 2, "for"]`
	spec, err = ParseTable("table", line, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(spec.vars) != 2 || spec.vars[1] != "b" || spec.ranges[1].text != `[1, 2, "for"]` {
		t.Fatalf("grid variables %q over %+v", spec.vars, spec.ranges)
	}
	if r := spec.ranges[1]; line[r.off:r.off+len(r.text)] != r.text {
		t.Errorf("second range offset %d is wrong", r.off)
	}

	for text, want := range map[string]string{
		"":                                   "write EXPR for n in RANGE",
		"sg(n)":                              `needs "for"`,
		"for n in 0..3":                      "an expression is missing",
		"n for n 0..3":                       "expected NAME in RANGE",
		"n for if in 0..3":                   `"if" cannot be a variable name`,
		"n for 1 in 0..3":                    `"1" cannot be a variable name`,
		"n for a in 1..2, b in 1..2, c in 1": "one variable",
		"a, b for a in 1..2, b in 1..2":      "one expression",
		"a for a in 1..2, a in 1..2":         "both called a",
	} {
		if _, err := ParseTable("table", text, 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", text, err, want)
		}
	}
}

// table computes and writes a request as the command line does.
func table(t *testing.T, text string, write func(*Table) string) (string, error) {
	t.Helper()
	spec, err := ParseTable("table", text, 0)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := ComputeTable(context.Background(), stdlib.New(), spec)
	if err != nil {
		return "", err
	}
	return write(tb), nil
}

func text(tb *Table) string {
	var b strings.Builder
	tb.WriteText(&b, render.TextOptions{})
	return b.String()
}

func csvText(tb *Table) string {
	var b strings.Builder
	tb.WriteCSV(&b)
	return b.String()
}

func TestTableText(t *testing.T) {
	for req, want := range map[string]string{
		// One variable: one line per case, any values, several expressions.
		"sg(Kayles(n)), outcome(Kayles(n)) for n in 0..3": "" +
			"n  sg(Kayles(n))  outcome(Kayles(n))\n" +
			"0              0  P\n" +
			"1              1  N\n" +
			"2              2  N\n" +
			"3              3  N\n",
		`len(s), s for s in ["a", "bcd"]`: "" +
			"s      len(s)  s\n" +
			`"a"         1  "a"` + "\n" +
			`"bcd"       3  "bcd"` + "\n",
		// A grid of integers.
		"sg(Wythoff(a, b)) for a in 0..2, b in 0..2": "" +
			"sg(Wythoff(a, b))\n" +
			"a\\b 0 1 2\n" +
			"  0 0 1 2\n" +
			"  1 1 2 0\n" +
			"  2 2 0 1\n",
		// A grid of other values.
		"outcome(Nim(a) + Nim(b)) for a in 0..1, b in 0..2": "" +
			"outcome(Nim(a) + Nim(b))\n" +
			"a\\b  0  1  2\n" +
			"  0  P  N  N\n" +
			"  1  N  P  N\n",
	} {
		got, err := table(t, req, text)
		if err != nil || got != want {
			t.Errorf("%s:\n%s(error %v)\nwant:\n%s", req, got, err, want)
		}
	}
}

func TestTableCSV(t *testing.T) {
	for req, want := range map[string]string{
		"sg(Kayles(n)), outcome(Kayles(n)) for n in 0..2": "n,sg(Kayles(n)),outcome(Kayles(n))\n0,0,P\n1,1,N\n2,2,N\n",
		"sg(Nim(a) + Nim(b)) for a in 0..1, b in 0..1":    "a,b,sg(Nim(a) + Nim(b))\n0,0,0\n0,1,1\n1,0,1\n1,1,0\n",
		`s for s in ["x, y"]`:                             "s,s\n\"x, y\",\"x, y\"\n",
	} {
		got, err := table(t, req, csvText)
		if err != nil || got != want {
			t.Errorf("%s:\n%s(error %v)\nwant:\n%s", req, got, err, want)
		}
	}
}

func TestTableHeatmap(t *testing.T) {
	heat := func(tb *Table) string {
		g, err := tb.Heatmap()
		if err != nil {
			return "error: " + err.Error()
		}
		return fmt.Sprint(g.Title, " ", g.Rows, " ", g.Cols, " ", g.Cells, " ", g.ValueNames)
	}
	for req, want := range map[string]string{
		"sg(Wythoff(a, b)) for a in 0..2, b in 0..2":  "sg(Wythoff(a, b)) [0 1 2] [0 1 2] [[0 1 2] [1 2 0] [2 0 1]] []",
		"outcome(Nim(n) + Nim(2)) for n in [1, 2, 3]": "outcome(Nim(n) + Nim(2)) [0] [1 2 3] [[1 0 1]] [P N]",
		"[n] for n in 0..1":                           "error: a picture needs values that are integers",
		// Loopy games: an infinite value or a draw is the cell render.Loopy (-2).
		"sg(Token([[1], [2, 0], [1, 3], []], v)) for v in 0..3":      "sg(Token([[1], [2, 0], [1, 3], []], v)) [0] [0 1 2 3] [[-2 -2 -2 0]]",
		"outcome(Token([[1], [2, 0], [1, 3], []], v)) for v in 0..3": "outcome(Token([[1], [2, 0], [1, 3], []], v))  (∞ = D, a draw) [0] [0 1 2 3] [[-2 -2 1 0]] [P N]",
		`n for n in ["a"]`:     "error: a picture needs n to run over integers",
		"n, n for n in 0..1":   "error: a picture shows one expression",
		"n % 3 for n in 0..11": "n % 3  (period 3 from n = 0) [0] [0 1 2 3 4 5 6 7 8 9 10 11]",
	} {
		got, err := table(t, req, heat)
		if err != nil || !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q (error %v), want %q", req, got, err, want)
		}
	}
}

func TestTableErrors(t *testing.T) {
	// Errors point into the request's text.
	for req, want := range map[string]string{
		"sg(Nmi(n)) for n in 0..3":   "table:1:4: undefined name Nmi; did you mean Nim?",
		"sg(Nim(n)) for n in 0..x":   "table:1:24: undefined name x",
		"10 / (n - 2) for n in 0..3": "table:1:4: division by zero",
		"n for n in 3..2":            "table:1:12: 3..2 is empty",
		"n for n in 5":               "table:1:12: n must run over a range, list, set or tuple, not int 5",
		"n for n in 0..100000":       "table:1:12: 0..100000 has 100001 values",
		// Columns count characters: the caret stands under zz.
		`[n, "é", zz] for n in 0..3`:  "table:1:10: undefined name zz\n    [n, \"é\", zz] for n in 0..3\n             ^",
		`n for n in [1, "日本", 1 / 0]`: "table:1:24: division by zero\n    n for n in [1, \"日本\", 1 / 0]\n                           ^",
		`n for n in ["é"] + 3..4`:     "table:1:18: + cannot combine list [\"é\"] and int 3\n    n for n in [\"é\"] + 3..4\n                     ^",
	} {
		_, err := table(t, req, text)
		if err == nil {
			t.Errorf("%s: no error", req)
			continue
		}
		text, ok := lang.FormatAll(err)
		if !ok || !strings.HasPrefix(text, want) || !strings.Contains(text, "\n    "+req+"\n") {
			t.Errorf("%s: error\n%s\nwant %q", req, text, want)
		}
	}
}
