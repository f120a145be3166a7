// Package lsp is grundy's language server (grundy lsp): the Language Server
// Protocol over standard input and output, for VS Code, Neovim, Helix and any
// other editor that speaks it. It keeps each open document's text (full
// synchronisation) and answers from the same parser, checker and formatter
// as the command line: diagnostics, hover, completion, go to definition,
// document symbols and formatting.
//
// The JSON-RPC framing is written here by hand (jsonrpc.go): it is small, and
// no well-kept Go library for the protocol is at hand.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// Server is one language server session.
type Server struct {
	// HoverBudget bounds the time a hover spends computing the value of a
	// constant position (default 300 ms; 0: no values).
	HoverBudget time.Duration
	// Version is reported to the client.
	Version string

	lib      *interp.Interp // the standard library: names, arities and docs
	universe lang.Universe
	libItems []completionItem     // the library's names and the keywords
	docs     map[string]*document // by URI
	out      *writer

	mu      sync.Mutex
	pending []*pendingRequest // requests read and not answered yet
}

// pendingRequest is a message read and queued; for a request, the context
// that cancelling it cancels.
type pendingRequest struct {
	m      *message
	ctx    context.Context
	cancel context.CancelFunc
	uri    string // the document it is about, if any
}

// NewServer returns a server that knows the standard library.
func NewServer() *Server {
	lib := stdlib.New()
	s := &Server{HoverBudget: 300 * time.Millisecond, lib: lib, universe: lib.Universe(),
		docs: map[string]*document{}}
	s.libItems = s.libraryItems()
	return s
}

// ErrNoShutdown is Serve's error when the client exits without asking the
// server to shut down first (the protocol's exit code 1).
var ErrNoShutdown = errors.New("exit without shutdown")

// Serve answers the client on in and out until it sends exit or closes in.
// Requests are answered one at a time, in order; $/cancelRequest, or a
// change to the document a request is about, cancels a request still
// waiting or computing, which is then answered with RequestCancelled.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	s.out = &writer{w: out}
	queue := make(chan *pendingRequest, 64)
	readErr := make(chan error, 1)
	go func() {
		defer close(queue)
		rd := newReader(in)
		for {
			body, err := rd.read()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr <- err
				}
				return
			}
			m := new(message)
			if err := json.Unmarshal(body, m); err != nil {
				s.out.write(&message{ID: json.RawMessage("null"), Error: &responseError{Code: codeParseError, Message: err.Error()}})
				continue
			}
			if p := s.note(ctx, m); p != nil {
				select {
				case queue <- p:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	shutdown := false
	for p := range queue {
		m := p.m
		if m.ID == nil {
			if m.Method == "exit" {
				if !shutdown {
					return ErrNoShutdown
				}
				return nil
			}
			s.notification(m)
			continue
		}
		result, rerr := s.answer(p)
		shutdown = shutdown || m.Method == "shutdown"
		reply := &message{ID: m.ID, Error: rerr}
		if rerr == nil {
			reply.Result, _ = json.Marshal(result)
		}
		if err := s.out.write(reply); err != nil {
			return err
		}
	}
	select {
	case err := <-readErr:
		return err
	default:
	}
	if !shutdown {
		return ErrNoShutdown
	}
	return nil
}

// answer answers a request, as cancelled if it was, and forgets it. A
// failure of the server itself is answered as an internal error rather
// than ending the session.
func (s *Server) answer(p *pendingRequest) (result any, rerr *responseError) {
	defer func() {
		if r := recover(); r != nil {
			result, rerr = nil, &responseError{Code: codeInternalError, Message: fmt.Sprintf("internal error: %v", r)}
		}
		s.mu.Lock()
		s.pending = slices.DeleteFunc(s.pending, func(q *pendingRequest) bool { return q == p })
		s.mu.Unlock()
		p.cancel()
	}()
	result, rerr = s.request(p.ctx, p.m)
	if p.ctx.Err() != nil && rerr == nil {
		rerr = &responseError{Code: codeRequestCancelled, Message: "cancelled"}
	}
	return result, rerr
}

// note sees every message as it is read: it acts on cancellations at once
// and registers requests so that they can be cancelled. It returns what to
// queue, or nil.
func (s *Server) note(ctx context.Context, m *message) *pendingRequest {
	switch {
	case m.Method == "":
		return nil // a response: the server asks the client nothing
	case m.Method == "$/cancelRequest":
		var c struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(m.Params, &c) == nil {
			s.cancel(func(p *pendingRequest) bool { return string(p.m.ID) == string(c.ID) })
		}
		return nil
	case m.Method == "textDocument/didChange" || m.Method == "textDocument/didClose":
		uri := documentURI(m.Params)
		s.cancel(func(p *pendingRequest) bool { return p.uri != "" && p.uri == uri })
	case m.ID != nil:
		rctx, cancel := context.WithCancel(ctx)
		p := &pendingRequest{m: m, ctx: rctx, cancel: cancel, uri: documentURI(m.Params)}
		s.mu.Lock()
		s.pending = append(s.pending, p)
		s.mu.Unlock()
		return p
	}
	return &pendingRequest{m: m}
}

// cancel cancels the pending requests that match.
func (s *Server) cancel(match func(p *pendingRequest) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.pending {
		if match(p) {
			p.cancel()
		}
	}
}

// documentURI is params.textDocument.uri, or "".
func documentURI(params json.RawMessage) string {
	var p struct {
		TextDocument struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
	}
	json.Unmarshal(params, &p)
	return p.TextDocument.URI
}

// notification handles a message that wants no answer.
func (s *Server) notification(m *message) {
	switch m.Method {
	case "textDocument/didOpen":
		var p struct {
			TextDocument struct {
				URI     string `json:"uri"`
				Version int    `json:"version"`
				Text    string `json:"text"`
			} `json:"textDocument"`
		}
		if json.Unmarshal(m.Params, &p) == nil {
			s.update(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
		}
	case "textDocument/didChange":
		var p struct {
			TextDocument struct {
				URI     string `json:"uri"`
				Version int    `json:"version"`
			} `json:"textDocument"`
			ContentChanges []struct {
				Range *lspRange `json:"range"`
				Text  string    `json:"text"`
			} `json:"contentChanges"`
		}
		d := s.docs[documentURI(m.Params)]
		if json.Unmarshal(m.Params, &p) != nil || d == nil {
			return
		}
		text := d.text
		for _, c := range p.ContentChanges {
			if c.Range == nil {
				text = c.Text
				continue
			}
			start, end := offsetAt(text, c.Range.Start), offsetAt(text, c.Range.End)
			text = text[:start] + c.Text + text[max(start, end):]
		}
		s.update(p.TextDocument.URI, p.TextDocument.Version, text)
	case "textDocument/didClose":
		uri := documentURI(m.Params)
		delete(s.docs, uri)
		s.publish(uri, nil)
	}
}

// update stores a document's new text and publishes its diagnostics.
func (s *Server) update(uri string, version int, text string) {
	d := newDocument(uri, version, text, s.universe)
	if old := s.docs[uri]; old != nil && d.prog == nil {
		d.lastDecls = old.lastDecls
	}
	s.docs[uri] = d
	s.publish(uri, d.diagnostics())
}

// publish sends a document's diagnostics.
func (s *Server) publish(uri string, diags []diagnostic) {
	if diags == nil {
		diags = []diagnostic{}
	}
	params, _ := json.Marshal(map[string]any{"uri": uri, "diagnostics": diags})
	s.out.write(&message{Method: "textDocument/publishDiagnostics", Params: params})
}

// request answers a request.
func (s *Server) request(ctx context.Context, m *message) (any, *responseError) {
	var p struct {
		TextDocument struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
		Position lspPosition `json:"position"`
	}
	if len(m.Params) > 0 && json.Unmarshal(m.Params, &p) != nil {
		return nil, &responseError{Code: codeInvalidParams, Message: "malformed parameters"}
	}
	if ctx.Err() != nil {
		return nil, nil // answered as cancelled
	}
	d := s.docs[p.TextDocument.URI]
	needsDoc := strings.HasPrefix(m.Method, "textDocument/")
	if needsDoc && d == nil {
		return nil, &responseError{Code: codeInvalidParams, Message: "unknown document " + p.TextDocument.URI}
	}
	switch m.Method {
	case "initialize":
		return s.capabilities(), nil
	case "shutdown":
		return nil, nil
	case "textDocument/hover":
		return s.hover(ctx, d, offsetAt(d.text, p.Position)), nil
	case "textDocument/completion":
		return s.completion(d, offsetAt(d.text, p.Position)), nil
	case "textDocument/definition":
		return d.definition(offsetAt(d.text, p.Position)), nil
	case "textDocument/documentSymbol":
		return d.symbols(), nil
	case "textDocument/formatting":
		return d.formatting(), nil
	case "textDocument/semanticTokens/full":
		return s.semanticTokens(d), nil
	}
	return nil, &responseError{Code: codeMethodNotFound, Message: "no method " + m.Method}
}

// capabilities is the answer to initialize.
func (s *Server) capabilities() any {
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding":           "utf-16",
			"textDocumentSync":           map[string]any{"openClose": true, "change": 1},
			"hoverProvider":              true,
			"completionProvider":         map[string]any{},
			"definitionProvider":         true,
			"documentSymbolProvider":     true,
			"documentFormattingProvider": true,
			"semanticTokensProvider": map[string]any{
				"legend": map[string]any{"tokenTypes": semanticTypes, "tokenModifiers": []string{}},
				"full":   true,
			},
		},
		"serverInfo": map[string]any{"name": "grundy", "version": s.Version},
	}
}
