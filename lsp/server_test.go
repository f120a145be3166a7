package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/format"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// client is the editor's end of a session.
type client struct {
	t      *testing.T
	w      *writer
	msgs   chan *message
	nextID int
	diags  map[string][]diagnostic // the last published, by URI
}

// startSession runs a server on pipes and returns the client's end and the
// server's result.
func startSession(t *testing.T, s *Server) (*client, chan error) {
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- s.Serve(context.Background(), toServer, fromServer)
		fromServer.Close()
	}()
	c := &client{t: t, w: &writer{w: fromClient}, msgs: make(chan *message, 100), diags: map[string][]diagnostic{}}
	go func() {
		defer close(c.msgs)
		rd := newReader(toClient)
		for {
			body, err := rd.read()
			if err != nil {
				return
			}
			m := new(message)
			if err := json.Unmarshal(body, m); err != nil {
				t.Errorf("the server sent bad JSON: %v: %s", err, body)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { fromClient.Close(); toClient.Close() })
	return c, done
}

// next returns the server's next message, failing after a deadline.
func (c *client) next() *message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		if m.Method == "textDocument/publishDiagnostics" {
			var p struct {
				URI         string       `json:"uri"`
				Diagnostics []diagnostic `json:"diagnostics"`
			}
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Fatal(err)
			}
			c.diags[p.URI] = p.Diagnostics
		}
		return m
	case <-time.After(30 * time.Second):
		c.t.Fatal("no message from the server in 30 s")
	}
	return nil
}

func (c *client) send(id int, method string, params any) {
	c.t.Helper()
	m := &message{Method: method}
	if id != 0 {
		m.ID = json.RawMessage(itoa(id))
	}
	if params != nil {
		m.Params, _ = json.Marshal(params)
	}
	if err := c.w.write(m); err != nil {
		c.t.Fatal(err)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// call sends a request and returns its response, keeping the notifications
// that come before it.
func (c *client) call(method string, params any, result any) *responseError {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(id, method, params)
	for {
		m := c.next()
		if m.Method != "" {
			continue
		}
		if string(m.ID) != itoa(id) {
			c.t.Fatalf("a response to %s, want to %d", m.ID, id)
		}
		if m.Error == nil && result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				c.t.Fatalf("%s: %v: %s", method, err, m.Result)
			}
		}
		return m.Error
	}
}

// notify sends a notification; with diagnostics, it waits for those of uri.
func (c *client) notify(method string, params any, uri string) []diagnostic {
	c.t.Helper()
	c.send(0, method, params)
	if uri == "" {
		return nil
	}
	for {
		if m := c.next(); m.Method == "textDocument/publishDiagnostics" && documentURI2(m.Params) == uri {
			return c.diags[uri]
		}
	}
}

func documentURI2(params json.RawMessage) string {
	var p struct {
		URI string `json:"uri"`
	}
	json.Unmarshal(params, &p)
	return p.URI
}

type doc = map[string]any

func at(uri string, line, char int) doc {
	return doc{"textDocument": doc{"uri": uri}, "position": doc{"line": line, "character": char}}
}

const heapsURI = "file:///home/ann/heaps.game"

// heaps is a document with a misspelt name on line 5.
const heaps = `# A heap: take any number of tokens.
game Heap(n) {
  move k in 1..n -> Heap(n - k)
}
print sg(Heep(3))
print sg(Heap(5)) + nimsum(1, 2)
`

// TestSession drives a whole session: open, diagnostics, edit, hover,
// completion, definition, symbols, formatting, cancellation and shutdown.
func TestSession(t *testing.T) {
	s := NewServer()
	s.HoverBudget = time.Minute // a value is always computed unless cancelled
	c, done := startSession(t, s)

	var init struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	if err := c.call("initialize", doc{"processId": nil, "capabilities": doc{}}, &init); err != nil {
		t.Fatal(err)
	}
	for _, cap := range []string{"hoverProvider", "completionProvider", "definitionProvider", "documentSymbolProvider", "documentFormattingProvider", "textDocumentSync", "semanticTokensProvider"} {
		if init.Capabilities[cap] == nil {
			t.Errorf("initialize: no %s", cap)
		}
	}
	c.notify("initialized", doc{}, "")

	// Diagnostics: the checker's, worded as the command line words them.
	diags := c.notify("textDocument/didOpen", doc{"textDocument": doc{"uri": heapsURI, "languageId": "grundy", "version": 1, "text": heaps}}, heapsURI)
	want := cliErrors(t, heaps)
	if len(diags) != 1 || len(want) != 1 || diags[0].Message != want[0].Msg || !strings.Contains(diags[0].Message, "did you mean Heap?") {
		t.Fatalf("diagnostics %+v, want the command line's %v", diags, want)
	}
	if r := diags[0].Range; r != (lspRange{Start: lspPosition{4, 9}, End: lspPosition{4, 13}}) {
		t.Errorf("the diagnostic is at %+v, want Heep's place on line 4 (from 0)", r)
	}

	// An edit of a range fixes it.
	fix := doc{"range": doc{"start": doc{"line": 4, "character": 11}, "end": doc{"line": 4, "character": 12}}, "text": "a"}
	diags = c.notify("textDocument/didChange", doc{"textDocument": doc{"uri": heapsURI, "version": 2}, "contentChanges": []any{fix}}, heapsURI)
	if len(diags) != 0 {
		t.Fatalf("diagnostics after the fix: %+v", diags)
	}

	// A syntax error, at its column.
	badURI := "file:///home/ann/bad%20one.game"
	bad := "let a = 1\nprint (a +\n"
	diags = c.notify("textDocument/didOpen", doc{"textDocument": doc{"uri": badURI, "version": 1, "text": bad}}, badURI)
	want = cliErrors(t, bad)
	if len(diags) != 1 || diags[0].Message != want[0].Msg || diags[0].Range.Start != (lspPosition{want[0].Pos.Line - 1, want[0].Pos.Column - 1}) {
		t.Errorf("diagnostics %+v, want %v", diags, want)
	}

	// Hover: a game's doc comment and its value; a built-in's help; a parameter.
	var h struct {
		Contents struct{ Value string } `json:"contents"`
	}
	if err := c.call("textDocument/hover", at(heapsURI, 5, 10), &h); err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"game Heap(n)", "A heap: take any number of tokens.", "`sg(Heap(5))` = `5`", "`outcome(Heap(5))` = `N`"} {
		if !strings.Contains(h.Contents.Value, part) {
			t.Errorf("hover on Heap: %q lacks %q", h.Contents.Value, part)
		}
	}
	nimsum, _ := stdlib.New().Lookup("nimsum")
	h.Contents.Value = ""
	c.call("textDocument/hover", at(heapsURI, 5, 23), &h)
	if !strings.Contains(h.Contents.Value, nimsum.Doc) {
		t.Errorf("hover on nimsum: %q, want its help %q", h.Contents.Value, nimsum.Doc)
	}
	h.Contents.Value = ""
	c.call("textDocument/hover", at(heapsURI, 2, 25), &h)
	if !strings.Contains(h.Contents.Value, "a parameter of `game Heap(n)`") {
		t.Errorf("hover on n: %q", h.Contents.Value)
	}

	// Completion: the document's names, the library's, built-ins and keywords.
	var items []completionItem
	c.call("textDocument/completion", at(heapsURI, 5, 8), &items)
	labels := map[string]completionItem{}
	for _, it := range items {
		labels[it.Label] = it
		if strings.HasPrefix(it.Label, ":") {
			t.Errorf("completion offers the shell command %s", it.Label)
		}
	}
	for _, l := range []string{"Heap", "sg", "Kayles", "game", "move", "left"} {
		if _, ok := labels[l]; !ok {
			t.Errorf("completion lacks %s", l)
		}
	}
	if it := labels["Heap"]; it.Detail != "game Heap(n)" || it.Kind != completionClass {
		t.Errorf("completion of Heap: %+v", it)
	}

	// Definition and symbols.
	var loc location
	c.call("textDocument/definition", at(heapsURI, 5, 11), &loc)
	if loc.URI != heapsURI || loc.Range.Start != (lspPosition{1, 5}) {
		t.Errorf("definition of Heap: %+v", loc)
	}
	var syms []documentSymbol
	c.call("textDocument/documentSymbol", doc{"textDocument": doc{"uri": heapsURI}}, &syms)
	if len(syms) != 1 || syms[0].Name != "Heap" || syms[0].Range.End != (lspPosition{3, 1}) {
		t.Errorf("symbols %+v", syms)
	}

	// Semantic tokens: every token, a game as a type, a built-in as a function.
	var sem struct{ Data []int }
	c.call("textDocument/semanticTokens/full", doc{"textDocument": doc{"uri": heapsURI}}, &sem)
	var words []string
	lines := strings.Split(strings.Replace(heaps, "Heep", "Heap", 1), "\n")
	line, char := 0, 0
	for i := 0; i+5 <= len(sem.Data); i += 5 {
		if sem.Data[i] > 0 {
			char = 0
		}
		line += sem.Data[i]
		char += sem.Data[i+1]
		words = append(words, semanticTypes[sem.Data[i+3]]+" "+lines[line][char:char+sem.Data[i+2]])
	}
	for _, w := range []string{"comment # A heap: take any number of tokens.", "keyword game", "type Heap", "variable n", "operator ->", "number 1", "function sg", "function nimsum"} {
		if !slices.Contains(words, w) {
			t.Errorf("semantic tokens %q lack %q", words, w)
		}
	}
	toks, _ := lang.Tokens("", strings.Join(lines, "\n"))
	n := 0
	for _, tok := range toks {
		if tok.Kind != lang.TokenSpace {
			n++
		}
	}
	if len(words) != n {
		t.Errorf("%d semantic tokens, want the %d tokens of the text", len(words), n)
	}

	// Formatting is grundy fmt's.
	messy := "game G(n){\nmove k in 1..n->G(n-k)\n}\n"
	c.notify("textDocument/didOpen", doc{"textDocument": doc{"uri": "file:///g.game", "version": 1, "text": messy}}, "file:///g.game")
	var edits []textEdit
	c.call("textDocument/formatting", doc{"textDocument": doc{"uri": "file:///g.game"}, "options": doc{"tabSize": 2}}, &edits)
	if tidy, _ := format.Source("g.game", messy); len(edits) != 1 || edits[0].NewText != tidy || edits[0].Range.End != (lspPosition{3, 0}) {
		t.Errorf("formatting: %+v", edits)
	}
	c.call("textDocument/formatting", doc{"textDocument": doc{"uri": heapsURI}}, &edits)
	if len(edits) != 0 {
		t.Errorf("formatting a formatted document: %+v", edits)
	}

	// Cancellation: a hover computing a huge game's value stops when cancelled.
	slow := "game Sub(xs) {\n  move x in xs -> Sub(xs - {x})\n}\nprint Sub(set(0..60))\n"
	c.notify("textDocument/didOpen", doc{"textDocument": doc{"uri": "file:///slow.game", "version": 1, "text": slow}}, "file:///slow.game")
	c.nextID++
	c.send(c.nextID, "textDocument/hover", at("file:///slow.game", 3, 7))
	c.send(0, "$/cancelRequest", doc{"id": c.nextID})
	m := c.next()
	if m.Error == nil || m.Error.Code != codeRequestCancelled {
		t.Errorf("a cancelled request's answer: %+v", m)
	}
	// A response from the client is ignored; two requests with one ID are
	// both answered.
	c.w.write(&message{ID: json.RawMessage("7"), Result: json.RawMessage("null")})
	c.send(99, "textDocument/documentSymbol", doc{"textDocument": doc{"uri": heapsURI}})
	c.send(99, "textDocument/documentSymbol", doc{"textDocument": doc{"uri": heapsURI}})
	for range 2 {
		if m := c.next(); string(m.ID) != "99" || m.Error != nil {
			t.Errorf("an answer to a request with a repeated ID: %+v", m)
		}
	}
	if err := c.call("workspace/symbol", doc{}, nil); err == nil || err.Code != codeMethodNotFound {
		t.Errorf("an unknown method: %+v", err)
	}

	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	c.send(0, "exit", nil)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit")
	}
}

// cliErrors are the errors the command line reports for src.
func cliErrors(t *testing.T, src string) lang.Errors {
	t.Helper()
	prog, err := lang.Parse("f.game", src)
	if err == nil {
		err = lang.Check(prog, stdlib.New().Universe())
	}
	var es lang.Errors
	var e *lang.Error
	switch {
	case errors.As(err, &es):
		return es
	case errors.As(err, &e):
		return lang.Errors{e}
	}
	t.Fatalf("no error in %q", src)
	return nil
}

// TestExitWithoutShutdown: the protocol's exit code 1.
func TestExitWithoutShutdown(t *testing.T) {
	c, done := startSession(t, NewServer())
	c.send(0, "exit", nil)
	if err := <-done; !errors.Is(err, ErrNoShutdown) {
		t.Errorf("got %v", err)
	}
}

func TestPositions(t *testing.T) {
	text := "a\n𝔾é = 1\n"
	for _, tc := range []struct {
		off int
		p   lspPosition
	}{{0, lspPosition{0, 0}}, {2, lspPosition{1, 0}}, {6, lspPosition{1, 2}}, {8, lspPosition{1, 3}}, {len(text), lspPosition{2, 0}}} {
		if got := positionAt(text, tc.off); got != tc.p {
			t.Errorf("positionAt(%d) = %v, want %v", tc.off, got, tc.p)
		}
		if got := offsetAt(text, tc.p); got != tc.off {
			t.Errorf("offsetAt(%v) = %d, want %d", tc.p, got, tc.off)
		}
	}
	if got := offsetAt(text, lspPosition{1, 99}); got != strings.Index(text[2:], "\n")+2 {
		t.Errorf("a column past the line's end: %d", got)
	}
	if !slices.Equal([]int{offsetAt(text, lspPosition{9, 0})}, []int{len(text)}) {
		t.Error("a line past the end")
	}
}

// TestEveryPlace asks hover, completion and definition at every place of the
// examples and of texts that do not parse: nothing may fail or point outside
// the text.
func TestEveryPlace(t *testing.T) {
	s := NewServer()
	s.HoverBudget = 0 // no values: this is about places
	texts := []string{"\ufeffgame G(n) {\n  move -> G(n - 1)\n}\nprint G(1)", "print (1 +\n", "game 𝔾(n) { move", "let x = \"é", "", "\n\n", "print sg(Nim(3)) # é"}
	ex, _ := filepath.Glob("../examples/0[1-3]*.game")
	for _, f := range ex {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		d := newDocument("file:///t.game", 1, text, s.universe)
		end := positionAt(text, len(text))
		inside := func(r lspRange) bool {
			le := func(a, b lspPosition) bool { return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character }
			return le(r.Start, r.End) && le(r.End, end)
		}
		for _, dg := range d.diagnostics() {
			if !inside(dg.Range) {
				t.Errorf("%q: a diagnostic at %+v", text, dg.Range)
			}
		}
		for _, sym := range d.symbols() {
			if !inside(sym.Range) || !inside(sym.SelectionRange) {
				t.Errorf("%q: a symbol at %+v", text, sym)
			}
		}
		step := 1 // every place of a short text, a sample of a long one
		if len(text) > 200 {
			step = 5
		}
		for off := 0; off <= len(text); off += step {
			s.hover(context.Background(), d, off)
			s.completion(d, off)
			if loc, ok := d.definition(off).(location); ok && !inside(loc.Range) {
				t.Errorf("%q: a definition at %+v", text, loc.Range)
			}
		}
		d.formatting()
		if sem := s.semanticTokens(d)["data"]; len(sem)%5 != 0 {
			t.Errorf("%q: %d numbers of semantic tokens", text, len(sem))
		}
	}
}

// TestLocalDefinitions goes from each use of a local name to the name that
// binds it: parameters, generators (also of patterns, check statements and
// comprehensions), let ... in, and lambdas, which shadow or reach outwards.
func TestLocalDefinitions(t *testing.T) {
	lines := []string{
		"game W(n, m) {",
		"  move k in 1..n -> W(n - k, m)",
		"  move (a, b) in [(1, 2)] where a < n -> W(n - a, m - b)",
		"}",
		"fn f(x) = let y = x + 1 in [y * z for z in 0..x where z > y]",
		"fn g(x) = fn(x) => x + 1",
		"fn h(x) = fn(y) => x + y",
		"check f(n) == f(n) for n in 0..3",
	}
	text := strings.Join(lines, "\n")
	// at returns the offset of the k-th whole-word occurrence of word on line.
	at := func(line int, word string, k int) int {
		off := 0
		for _, l := range lines[:line] {
			off += len(l) + 1
		}
		toks, _ := lang.Tokens("", lines[line])
		for _, tk := range toks {
			if tk.Text == word {
				if k == 0 {
					return off + tk.Pos.Offset
				}
				k--
			}
		}
		t.Fatalf("no %s on line %d", word, line)
		return 0
	}
	type place struct {
		line int
		word string
		k    int
	}
	cases := []struct{ use, def place }{
		{place{1, "n", 0}, place{0, "n", 0}},
		{place{1, "k", 1}, place{1, "k", 0}},
		{place{1, "m", 0}, place{0, "m", 0}},
		{place{2, "a", 1}, place{2, "a", 0}},
		{place{2, "b", 1}, place{2, "b", 0}},
		{place{2, "n", 1}, place{0, "n", 0}},
		{place{4, "x", 1}, place{4, "x", 0}},
		{place{4, "y", 1}, place{4, "y", 0}},
		{place{4, "z", 0}, place{4, "z", 1}},
		{place{4, "z", 2}, place{4, "z", 1}},
		{place{4, "y", 2}, place{4, "y", 0}},
		{place{4, "x", 2}, place{4, "x", 0}},
		{place{5, "x", 2}, place{5, "x", 1}}, // the lambda's x shadows g's
		{place{6, "x", 1}, place{6, "x", 0}}, // h's x, one frame out
		{place{6, "y", 1}, place{6, "y", 0}},
		{place{7, "n", 0}, place{7, "n", 2}},
		{place{7, "n", 1}, place{7, "n", 2}},
	}
	s := NewServer()
	d := newDocument("file:///t.game", 1, text, s.universe)
	if len(d.errs) > 0 {
		t.Fatal(d.errs)
	}
	for _, c := range cases {
		use, def := at(c.use.line, c.use.word, c.use.k), at(c.def.line, c.def.word, c.def.k)
		loc, ok := d.definition(use).(location)
		want := d.tokenRange(def)
		if !ok || loc.Range != want {
			t.Errorf("%s on line %d (#%d): definition %+v, want %+v", c.use.word, c.use.line+1, c.use.k, loc.Range, want)
		}
	}
}

// A hover runs the document's definitions, which must not touch the files
// they name: a let that saves a quotient writes nothing.
func TestHoverWritesNoFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "written.q")
	text := fmt.Sprintf("game G(n) { move k in 1..n -> G(n - k) }\nlet q = quotient(\"0.75\", 8, 1000, %q)\nprint G(3)\n", file)
	s := NewServer()
	d := newDocument("file:///t.game", 1, text, s.universe)
	off := strings.Index(text, "G(3)")
	s.hover(context.Background(), d, off)
	if d.sess != nil || !d.sessionTried {
		t.Errorf("the hover session ran a document that saves a file (tried %v)", d.sessionTried)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("hovering wrote %s (%v)", file, err)
	}
}
