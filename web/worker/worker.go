// Package worker answers the requests of the page in the browser: run a
// program, compute a table, draw a game graph, play a position. The Web
// Worker of the page calls Handle through WebAssembly (web/wasm); everything
// here also runs, and is tested, as ordinary Go.
package worker

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/examples"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render/layered"
	"github.com/grundy-lang/grundy/stdlib"
	"github.com/grundy-lang/grundy/teach"
	"github.com/grundy-lang/grundy/web/sheet"
)

// File is the name programs from the page run under, in error messages.
const File = "program.game"

// MaxPositions bounds the memo of a session in the page, as --max-positions
// does on the command line; a browser tab has less memory than a machine.
const MaxPositions = 2_000_000

// MaxShown is the most bytes of one print the page shows: a browser
// would struggle with the millions a print of a big list can write.
const MaxShown = 100_000

// MaxGraphNodes is the most positions a graph in the page shows.
const MaxGraphNodes = 150

// Request is one request of the page.
type Request struct {
	Op     string   `json:"op"`     // "examples", "run", "table", "graph" or "play"
	Source string   `json:"source"` // the program in the editor
	Expr   string   `json:"expr"`   // table: EXPR for a in R[, b in R]; graph and play: a position
	Input  []string `json:"input"`  // play: what the person chose so far, one line each
	Misere bool     `json:"misere"` // play: misère play
}

// Response is the answer to a request. Error is set when the request failed;
// ErrLine is then the line of the program it points to, if any.
type Response struct {
	HTML     string    `json:"html,omitempty"` // run, table, graph: what to show
	OK       bool      `json:"ok"`             // run: no error and every check held
	Error    string    `json:"error,omitempty"`
	ErrLine  int       `json:"errLine,omitempty"`
	Examples []Example `json:"examples,omitempty"`
	Play     *Play     `json:"play,omitempty"`
}

// Example is one file of examples/.
type Example struct {
	Name   string `json:"name"` // without .game, such as 05_wythoff
	Source string `json:"source"`
}

// Play is a game of play mode after the person's input so far.
type Play struct {
	Transcript string   `json:"transcript"` // the dialogue, as grundy play writes it
	Position   string   `json:"position"`   // the position the person is to move from
	Moves      []string `json:"moves"`      // the moves there, numbered from 1 in order
	Over       bool     `json:"over"`       // the game has ended
}

// Worker keeps the session of the last program, so that a table, a graph or
// a game after a run reuses what the run computed.
type Worker struct {
	source string
	in     *interp.Interp
}

// HandleJSON answers a request in JSON with a response in JSON.
func (w *Worker) HandleJSON(ctx context.Context, req []byte) []byte {
	var r Request
	var resp Response
	if err := json.Unmarshal(req, &r); err != nil {
		resp = Response{Error: "bad request: " + err.Error()}
	} else {
		resp = w.Handle(ctx, r)
	}
	out, _ := json.Marshal(resp) // a Response always encodes
	return out
}

// Handle answers a request.
func (w *Worker) Handle(ctx context.Context, r Request) Response {
	switch r.Op {
	case "examples":
		return Response{Examples: Examples()}
	case "run":
		return w.run(ctx, r.Source)
	case "table", "graph", "play":
		in, resp := w.session(ctx, r.Source)
		if in == nil {
			return resp
		}
		switch r.Op {
		case "table":
			return table(ctx, in, r.Expr)
		case "graph":
			return graph(ctx, in, r.Expr)
		}
		return play(ctx, in, r)
	}
	return Response{Error: fmt.Sprintf("unknown request %q", r.Op)}
}

// newSession returns a session like the command line's.
func newSession() *interp.Interp {
	in := stdlib.New()
	in.Out, in.Diag = io.Discard, io.Discard
	in.Config.MaxPositions = MaxPositions
	in.Config.PositionsHint = "the page stops there to stay responsive; grundy on your own machine (go run github.com/grundy-lang/grundy@latest) has no such limit"
	in.Config.MemoryHint = "the page stops there; grundy on your own machine can be given more (--max-memory)"
	teach.Register(in)
	return in
}

// run runs a program in a new session and keeps the session.
func (w *Worker) run(ctx context.Context, src string) Response {
	in := newSession()
	s := sheet.Run(ctx, in, File, src)
	for _, c := range s.Chunks {
		for k, it := range c.Output {
			if cut := MaxShown; len(it.Text) > cut {
				for !utf8.RuneStart(it.Text[cut]) {
					cut--
				}
				c.Output[k].Text = fmt.Sprintf("%s… (%d more bytes)", it.Text[:cut], len(it.Text)-cut)
			}
		}
	}
	var b bytes.Buffer
	sheet.WriteResults(&b, s) // writing to a buffer cannot fail
	resp := Response{HTML: b.String(), OK: s.OK(), ErrLine: s.ErrLine}
	if s.Err != nil {
		resp.Error = s.ErrText
	}
	w.source, w.in = src, in
	if errors.Is(s.Err, context.Canceled) {
		w.source, w.in = "", nil // half-run: start again next time
	}
	return resp
}

// session returns the session of the program src, running it first unless
// it is the one run last.
func (w *Worker) session(ctx context.Context, src string) (*interp.Interp, Response) {
	if w.in != nil && w.source == src {
		return w.in, Response{}
	}
	resp := w.run(ctx, src)
	if resp.Error != "" {
		resp.HTML = ""
		return nil, resp
	}
	return w.in, Response{}
}

// failure is the response to a failed request on an expression typed beside
// the program: its errors point into the expression, not at a line.
func failure(err error) Response {
	text, ok := lang.FormatAll(err)
	if !ok {
		text = err.Error()
	}
	return Response{Error: text}
}

// table computes a table request such as sg(Wythoff(a, b)) for a in 0..9, b in
// 0..9, or sg(Kayles(n)), outcome(Kayles(n)) for n in 0..12: as grundy table
// computes it, drawn with a heat map when its cells are integers.
func table(ctx context.Context, in *interp.Interp, expr string) Response {
	spec, err := teach.ParseTable("table", expr, 0)
	if err != nil {
		return failure(err)
	}
	t, err := teach.ComputeTable(ctx, in, spec)
	if err != nil {
		return failure(err)
	}
	var b bytes.Buffer
	if g, err := t.Heatmap(); err == nil {
		sheet.WriteGrid(&b, g)
	} else {
		sheet.WriteTable(&b, t)
	}
	return Response{HTML: b.String(), OK: true}
}

// graph draws the game graph of a position.
func graph(ctx context.Context, in *interp.Interp, expr string) Response {
	v, err := in.Eval(ctx, "position", expr)
	if err != nil {
		return failure(err)
	}
	g, err := teach.GameGraph(ctx, in, v, MaxGraphNodes)
	var tooBig *teach.GraphTooBigError
	if errors.As(err, &tooBig) {
		return Response{Error: fmt.Sprintf("more than %d positions can be reached from %s, too many to draw legibly; try a smaller position", MaxGraphNodes, v.Repr())}
	}
	if err != nil {
		return failure(err)
	}
	var b bytes.Buffer
	layered.WriteSVG(&b, g) // writing to a buffer cannot fail
	return Response{HTML: b.String(), OK: true}
}

// play replays a game of play mode with the person's input so far and
// returns where it stands.
func play(ctx context.Context, in *interp.Interp, r Request) Response {
	v, err := in.Eval(ctx, "position", r.Expr)
	if err != nil {
		return failure(err)
	}
	var out strings.Builder
	var text strings.Builder
	for _, line := range r.Input {
		text.WriteString(line + "\n")
	}
	input := strings.NewReader(text.String())
	lines := bufio.NewReader(input) // Play reads from it as it is
	p := &Play{Over: true}
	cut := 0
	opts := teach.PlayOptions{Echo: true, OnPrompt: func(pos interp.Value, moves []*interp.Move) {
		if input.Len() > 0 || lines.Buffered() > 0 {
			return // the person's input answers this prompt
		}
		// The input has run out: this is where the person is to move.
		cut, p.Over, p.Position, p.Moves = out.Len(), false, pos.Repr(), nil
		for _, m := range moves {
			p.Moves = append(p.Moves, m.String())
		}
	}}
	if r.Misere {
		opts.Mode = interp.MiserePlay
	}
	if err := teach.Play(ctx, in, v, opts, lines, &out); err != nil {
		return failure(err)
	}
	p.Transcript = out.String()
	if !p.Over {
		p.Transcript = p.Transcript[:cut] // drop the prompt that found no input
	}
	return Response{Play: p, OK: true}
}

// Examples returns the files of examples/, in order.
func Examples() []Example {
	var out []Example
	names, _ := fs.Glob(examples.Files, "*.game") // the pattern is valid
	for _, name := range names {
		src, _ := fs.ReadFile(examples.Files, name) // embedded files can be read
		out = append(out, Example{Name: strings.TrimSuffix(name, ".game"), Source: string(src)})
	}
	return out
}
