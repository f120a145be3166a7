package teach

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
)

// TableSource is the file name that errors in a table's text are reported
// under, as "table:1:5: ...".
const TableSource = "table"

// TableSpec is a parsed table request, "EXPR for a in RANGE" or "EXPR for a in
// RANGE, b in RANGE".
type TableSpec struct {
	Text   string   // the whole request, which errors point into
	Expr   piece    // the expression computed in every cell
	Vars   []string // one or two variable names
	Ranges []piece  // the values each variable runs over
}

// piece is a part of a table request and its byte offset in the request.
type piece struct {
	text string
	off  int
}

// tableUsage shows how a table is written.
const tableUsage = `write EXPR for a in RANGE, or EXPR for a in RANGE, b in RANGE, e.g. sg(Wythoff(a, b)) for a in 0..9, b in 0..9`

// ParseTable parses a table request.
func ParseTable(text string) (*TableSpec, error) {
	at := topWord(text, "for")
	if at < 0 {
		return nil, fmt.Errorf("a table needs \"for\": %s", tableUsage)
	}
	spec := &TableSpec{Text: text, Expr: trimmed(text, 0, at)}
	if spec.Expr.text == "" {
		return nil, fmt.Errorf("the expression is missing before \"for\": %s", tableUsage)
	}
	gens := text[at+len("for"):]
	start := at + len("for")
	for _, g := range splitTop(gens) {
		gp := trimmed(text, start+g[0], start+g[1])
		name, rest, _ := strings.Cut(gp.text, " ")
		rng, ok := strings.CutPrefix(strings.TrimSpace(rest), "in ")
		if !ok || strings.TrimSpace(rng) == "" || !isName(name) {
			return nil, fmt.Errorf("expected NAME in RANGE after \"for\", not %q: %s", gp.text, tableUsage)
		}
		spec.Vars = append(spec.Vars, name)
		spec.Ranges = append(spec.Ranges, trimmed(text, gp.off+len(gp.text)-len(rng), gp.off+len(gp.text)))
	}
	switch {
	case len(spec.Vars) > 2:
		return nil, errors.New("a table has one variable (a row of values) or two (a grid)")
	case len(spec.Vars) == 2 && spec.Vars[0] == spec.Vars[1]:
		return nil, fmt.Errorf("the two variables are both called %s", spec.Vars[0])
	}
	return spec, nil
}

// trimmed returns text[lo:hi] without surrounding spaces, with its offset.
func trimmed(text string, lo, hi int) piece {
	s := text[lo:hi]
	lead := len(s) - len(strings.TrimLeft(s, " \t"))
	return piece{strings.TrimSpace(s), lo + lead}
}

// isName reports whether s can name a variable.
func isName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != "" && !lang.IsKeyword(s)
}

// scanTop calls visit with the offset of every byte of s outside brackets and
// strings.
func scanTop(s string, visit func(i int)) {
	depth, inString := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0:
			visit(i)
		}
	}
}

// topWord returns the offset of the last whole word w outside brackets, or -1.
// (The last, so that an expression may itself contain a comprehension's "for"
// in brackets, or a lambda before it.)
func topWord(s, w string) int {
	found := -1
	ident := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	scanTop(s, func(i int) {
		if strings.HasPrefix(s[i:], w) && (i == 0 || !ident(s[i-1])) && (i+len(w) == len(s) || !ident(s[i+len(w)])) {
			found = i
		}
	})
	return found
}

// splitTop returns the [start, end) offsets of the parts of s between commas
// outside brackets.
func splitTop(s string) [][2]int {
	var out [][2]int
	start := 0
	scanTop(s, func(i int) {
		if s[i] == ',' {
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	})
	return append(out, [2]int{start, len(s)})
}

// Limits on tables.
const (
	maxAxis  = 100_000   // values of one variable
	maxCells = 4_000_000 // cells of a grid
)

// Table computes a table request in a session: a grid with one row per value
// of the first variable and one column per value of the second, or a single
// row when there is one variable. Cells must be integers, or outcomes (P is
// written 0 and N 1, and the title says so). Errors in the request point into
// its text, under the file name TableSource.
func Table(ctx context.Context, in *interp.Interp, spec *TableSpec) (render.Grid, error) {
	axes := make([][]int64, len(spec.Vars))
	for i, r := range spec.Ranges {
		var err error
		if axes[i], err = axis(ctx, in, spec, r); err != nil {
			return render.Grid{}, err
		}
	}
	if len(axes) == 2 && len(axes[0])*len(axes[1]) > maxCells {
		return render.Grid{}, fmt.Errorf("the table would have %d cells; at most %d are drawn", len(axes[0])*len(axes[1]), maxCells)
	}
	// The expression becomes a function of the variables. Its source puts the
	// head on a line of its own, so that the expression keeps its column.
	head := "(fn(" + strings.Join(spec.Vars, ", ") + ") =>\n"
	src := head + strings.Repeat(" ", spec.Expr.off) + spec.Expr.text + "\n)"
	f, err := in.Eval(ctx, TableSource, src)
	if err != nil {
		return render.Grid{}, relocate(err, src, spec.Text)
	}
	g := render.Grid{Title: spec.Expr.text}
	rows, cols := []int64{0}, axes[0]
	if len(axes) == 2 {
		rows, cols = axes[0], axes[1]
		g.RowName, g.ColName = spec.Vars[0], spec.Vars[1]
	} else {
		g.ColName, g.RowLabels = spec.Vars[0], []string{spec.Expr.text}
	}
	g.Rows, g.Cols = rows, cols
	outcomes := false
	for _, a := range rows {
		row := make([]int64, len(cols))
		for j, b := range cols {
			args := []interp.Value{interp.Int(b)}
			at := fmt.Sprintf("%s = %d", spec.Vars[0], b)
			if len(axes) == 2 {
				args = []interp.Value{interp.Int(a), interp.Int(b)}
				at = fmt.Sprintf("%s = %d, %s = %d", spec.Vars[0], a, spec.Vars[1], b)
			}
			v, err := in.Call(ctx, f, args...)
			if err != nil {
				return render.Grid{}, relocate(err, src, spec.Text)
			}
			switch v.K {
			case interp.KInt:
				row[j] = v.N
			case interp.KOutcome:
				row[j], outcomes = v.N, true // P is 0, N is 1
			default:
				return render.Grid{}, fmt.Errorf("at %s, %s is %s %s; a table needs integers (or outcomes, P or N)", at, spec.Expr.text, v.K, v.Repr())
			}
		}
		g.Cells = append(g.Cells, row)
	}
	if outcomes {
		g.Title += "  (0 = P, 1 = N)"
	}
	return g, nil
}

// axis evaluates the values a variable runs over: a range or a list of
// integers.
func axis(ctx context.Context, in *interp.Interp, spec *TableSpec, r piece) ([]int64, error) {
	src := strings.Repeat(" ", r.off) + r.text
	v, err := in.Eval(ctx, TableSource, src)
	if err != nil {
		return nil, relocate(err, src, spec.Text)
	}
	var out []int64
	switch v.K {
	case interp.KRange:
		rv := v.R.(*interp.RangeVal)
		if rv.Len() > maxAxis {
			return nil, fmt.Errorf("%s has %d values; a table has at most %d rows or columns", r.text, rv.Len(), maxAxis)
		}
		for n := rv.Lo; n <= rv.Hi; n++ {
			out = append(out, n)
		}
	case interp.KList, interp.KTuple, interp.KSet:
		for _, e := range v.Seq() {
			if e.K != interp.KInt {
				return nil, fmt.Errorf("%s must hold integers, but it holds %s %s", r.text, e.K, e.Repr())
			}
			out = append(out, e.N)
		}
	default:
		return nil, fmt.Errorf("%s must be a range or a list of integers, not %s %s", r.text, v.K, v.Repr())
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s is empty: the table would have no cells", r.text)
	}
	return out, nil
}

// relocate makes errors in src, which holds the request's text at its own
// column on its last line but one or on its first line, point into text.
func relocate(err error, src, text string) error {
	fix := func(e *lang.Error) {
		if e.Src != src || e.Pos.Filename != TableSource {
			return
		}
		e.Src, e.Pos.Line = text, 1
		e.Pos.Column = min(max(e.Pos.Column, 1), len(text)+1)
	}
	var le *lang.Error
	var les lang.Errors
	switch {
	case errors.As(err, &les):
		for _, e := range les {
			fix(e)
		}
	case errors.As(err, &le):
		fix(le)
	}
	return err
}
