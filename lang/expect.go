package lang

import "github.com/alecthomas/participle/v2/lexer"

// expectedInGame says what a game declaration needed at offset, for a syntax
// error participle reports without expectations (it backtracks out of the game
// and only knows that no statement matched). It reads the tokens before offset:
// when they end inside a game's header or its body, the answer names the part of
// the move clause that should come next. Elsewhere it returns "".
func expectedInGame(src string, offset int) string {
	toks := tokensBefore(src, offset)
	var (
		inGame  bool // a game declaration is open
		inBody  bool // ... and its '{' has been read
		nesting int  // brackets open inside the statement or the body
		clause  []lexer.Token
		started string // the body's clause keyword so far: "", "canonical" or "move"
		moves   int    // move clauses begun
	)
	for _, t := range toks {
		v := t.Value
		if nesting == 0 && !inBody && t.Type == tokIdent && isStatementKeyword(v) {
			inGame, inBody = v == "game", false
			continue
		}
		if !inGame {
			continue
		}
		switch {
		case v == "{" && !inBody && nesting == 0:
			inBody, started, moves = true, "", 0
			continue
		case v == "}" && inBody && nesting == 0:
			inGame, inBody = false, false
			continue
		case v == "(" || v == "[" || v == "{":
			nesting++
		case v == ")" || v == "]" || v == "}":
			nesting = max(nesting-1, 0)
		case inBody && nesting == 0 && (v == "move" || v == "canonical"):
			started, clause = v, nil
			if v == "move" {
				moves++
			}
			continue
		}
		if inBody && nesting == 0 && !isCloser(v) {
			clause = append(clause, t) // only the clause's own tokens, not those in brackets
		}
	}
	switch {
	case !inGame || nesting != 0:
		return ""
	case !inBody:
		if len(toks) > 0 && toks[len(toks)-1].Value == ")" {
			return expectedBody
		}
		return ""
	case started == "":
		return expectedFirstClause
	case started == "canonical":
		return expectedNextClause
	}
	return expectedInMove(clause)
}

// expectedInMove says what comes next after the tokens of a move clause read so
// far (after the keyword move, outside brackets).
func expectedInMove(clause []lexer.Token) string {
	const next = expectedNextClause
	const arrow = `"->" and the position the move leads to`
	if len(clause) == 0 {
		return `a generator such as k in 1..n, or "->"`
	}
	for _, t := range clause {
		if t.Value == "->" {
			return next
		}
	}
	var segment []lexer.Token // the current generator, after the last ","
	for _, t := range clause {
		switch t.Value {
		case "where", "score", "again":
			return arrow
		case ",":
			segment = nil
			continue
		}
		segment = append(segment, t)
	}
	for _, t := range segment {
		if t.Value == "in" {
			return arrow + ` (or "," and another generator, or where and a condition)`
		}
	}
	return expectedIn
}

// The expectations that toError refines further.
const (
	expectedBody        = `"{" to begin the game's moves`
	expectedIn          = `"in" and the generator's values, as in k in 1..n`
	expectedFirstClause = `move, canonical or "}" to end the game`
	expectedNextClause  = `move or "}" to end the game`
)

// misplacedWord refines the error at a word of a move clause that the grammar
// could not take: score without its points, or the words out of their order
// (where, then score, then again). Otherwise it keeps what the clause expected.
func misplacedWord(src string, bad lexer.Token, want string) (lexer.Token, string) {
	const order = `"->" (a move clause is written move ... where COND score POINTS again -> ...)`
	next := tokenAfter(src, bad)
	toks := tokensBefore(src, bad.Pos.Offset)
	after := func(words ...string) bool {
		for i := len(toks) - 1; i >= 0 && toks[i].Value != "move"; i-- {
			for _, w := range words {
				if toks[i].Value == w && toks[i].Type == tokIdent {
					return true
				}
			}
		}
		return false
	}
	switch {
	case bad.Value == "score" && !startsExpr(&next):
		return next, `an expression after "score" (the points the move earns)`
	case bad.Value == "score" && after("again"), bad.Value == "where" && after("score", "again"):
		return bad, order
	}
	return bad, want
}

func isCloser(v string) bool { return v == ")" || v == "]" || v == "}" }

// isStatementKeyword reports whether v begins a top-level statement.
func isStatementKeyword(v string) bool {
	switch v {
	case "game", "fn", "let", "print", "check":
		return true
	}
	return false
}

// tokensBefore returns the significant tokens of src that start before offset
// (nil when the text cannot be lexed that far).
func tokensBefore(src string, offset int) []lexer.Token {
	lex, err := lexDef.LexString("", src)
	if err != nil {
		return nil
	}
	var out []lexer.Token
	for {
		t, err := lex.Next()
		if err != nil || t.EOF() || t.Pos.Offset >= offset {
			return out
		}
		if t.Type == tokIdent || t.Type == tokInt || t.Type == tokString || t.Type == tokOp {
			out = append(out, t)
		}
	}
}

// tokenAfter returns the significant token that follows t in src (EOF at the end).
func tokenAfter(src string, t lexer.Token) lexer.Token {
	lex, err := lexDef.LexString(t.Pos.Filename, src)
	if err != nil {
		return t
	}
	for {
		n, err := lex.Next()
		if err != nil || n.EOF() {
			return n
		}
		if n.Pos.Offset > t.Pos.Offset && (n.Type == tokIdent || n.Type == tokInt || n.Type == tokString || n.Type == tokOp) {
			return n
		}
	}
}
