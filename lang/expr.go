package lang

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Operator precedence, loosest first. Comparisons and ".." do not chain.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCompare
	precRange
	precBitOr
	precXor
	precBitAnd
	precShift
	precAdd
	precMul
)

var binaryPrec = map[string]int{
	"or": precOr, "and": precAnd,
	"==": precCompare, "!=": precCompare, "<": precCompare, "<=": precCompare,
	">": precCompare, ">=": precCompare, "in": precCompare, "not in": precCompare,
	"..": precRange, "|": precBitOr, "^": precXor, "&": precBitAnd,
	"<<": precShift, ">>": precShift, "+": precAdd, "-": precAdd,
	"*": precMul, "/": precMul, "%": precMul,
}

// exprParser is a hand-written precedence climber over participle's token stream.
// An expression continues onto a new line only inside brackets or after an
// operator, so that a line break ends a statement the way a reader expects.
type exprParser struct {
	lex   *lexer.PeekingLexer
	depth int // bracket nesting
	nest  int // recursion depth, bounded so no input can exhaust the stack
	last  *lexer.Token
}

// maxNesting bounds how deeply expressions may nest.
const maxNesting = 1000

// parseError carries a syntax error out of the recursive descent.
type parseError struct{ err participle.Error }

// parseExpr is the participle hook for Expr. No other parse can succeed where an
// expression has started and failed (or where one must follow a word such as "in"),
// so its errors end the whole parse at once: they panic with parseError, which
// Parse recovers. Letting participle backtrack would report a vaguer place.
func parseExpr(lex *lexer.PeekingLexer) (Expr, error) {
	if t := lex.Peek(); !startsExpr(t) {
		if prev := previousToken(lex); prev != nil && needsExpr[prev.Value] {
			panic(parseError{participle.Errorf(t.Pos, "unexpected %s, expected an expression after %q", describeToken(*t), prev.Value)})
		}
		return nil, participle.NextMatch
	}
	p := &exprParser{lex: lex}
	return p.binary(precOr), nil
}

// needsExpr are the tokens an expression must follow.
var needsExpr = map[string]bool{"in": true, "=": true, "where": true, "print": true, "check": true}

// previousToken returns the last significant token before the cursor.
func previousToken(lex *lexer.PeekingLexer) *lexer.Token {
	toks := lex.Range(0, lex.RawCursor())
	for i := len(toks) - 1; i >= 0; i-- {
		if t := toks[i]; t.Type != tokWhitespace && t.Type != tokComment {
			return &toks[i]
		}
	}
	return nil
}

// startsExpr reports whether t can begin an expression.
func startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case tokInt, tokString:
		return true
	case tokIdent:
		switch t.Value {
		case "if", "fn", "let", "not", "true", "false":
			return true
		}
		return !keywords[t.Value]
	case tokOp:
		switch t.Value {
		case "(", "[", "{", "-", "~", "*":
			return true
		}
	}
	return false
}

// doubledOps are what other languages mean by an operator written twice,
// which grundy reads as two operators: the error says what to write instead.
var doubledOps = map[string]string{
	"&&": "use and, as in a and b (& is the intersection of sets)",
	"||": "use or, as in a or b (| is the union of sets)",
	"**": "grundy has no power operator; multiply, or write a function (^ is XOR, as in nim-sums)",
	"//": "comments start with #, and / already divides rounding down",
}

// doubled fails at op when it is written twice, as in a && b.
func (p *exprParser) doubled(op *lexer.Token) {
	t := p.peek()
	if t.Pos.Offset != op.Pos.Offset+len(op.Value) {
		return
	}
	if hint, ok := doubledOps[op.Value+t.Value]; ok {
		p.fail(op, "%q is not an operator: %s", op.Value+t.Value, hint)
	}
}

func (p *exprParser) fail(t *lexer.Token, format string, args ...any) {
	panic(parseError{participle.Errorf(t.Pos, format, args...)})
}

func (p *exprParser) peek() *lexer.Token { return p.lex.Peek() }

func (p *exprParser) next() *lexer.Token {
	t := p.lex.Next()
	p.last = t
	return t
}

// is reports whether t is the operator or keyword s.
func is(t *lexer.Token, s string) bool {
	return (t.Type == tokOp || t.Type == tokIdent) && t.Value == s
}

func (p *exprParser) expect(s string, context string) *lexer.Token {
	return p.expectWord(s, fmt.Sprintf("%q %s", s, context))
}

// continues reports whether t may extend the current expression: it is on the same
// line as the previous token, or inside brackets.
func (p *exprParser) continues(t *lexer.Token) bool {
	return p.depth > 0 || p.last == nil || t.Pos.Line == p.last.Pos.Line
}

func (p *exprParser) node(start lexer.Position) Node {
	return Node{Pos: start, EndOff: p.last.Pos.Offset + len(p.last.Value)}
}

// peekBinary returns the binary operator at the cursor, if any.
func (p *exprParser) peekBinary() (string, int) {
	t := p.peek()
	if t.Type != tokOp && t.Type != tokIdent || !p.continues(t) {
		return "", 0
	}
	op := t.Value
	if op == "not" {
		if !is(p.peekSecond(), "in") {
			return "", 0
		}
		op = "not in"
	}
	return op, binaryPrec[op]
}

func (p *exprParser) binary(minPrec int) Expr {
	if p.nest++; p.nest > maxNesting {
		p.fail(p.peek(), "the expression is nested too deeply (more than %d levels)", maxNesting)
	}
	defer func() { p.nest-- }()
	var left Expr
	if t := p.peek(); is(t, "not") && minPrec <= precNot {
		p.next()
		x := p.binary(precNot)
		left = &Unary{Node: p.node(t.Pos), Op: "not", X: x}
	} else {
		left = p.unary()
	}
	for {
		op, prec := p.peekBinary()
		if prec == 0 || prec < minPrec {
			return left
		}
		opTok := p.next()
		if op == "not in" {
			p.next()
		}
		p.doubled(opTok)
		if !startsExpr(p.peek()) {
			p.fail(p.peek(), "unexpected %s, expected an expression after %q", describeToken(*p.peek()), op)
		}
		right := p.binary(prec + 1)
		left = &Binary{Node: p.node(left.Start()), Op: op, OpPos: opTok.Pos, L: left, R: right}
		if prec == precCompare || prec == precRange {
			if op2, prec2 := p.peekBinary(); prec2 == prec {
				what := "comparisons"
				if prec == precRange {
					what = "ranges"
				}
				p.fail(p.peek(), "%s do not chain: %q after %q needs parentheses or 'and'", what, op2, op)
			}
		}
	}
}

func (p *exprParser) unary() Expr {
	t := p.peek()
	if t.Type == tokOp && (t.Value == "-" || t.Value == "~" || t.Value == "*") {
		p.next()
		if p.nest++; p.nest > maxNesting {
			p.fail(t, "the expression is nested too deeply (more than %d levels)", maxNesting)
		}
		x := p.unary()
		p.nest--
		return &Unary{Node: p.node(t.Pos), Op: t.Value, X: x}
	}
	return p.postfix(p.primary())
}

func (p *exprParser) postfix(x Expr) Expr {
	for {
		t := p.peek()
		if t.Type != tokOp || !p.continues(t) {
			return x
		}
		switch t.Value {
		case "(":
			p.next()
			args := p.list(")", "to close the argument list")
			x = &Call{Node: p.node(x.Start()), Fn: x, Args: args}
		case "[":
			p.next()
			p.depth++
			i := p.binary(precOr)
			p.expect("]", "to close the index")
			p.depth--
			x = &Index{Node: p.node(x.Start()), X: x, I: i}
		case ".":
			p.next()
			name := p.peek()
			if name.Type != tokIdent {
				p.fail(name, "unexpected %s, expected a field name after \".\"", describeToken(*name))
			}
			p.next()
			x = &Field{Node: p.node(x.Start()), X: x, Name: name.Value}
		default:
			return x
		}
	}
}

// list parses comma-separated expressions up to the closing bracket (already past
// the opening one). A trailing comma is allowed.
func (p *exprParser) list(closing, context string) []Expr {
	p.depth++
	defer func() { p.depth-- }()
	var out []Expr
	for !is(p.peek(), closing) {
		out = append(out, p.expression(context))
		if !is(p.peek(), ",") {
			break
		}
		p.next()
	}
	p.expect(closing, context)
	return out
}

// expression parses a full expression, failing clearly when none starts here.
func (p *exprParser) expression(context string) Expr {
	if t := p.peek(); !startsExpr(t) {
		p.fail(t, "unexpected %s, expected an expression %s", describeToken(*t), context)
	}
	return p.binary(precOr)
}

// parseInt reads an integer literal: decimal (a leading 0 is still decimal),
// 0x hexadecimal, 0b binary or 0o octal, with single _ between digits.
func parseInt(s string) (int64, error) {
	if len(s) > 1 && s[0] == '0' && strings.ContainsRune("xXbBoO", rune(s[1])) {
		return strconv.ParseInt(s, 0, 64)
	}
	for i := range len(s) {
		if s[i] == '_' && (i == len(s)-1 || s[i+1] == '_') {
			return 0, strconv.ErrSyntax // _ must be followed by a digit
		}
	}
	return strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64)
}

func (p *exprParser) primary() Expr {
	t := p.peek()
	switch t.Type {
	case tokInt:
		p.next()
		v, err := parseInt(t.Value)
		if errors.Is(err, strconv.ErrRange) {
			p.fail(t, "the number %s is too large (integers are 64-bit: at most 9223372036854775807)", t.Value)
		}
		if err != nil {
			p.fail(t, "%s is not a number: write integers like 42, 1_000, 0x2A or 0b101", t.Value)
		}
		return &IntLit{Node: p.node(t.Pos), Value: v}
	case tokString:
		p.next()
		s, err := strconv.Unquote(t.Value)
		if err != nil {
			p.fail(t, "bad escape in string %s", t.Value)
		}
		return &StrLit{Node: p.node(t.Pos), Value: s}
	case tokIdent:
		switch t.Value {
		case "true", "false":
			p.next()
			return &BoolLit{Node: p.node(t.Pos), Value: t.Value == "true"}
		case "if":
			return p.ifExpr()
		case "fn":
			return p.lambda()
		case "let":
			return p.letIn()
		}
		if keywords[t.Value] {
			p.fail(t, "unexpected keyword %q, expected an expression", t.Value)
		}
		p.next()
		return &Ident{Node: p.node(t.Pos), Name: t.Value}
	case tokOp:
		switch t.Value {
		case "(":
			return p.paren()
		case "[":
			return p.bracket("]", false)
		case "{":
			return p.bracket("}", true)
		}
	}
	p.fail(t, "unexpected %s, expected an expression", describeToken(*t))
	return nil
}

func (p *exprParser) paren() Expr {
	open := p.next()
	p.depth++
	defer func() { p.depth-- }()
	if is(p.peek(), ")") {
		p.next()
		return &TupleLit{Node: p.node(open.Pos)}
	}
	first := p.expression("inside parentheses")
	if is(p.peek(), ")") {
		p.next()
		return first
	}
	if !is(p.peek(), ",") {
		p.fail(p.peek(), "unexpected %s, expected \")\" or \",\"", describeToken(*p.peek()))
	}
	p.next()
	elems := append([]Expr{first}, p.list(")", "to close the tuple")...)
	return &TupleLit{Node: p.node(open.Pos), Elems: elems}
}

// bracket parses a list or set literal or comprehension.
func (p *exprParser) bracket(closing string, set bool) Expr {
	open := p.next()
	p.depth++
	what := "list"
	if set {
		what = "set"
	}
	if is(p.peek(), closing) {
		p.next()
		p.depth--
		if set {
			return &SetLit{Node: p.node(open.Pos)}
		}
		return &ListLit{Node: p.node(open.Pos)}
	}
	first := p.expression("in the " + what)
	if is(p.peek(), "for") {
		c := &Comprehension{Set: set, Elem: first}
		c.Gens, c.Where = p.generators()
		p.expect(closing, "to close the "+what+" comprehension")
		p.depth--
		c.Node = p.node(open.Pos)
		return c
	}
	var elems []Expr
	if is(p.peek(), ",") {
		p.next()
		elems = p.list(closing, "to close the "+what)
	} else {
		p.expect(closing, "to close the "+what)
	}
	p.depth--
	elems = append([]Expr{first}, elems...)
	if set {
		return &SetLit{Node: p.node(open.Pos), Elems: elems}
	}
	return &ListLit{Node: p.node(open.Pos), Elems: elems}
}

// generators parses "for x in xs, y in ys where cond" (also "for x in xs for y in ys").
func (p *exprParser) generators() ([]*Gen, Expr) {
	var gens []*Gen
	for is(p.peek(), "for") || (len(gens) > 0 && is(p.peek(), ",")) {
		p.next()
		g := p.generator(`after "for"`, "")
		gens = append(gens, g)
	}
	var where Expr
	if is(p.peek(), "where") {
		p.next()
		where = p.expression("after \"where\"")
	}
	return gens, where
}

// generator parses one "k in xs" or "(u, v) in xs", in a comprehension or a
// move clause. named says where a missing variable was expected; missingIn is
// what to say when "in" is missing ("" for: "in" after the variable).
func (p *exprParser) generator(named, missingIn string) *Gen {
	g := &Gen{Pos: p.peek().Pos}
	if is(p.peek(), "(") { // a tuple pattern: (u, v) in E
		p.next()
		for len(g.Names) == 0 || is(p.peek(), ",") {
			if len(g.Names) > 0 {
				p.next()
			}
			g.Names = append(g.Names, p.variable("in the pattern"))
		}
		if len(g.Names) < 2 {
			p.unexpected(p.peek(), `",": a pattern has two names or more, as in (u, v)`)
		}
		p.expect(")", "to close the pattern")
	} else {
		g.Var = p.variable(named)
	}
	if missingIn == "" {
		missingIn = `"in" after the pattern`
		if g.Var != "" {
			missingIn = `"in" after the variable ` + g.Var
		}
	}
	p.expectWord("in", missingIn)
	g.In = p.expressionAfter("in", "")
	return g
}

// variable reads a name a generator binds.
func (p *exprParser) variable(where string) string {
	t := p.peek()
	if !isName(t) {
		p.unexpected(t, "a variable name "+where)
	}
	p.next()
	return t.Value
}

func (p *exprParser) ifExpr() Expr {
	start := p.next()
	cond := p.expression("after \"if\"")
	p.expect("then", "after the condition of \"if\"")
	then := p.expression("after \"then\"")
	p.expect("else", "(every \"if\" needs an \"else\")")
	els := p.expression("after \"else\"")
	return &If{Node: p.node(start.Pos), Cond: cond, Then: then, Else: els}
}

// letIn parses let NAME = VALUE in BODY. VALUE stops before comparisons, so that
// its "in" is not read as membership; parenthesize a comparison there.
func (p *exprParser) letIn() Expr {
	start := p.next()
	name := p.peek()
	if name.Type != tokIdent || keywords[name.Value] {
		p.fail(name, "unexpected %s, expected a name after \"let\"", describeToken(*name))
	}
	p.next()
	p.expect("=", "after the name (a local name is written let x = value in body)")
	if !startsExpr(p.peek()) {
		p.fail(p.peek(), "unexpected %s, expected an expression after \"=\"", describeToken(*p.peek()))
	}
	value := p.binary(precRange)
	p.expect("in", "after the value (a local name is written let x = value in body; put a comparison in parentheses)")
	body := p.expression("after \"in\"")
	return &LetIn{Node: p.node(start.Pos), Name: name.Value, Value: value, Body: body}
}

func (p *exprParser) lambda() Expr {
	start := p.next()
	p.expect("(", "after \"fn\" (a function value is written fn(x, y) => body)")
	var params []*Param
	for !is(p.peek(), ")") {
		t := p.peek()
		if t.Type != tokIdent || keywords[t.Value] {
			p.fail(t, "unexpected %s, expected a parameter name", describeToken(*t))
		}
		p.next()
		params = append(params, &Param{Pos: t.Pos, Name: t.Value})
		if !is(p.peek(), ",") {
			break
		}
		p.next()
	}
	p.expect(")", "to close the parameters")
	p.expect("=>", "after the parameters (a function value is written fn(x, y) => body)")
	body := p.expression("as the function body")
	return &Lambda{Node: p.node(start.Pos), Params: params, Body: body}
}
