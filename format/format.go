// Package format lays grundy source text out in one canonical way, as gofmt
// does Go: it is grundy fmt, and the language server's formatting.
//
// It changes only the white space between tokens, never a token, and keeps
// every line break the author wrote (a line break can end a statement, so
// keeping them keeps the meaning); runs of blank lines become one, blank
// lines at the start and the end go, and lines end in \n. What it decides:
//
//   - indentation: two spaces for each level of game body, bracket or
//     continued statement. A bracket that ends its line indents the lines
//     after it by one level; one followed by more on its line aligns them
//     just after itself. A line that starts with a closing bracket goes back
//     to the indentation of the line that opened it.
//   - spaces: one around binary operators, = and ->, after commas and
//     keywords; none inside brackets, after a unary operator, around . and ..,
//     or before the parenthesis of a call or the bracket of an index.
//   - alignment: in consecutive move clauses the labels line up, and so do
//     the arrows of those written on one line (unless what comes before
//     them differs in length by more than maxArrowPad); the trailing
//     comments of consecutive lines line up two spaces after the longest.
//   - comments: kept, text unchanged but for trailing white space; a line
//     holding only a comment is indented like the line of code after it.
package format

import (
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/lang"
)

// Source returns src laid out canonically. A src that does not parse is not
// formatted: the error is the parser's located *lang.Error. A leading byte
// order mark, which the parser ignores, is dropped.
func Source(filename, src string) (string, error) {
	src = strings.TrimPrefix(src, "\ufeff")
	prog, err := lang.Parse(filename, src)
	if err != nil {
		return "", err
	}
	all, _ := lang.Tokens(filename, src) // it parsed, so all of it is tokens
	f := &formatter{roles: map[int]role{}, moves: map[int]*lang.Move{}}
	for _, t := range all {
		if t.Kind != lang.TokenSpace {
			f.toks = append(f.toks, t)
		}
	}
	f.collect(prog)
	return f.print(f.layout()), nil
}

// role says what the AST makes of a token, where the text alone does not say.
type role uint8

const (
	roleUnary     role = 1 << iota // a prefix -, ~ or *
	roleTightOpen                  // the ( or [ of a call, an index or a parameter list
	roleBody                       // a brace of a game's body
	roleStart                      // begins a statement, or a clause, canonical or show in a body
)

// formatter holds a program's tokens and what the AST says about them.
type formatter struct {
	toks  []lang.Token // every token but white space, comments included
	roles map[int]role // by byte offset
	moves map[int]*lang.Move
}

// collect marks the tokens whose role only the AST knows.
func (f *formatter) collect(prog *lang.Program) {
	for _, s := range prog.Stmts {
		start := f.at(s.Start().Offset)
		f.roles[f.toks[start].Pos.Offset] |= roleStart
		switch d := s.(type) {
		case *lang.GameDecl:
			f.mark(f.next(f.next(start)), roleTightOpen)
			brace := start
			for f.toks[brace].Text != "{" {
				brace++
			}
			f.mark(brace, roleBody)
			f.mark(f.match(brace), roleBody)
			if d.Body.Canon != nil {
				f.mark(f.prev(f.at(d.Body.Canon.Start().Offset)), roleStart)
			}
			if d.Body.Show != nil {
				f.mark(f.prev(f.at(d.Body.Show.Start().Offset)), roleStart)
			}
			for _, m := range d.Body.Moves {
				f.roles[m.Pos.Offset] |= roleStart
				f.moves[m.Pos.Offset] = m
			}
		case *lang.FnDecl:
			f.mark(f.next(f.next(start)), roleTightOpen)
		}
		lang.Walk(s, func(e lang.Expr) {
			switch e := e.(type) {
			case *lang.Unary:
				if e.Op != "not" {
					f.roles[e.Pos.Offset] |= roleUnary
				}
			case *lang.Call:
				_, end := e.Fn.Span()
				f.mark(f.at(end), roleTightOpen)
			case *lang.Index:
				_, end := e.X.Span()
				f.mark(f.at(end), roleTightOpen)
			case *lang.Lambda:
				f.mark(f.next(f.at(e.Pos.Offset)), roleTightOpen)
			}
		})
	}
}

func (f *formatter) mark(i int, r role)     { f.roles[f.toks[i].Pos.Offset] |= r }
func (f *formatter) has(i int, r role) bool { return f.roles[f.toks[i].Pos.Offset]&r != 0 }

// at returns the index of the first token, not a comment, at or after offset.
func (f *formatter) at(offset int) int {
	lo, hi := 0, len(f.toks)
	for lo < hi {
		mid := (lo + hi) / 2
		if f.toks[mid].Pos.Offset < offset {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for f.toks[lo].Kind == lang.TokenComment {
		lo++
	}
	return lo
}

// next returns the index of the token after i, comments skipped.
func (f *formatter) next(i int) int { return f.at(f.toks[i].End()) }

// prev returns the index of the token before i, comments skipped.
func (f *formatter) prev(i int) int {
	for i--; f.toks[i].Kind == lang.TokenComment; i-- {
	}
	return i
}

// match returns the index of the bracket that closes the one at i.
func (f *formatter) match(i int) int {
	depth := 0
	for j := i; ; j++ {
		switch {
		case isOpen(f.toks[j]):
			depth++
		case isClose(f.toks[j]):
			if depth--; depth == 0 {
				return j
			}
		}
	}
}

func isOpen(t lang.Token) bool {
	return t.Kind == lang.TokenOperator && (t.Text == "(" || t.Text == "[" || t.Text == "{")
}

func isClose(t lang.Token) bool {
	return t.Kind == lang.TokenOperator && (t.Text == ")" || t.Text == "]" || t.Text == "}")
}

// line is one output line before alignment.
type line struct {
	blankBefore bool
	indent      int
	code        string  // without the indentation; "" for a line of comment only
	comment     string  // a trailing comment, or the whole line's
	commentCol  int     // the trailing comment's column, from 0
	clause      *clause // the parts of a line that starts a move clause
}

// clause is the line that starts a move clause, cut where alignment pads
// it: rest, from the arrow on, is empty unless the whole clause is the line.
type clause struct {
	side, label, middle, rest string
}

// open is a bracket not closed yet.
type open struct {
	indent  int  // of the line that opened it: the closing line's
	content int  // of the lines inside it
	body    bool // a game's body: its lines are clauses
}

// layout decides every line's indentation and text.
func (f *formatter) layout() []line {
	var out, pending []line // pending: lines of comment only, indented like what follows
	var stack []open
	prevLine := 0
	for i := 0; i < len(f.toks); {
		j := i
		for j < len(f.toks) && f.toks[j].Pos.Line == f.toks[i].Pos.Line {
			j++
		}
		l := line{blankBefore: prevLine > 0 && f.toks[i].Pos.Line > prevLine+1}
		prevLine = f.toks[i].Pos.Line
		code := f.toks[i:j]
		if last := code[len(code)-1]; last.Kind == lang.TokenComment {
			l.comment = strings.TrimRight(last.Text, " \t\r")
			code = code[:len(code)-1]
		}
		if len(code) == 0 {
			pending = append(pending, l)
			i = j
			continue
		}
		first := code[0]
		var commentIndent int
		switch top := len(stack) - 1; {
		case isClose(first):
			l.indent, commentIndent = stack[top].indent, stack[top].content
		case top < 0 || stack[top].body:
			base := 0
			if top >= 0 {
				base = stack[top].content
			}
			l.indent = base
			if !f.has(i, roleStart) {
				l.indent += 2
			}
			commentIndent = l.indent
		default:
			l.indent, commentIndent = stack[top].content, stack[top].content
		}
		for _, p := range pending {
			p.indent = commentIndent
			out = append(out, p)
		}
		pending = nil
		var ends []int
		l.code, ends = f.render(i, i+len(code))
		for k := i; k < i+len(code); k++ {
			switch t := f.toks[k]; {
			case isOpen(t):
				o := open{indent: l.indent, content: l.indent + ends[k-i], body: f.has(k, roleBody)}
				if o.body || k == i+len(code)-1 {
					o.content = l.indent + 2
				}
				stack = append(stack, o)
			case isClose(t):
				stack = stack[:len(stack)-1]
			}
		}
		l.clause = f.clauseLine(i, i+len(code))
		out = append(out, l)
		i = j
	}
	return append(out, pending...) // a comment at the end of the file
}

// clauseLine cuts the line of tokens [i, j) into a clause's parts when it
// starts a move clause.
func (f *formatter) clauseLine(i, j int) *clause {
	m := f.moves[f.toks[i].Pos.Offset]
	if m == nil {
		return nil
	}
	c := &clause{side: f.toks[i].Text}
	k := i + 1
	if m.Label != "" {
		c.label = f.toks[k].Text
		k++
	}
	if _, end := m.Result.Span(); end != f.toks[j-1].End() || f.toks[i].Pos.Line != m.Result.Start().Line {
		c.middle, _ = f.render(k, j)
		return c
	}
	arrow := f.prev(f.at(m.Result.Start().Offset))
	c.middle, _ = f.render(k, arrow)
	c.rest, _ = f.render(arrow, j)
	return c
}

// render writes the tokens [i, j) of one line with their spaces, and says
// where each token ends, in characters from the start.
func (f *formatter) render(i, j int) (string, []int) {
	var b strings.Builder
	ends := make([]int, 0, j-i)
	col := 0
	for k := i; k < j; k++ {
		if k > i && f.spaced(k-1, k) {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(f.toks[k].Text)
		col += utf8.RuneCountInString(f.toks[k].Text)
		ends = append(ends, col)
	}
	return b.String(), ends
}

// spaced reports whether a space goes between the tokens i and i+1 of a line.
func (f *formatter) spaced(i, j int) bool {
	a, b := f.toks[i], f.toks[j]
	body := f.has(i, roleBody) || f.has(j, roleBody)
	switch {
	case body:
		return !(a.Text == "{" && b.Text == "}")
	case isOpen(a), isClose(b), b.Text == ",":
		return false
	case f.has(i, roleUnary), f.has(j, roleTightOpen):
	case a.Kind == lang.TokenOperator && (a.Text == "." || a.Text == ".."):
	case b.Kind == lang.TokenOperator && (b.Text == "." || b.Text == ".."):
	default:
		return true
	}
	// Written together, the two must still read as the same two tokens.
	toks, _ := lang.Tokens("", a.Text+b.Text)
	return len(toks) != 2 || toks[0].Text != a.Text
}

// print aligns the lines and joins them.
func (f *formatter) print(lines []line) string {
	alignClauses(lines)
	alignComments(lines)
	var b strings.Builder
	for k, l := range lines {
		if l.blankBefore && k > 0 {
			b.WriteByte('\n')
		}
		text := strings.Repeat(" ", l.indent) + l.code
		switch {
		case l.code == "":
			text += l.comment
		case l.comment != "":
			text += strings.Repeat(" ", l.commentCol-utf8.RuneCountInString(text)) + l.comment
		}
		b.WriteString(text + "\n")
	}
	return b.String()
}

// alignClauses writes the code of the lines that start move clauses. In a
// group of clauses (each with the lines that continue it, no blank line
// between) the labels line up, and so do the arrows of one-line clauses on
// consecutive lines, unless their heads (what comes before the arrow) differ
// in length by more than maxArrowPad: then the longer one starts a new run.
func alignClauses(lines []line) {
	for i := 0; i < len(lines); {
		if lines[i].clause == nil {
			i++
			continue
		}
		j := i + 1
		for j < len(lines) && !lines[j].blankBefore && lines[j].code != "" &&
			(lines[j].clause != nil || lines[j].indent > lines[i].indent) {
			j++
		}
		alignGroup(lines[i:j])
		i = j
	}
}

// maxArrowPad bounds how far apart the arrows of a run of clauses would be
// without alignment.
const maxArrowPad = 12

// alignGroup aligns one group of clauses.
func alignGroup(group []line) {
	sideW, labelW, labelled := 0, 0, true
	for _, l := range group {
		if c := l.clause; c != nil {
			sideW = max(sideW, len(c.side))
			labelW = max(labelW, utf8.RuneCountInString(c.label))
			labelled = labelled && c.label != ""
		}
	}
	heads := make([]string, len(group))
	for k, l := range group {
		c := l.clause
		if c == nil {
			continue
		}
		head := pad(c.side, sideW)
		if c.label != "" {
			head += " " + c.label
			if labelled {
				head = pad(head, sideW+1+labelW)
			}
		}
		heads[k] = strings.TrimRight(head+" "+c.middle, " ")
		group[k].code = heads[k]
	}
	oneLine := func(k int) bool { return group[k].clause != nil && group[k].clause.rest != "" }
	width := func(k int) int { return utf8.RuneCountInString(heads[k]) }
	for k := 0; k < len(group); {
		if !oneLine(k) {
			k++
			continue
		}
		r := k + 1
		for r < len(group) && oneLine(r) && max(width(r)-width(r-1), width(r-1)-width(r)) <= maxArrowPad {
			r++
		}
		col := 0
		for x := k; x < r; x++ {
			col = max(col, width(x)+1)
		}
		for x := k; x < r; x++ {
			group[x].code = pad(heads[x], col) + group[x].clause.rest
		}
		k = r
	}
}

// alignComments puts the trailing comments of consecutive lines in one
// column, two spaces after the longest line's code.
func alignComments(lines []line) {
	trailing := func(l line) bool { return l.code != "" && l.comment != "" }
	for i := 0; i < len(lines); {
		j := i + 1
		if trailing(lines[i]) {
			for j < len(lines) && trailing(lines[j]) && !lines[j].blankBefore {
				j++
			}
		}
		col := 0
		for _, l := range lines[i:j] {
			col = max(col, l.indent+utf8.RuneCountInString(l.code)+2)
		}
		for k := i; k < j; k++ {
			lines[k].commentCol = col
		}
		i = j
	}
}

// pad fills s with spaces to width characters.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}
