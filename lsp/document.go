package lsp

import (
	"errors"
	"net/url"
	"path"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/format"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// document is an open document and what the parser and checker make of it.
type document struct {
	uri, name string // name: the file's base name, as errors show it
	version   int
	text      string
	bom       int           // the length of a leading byte order mark, which the parser drops
	prog      *lang.Program // nil when the text does not parse
	lastDecls []decl        // the definitions of the last text that parsed, for completion
	errs      lang.Errors   // the parser's error, or the checker's
	toks      []lang.Token  // the text's tokens, offsets as the parser's
	decls     []decl        // prog's definitions

	sess         *interp.Interp // for hover's values: see session
	sessionTried bool
}

// newDocument parses and checks text.
func newDocument(uri string, version int, text string, universe lang.Universe) *document {
	d := &document{uri: uri, name: fileName(uri), version: version, text: text}
	if strings.HasPrefix(text, "\ufeff") {
		d.bom = len("\ufeff")
	}
	d.toks, _ = lang.Tokens(d.name, text[d.bom:])
	prog, err := lang.Parse(d.name, text)
	if err == nil {
		d.prog = prog
		err = lang.Check(prog, universe)
		d.decls = decls(prog, d.toks)
		d.lastDecls = d.decls
	}
	var le *lang.Error
	switch {
	case errors.As(err, &d.errs):
	case errors.As(err, &le):
		d.errs = lang.Errors{le}
	case err != nil:
		d.errs = lang.Errors{{Msg: err.Error()}}
	}
	return d
}

// fileName is the base name of the file a URI names.
func fileName(uri string) string {
	if u, err := url.Parse(uri); err == nil && u.Path != "" {
		return path.Base(u.Path)
	}
	return uri
}

// LSP positions: a line from 0 and a character offset in UTF-16 code units.
type lspPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPosition `json:"start"`
	End   lspPosition `json:"end"`
}

type location struct {
	URI   string   `json:"uri"`
	Range lspRange `json:"range"`
}

// offsetAt returns the byte offset in text of a position, clamped to its line
// and to the text.
func offsetAt(text string, p lspPosition) int {
	off := 0
	for line := 0; line < p.Line; line++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	for units := 0; off < len(text) && text[off] != '\n'; {
		r, size := utf8.DecodeRuneInString(text[off:])
		units += utf16.RuneLen(max(r, 0))
		if units > p.Character {
			break
		}
		off += size
	}
	return off
}

// positionAt returns the position of byte offset off in text.
func positionAt(text string, off int) lspPosition {
	off = min(max(off, 0), len(text))
	start := strings.LastIndexByte(text[:off], '\n') + 1
	p := lspPosition{Line: strings.Count(text[:start], "\n")}
	for _, r := range text[start:off] {
		p.Character += utf16.RuneLen(r)
	}
	return p
}

// span is the range of the bytes [start, end) of the document.
func (d *document) span(start, end int) lspRange {
	return lspRange{Start: positionAt(d.text, start), End: positionAt(d.text, end)}
}

// tokenAt returns the token (not white space) that holds the byte offset,
// or that ends there: the cursor is often just after a name.
func (d *document) tokenAt(off int) (lang.Token, bool) {
	off -= d.bom
	for _, t := range d.toks {
		if t.Kind != lang.TokenSpace && t.Pos.Offset <= off && off <= t.End() {
			if off == t.End() && t.Kind != lang.TokenName && t.Kind != lang.TokenKeyword {
				continue
			}
			return t, true
		}
	}
	return lang.Token{}, false
}

// tokenRange is the range of the token at the parser's offset off (which
// does not count a byte order mark); one character when no token starts there.
func (d *document) tokenRange(off int) lspRange {
	end := off + 1
	for _, t := range d.toks {
		if t.Pos.Offset == off && t.Kind != lang.TokenSpace {
			end = t.End()
			break
		}
	}
	end = min(end, len(d.text)-d.bom)
	return d.span(d.bom+off, d.bom+end)
}

// diagnostic is an error shown in the editor.
type diagnostic struct {
	Range    lspRange `json:"range"`
	Severity int      `json:"severity"` // 1: error
	Source   string   `json:"source"`
	Message  string   `json:"message"`
}

// diagnostics are the document's errors, worded as the command line words
// them (without the place and the source line, which the editor shows).
func (d *document) diagnostics() []diagnostic {
	var out []diagnostic
	for _, e := range d.errs {
		msg := e.Msg
		for _, n := range e.Notes {
			msg += "\n" + n
		}
		r := lspRange{}
		if e.Pos.Line > 0 {
			r = d.tokenRange(e.Pos.Offset)
		}
		out = append(out, diagnostic{Range: r, Severity: 1, Source: "grundy", Message: msg})
	}
	return out
}

// decl is a top-level definition: a game, function or let.
type decl struct {
	kind       string // game, fn or let
	name       string
	start, end int // the statement's offsets, for the parser (no byte order mark)
	nameOff    int
	params     []*lang.Param
	doc        string
	stmt       lang.Stmt
}

// decls lists the top-level definitions of prog.
func decls(prog *lang.Program, toks []lang.Token) []decl {
	var out []decl
	for i, s := range prog.Stmts {
		var d decl
		switch s := s.(type) {
		case *lang.GameDecl:
			d = decl{kind: "game", name: s.Name, params: s.Params, doc: s.Doc}
		case *lang.FnDecl:
			d = decl{kind: "fn", name: s.Name, params: s.Params, doc: s.Doc}
		case *lang.LetStmt:
			d = decl{kind: "let", name: s.Name}
		default:
			continue
		}
		d.stmt = s
		d.start, d.end = s.Start().Offset, len(prog.Source)
		if i+1 < len(prog.Stmts) {
			d.end = prog.Stmts[i+1].Start().Offset
		}
		d.end = codeEnd(prog.Source, d.start, d.end)
		d.nameOff = nameAfter(toks, d.start)
		out = append(out, d)
	}
	return out
}

// codeEnd returns the end of the last token of src[from:to] that is neither
// white space nor a comment.
func codeEnd(src string, from, to int) int {
	toks, _ := lang.Tokens("", src[from:to])
	end := from
	for _, t := range toks {
		if t.Kind != lang.TokenSpace && t.Kind != lang.TokenComment {
			end = from + t.End()
		}
	}
	return end
}

// nameAfter returns the offset of the name that follows the keyword at off.
func nameAfter(toks []lang.Token, off int) int {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset > off })
	for ; i < len(toks); i++ {
		if t := toks[i]; t.Kind != lang.TokenSpace && t.Kind != lang.TokenComment {
			return t.Pos.Offset
		}
	}
	return off
}

// signature is how a definition is written: game Nim(n), fn f(a, b), let x.
func (d decl) signature() string {
	if d.kind == "let" {
		return "let " + d.name
	}
	return d.kind + " " + d.name + "(" + paramList(d.params) + ")"
}

func paramList(ps []*lang.Param) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// enclosing returns the game or function definition whose text holds off.
func (d *document) enclosing(off int) *decl {
	for _, dc := range d.decls {
		if dc.start <= off && off < dc.end && dc.kind != "let" {
			return &dc
		}
	}
	return nil
}

// definition answers go to definition: where the name under the cursor is
// bound (a parameter, a generator's variable, a let ... in, as the checker
// resolved it) or defined at the top level of the document.
func (d *document) definition(off int) any {
	t, ok := d.tokenAt(off)
	if !ok || t.Kind != lang.TokenName || d.prog == nil {
		return nil
	}
	if at, ok := localDefinition(d.prog, d.toks, t.Pos.Offset); ok {
		return location{URI: d.uri, Range: d.tokenRange(at)}
	}
	for _, dc := range d.decls {
		if dc.name == t.Text {
			return location{URI: d.uri, Range: d.tokenRange(dc.nameOff)}
		}
	}
	return nil
}

// documentSymbol is one entry of the document's outline.
type documentSymbol struct {
	Name           string   `json:"name"`
	Detail         string   `json:"detail"`
	Kind           int      `json:"kind"`
	Range          lspRange `json:"range"`
	SelectionRange lspRange `json:"selectionRange"`
}

// Symbol kinds of the protocol.
const (
	symbolClass    = 5
	symbolFunction = 12
	symbolVariable = 13
)

// symbols answers documentSymbol: the games, functions and lets.
func (d *document) symbols() []documentSymbol {
	out := []documentSymbol{}
	for _, dc := range d.decls {
		kind := map[string]int{"game": symbolClass, "fn": symbolFunction, "let": symbolVariable}[dc.kind]
		out = append(out, documentSymbol{Name: dc.name, Detail: dc.signature(), Kind: kind,
			Range: d.span(d.bom+dc.start, d.bom+dc.end), SelectionRange: d.tokenRange(dc.nameOff)})
	}
	return out
}

// textEdit replaces a range by new text.
type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

// formatting answers formatting: grundy fmt's layout, as one edit of the
// whole text; none when the text is formatted already or does not parse.
func (d *document) formatting() []textEdit {
	out, err := format.Source(d.name, d.text)
	if err != nil || out == d.text {
		return []textEdit{}
	}
	return []textEdit{{Range: d.span(0, len(d.text)), NewText: out}}
}
