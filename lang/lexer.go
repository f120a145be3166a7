package lang

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// The token types of the language, as participle names them.
const (
	tokComment lexer.TokenType = -2 - iota
	tokString
	tokInt
	tokIdent
	tokOp
	tokWhitespace
)

// lexDef is the language's lexer: a hand-written scanner for these tokens, tried
// in this order at each place:
//
//	Comment     #[^\n]*
//	String      "(\\.|[^"\\\n])*"
//	Int         [0-9][0-9A-Za-z_]*     (checked by parseInt, so 3k is one bad number)
//	Ident       misère|[A-Za-z_][A-Za-z0-9_]*
//	Op          ..  ->  =>  ==  !=  <=  >=  <<  >>  or one of -+*/%^&|~<>=(){}[],.:
//	Whitespace  [ \t\r\n]+
//
// It replaces participle's regular-expression lexer, which set up a match
// against the whole rest of the input for every token: a 90 KB file took 65 ms
// to lex, most of it clearing the matcher's state. lexer_test.go checks it
// against those regular expressions on random and hostile inputs.
var lexDef scanner

type scanner struct{}

// Symbols implements lexer.Definition.
func (scanner) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{"EOF": lexer.EOF, "Comment": tokComment, "String": tokString,
		"Int": tokInt, "Ident": tokIdent, "Op": tokOp, "Whitespace": tokWhitespace}
}

// Lex implements lexer.Definition.
func (s scanner) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return s.LexString(filename, string(b))
}

// LexString implements lexer.StringDefinition.
func (scanner) LexString(filename, src string) (lexer.Lexer, error) {
	return &scanning{rest: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// scanning is the state of one scan.
type scanning struct {
	rest string
	pos  lexer.Position
}

const twoCharOps = "..->=>==!=<=>=<<>>"

// Next implements lexer.Lexer.
func (s *scanning) Next() (lexer.Token, error) {
	if s.rest == "" {
		return lexer.EOFToken(s.pos), nil
	}
	typ, n := scanToken(s.rest)
	if n == 0 {
		sample := []rune(s.rest)
		if len(sample) > 16 {
			sample = append(sample[:16], []rune("...")...)
		}
		return lexer.Token{}, &lexer.Error{Msg: "lexer: invalid input text " + strconv.Quote(string(sample)), Pos: s.pos}
	}
	tok := lexer.Token{Type: typ, Value: s.rest[:n], Pos: s.pos}
	s.pos.Advance(tok.Value)
	s.rest = s.rest[n:]
	return tok, nil
}

// scanToken returns the type and length of the token src starts with; a length
// of 0 when none does.
func scanToken(src string) (lexer.TokenType, int) {
	c := src[0]
	switch {
	case c == '#':
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			return tokComment, i
		}
		return tokComment, len(src)
	case c == '"':
		for i := 1; i < len(src); i++ {
			switch src[i] {
			case '"':
				return tokString, i + 1
			case '\n':
				return 0, 0
			case '\\':
				// A backslash takes the next character, whatever it is but a newline.
				if i+1 >= len(src) || src[i+1] == '\n' {
					return 0, 0
				}
				_, size := utf8.DecodeRuneInString(src[i+1:])
				i += size
			}
		}
		return 0, 0
	case isDigit(c):
		return tokInt, 1 + wordLen(src[1:])
	case strings.HasPrefix(src, "misère"):
		return tokIdent, len("misère")
	case isLetter(c) || c == '_':
		return tokIdent, 1 + wordLen(src[1:])
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		n := 1
		for n < len(src) && (src[n] == ' ' || src[n] == '\t' || src[n] == '\r' || src[n] == '\n') {
			n++
		}
		return tokWhitespace, n
	}
	if len(src) >= 2 {
		for i := 0; i < len(twoCharOps); i += 2 {
			if src[:2] == twoCharOps[i:i+2] {
				return tokOp, 2
			}
		}
	}
	if strings.IndexByte("-+*/%^&|~<>=(){}[],.:", c) >= 0 {
		return tokOp, 1
	}
	return 0, 0
}

// wordLen is the length of the run of letters, digits and underscores src
// starts with.
func wordLen(src string) int {
	n := 0
	for n < len(src) && (isLetter(src[n]) || isDigit(src[n]) || src[n] == '_') {
		n++
	}
	return n
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
