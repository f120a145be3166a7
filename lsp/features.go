package lsp

import (
	"context"
	"io"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// hover answers hover: for a name, its definition's signature and doc
// comment (a parameter says whose it is; a built-in shows its help); for the
// name of a game called with constant arguments, the position's value when
// it takes less than HoverBudget to compute.
func (s *Server) hover(ctx context.Context, d *document, off int) any {
	t, ok := d.tokenAt(off)
	if !ok || t.Kind != lang.TokenName {
		return nil
	}
	text := s.describe(d, t)
	if text == "" {
		return nil
	}
	if v := s.positionValue(ctx, d, t); v != "" {
		text += "\n\n" + v
	}
	return map[string]any{
		"contents": map[string]string{"kind": "markdown", "value": text},
		"range":    d.tokenRange(t.Pos.Offset),
	}
}

// describe is what hover says about the name t.
func (s *Server) describe(d *document, t lang.Token) string {
	code := func(sig, doc string) string {
		out := "```grundy\n" + sig + "\n```"
		if doc != "" {
			out += "\n\n" + doc
		}
		return out
	}
	if d.prog != nil {
		if e := d.enclosing(t.Pos.Offset); e != nil {
			for _, p := range e.params {
				if p.Name == t.Text {
					return code(p.Name, "a parameter of `"+e.signature()+"`")
				}
			}
		}
		for _, dc := range d.decls {
			if dc.name == t.Text {
				return code(dc.signature(), dc.doc)
			}
		}
	}
	g, ok := s.lib.Lookup(t.Text)
	if !ok {
		return ""
	}
	return code(s.libSignature(g), g.Doc)
}

// libSignature is how a name of the library is written.
func (s *Server) libSignature(g *interp.Global) string {
	if params, ok := s.lib.Params(g.Name); ok {
		kind := "fn"
		if g.V.K == interp.KGame {
			kind = "game"
		}
		return kind + " " + g.Name + "(" + strings.Join(params, ", ") + ")"
	}
	if g.Builtin || g.V.K == interp.KFunc {
		return g.Name + " (built-in)"
	}
	return g.Name + " = " + words.Abbreviate(g.V.Repr(), 60)
}

// positionValue computes the value of the position t names, when t is the
// name of a game called with arguments that use no local name, within
// HoverBudget.
func (s *Server) positionValue(ctx context.Context, d *document, t lang.Token) string {
	if d.prog == nil || len(d.errs) > 0 || s.HoverBudget <= 0 {
		return ""
	}
	call := callAt(d.prog, t.Pos.Offset)
	if call == nil || !s.isGame(d, t.Text) {
		return ""
	}
	constant := true
	lang.Walk(call, func(e lang.Expr) {
		if id, ok := e.(*lang.Ident); ok && id.Ref.Kind != lang.Global {
			constant = false
		}
	})
	if !constant {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, s.HoverBudget)
	defer cancel()
	in := d.session(ctx)
	if in == nil {
		return ""
	}
	start, end := call.Span()
	pos := d.prog.Source[start:end]
	var out []string
	for _, query := range []string{"sg", "value", "outcome"} {
		if query == "value" && len(out) > 0 {
			continue // impartial: its sg says it
		}
		v, err := in.Eval(ctx, "hover", query+"("+pos+")")
		if ctx.Err() != nil {
			return ""
		}
		if err == nil {
			out = append(out, "`"+query+"("+pos+")` = `"+v.Repr()+"`")
		}
	}
	return strings.Join(out, "  \n")
}

// callAt returns the call whose function is the name at offset off.
func callAt(prog *lang.Program, off int) *lang.Call {
	var found *lang.Call
	for _, st := range prog.Stmts {
		lang.Walk(st, func(e lang.Expr) {
			if c, ok := e.(*lang.Call); ok && c.Fn.Start().Offset == off {
				if _, ok := c.Fn.(*lang.Ident); ok {
					found = c
				}
			}
		})
	}
	return found
}

// isGame reports whether name is a game of the document or the library.
func (s *Server) isGame(d *document, name string) bool {
	for _, dc := range d.decls {
		if dc.name == name {
			return dc.kind == "game"
		}
	}
	g, ok := s.lib.Lookup(name)
	return ok && g.V.K == interp.KGame
}

// session returns a session with the standard library and the document's
// definitions (not its prints and checks), made once per version of the
// document; nil when that fails or runs out of time.
func (d *document) session(ctx context.Context) *interp.Interp {
	if d.sessionTried {
		return d.sess
	}
	in := stdlib.New()
	in.Out, in.Diag = io.Discard, io.Discard
	in.Config.MaxPositions = maxHoverPositions
	in.Config.NoFiles = "the editor's hovers run without files" // hovering over a document must not write the files it names
	prog, err := lang.Parse(d.name, d.text)
	if err == nil {
		err = in.Exec(ctx, prog.Definitions())
	}
	if ctx.Err() != nil {
		return nil // out of time: another hover may try again
	}
	d.sessionTried = true
	if err == nil {
		d.sess = in
	}
	return d.sess
}

// maxHoverPositions bounds the positions a hover's computation may make.
const maxHoverPositions = 1_000_000

// completionItem is one proposal of completion.
type completionItem struct {
	Label         string `json:"label"`
	Kind          int    `json:"kind"`
	Detail        string `json:"detail,omitempty"`
	Documentation string `json:"documentation,omitempty"`
}

// Completion item kinds of the protocol.
const (
	completionFunction = 3
	completionVariable = 6
	completionClass    = 7
	completionKeyword  = 14
)

// clauseWords begin or end parts of a move clause without being keywords.
var clauseWords = []string{"left", "right", "score", "again", "show"}

// completion answers completion: the parameters of the game or function
// around the cursor, the document's definitions, the library's and the
// built-ins, and the keywords. The editor filters them by what is typed.
func (s *Server) completion(d *document, off int) []completionItem {
	seen := map[string]bool{}
	var out []completionItem
	add := func(it completionItem) {
		if !seen[it.Label] {
			seen[it.Label] = true
			out = append(out, it)
		}
	}
	if d.prog != nil {
		if e := d.enclosing(off - d.bom); e != nil {
			for _, p := range e.params {
				add(completionItem{Label: p.Name, Kind: completionVariable, Detail: "parameter of " + e.signature()})
			}
		}
	}
	for _, dc := range d.lastDecls {
		kind := map[string]int{"game": completionClass, "fn": completionFunction, "let": completionVariable}[dc.kind]
		add(completionItem{Label: dc.name, Kind: kind, Detail: dc.signature(), Documentation: dc.doc})
	}
	for _, it := range s.libItems {
		add(it)
	}
	return out
}

// libraryItems are the completion items of the library, the built-ins and
// the keywords.
func (s *Server) libraryItems() []completionItem {
	var out []completionItem
	globals := s.lib.Globals()
	slices.SortFunc(globals, func(a, b *interp.Global) int { return strings.Compare(a.Name, b.Name) })
	for _, g := range globals {
		kind := completionVariable
		switch g.V.K {
		case interp.KGame:
			kind = completionClass
		case interp.KFunc:
			kind = completionFunction
		}
		out = append(out, completionItem{Label: g.Name, Kind: kind, Detail: s.libSignature(g), Documentation: g.Doc})
	}
	for _, k := range append(lang.Keywords(), clauseWords...) {
		out = append(out, completionItem{Label: k, Kind: completionKeyword})
	}
	return out
}
