package lsp

import (
	"unicode/utf16"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// Semantic tokens colour a document in editors that have no grammar for
// grundy (Neovim colours them by default): every token the lexer reads, a
// name coloured as a game (type), a function or a variable.

// semanticTypes is the legend of token types, in the order of their numbers.
var semanticTypes = []string{"comment", "string", "number", "keyword", "operator", "type", "function", "variable"}

// The numbers of semanticTypes.
const (
	semComment = iota
	semString
	semNumber
	semKeyword
	semOperator
	semType
	semFunction
	semVariable
)

// semanticTokens answers semanticTokens/full: each token as five numbers, its
// line and start relative to the token before, its length, its type and no
// modifiers (positions in UTF-16 units).
func (s *Server) semanticTokens(d *document) map[string][]int {
	kinds := map[string]int{}
	for _, dc := range d.decls {
		kinds[dc.name] = map[string]int{"game": semType, "fn": semFunction, "let": semVariable}[dc.kind]
	}
	data := []int{}
	var prev, cur lspPosition // the last token's start; the place of byte at
	at := 0
	advance := func(to int) {
		for _, r := range d.text[at:to] {
			if r == '\n' {
				cur.Line++
				cur.Character = 0
			} else {
				cur.Character += utf16.RuneLen(r)
			}
		}
		at = to
	}
	for _, t := range d.toks {
		typ := -1
		switch t.Kind {
		case lang.TokenComment:
			typ = semComment
		case lang.TokenString:
			typ = semString
		case lang.TokenNumber:
			typ = semNumber
		case lang.TokenKeyword:
			typ = semKeyword
		case lang.TokenOperator:
			typ = semOperator
		case lang.TokenName:
			typ = s.nameType(kinds, t.Text)
		}
		if typ < 0 {
			continue
		}
		advance(d.bom + t.Pos.Offset)
		start := cur
		advance(d.bom + t.End())
		delta := start.Character
		if start.Line == prev.Line {
			delta -= prev.Character
		}
		data = append(data, start.Line-prev.Line, delta, cur.Character-start.Character, typ, 0)
		prev = start
	}
	return map[string][]int{"data": data}
}

// nameType is the semantic type of a name: a game, a function or a variable,
// as the document or the library defines it.
func (s *Server) nameType(kinds map[string]int, name string) int {
	if k, ok := kinds[name]; ok {
		return k
	}
	if g, ok := s.lib.Lookup(name); ok {
		switch g.V.K {
		case interp.KGame:
			return semType
		case interp.KFunc:
			return semFunction
		}
	}
	return semVariable
}
