package lang

import "github.com/alecthomas/participle/v2/lexer"

// A game's body is parsed by hand, like an expression (see parseExpr for why
// its errors end the parse at once). Knowing where it is in a move clause, the
// parser says what the clause needed next:
//
//	body   = "{" {"canonical" expr | "show" expr} {clause} "}"
//	clause = ("move" | "left" | "right") [label] [gen {"," gen}] ["where" expr] ["score" expr] ["again"] "->" expr
//	gen    = (name | "(" name "," name {"," name} ")") "in" expr
//
// A label is a name that no "in" or "," follows: "move take k in 1..n". The words
// left and right begin a clause only where a clause begins (a move only that
// player may make); elsewhere they are names, so "move left k in 1..a" is a
// labelled move for both players.

// What a game declaration expects, in its error messages.
const (
	expectedBody        = `"{" to begin the game's moves`
	expectedIn          = `"in" and the generator's values, as in k in 1..n`
	expectedFirstClause = `move, left, right, canonical, show or "}" to end the game`
	expectedNextClause  = `move, left, right or "}" to end the game`
	expectedGen         = `a generator such as k in 1..n, or "->"`
	expectedArrow       = `"->" and the position the move leads to`
	expectedClauseOrder = `"->" (a move clause is written move ... where COND score POINTS again -> ...)`
)

// Parse is participle's hook for a game's body (participle.Parseable).
func (b *GameBody) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex: lex}
	*b = p.gameBody()
	return nil
}

func (p *exprParser) gameBody() GameBody {
	var b GameBody
	p.expectWord("{", expectedBody)
	for {
		switch t := p.peek(); {
		case is(t, "canonical") && b.Canon == nil && len(b.Moves) == 0:
			p.next()
			b.Canon = p.expressionAfter("canonical", "")
		case is(t, "show") && b.Show == nil && len(b.Moves) == 0:
			p.next()
			b.Show = p.expressionAfter("show", " (how a position looks: a string or a list of rows)")
		case is(t, "}"):
			p.next()
			return b
		case is(t, "move"):
			b.Moves = append(b.Moves, p.moveClause(Both))
		case is(t, "left"):
			b.Moves = append(b.Moves, p.moveClause(Left))
		case is(t, "right"):
			b.Moves = append(b.Moves, p.moveClause(Right))
		case len(b.Moves) == 0:
			p.unexpected(t, expectedFirstClause)
		case is(t, "where"):
			p.fail(t, `unexpected keyword "where" after the move's result, expected %s (a condition goes before "->": move ... where COND -> ...)`, expectedNextClause)
		default:
			p.unexpected(t, expectedNextClause)
		}
	}
}

// moveClause parses one move clause, from its first word (move, left or right)
// to its result.
func (p *exprParser) moveClause(side Side) *Move {
	m := &Move{Pos: p.next().Pos, Side: side}
	if t := p.peek(); isName(t) && !isClauseWord(t) {
		switch after := p.peekSecond(); {
		case is(after, "in") || is(after, ","):
			// a generator's variable
		case is(after, "->") || is(after, "(") || isClauseWord(after) || isName(after):
			p.next()
			m.Label = t.Value
		default:
			p.next()
			p.unexpected(p.peek(), expectedIn)
		}
	}
	for len(m.Gens) == 0 || is(p.peek(), ",") {
		if len(m.Gens) > 0 {
			p.next()
		} else if t := p.peek(); !is(t, "(") && (!isName(t) || isClauseWord(t) && !is(p.peekSecond(), "in")) {
			break
		}
		m.Gens = append(m.Gens, p.generator("for the generator, as in k in 1..n", expectedIn))
	}
	if is(p.peek(), "where") {
		p.next()
		m.Where = p.expressionAfter("where", "")
	}
	if is(p.peek(), "score") {
		p.next()
		m.Score = p.expressionAfter("score", " (the points the move earns)")
	}
	if is(p.peek(), "again") {
		p.next()
		m.Again = true
	}
	if t := p.peek(); !is(t, "->") {
		switch {
		case is(t, "where") && (m.Score != nil || m.Again), is(t, "score") && m.Again:
			p.unexpected(t, expectedClauseOrder)
		case m.Where != nil || m.Score != nil || m.Again:
			p.unexpected(t, expectedArrow)
		case len(m.Gens) > 0:
			p.unexpected(t, expectedArrow+` (or "," and another generator, or where and a condition)`)
		case m.Label != "":
			p.unexpected(t, expectedArrow)
		default:
			p.unexpected(t, expectedGen)
		}
	}
	p.next()
	m.Result = p.expressionAfter("->", "")
	return m
}

// expressionAfter parses the expression that must follow word.
func (p *exprParser) expressionAfter(word, note string) Expr {
	p.last = nil // as at the start of any expression
	return p.expression("after \"" + word + "\"" + note)
}

// expectWord consumes s, or fails saying what was expected.
func (p *exprParser) expectWord(s, expected string) *lexer.Token {
	if t := p.peek(); !is(t, s) {
		p.unexpected(t, expected)
	}
	return p.next()
}

// unexpected fails at t: "unexpected T, expected WHAT".
func (p *exprParser) unexpected(t *lexer.Token, what string) {
	if is(t, "=") {
		what += " (equality is ==)"
	}
	p.fail(t, "unexpected %s, expected %s", describeToken(*t), what)
}

// peekSecond returns the token after the next one.
func (p *exprParser) peekSecond() *lexer.Token {
	cp := p.lex.MakeCheckpoint()
	p.lex.Next()
	t := p.lex.Peek()
	p.lex.LoadCheckpoint(cp)
	return t
}

// isName reports whether t is a name (an identifier that is not a keyword).
func isName(t *lexer.Token) bool { return t.Type == tokIdent && !keywords[t.Value] }

// isClauseWord reports whether t is one of the words that follow a move
// clause's generators: where (a keyword), score and again (names elsewhere).
func isClauseWord(t *lexer.Token) bool {
	return t.Type == tokIdent && (t.Value == "score" || t.Value == "again" || t.Value == "where")
}
