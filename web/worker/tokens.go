package worker

import (
	"strings"
	"unicode/utf16"

	"github.com/grundy-lang/grundy/lang"
)

// Token is a token of the program for the page's editor, which colours it by
// its kind (lang.TokenKind's name: comment, string, number, keyword, name or
// operator). From and To are offsets in the program counted in UTF-16 units,
// as JavaScript indexes its strings.
type Token struct {
	From int    `json:"from"`
	To   int    `json:"to"`
	Kind string `json:"kind"`
}

// tokens answers a tokens request: the program's tokens as the language's
// own lexer reads them, so that the editor colours what grundy reads.
func tokens(src string) Response {
	toks, stop := lang.Tokens(File, src)
	resp := Response{Tokens: []Token{}}
	at, units := 0, 0 // a byte offset and the UTF-16 units before it
	advance := func(to int) int {
		units += utf16Len(src[at:to])
		at = to
		return units
	}
	for _, t := range toks {
		if t.Kind == lang.TokenSpace {
			continue
		}
		from := advance(t.Pos.Offset)
		resp.Tokens = append(resp.Tokens, Token{From: from, To: advance(t.End()), Kind: t.Kind.String()})
	}
	resp.Lexed = advance(stop)
	return resp
}

// utf16Len is the length of s in UTF-16 units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// utf16Column converts a column of line (characters, from 1) of src to
// UTF-16 units, from 1; 0 stays 0.
func utf16Column(src string, line, col int) int {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) || col < 1 {
		return col
	}
	runes := []rune(lines[line-1])
	return utf16Len(string(runes[:min(col-1, len(runes))])) + 1
}
