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
	"html"
	"io"
	"io/fs"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/examples"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render/layered"
	"github.com/grundy-lang/grundy/sheet"
	"github.com/grundy-lang/grundy/teach"
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
	Op     string   `json:"op"`     // "examples", "run", "tokens", "table", "graph" or "play"
	Source string   `json:"source"` // the program in the editor
	Expr   string   `json:"expr"`   // table: EXPR for a in R[, b in R]; graph and play: a position
	Input  []string `json:"input"`  // play: what the person chose so far, one line each
	Misere bool     `json:"misere"` // play: misère play
}

// Response is the answer to a request. Error is set when the request failed;
// ErrLine is then the line of the program it points to, if any, and ErrCol
// the column there, counted in UTF-16 units from 1 as JavaScript counts.
type Response struct {
	HTML     string    `json:"html,omitempty"` // run, table, graph: what to show
	OK       bool      `json:"ok"`             // run: no error and every check held
	Error    string    `json:"error,omitempty"`
	ErrLine  int       `json:"errLine,omitempty"`
	ErrCol   int       `json:"errCol,omitempty"`
	Tokens   []Token   `json:"tokens,omitempty"` // tokens: the program's, white space left out
	Lexed    int       `json:"lexed,omitempty"`  // tokens: how far the lexer read (UTF-16 units)
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

// Event is what a request tells the page while it runs, so that the page shows
// a run as it goes: a statement starting (Line), a statement done (Line and
// HTML, what it showed, as the final response shows it), or how many positions
// are solved so far (Positions), how many heaps a native take-and-break
// table holds (Heaps, of Table) or a few words on the step a long computation
// is at (Status, such as a misère quotient's "heap 19 of 0.754, order 60").
type Event struct {
	Kind      string `json:"kind"` // "start", "done" or "progress"
	Line      int    `json:"line,omitempty"`
	HTML      string `json:"html,omitempty"`
	Positions int    `json:"positions,omitempty"`
	Table     string `json:"table,omitempty"`
	Heaps     int    `json:"heaps,omitempty"`
	Status    string `json:"status,omitempty"`
}

// progressEvery is how often, at most, a progress event is sent.
const progressEvery = 250 * time.Millisecond

// Worker keeps the session of the last program, so that a table, a graph or
// a game after a run reuses what the run computed.
type Worker struct {
	// OnEvent, when set, is told how a request goes while it runs.
	OnEvent func(Event)
	source  string
	in      *interp.Interp
}

// event tells OnEvent about e, if it is set.
func (w *Worker) event(e Event) {
	if w.OnEvent != nil {
		w.OnEvent(e)
	}
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
	case "tokens":
		return tokens(r.Source)
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

// newSession returns a session like the command line's (teach.NewSession),
// with the page's limits, which reports its progress as events.
func (w *Worker) newSession() *interp.Interp {
	cfg := interp.DefaultConfig()
	if w.OnEvent != nil {
		last := time.Now()
		send := func(ev Event) {
			if now := time.Now(); now.Sub(last) >= progressEvery {
				last = now
				w.event(ev)
			}
		}
		cfg.OnProgress = func(n int) { send(Event{Kind: "progress", Positions: n}) }
		cfg.OnHeaps = func(table string, n int) { send(Event{Kind: "progress", Table: table, Heaps: n}) }
		// A status has its own clock: it changes seldom, and a status held
		// back by a positions event would stay stale until the next one.
		var lastStatus time.Time
		cfg.OnStatus = func(s string) {
			if now := time.Now(); now.Sub(lastStatus) >= progressEvery {
				lastStatus = now
				w.event(Event{Kind: "progress", Status: s})
			}
		}
	}
	cfg.MaxPositions = MaxPositions
	cfg.PositionsHint = "the page stops there to stay responsive; grundy on your own machine (go run github.com/grundy-lang/grundy@latest) has no such limit"
	cfg.MemoryHint = "the page stops there; grundy on your own machine can be given more (--max-memory)"
	cfg.NoFiles = "the page has no files; grundy on your own machine saves and resumes quotients"
	in := teach.NewSession(cfg)
	in.Out, in.Diag = io.Discard, io.Discard
	return in
}

// run runs a program in a new session and keeps the session.
func (w *Worker) run(ctx context.Context, src string) Response {
	in := w.newSession()
	s := sheet.RunWatched(ctx, in, File, src, sheet.Watch{
		Start: func(c *sheet.Chunk) { w.event(Event{Kind: "start", Line: c.Stmt}) },
		Done: func(c *sheet.Chunk) {
			shorten(c)
			if w.OnEvent != nil {
				var b bytes.Buffer
				sheet.WriteChunk(&b, c)
				w.event(Event{Kind: "done", Line: c.Stmt, HTML: b.String()})
			}
		},
	})
	var b bytes.Buffer
	sheet.WriteResults(&b, s) // writing to a buffer cannot fail
	resp := Response{HTML: b.String(), OK: s.OK(), ErrLine: s.ErrLine, ErrCol: utf16Column(src, s.ErrLine, s.ErrCol)}
	if s.Err != nil {
		resp.Error = s.ErrText
	}
	w.source, w.in = src, in
	if errors.Is(s.Err, context.Canceled) {
		w.source, w.in = "", nil // half-run: start again next time
	}
	return resp
}

// shorten cuts each print of c to MaxShown bytes.
func shorten(c *sheet.Chunk) {
	for k, it := range c.Output {
		if cut := MaxShown; len(it.Text) > cut {
			for !utf8.RuneStart(it.Text[cut]) {
				cut--
			}
			c.Output[k].Text = fmt.Sprintf("%s… (%d more bytes)", it.Text[:cut], len(it.Text)-cut)
		}
	}
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
	text, _ := lang.ErrorText(err, "")
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
	fmt.Fprintf(&b, `<div class="graphview" data-root="%s">`, html.EscapeString(v.Repr()))
	g.NoLegend = true       // the page's own legend follows
	layered.WriteSVG(&b, g) // writing to a buffer cannot fail
	b.WriteString("</div>\n")
	if g.Partizan {
		b.WriteString(partizanLegend)
	} else {
		b.WriteString(legend)
	}
	return Response{HTML: b.String(), OK: true}
}

// legend says what the colours and lines of a graph (web/layered) mean.
const legend = `<p class="legend">` +
	`<span><svg width="26" height="14"><rect x="1" y="1" width="24" height="12" rx="3" fill="#000" stroke="#333"/></svg> P-position: whoever moves from it loses</span> ` +
	`<span><svg width="26" height="14"><rect x="1" y="1" width="24" height="12" rx="3" fill="#fff" stroke="#333"/></svg> N-position: whoever moves from it wins</span> ` +
	`<span><svg width="26" height="14"><rect x="1" y="1" width="24" height="12" rx="3" fill="#c8c8c8" stroke="#333"/></svg> draw</span> ` +
	`<span><svg width="30" height="14"><path d="M1,7 H27" stroke="#c00" stroke-width="2"/></svg> winning move (to a P-position)</span> ` +
	`<span><svg width="30" height="14"><path d="M1,7 H27" stroke="#2c6fbb" stroke-dasharray="5,3"/></svg> move on a cycle</span> ` +
	`<span>g = the Grundy value; click a position to play from it</span></p>` + "\n"

// partizanLegend says what the colours of a partizan game's graph mean.
const partizanLegend = `<p class="legend">` +
	`<span><svg width="26" height="14"><rect x="1" y="1" width="24" height="12" rx="3" fill="#000" stroke="#333"/></svg> P-position: whoever moves first loses</span> ` +
	`<span><svg width="26" height="14"><rect x="1" y="1" width="24" height="12" rx="3" fill="#dce8f8" stroke="#333"/></svg> L: Left wins</span> ` +
	`<span><svg width="26" height="14"><rect x="1" y="1" width="24" height="12" rx="3" fill="#f8dedb" stroke="#333"/></svg> R: Right wins</span> ` +
	`<span><svg width="30" height="14"><path d="M1,7 H27" stroke="#1f5fbf" stroke-width="2"/></svg> Left's move</span> ` +
	`<span><svg width="30" height="14"><path d="M1,7 H27" stroke="#c0392b" stroke-width="2"/></svg> Right's move (thick: a winning move)</span> ` +
	`<span>each box: the game value and who wins; click a position to play from it</span></p>` + "\n"

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
			p.Moves = append(p.Moves, teach.MoveText(m))
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
	p.Transcript = forButtons(p.Transcript)
	return Response{Play: p, OK: true}
}

// forButtons rewrites a transcript of grundy play for the page, where moves,
// Hint and Explain are buttons: no "type a move", and the person's clicks
// read as what they chose.
func forButtons(t string) string {
	for _, r := range buttonWords {
		t = r.re.ReplaceAllString(t, r.with)
	}
	return t
}

// rewrite replaces what re matches in a transcript with with.
type rewrite struct {
	re   *regexp.Regexp
	with string
}

// buttonWords are the sentences of grundy play about typing, each with a
// pattern that matches it however it was wrapped, and what the page says
// instead; then the prompts, whose answer the next line says.
var buttonWords = func() []rewrite {
	var rs []rewrite
	for _, r := range [][2]string{
		{"Choose a move by its number or its name. Type hint for a winning move, moves to list the moves, explain to see why the position is won or lost, or quit.",
			"Click a move below to play it; Hint shows a winning move, Explain why the position is won or lost."},
		{"type moves to list them.", "they are the buttons below."},
		{"(Type hint before a move to see a winning one.)", "(Click Hint before a move to see a winning one.)"},
	} {
		words := strings.Fields(r[0])
		for i, w := range words {
			words[i] = regexp.QuoteMeta(w)
		}
		rs = append(rs, rewrite{regexp.MustCompile(strings.Join(words, `\s+`)), r[1]})
	}
	return append(rs,
		rewrite{regexp.MustCompile(`(?m)^Your move> \d+\n`), ""}, // "You: MOVE" follows
		rewrite{regexp.MustCompile(`(?m)^Your move> (hint|explain)$`), "You asked: $1"})
}()

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
