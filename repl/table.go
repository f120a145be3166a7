package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/teach"
)

// piece is a part of a command line: its text and its byte offset in the line,
// so that errors in it point at the right column.
type piece struct {
	text string
	off  int
}

// generator is "NAME in RANGE" in a :table command.
type generator struct {
	name string
	rng  piece
}

// tableSpec is a parsed :table command: the expressions (columns) and one or two
// generators.
type tableSpec struct {
	exprs []piece
	gens  []generator
}

const tableUsage = "write :table EXPR for n in RANGE, e.g. :table sg(Kayles(n)) for n in 0..30"

// parseTable parses the argument of :table.
func parseTable(inv invocation) (*tableSpec, error) {
	arg := piece{inv.arg, inv.argOff}
	if arg.text == "" {
		return nil, errors.New(tableUsage)
	}
	at := findTopWord(arg.text, "for")
	if at < 0 {
		return nil, fmt.Errorf("no \"for\" in :table; %s", tableUsage)
	}
	spec := &tableSpec{}
	for _, e := range splitTop(piece{arg.text[:at], arg.off}) {
		if e.text == "" {
			return nil, fmt.Errorf("an expression is missing before \"for\"; %s", tableUsage)
		}
		spec.exprs = append(spec.exprs, e)
	}
	for _, g := range splitTop(piece{arg.text[at+len("for"):], arg.off + at + len("for")}) {
		name, rest, ok := strings.Cut(g.text, " ")
		rest = strings.TrimSpace(rest)
		rng, found := strings.CutPrefix(rest, "in ")
		if !ok || !found || strings.TrimSpace(rng) == "" {
			return nil, fmt.Errorf("expected NAME in RANGE after \"for\", not %q; %s", g.text, tableUsage)
		}
		if !isIdent(name) || lang.IsKeyword(name) {
			return nil, fmt.Errorf("%q cannot be a variable name", name)
		}
		rngText := strings.TrimSpace(rng)
		spec.gens = append(spec.gens, generator{name, piece{rngText, g.off + len(g.text) - len(rngText)}})
	}
	switch {
	case len(spec.gens) > 2:
		return nil, errors.New(":table takes one generator (a column) or two (a grid)")
	case len(spec.gens) == 2 && len(spec.exprs) > 1:
		return nil, errors.New("a grid (two generators) shows one expression")
	case len(spec.gens) == 2 && spec.gens[0].name == spec.gens[1].name:
		return nil, fmt.Errorf("the two generators both use the name %s", spec.gens[0].name)
	}
	return spec, nil
}

// isIdent reports whether s is a name.
func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// scanTop calls visit for every byte of s outside brackets, strings and comments.
// visit returns false to stop.
func scanTop(s string, visit func(i int) bool) {
	depth, inString := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '#':
			return
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0:
			if !visit(i) {
				return
			}
		}
	}
}

// findTopWord returns the offset of the first whole word w outside brackets, or -1.
func findTopWord(s, w string) int {
	found := -1
	scanTop(s, func(i int) bool {
		if strings.HasPrefix(s[i:], w) && (i == 0 || !isIdentByte(s[i-1])) &&
			(i+len(w) == len(s) || !isIdentByte(s[i+len(w)])) {
			found = i
			return false
		}
		return true
	})
	return found
}

// splitTop splits p at commas outside brackets; the parts are trimmed.
func splitTop(p piece) []piece {
	var out []piece
	start := 0
	add := func(end int) {
		raw := p.text[start:end]
		text := strings.TrimSpace(raw)
		out = append(out, piece{text, p.off + start + len(raw) - len(strings.TrimLeft(raw, " \t"))})
	}
	scanTop(p.text, func(i int) bool {
		if p.text[i] == ',' {
			add(i)
			start = i + 1
		}
		return true
	})
	add(len(p.text))
	return out
}

// eval evaluates a piece of a command line as an expression; errors point into
// the line.
func (s *Session) eval(ctx context.Context, inv invocation, p piece) (interp.Value, error) {
	src := strings.Repeat(" ", p.off) + p.text
	v, err := s.in.Eval(ctx, filename, src)
	return v, relocate(err, src, inv.line, 0)
}

// lineFunc is a piece of a command line compiled into a function value. Its
// source has the lambda's head on a line of its own and the piece at its own
// column on the next, so errors map back onto the command line.
type lineFunc struct {
	f   interp.Value
	src string
}

// function compiles a piece of a command line into a function of params.
func (s *Session) function(ctx context.Context, inv invocation, params []string, p piece) (*lineFunc, error) {
	src := "(fn(" + strings.Join(params, ", ") + ") =>\n" + strings.Repeat(" ", p.off) + p.text + ")"
	f, err := s.in.Eval(ctx, filename, src)
	if err != nil {
		return nil, relocate(err, src, inv.line, 1)
	}
	return &lineFunc{f, src}, nil
}

// call applies a function made by function; errors point into the line.
func (s *Session) call(ctx context.Context, inv invocation, f *lineFunc, args ...interp.Value) (interp.Value, error) {
	v, err := s.in.Call(ctx, f.f, args...)
	return v, relocate(err, f.src, inv.line, 1)
}

// errorAt makes an error pointing at a piece of the command line.
func errorAt(inv invocation, p piece, format string, args ...any) error {
	col := p.off + 1
	return &lang.Error{Pos: lang.Position{Filename: filename, Offset: p.off, Line: 1, Column: col}, Msg: fmt.Sprintf(format, args...), Src: inv.line}
}

// elements returns the values a generator runs over.
func (s *Session) elements(ctx context.Context, inv invocation, g generator) ([]interp.Value, error) {
	v, err := s.eval(ctx, inv, g.rng)
	if err != nil {
		return nil, err
	}
	switch v.K {
	case interp.KRange:
		r := v.R.(*interp.RangeVal)
		if r.Len() > maxRows {
			return nil, errorAt(inv, g.rng, "%s has %d elements; a table shows at most %d rows or columns", g.rng.text, r.Len(), maxRows)
		}
		out := make([]interp.Value, 0, r.Len())
		for n := r.Lo; n <= r.Hi; n++ {
			out = append(out, interp.Int(n))
		}
		return out, nil
	case interp.KList, interp.KTuple, interp.KSet:
		return v.Seq(), nil
	}
	return nil, errorAt(inv, g.rng, "%s must be a range, list, set or tuple to run over, but it is %s %s", g.name, v.K, abbreviate(v.Repr(), 40))
}

// maxRows bounds the length of a table's generator.
const maxRows = 100_000

func (s *Session) table(ctx context.Context, inv invocation) error {
	spec, err := parseTable(inv)
	if err != nil {
		return err
	}
	var names []string
	for _, g := range spec.gens {
		names = append(names, g.name)
	}
	fns := make([]*lineFunc, len(spec.exprs))
	for i, e := range spec.exprs {
		if fns[i], err = s.function(ctx, inv, names, e); err != nil {
			return err
		}
	}
	axes := make([][]interp.Value, len(spec.gens))
	for i, g := range spec.gens {
		if axes[i], err = s.elements(ctx, inv, g); err != nil {
			return err
		}
	}
	if len(spec.gens) == 2 {
		return s.grid(ctx, inv, spec, fns[0], axes[0], axes[1])
	}
	header := []string{names[0]}
	for _, e := range spec.exprs {
		header = append(header, e.text)
	}
	rows := [][]string{header}
	defer func() { writeTable(s.out, rows) }()
	for _, x := range axes[0] {
		row := []string{x.Repr()}
		for _, f := range fns {
			v, err := s.call(ctx, inv, f, x)
			if err != nil {
				return stoppedAt(err, names[0]+" = "+x.Repr())
			}
			row = append(row, v.Repr())
		}
		rows = append(rows, row)
	}
	return nil
}

// grid prints EXPR for every pair: rows are the first generator's values,
// columns the second's.
func (s *Session) grid(ctx context.Context, inv invocation, spec *tableSpec, f *lineFunc, as, bs []interp.Value) error {
	header := []string{spec.gens[0].name + `\` + spec.gens[1].name}
	for _, b := range bs {
		header = append(header, b.Repr())
	}
	rows := [][]string{header}
	fmt.Fprintln(s.out, spec.exprs[0].text)
	defer func() { writeTable(s.out, rows) }()
	for _, a := range as {
		row := []string{a.Repr()}
		for _, b := range bs {
			v, err := s.call(ctx, inv, f, a, b)
			if err != nil {
				if len(row) > 1 {
					rows = append(rows, row)
				}
				return stoppedAt(err, spec.gens[0].name+" = "+a.Repr()+", "+spec.gens[1].name+" = "+b.Repr())
			}
			row = append(row, v.Repr())
		}
		rows = append(rows, row)
	}
	return nil
}

// interruption is an interrupt that stopped a table at some row.
type interruption struct {
	at  string // e.g. "n = 17"
	err error
}

func (e *interruption) Error() string { return "interrupted at " + e.at }
func (e *interruption) Unwrap() error { return e.err }

// stoppedAt says where an interrupt stopped a table; other errors point at
// their expression already.
func stoppedAt(err error, at string) error {
	if errors.Is(err, context.Canceled) {
		return &interruption{at, err}
	}
	return err
}

// writeTable prints a header row and data rows; columns whose data are all
// integers are aligned right, others left. Nothing is printed for a header alone.
func writeTable(w io.Writer, rows [][]string) {
	if len(rows) < 2 {
		return
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
	writeColumns(w, "", rows, right)
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

// writeColumns prints rows as aligned columns separated by two spaces, after
// indent; right[c] aligns column c to the right. Trailing blanks are dropped.
func writeColumns(w io.Writer, indent string, rows [][]string, right []bool) {
	var widths []int
	for _, row := range rows {
		for c, cell := range row {
			if c >= len(widths) {
				widths = append(widths, 0)
			}
			widths[c] = max(widths[c], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString(indent)
		for c, cell := range row {
			if c > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[c]-utf8.RuneCountInString(cell))
			if c < len(right) && right[c] {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// options lists the moves from a position with the value and outcome of each;
// with "misere" after the position, the outcomes of misère play.
func (s *Session) options(ctx context.Context, inv invocation) error {
	if inv.arg == "" {
		return errors.New("write :options POS, e.g. :options Nim(3) + Nim(5)")
	}
	p, mode := splitMode(piece{inv.arg, inv.argOff})
	pos, err := s.position(ctx, inv, p, "options")
	if err != nil {
		return err
	}
	// judge gives the value (normal play only) and the outcome of a position or sum.
	judge := func(v interp.Value) (string, string, error) {
		if mode == teach.Misere {
			isP, _, err := s.in.MisereOutcome(ctx, v)
			return "", outcomeName(isP), err
		}
		x, err := s.in.SG(ctx, v)
		return fmt.Sprint(x), outcomeName(x == 0), err
	}
	value, out, err := judge(pos)
	if err != nil {
		return err
	}
	moves, err := s.in.Moves(ctx, pos, 0)
	if err != nil {
		return err
	}
	rows := [][]string{{"move", "", "to", "sg", "outcome"}}
	if mode == teach.Misere {
		rows[0][3] = ""
	}
	winning := 0
	for _, m := range moves {
		v, o, err := judge(m.To)
		if err != nil {
			return err
		}
		label := strings.TrimSuffix(m.String(), " -> "+m.PartTo.Repr())
		row := []string{label, "->", m.To.Repr(), v, o}
		if o == "P" {
			row = append(row, "winning")
			winning++
		}
		rows = append(rows, row)
	}
	if mode == teach.Misere {
		fmt.Fprintf(s.out, "%s: misère outcome %s", pos.Repr(), out)
	} else {
		fmt.Fprintf(s.out, "%s: sg %s, outcome %s", pos.Repr(), value, out)
	}
	switch {
	case len(moves) == 0:
		fmt.Fprintln(s.out, ", no moves")
		return nil
	case winning == 0:
		fmt.Fprintf(s.out, ", %s, none winning\n", count(len(moves), "move"))
	default:
		fmt.Fprintf(s.out, ", %s, %d winning\n", count(len(moves), "move"), winning)
	}
	writeColumns(s.out, "  ", rows, []bool{false, false, false, true, false, false})
	return nil
}

// outcomeName is "P" for a P-position and "N" otherwise.
func outcomeName(isP bool) string {
	if isP {
		return "P"
	}
	return "N"
}

// example writes a position of g for messages, e.g. "Nim(3)" or "Wythoff(3, 3)".
func example(g *interp.Game) string {
	args := make([]string, len(g.Params))
	for i := range args {
		args[i] = "3"
	}
	return g.Name + "(" + strings.Join(args, ", ") + ")"
}
