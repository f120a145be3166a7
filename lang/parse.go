// Package lang turns grundy source text into a checked syntax tree: the lexer, the
// grammar (participle for statements, a precedence climber for expressions), the
// AST with source positions, and the checker that resolves names before anything runs.
package lang

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// keywords cannot be used as names.
var keywords = map[string]bool{
	"game": true, "move": true, "where": true, "fn": true, "let": true, "print": true,
	"check": true, "canonical": true, "for": true, "in": true, "if": true, "then": true, "else": true,
	"and": true, "or": true, "not": true, "true": true, "false": true,
}

// IsKeyword reports whether name is reserved.
func IsKeyword(name string) bool { return keywords[name] }

// Keywords returns the reserved words, sorted: for completion and help.
func Keywords() []string {
	return slices.Sorted(maps.Keys(keywords))
}

var parser = participle.MustBuild[Program](
	participle.Lexer(lexDef),
	participle.Elide("Comment", "Whitespace"),
	participle.Union[Stmt](&GameDecl{}, &FnDecl{}, &LetStmt{}, &PrintStmt{}, &CheckStmt{}, &ExprStmt{}),
	participle.ParseTypeWith(parseExpr),
)

// Parse parses source text. filename is used in positions ("repl" for the REPL).
// A leading byte order mark, which some Windows editors write, is ignored.
// The result is not yet checked: call Check before compiling it.
func Parse(filename, src string) (prog *Program, err error) {
	src = strings.TrimPrefix(src, "\ufeff")
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				pe.err = participle.Errorf(Position{Filename: filename}, "internal error in the parser: %v", r)
			}
			prog, err = nil, toError(pe.err, src)
		}
	}()
	prog, err = parser.ParseString(filename, src)
	if err != nil {
		return nil, toError(err, src)
	}
	prog.Source = src
	readLetIn(prog)
	if err := checkDepth(prog); err != nil {
		return nil, err
	}
	attachDocs(prog, src)
	return prog, nil
}

// toError converts a participle error to a located *Error with a plain message.
func toError(err error, src string) error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &Error{Msg: err.Error(), Src: src}
	}
	msg, pos := perr.Message(), perr.Position()
	var ut *participle.UnexpectedTokenError
	if errors.As(err, &ut) {
		bad, want := ut.Unexpected, friendlyExpect(ut.Expect)
		msg = "unexpected " + describeToken(bad) + ", expected " + want
		pos = bad.Pos
		switch line := strings.TrimSpace(lineAt(src, bad.Pos.Offset)); {
		case ut.Unexpected.Value == "=":
			msg += " (a name is defined with let NAME = VALUE; equality is ==)"
		case ut.Unexpected.Value == "," && (strings.HasPrefix(line, "print ") || strings.HasPrefix(line, "print(")):
			msg += " (print takes one value: wrap several in ( ) to print a tuple, as in print (a, b))"
		case strings.HasPrefix(src[bad.Pos.Offset:], "//"):
			msg += " (comments start with #)"
		}
	} else if strings.HasPrefix(msg, "too many iterations of ") {
		msg = fmt.Sprintf("more than %d statements or clauses in a row: split the file", participle.MaxIterations)
	} else if text, ok := strings.CutPrefix(msg, "lexer: invalid input text "); ok {
		sample, _ := strconv.Unquote(text)
		if strings.HasPrefix(sample, "\"") {
			msg = "unterminated string: a string must end with \" on the same line"
		} else {
			r, _ := utf8.DecodeRuneInString(sample)
			msg = fmt.Sprintf("unexpected character %q", r)
			if at := pos.Offset; at < len(src) {
				if r, size := utf8.DecodeRuneInString(src[at:]); r == utf8.RuneError && size == 1 {
					msg = fmt.Sprintf("unexpected byte \\x%02x: the text is not UTF-8", src[at])
				}
			}
		}
	}
	incomplete := strings.HasPrefix(msg, "unexpected end of input")
	return &Error{Pos: atContent(pos, src), Msg: msg, Src: src, Incomplete: incomplete}
}

// lineAt returns the line of src that holds the byte at offset.
func lineAt(src string, offset int) string {
	offset = min(offset, len(src))
	start := strings.LastIndex(src[:offset], "\n") + 1
	end := strings.IndexByte(src[offset:], '\n')
	if end < 0 {
		return src[start:]
	}
	return src[start : offset+end]
}

// atContent moves a position that points past the last line with text (at the end
// of input) to just after that text, so the caret lands where something is missing.
func atContent(pos Position, src string) Position {
	if pos.Offset < len(strings.TrimRight(src, " \t\r\n")) {
		return pos
	}
	trimmed := strings.TrimRight(src, " \t\r\n")
	pos.Offset = len(trimmed)
	pos.Line = strings.Count(trimmed, "\n") + 1
	pos.Column = Column(trimmed, len(trimmed)) - Column(trimmed, strings.LastIndex(trimmed, "\n")+1) + 1
	return pos
}

// describeToken names a token for a message.
func describeToken(t lexer.Token) string {
	switch {
	case t.EOF():
		return "end of input"
	case t.Type == tokIdent && keywords[t.Value]:
		return "keyword " + quote(t.Value)
	case t.Type == tokIdent:
		return "name " + quote(t.Value)
	case t.Type == tokInt:
		return "number " + t.Value
	case t.Type == tokString:
		return "string " + t.Value
	}
	return quote(t.Value)
}

func quote(s string) string { return "\"" + s + "\"" }

// friendlyExpect rewrites participle's grammar fragments into words.
func friendlyExpect(s string) string {
	r := strings.NewReplacer("<ident>", "a name", "Expr", "an expression", "<int>", "a number")
	s = r.Replace(s)
	if strings.HasPrefix(s, "Stmt") || s == "" {
		return "a statement (game, fn, let, print, check or an expression)"
	}
	return s
}

// attachDocs gives game and fn declarations the comment lines written just above them.
func attachDocs(prog *Program, src string) {
	lines := strings.Split(src, "\n")
	doc := func(line int) string {
		// The comment lines are collected upwards and then put in order:
		// prepending each one cost time quadratic in their number.
		var out []string
		for i := line - 2; i >= 0; i-- {
			l := strings.TrimSpace(lines[i])
			if !strings.HasPrefix(l, "#") {
				break
			}
			out = append(out, strings.TrimSpace(strings.TrimPrefix(l, "#")))
		}
		slices.Reverse(out)
		return strings.Join(out, "\n")
	}
	for _, s := range prog.Stmts {
		switch d := s.(type) {
		case *GameDecl:
			d.Doc = doc(d.Pos.Line)
		case *FnDecl:
			d.Doc = doc(d.Pos.Line)
		}
	}
}

// readLetIn decides, by the syntax alone, what a statement let x = A in B is.
// It is the expression let x = A in B (the value of B with x bound to A) when B
// uses x without binding it itself and A in B is not in parentheses; otherwise
// it is the global let x = (A in B), a membership test. So let x = 1 in x + 1 is
// 2 in any session, let ok = 3 in S and let S = (1 in S) define globals, and
// let y = 4 in [y for y in 1..5] tests membership.
func readLetIn(prog *Program) {
	for i, s := range prog.Stmts {
		l, ok := s.(*LetStmt)
		if !ok {
			continue
		}
		b, ok := l.Value.(*Binary)
		if !ok || b.Op != "in" || parenthesized(prog.Source, l) {
			continue
		}
		if !usesFreely(b.R, l.Name) {
			continue
		}
		x := &LetIn{Node: Node{Pos: l.Pos, EndOff: b.EndOff}, Name: l.Name, Value: b.L, Body: b.R}
		prog.Stmts[i] = &ExprStmt{Pos: l.Pos, X: x}
	}
}

// parenthesized reports whether the value of l starts with a parenthesis.
func parenthesized(src string, l *LetStmt) bool {
	if l.Pos.Offset >= len(src) {
		return false
	}
	_, after, ok := strings.Cut(src[l.Pos.Offset:], "=")
	return ok && strings.HasPrefix(strings.TrimLeft(after, " \t"), "(")
}

// usesFreely reports whether name appears in e and nothing inside e binds it.
func usesFreely(e Expr, name string) bool {
	used, bound := false, false
	Walk(e, func(e Expr) {
		switch e := e.(type) {
		case *Ident:
			used = used || e.Name == name
		case *Comprehension:
			for _, g := range e.Gens {
				bound = bound || slices.Contains(g.Bound(), name)
			}
		case *Lambda:
			for _, p := range e.Params {
				bound = bound || p.Name == name
			}
		case *LetIn:
			bound = bound || e.Name == name
		}
	})
	return used && !bound
}
