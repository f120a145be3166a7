package teach

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/stdlib/native"
)

// Tables: one parser, one engine and one set of writers for the shell's
// :table and for grundy table.
//
// A request is "EXPR, EXPR... for n in RANGE": one row per value of n, one
// column for n and one per expression; or "EXPR for a in RANGE, b in RANGE":
// a grid with one row per value of a and one column per value of b. A range
// is a range of integers or a list, set or tuple of any values; cells may be
// any values.

// TableUsage shows how a table is written.
const TableUsage = "write EXPR for n in RANGE, e.g. sg(Kayles(n)), outcome(Kayles(n)) for n in 0..30, or EXPR for a in RANGE, b in RANGE for a grid"

// TableSpec is a parsed table request.
type TableSpec struct {
	source string   // the file name errors are reported under
	line   string   // the text errors point into; the request is part of it
	exprs  []piece  // the expressions, one column each
	vars   []string // one or two variable names
	ranges []piece  // the values each variable runs over
}

// piece is a part of a table request and its byte offset in the line.
type piece struct {
	text string
	off  int
}

// ParseTable parses the table request line[start:]. Errors in it are later
// reported under the file name source and point into line, so that a shell
// command (":table ...") keeps its columns.
func ParseTable(source, line string, start int) (*TableSpec, error) {
	req := line[start:]
	if strings.TrimSpace(req) == "" {
		return nil, errors.New(TableUsage)
	}
	at := topWord(req, "for")
	if at < 0 {
		return nil, fmt.Errorf("a table needs \"for\"; %s", TableUsage)
	}
	end := start + scanTop(req, func(int) bool { return true }) // before a comment
	spec := &TableSpec{source: source, line: line}
	for _, e := range splitTop(line, start, start+at) {
		if e.text == "" {
			return nil, fmt.Errorf("an expression is missing before \"for\"; %s", TableUsage)
		}
		spec.exprs = append(spec.exprs, e)
	}
	for _, g := range splitTop(line, start+at+len("for"), end) {
		name, rest, _ := strings.Cut(g.text, " ")
		rng, ok := strings.CutPrefix(strings.TrimSpace(rest), "in ")
		rng = strings.TrimSpace(rng)
		if !ok || rng == "" {
			return nil, fmt.Errorf("expected NAME in RANGE after \"for\", not %q; %s", g.text, TableUsage)
		}
		if !isName(name) {
			return nil, fmt.Errorf("%q cannot be a variable name", name)
		}
		spec.vars = append(spec.vars, name)
		spec.ranges = append(spec.ranges, piece{rng, g.off + len(g.text) - len(rng)})
	}
	switch {
	case len(spec.vars) > 2:
		return nil, errors.New("a table has one variable (a row per value) or two (a grid)")
	case len(spec.vars) == 2 && len(spec.exprs) > 1:
		return nil, errors.New("a grid (two variables) shows one expression")
	case len(spec.vars) == 2 && spec.vars[0] == spec.vars[1]:
		return nil, fmt.Errorf("the two variables are both called %s", spec.vars[0])
	}
	return spec, nil
}

// isName reports whether s can name a variable.
func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) || i == 0 && s[i] >= '0' && s[i] <= '9' {
			return false
		}
	}
	return s != "" && !lang.IsKeyword(s)
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// scanTop calls visit with the offset of every byte of s outside brackets,
// strings and a trailing comment; visit returns false to stop. It returns
// where it stopped: the offset of the comment's "#", or len(s).
func scanTop(s string, visit func(i int) bool) int {
	depth, inString := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '#':
			return i
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0:
			if !visit(i) {
				return i
			}
		}
	}
	return len(s)
}

// topWord returns the offset of the first whole word w outside brackets, or
// -1. (A comprehension's "for" is inside brackets.)
func topWord(s, w string) int {
	found := -1
	scanTop(s, func(i int) bool {
		if strings.HasPrefix(s[i:], w) && (i == 0 || !isNameByte(s[i-1])) && (i+len(w) == len(s) || !isNameByte(s[i+len(w)])) {
			found = i
			return false
		}
		return true
	})
	return found
}

// splitTop returns the parts of line[lo:hi] between commas outside brackets,
// trimmed, with their offsets in line.
func splitTop(line string, lo, hi int) []piece {
	s := line[lo:hi]
	var out []piece
	start := 0
	add := func(end int) {
		raw := s[start:end]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		out = append(out, piece{strings.TrimSpace(raw), lo + start + lead})
	}
	scanTop(s, func(i int) bool {
		if s[i] == ',' {
			add(i)
			start = i + 1
		}
		return true
	})
	add(len(s))
	return out
}

// Limits on tables.
const (
	maxAxis  = 100_000   // values of one variable
	maxCells = 4_000_000 // cells of a grid
)

// Table is a computed table.
type Table struct {
	Title string   // a line above the table; a grid's is its expression
	Vars  []string // one variable, or two for a grid
	Exprs []string // the expressions; a grid has one
	Axes  [][]interp.Value
	// Cells holds the rows computed: with one variable, Cells[i][k] is
	// Exprs[k] at Axes[0][i]; in a grid, Cells[i][j] is Exprs[0] at
	// Axes[0][i], Axes[1][j].
	Cells [][]interp.Value
}

// Grid reports whether t is a grid (two variables).
func (t *Table) Grid() bool { return len(t.Vars) == 2 }

// Interrupted is the error of a table stopped by an interrupt: where it
// stopped. The rows before are in the table.
type Interrupted struct {
	At  string // e.g. "n = 17"
	Err error
}

func (e *Interrupted) Error() string { return "interrupted at " + e.At }
func (e *Interrupted) Unwrap() error { return e.Err }

// ComputeTable computes a table request in a session. On an error it returns
// the rows computed before it, which a shell may show, and the error; errors
// in the request's text point into it.
func ComputeTable(ctx context.Context, in *interp.Interp, spec *TableSpec) (*Table, error) {
	t := &Table{Vars: spec.vars}
	for _, e := range spec.exprs {
		t.Exprs = append(t.Exprs, e.text)
	}
	if t.Grid() {
		t.Title = t.Exprs[0]
	}
	fns := make([]interp.Value, len(spec.exprs))
	srcs := make([]string, len(spec.exprs))
	for i, e := range spec.exprs {
		// The expression becomes a function of the variables. Its source puts
		// the head on a line of its own, so that the expression keeps its column.
		srcs[i] = "(fn(" + strings.Join(spec.vars, ", ") + ") =>\n" + strings.Repeat(" ", lang.Column(spec.line, e.off)-1) + e.text + "\n)"
		f, err := in.Eval(ctx, spec.source, srcs[i])
		if err != nil {
			return t, lang.Relocate(err, srcs[i], spec.line, 1)
		}
		fns[i] = f
	}
	for k := range spec.ranges {
		axis, err := spec.axis(ctx, in, k)
		if err != nil {
			return t, err
		}
		t.Axes = append(t.Axes, axis)
	}
	if t.Grid() && len(t.Axes[0])*len(t.Axes[1]) > maxCells {
		return t, fmt.Errorf("the table would have %d cells; at most %d are computed", len(t.Axes[0])*len(t.Axes[1]), maxCells)
	}
	call := func(k int, at string, args ...interp.Value) (interp.Value, error) {
		v, err := in.Call(ctx, fns[k], args...)
		if errors.Is(err, context.Canceled) {
			return v, &Interrupted{at, err}
		}
		return v, lang.Relocate(err, srcs[k], spec.line, 1)
	}
	for _, x := range t.Axes[0] {
		var row []interp.Value
		if t.Grid() {
			for _, y := range t.Axes[1] {
				v, err := call(0, t.Vars[0]+" = "+x.Repr()+", "+t.Vars[1]+" = "+y.Repr(), x, y)
				if err != nil {
					return t, err
				}
				row = append(row, v)
			}
		} else {
			for k := range fns {
				v, err := call(k, t.Vars[0]+" = "+x.Repr(), x)
				if err != nil {
					return t, err
				}
				row = append(row, v)
			}
		}
		t.Cells = append(t.Cells, row)
	}
	return t, nil
}

// axis evaluates the values variable k runs over: a range, or the elements
// of a list, set or tuple.
func (spec *TableSpec) axis(ctx context.Context, in *interp.Interp, k int) ([]interp.Value, error) {
	r := spec.ranges[k]
	src := strings.Repeat(" ", lang.Column(spec.line, r.off)-1) + r.text
	v, err := in.Eval(ctx, spec.source, src)
	if err != nil {
		return nil, lang.Relocate(err, src, spec.line, 0)
	}
	var out []interp.Value
	switch v.K {
	case interp.KRange:
		rv := v.R.(*interp.RangeVal)
		if rv.Len() > maxAxis {
			return nil, spec.errorAt(r, "%s has %d values; a table has at most %d rows or columns", r.text, rv.Len(), maxAxis)
		}
		for n := rv.Lo; n <= rv.Hi; n++ {
			out = append(out, interp.Int(n))
		}
	case interp.KList, interp.KTuple, interp.KSet:
		if out = v.Seq(); len(out) > maxAxis {
			return nil, spec.errorAt(r, "%s has %d values; a table has at most %d rows or columns", r.text, len(out), maxAxis)
		}
	default:
		return nil, spec.errorAt(r, "%s must run over a range, list, set or tuple, not %s %s", spec.vars[k], v.K, v.Brief())
	}
	if len(out) == 0 {
		return nil, spec.errorAt(r, "%s is empty: the table would have no rows", r.text)
	}
	return out, nil
}

// errorAt makes an error pointing at a piece of the request.
func (spec *TableSpec) errorAt(p piece, format string, args ...any) error {
	return &lang.Error{Pos: lang.Position{Filename: spec.source, Offset: p.off, Line: 1, Column: lang.Column(spec.line, p.off)},
		Msg: fmt.Sprintf(format, args...), Src: spec.line}
}

// Cases calls visit once per case computed, in order: the values of the
// variables and the values of the expressions there.
func (t *Table) Cases(visit func(args, values []interp.Value)) {
	for i, row := range t.Cells {
		if !t.Grid() {
			visit([]interp.Value{t.Axes[0][i]}, row)
			continue
		}
		for j, v := range row {
			visit([]interp.Value{t.Axes[0][i], t.Axes[1][j]}, []interp.Value{v})
		}
	}
}

// Columns returns the names of a case's fields: the variables, then the
// expressions.
func (t *Table) Columns() []string {
	return append(append([]string{}, t.Vars...), t.Exprs...)
}

// WriteText writes a table as text: with one variable, a line per case with
// aligned columns (numbers to the right); a grid of integers as render.WriteText
// draws it (opts choose colour and width); any other grid as aligned columns.
// The title, if any, comes first.
func (t *Table) WriteText(w io.Writer, opts render.TextOptions) error {
	if len(t.Cells) == 0 {
		return nil
	}
	if g, err := t.heatGrid(false); err == nil && t.Grid() {
		return render.WriteText(w, g, opts)
	}
	if t.Title != "" {
		fmt.Fprintln(w, t.Title)
	}
	var rows [][]string
	if t.Grid() {
		header := []string{t.Vars[0] + `\` + t.Vars[1]}
		for _, y := range t.Axes[1] {
			header = append(header, y.Repr())
		}
		rows = append(rows, header)
		for i, row := range t.Cells {
			rows = append(rows, append([]string{t.Axes[0][i].Repr()}, reprs(row)...))
		}
	} else {
		rows = append(rows, t.Columns())
		t.Cases(func(args, values []interp.Value) {
			rows = append(rows, append(reprs(args), reprs(values)...))
		})
	}
	if len(rows) < 2 {
		return nil
	}
	right := make([]bool, len(rows[0]))
	for c := range right {
		right[c] = true
		for _, row := range rows[1:] {
			if c < len(row) && !isInteger(row[c]) {
				right[c] = false
			}
		}
	}
	render.WriteColumns(w, "", rows, right)
	return nil
}

// reprs returns the values as the language writes them.
func reprs(vs []interp.Value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Repr()
	}
	return out
}

// isInteger reports whether s is a decimal integer.
func isInteger(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// WriteCSV writes a table as CSV, one record per case (the form spreadsheets
// and data frames read): a header with the variables and the expressions,
// then the values; strings are written without quotes, outcomes as P and N.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(t.Columns())
	t.Cases(func(args, values []interp.Value) {
		rec := make([]string, 0, len(args)+len(values))
		for _, v := range append(append([]interp.Value{}, args...), values...) {
			if v.K == interp.KStr {
				rec = append(rec, v.Str())
			} else {
				rec = append(rec, v.String())
			}
		}
		cw.Write(rec)
	})
	cw.Flush()
	return cw.Error()
}

// Heatmap returns the table as a grid of integers for a picture: a grid, or
// a strip for one expression of one variable. Its cells must be integers,
// outcomes (P is held as 0, N as 1, and named so in the legend) or infinite
// values of loopy games (an infinite value or a draw is the cell
// render.Loopy), and its
// variables must run over integers.
func (t *Table) Heatmap() (render.Grid, error) {
	return t.heatGrid(true)
}

// heatGrid is Heatmap; outcomes says whether outcome cells and infinite values
// are accepted (text shows them in full instead).
func (t *Table) heatGrid(outcomes bool) (render.Grid, error) {
	if len(t.Exprs) > 1 {
		return render.Grid{}, errors.New("a picture shows one expression; this table has " + fmt.Sprint(len(t.Exprs)))
	}
	var axes [][]int64
	for k, axis := range t.Axes {
		ints := make([]int64, len(axis))
		for i, v := range axis {
			if v.K != interp.KInt {
				return render.Grid{}, fmt.Errorf("a picture needs %s to run over integers, but it takes %s %s", t.Vars[k], v.K, v.Brief())
			}
			ints[i] = v.N
		}
		axes = append(axes, ints)
	}
	g := render.Grid{Title: t.Exprs[0]}
	if t.Title != "" {
		g.Title = t.Title
	}
	if t.Grid() {
		g.RowName, g.ColName, g.Rows, g.Cols = t.Vars[0], t.Vars[1], axes[0][:len(t.Cells)], axes[1]
	} else {
		g.ColName, g.Rows, g.Cols, g.RowLabels = t.Vars[0], []int64{0}, axes[0][:len(t.Cells)], []string{t.Exprs[0]}
	}
	sawOutcome, sawLoopy := false, false
	colours, names, gameValues, err := gameValueColours(t.Cells)
	if err != nil {
		return render.Grid{}, err
	}
	if gameValues && !outcomes {
		return render.Grid{}, errors.New("game values are written in full")
	}
	if gameValues {
		g.ValueNames = names
	}
	cell := func(v interp.Value) (int64, error) {
		switch {
		case gameValues:
			return colours[valueKey(v)], nil
		case v.K == interp.KInt && v.N >= 0:
			return v.N, nil
		case (v.K == interp.KInf || v == interp.OutcomeD) && outcomes:
			sawLoopy, sawOutcome = true, sawOutcome || v.K == interp.KOutcome
			return render.Loopy, nil
		case v.K == interp.KOutcome && outcomes:
			sawOutcome = true
			return v.N, nil // P is 0, N is 1
		}
		return 0, fmt.Errorf("a picture needs values that are integers of 0 or more (or outcomes, or the values ∞K of loopy games), but %s is %s %s", t.Exprs[0], v.K, v.Brief())
	}
	if t.Grid() {
		for _, row := range t.Cells {
			out := make([]int64, len(row))
			for j, v := range row {
				var err error
				if out[j], err = cell(v); err != nil {
					return render.Grid{}, err
				}
			}
			g.Cells = append(g.Cells, out)
		}
	} else {
		out := make([]int64, len(t.Cells))
		for i, row := range t.Cells {
			var err error
			if out[i], err = cell(row[0]); err != nil {
				return render.Grid{}, err
			}
		}
		g.Cells = [][]int64{out}
	}
	if sawOutcome {
		g.ValueNames = []string{"P", "N"}
		if partizanOutcomes(g.Cells) {
			g.ValueNames = []string{"P", "N", "D", "L", "R"} // the outcomes' numbers in interp
		}
	}
	if sawOutcome && sawLoopy {
		g.Title += "  (∞ = D, a draw)"
	}
	if !t.Grid() && !sawOutcome && !sawLoopy {
		// A strip marks its period, as far as the values show one.
		seq := make([]int, len(g.Cells[0]))
		for i, v := range g.Cells[0] {
			seq[i] = int(v)
		}
		if p := native.Period(seq); p.Found() && p.Saltus == 0 {
			g.Preperiod, g.Period = p.Preperiod, p.Period
			g.Title += fmt.Sprintf("  (period %d from %s = %s)", p.Period, t.Vars[0], t.Axes[0][p.Preperiod].Repr())
		}
	}
	return g, g.Validate()
}
