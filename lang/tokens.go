package lang

import "github.com/alecthomas/participle/v2/lexer"

// TokenKind is what a token is, for the tools that lay out or colour source
// text (grundy fmt, the language server, the page's editor).
type TokenKind uint8

// The kinds of token. Keywords are the reserved words; every other word,
// built-in or not, is a Name.
const (
	TokenSpace TokenKind = iota
	TokenComment
	TokenString
	TokenNumber
	TokenKeyword
	TokenName
	TokenOperator
)

var tokenKindNames = [...]string{"space", "comment", "string", "number", "keyword", "name", "operator"}

func (k TokenKind) String() string { return tokenKindNames[k] }

// Token is one token of a source text: its kind, its text, and where it starts.
type Token struct {
	Kind TokenKind
	Text string
	Pos  Position
}

// End is the byte offset just past the token.
func (t Token) End() int { return t.Pos.Offset + len(t.Text) }

// Tokens splits src into tokens with the language's own lexer, white space
// included, so that their texts joined make src up to the first text that
// begins no token; stop is that text's offset (len(src) when all of src is
// tokens). Lines and columns count from 1, columns in characters.
func Tokens(filename, src string) (toks []Token, stop int) {
	s := &scanning{rest: src, pos: Position{Filename: filename, Line: 1, Column: 1}}
	for {
		t, err := s.Next()
		if err != nil || t.EOF() {
			return toks, len(src) - len(s.rest)
		}
		toks = append(toks, Token{Kind: tokenKind(t.Type, t.Value), Text: t.Value, Pos: t.Pos})
	}
}

// tokenKind is the kind of a token the lexer read.
func tokenKind(typ lexer.TokenType, value string) TokenKind {
	switch typ {
	case tokComment:
		return TokenComment
	case tokString:
		return TokenString
	case tokInt:
		return TokenNumber
	case tokIdent:
		if keywords[value] {
			return TokenKeyword
		}
		return TokenName
	case tokOp:
		return TokenOperator
	}
	return TokenSpace
}
