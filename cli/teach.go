package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"
	"golang.org/x/term"

	"github.com/grundy-lang/grundy/internal/atomicfile"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/render/layered"
	"github.com/grundy-lang/grundy/repl"
	"github.com/grundy-lang/grundy/teach"
)

// The teaching commands: explain, play, table and graph. Their options may
// come before or after the expression, whose words are joined with spaces, so
// that both of these work:
//
//	grundy table --format png -o w.png 'sg(Wythoff(a, b))' for a in 0..39, b in 0..39
//	grundy table 'sg(Wythoff(a, b))' for a in 0..39, b in 0..39 --format png -o w.png

// parseTeachFlags parses the options of command name wherever they are among
// args; the other arguments are the expression's words, joined.
func (r *runner) parseTeachFlags(name string, args []string) (*options, string, bool) {
	o, words, ok := r.parseFlags(name, args)
	if !ok {
		return nil, "", false
	}
	return o, strings.TrimSpace(strings.Join(words, " ")), true
}

// session makes a session for a teaching command and loads -f's file.
func (r *runner) session(ctx context.Context, o *options) (*interp.Interp, error) {
	in := r.newInterp(o)
	if o.file != "" {
		if err := r.loadDefinitions(ctx, in, o.file); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// position evaluates the expression of a command: a position or a sum.
func position(ctx context.Context, in *interp.Interp, cmd, expr string) (interp.Value, error) {
	v, err := in.Eval(ctx, cmd, expr)
	if err != nil {
		return v, err
	}
	if _, ok := interp.Components(v); !ok {
		return v, fmt.Errorf("%s needs a game position or a sum of positions, such as Nim(3) + Nim(5), not %s %s", cmd, v.K, v.Repr())
	}
	return v, nil
}

// positionRun is a teaching command ready to work on its position.
type positionRun struct {
	o      *options
	in     *interp.Interp
	v      interp.Value
	ctx    context.Context
	cancel context.CancelFunc
	file   string // what the position's text is called in messages
	src    string // the position's text
}

// located gives an error that names no place (a position of the wrong kind,
// misère play of a scoring game, an interrupt, a limit) the place of the
// command's expression, so that it reads as every other error.
func located(err error, file, src string) error {
	if _, ok := lang.FormatAll(err); ok || err == nil || strings.HasPrefix(err.Error(), "internal error") {
		return err
	}
	msg := lang.StopMessage(err, timeHint)
	return &lang.Error{Pos: lang.Position{Filename: file, Line: 1, Column: 1}, Msg: msg, Src: src, Cause: err}
}

// startPosition parses the options of a command about one position (explain,
// play, graph), makes its session and evaluates the position. On failure it has
// reported the problem and returns the exit code.
func (r *runner) startPosition(ctx context.Context, name string, args []string) (*positionRun, int) {
	o, expr, ok := r.parseTeachFlags(name, args)
	if !ok {
		return nil, exitError
	}
	if expr == "" {
		fmt.Fprintf(r.stderr, "grundy %s: give a position, e.g. grundy %s 'Nim(3) + Nim(5)'\n", name, name)
		return nil, exitError
	}
	ctx, cancel := o.limit(ctx)
	in, err := r.session(ctx, o)
	if err == nil {
		var v interp.Value
		if v, err = position(ctx, in, name, expr); err == nil {
			return &positionRun{o: o, in: in, v: v, ctx: ctx, cancel: cancel, file: name, src: expr}, exitOK
		}
		err = located(err, name, expr)
	}
	cancel()
	return nil, r.report(err)
}

func (r *runner) explain(ctx context.Context, args []string) int {
	run, code := r.startPosition(ctx, "explain", args)
	if run == nil {
		return code
	}
	defer run.cancel()
	text, err := teach.Explain(run.ctx, run.in, run.v, mode(run.o.misere))
	if err != nil {
		return r.report(located(err, run.file, run.src))
	}
	fmt.Fprintln(r.stdout, text)
	return exitOK
}

// mode is the play mode that --misere chooses.
func mode(misere bool) interp.Mode {
	if misere {
		return interp.MiserePlay
	}
	return interp.NormalPlay
}

func (r *runner) play(ctx context.Context, args []string, stdin io.Reader) int {
	run, code := r.startPosition(ctx, "play", args)
	if run == nil {
		return code
	}
	defer run.cancel()
	side, ok := map[string]lang.Side{"": lang.Both, "left": lang.Left, "l": lang.Left, "right": lang.Right, "r": lang.Right}[strings.ToLower(run.o.as)]
	if !ok {
		fmt.Fprintf(r.stderr, "grundy play: --as is left or right, not %q\n", run.o.as)
		return exitError
	}
	opts := teach.PlayOptions{Mode: mode(run.o.misere), ComputerFirst: run.o.computerFirst, As: side, Echo: !isTerminal(stdin)}
	if isTerminal(stdin) && isTerminal(r.stdout) && liner.TerminalSupported() {
		// Moves are typed with line editing and history, as in the shell;
		// Ctrl-C at the prompt stops the game, and while the computer thinks
		// it stops the computation.
		read, stop := repl.PlayLines()
		defer stop()
		opts.ReadLine = read
	}
	if err := teach.Play(run.ctx, run.in, run.v, opts, stdin, r.stdout); err != nil {
		return r.report(located(err, run.file, run.src))
	}
	return exitOK
}

// maxNumbered is the largest side of a heat map that has its values printed in
// its cells by default: in bigger grids the numbers hide the pattern. A strip
// (one row) has them whenever they fit.
const maxNumbered = 20

// maxScale bounds --scale: a picture 8 times as large is already some
// 6400 pixels across.
const maxScale = 8

// tableFormats are the formats of grundy table, by the extension of -o's file.
var tableFormats = map[string]string{".txt": "text", ".csv": "csv", ".json": "json", ".svg": "svg", ".png": "png"}

func (r *runner) table(ctx context.Context, args []string) int {
	o, text, ok := r.parseTeachFlags("table", args)
	if !ok {
		return exitError
	}
	format := o.format
	switch {
	case o.json:
		format = "json"
	case format == "" && o.output != "":
		ext := strings.ToLower(filepath.Ext(o.output))
		if format = tableFormats[ext]; format == "" {
			fmt.Fprintf(r.stderr, "grundy table: cannot tell the format of %s from its extension; use .txt, .csv, .json, .svg or .png, or --format\n", o.output)
			return exitError
		}
	}
	if format == "" {
		format = "text"
	}
	if _, ok := map[string]bool{"text": true, "csv": true, "json": true, "svg": true, "png": true}[format]; !ok {
		fmt.Fprintf(r.stderr, "grundy table: unknown format %q; use text, csv, json, svg or png\n", format)
		return exitError
	}
	if o.scale > maxScale {
		fmt.Fprintf(r.stderr, "grundy table: --scale is at most %d, not %d\n", maxScale, o.scale)
		return exitError
	}
	if o.numbers != "on" && o.numbers != "off" && o.numbers != "auto" {
		fmt.Fprintf(r.stderr, "grundy table: --numbers is on, off or auto, not %q\n", o.numbers)
		return exitError
	}
	if text == "" {
		fmt.Fprintln(r.stderr, "grundy table: give a table, e.g. grundy table 'sg(Wythoff(a, b))' for a in 0..9, b in 0..9")
		return exitError
	}
	if format == "png" && o.output == "" && isTerminal(r.stdout) {
		fmt.Fprintln(r.stderr, "grundy table: a PNG picture is not text; write it to a file with -o FILE.png")
		return exitError
	}
	fail := func(err error) int {
		if format == "json" {
			return r.jsonError(err)
		}
		return r.report(err)
	}
	spec, err := teach.ParseTable("table", text, 0)
	if err != nil {
		return fail(err)
	}
	ctx, cancel := o.limit(ctx)
	defer cancel()
	in, err := r.session(ctx, o)
	if err != nil {
		return fail(err)
	}
	t, err := teach.ComputeTable(ctx, in, spec)
	if err != nil {
		return fail(err)
	}
	if o.title != "" {
		t.Title = o.title
	}
	var out bytes.Buffer
	switch format {
	case "text":
		opts := render.TextOptions{}
		if o.output == "" && isTerminal(r.stdout) {
			opts.Color = true
			if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
				opts.Width = w
			}
		}
		err = t.WriteText(&out, opts)
	case "csv":
		err = t.WriteCSV(&out)
	case "json":
		err = writeTableJSON(&out, t)
	case "svg", "png":
		var g render.Grid
		if g, err = t.Heatmap(); err != nil {
			break
		}
		heat := render.HeatmapOptions{CellSize: o.cell, Scale: o.scale, NoNumbers: o.numbers == "off" ||
			o.numbers == "auto" && len(g.Rows) > 1 && max(len(g.Rows), len(g.Cols)) > maxNumbered}
		if format == "svg" {
			err = render.WriteSVG(&out, g, heat)
		} else {
			err = render.WritePNG(&out, g, heat)
		}
	}
	if err != nil {
		return fail(err)
	}
	return r.write(o.output, out.Bytes())
}

// write writes a command's output to the file named, or to standard output
// when there is none.
func (r *runner) write(file string, data []byte) int {
	if file == "" {
		r.stdout.Write(data)
		return exitOK
	}
	if err := atomicfile.Write(file, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return r.report(fmt.Errorf("cannot write %s: %w", file, unwrapPath(err)))
	}
	return exitOK
}

func (r *runner) graph(ctx context.Context, args []string) int {
	run, code := r.startPosition(ctx, "graph", args)
	if run == nil {
		return code
	}
	defer run.cancel()
	o := run.o
	format := o.format
	if format == "" && o.output != "" {
		ext := strings.ToLower(filepath.Ext(o.output))
		if format = map[string]string{".dot": "dot", ".gv": "dot", ".svg": "svg", ".png": "png"}[ext]; format == "" {
			fmt.Fprintf(r.stderr, "grundy graph: cannot tell the format of %s from its extension; use .dot, .svg or .png, or --format\n", o.output)
			return exitError
		}
	}
	if format == "" {
		format = "dot"
	}
	if format != "dot" && format != "svg" && format != "png" {
		fmt.Fprintf(r.stderr, "grundy graph: unknown format %q; use dot, svg or png\n", format)
		return exitError
	}
	g, err := teach.GameGraph(run.ctx, run.in, run.v, o.maxNodes)
	if err != nil {
		return r.report(err)
	}
	// svg and png are drawn by grundy's own layout, as on the page (see
	// docs/design.md, render, on why not by Graphviz); dot is for Graphviz.
	var data bytes.Buffer
	switch format {
	case "svg":
		err = layered.WriteSVG(&data, g)
	case "png":
		err = layered.WritePNG(&data, g)
	default:
		err = render.WriteDOT(&data, g)
	}
	if err != nil {
		return r.report(err)
	}
	return r.write(o.output, data.Bytes())
}
