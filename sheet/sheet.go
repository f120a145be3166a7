// Package sheet runs a program and keeps what each of its statements showed:
// the text of every print, the result of every check, tables of values and the
// error that stopped the run. The record is written as a self-contained HTML or
// Markdown worksheet (grundy run --html, --markdown) and as the output of the
// page in the browser.
package sheet

import (
	"context"
	"errors"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
)

// Sheet is the record of one run of a program.
type Sheet struct {
	File   string
	Source string
	Chunks []*Chunk
	Checks interp.CheckStats
	// Err is the error that stopped the run, or nil; ErrText is it as grundy
	// prints it, ErrLine its line in the program (0 when it has no place
	// there, such as an interrupt or an error inside the library) and ErrCol
	// its column there (characters, from 1).
	Err     error
	ErrText string
	ErrLine int
	ErrCol  int
}

// Chunk is one top-level statement with the comment lines just above it, and
// what it showed when it ran.
type Chunk struct {
	Line   int    // the line Code starts on, from 1
	Stmt   int    // the line the statement starts on
	Code   string // the statement's text with its comments
	Ran    bool   // whether the statement started
	Output []Item
	Check  *Check // for a check statement that ran, its result
	Err    string // the error that stopped the run in this statement
}

// Item is what one print (or bare expression) wrote.
type Item struct {
	Text string
	// Grid is set when the value printed was a table of natural numbers (a
	// list of equally long lists), which is also drawn as a table and a heat map.
	Grid *render.Grid
	// Picture is set when the value printed was a picture, such as a
	// thermograph: it is drawn, and the text is there on request.
	Picture render.Picture
}

// Check is the result of one check statement.
type Check struct {
	Passed  bool
	Cases   int
	Failure string // the failure message, as grundy prints it
}

// Run runs src (named file) in the session in and records what each statement
// showed. The session's Out, Diag, OnPrint and OnStmt are restored afterwards.
func Run(ctx context.Context, in *interp.Interp, file, src string) *Sheet {
	return RunWatched(ctx, in, file, src, Watch{})
}

// Watch is told how a run goes, statement by statement, while it goes: the
// page in the browser shows each statement's output as soon as it is done.
type Watch struct {
	Start func(c *Chunk) // the statement of c starts
	Done  func(c *Chunk) // the statement of c has finished, or the run stopped in it (c.Err)
}

// RunWatched is Run, telling w about each statement as it starts and ends.
func RunWatched(ctx context.Context, in *interp.Interp, file, src string, w Watch) *Sheet {
	s := &Sheet{File: file, Source: src}
	prog, err := lang.Parse(file, src)
	if err != nil {
		s.fail(err)
		return s
	}
	s.Chunks = cut(src, prog.Stmts)
	rec := &recorder{sheet: s, in: in, cur: -1, index: map[lang.Stmt]int{}, watch: w}
	for i, st := range prog.Stmts {
		rec.index[st] = i
	}
	out, diag, onPrint, onStmt := in.Out, in.Diag, in.OnPrint, in.OnStmt
	in.Out, in.Diag, in.OnPrint, in.OnStmt = outWriter{rec}, diagWriter{rec}, rec.print, rec.start
	before := in.Checks
	err = in.Exec(ctx, prog)
	rec.finish()
	in.Out, in.Diag, in.OnPrint, in.OnStmt = out, diag, onPrint, onStmt
	s.Checks = interp.CheckStats{
		Passed: in.Checks.Passed - before.Passed,
		Failed: in.Checks.Failed - before.Failed,
		Cases:  in.Checks.Cases - before.Cases,
	}
	if err != nil {
		s.fail(err)
		if rec.cur >= 0 {
			s.Chunks[rec.cur].Err = s.ErrText
		}
	}
	rec.done()
	return s
}

// OK reports whether the run ended without an error and every check held.
func (s *Sheet) OK() bool { return s.Err == nil && s.Checks.Failed == 0 }

// fail records the error that stopped the run.
func (s *Sheet) fail(err error) {
	s.Err = err
	s.ErrText, _ = lang.ErrorText(err, "")
	var le *lang.Error
	var les lang.Errors
	if errors.As(err, &les) && len(les) > 0 {
		le = les[0]
	}
	if le != nil || errors.As(err, &le) {
		if le.Pos.Filename == s.File {
			s.ErrLine, s.ErrCol = le.Pos.Line, le.Pos.Column
		}
	}
}

// recorder routes what a run writes to the chunk of the statement running.
type recorder struct {
	sheet  *Sheet
	in     *interp.Interp
	index  map[lang.Stmt]int // of each statement, which is also its chunk's
	cur    int               // the chunk of the statement running, or -1
	stmt   lang.Stmt         // the statement running
	before interp.CheckStats
	grid   *render.Grid // of the value being printed
	pic    render.Picture
	watch  Watch
}

// start is called before statement s runs.
func (r *recorder) start(s lang.Stmt) {
	r.finish()
	r.done()
	r.cur, r.stmt = r.index[s], s
	r.sheet.Chunks[r.cur].Ran = true
	r.before = r.in.Checks
	if _, ok := s.(*lang.CheckStmt); ok {
		r.sheet.Chunks[r.cur].Check = &Check{}
	}
	if r.watch.Start != nil {
		r.watch.Start(r.sheet.Chunks[r.cur])
	}
}

// finish completes the record of the statement that ran last.
func (r *recorder) finish() {
	if r.cur < 0 {
		return
	}
	if c := r.sheet.Chunks[r.cur].Check; c != nil {
		c.Cases = r.in.Checks.Cases - r.before.Cases
		c.Passed = r.in.Checks.Passed > r.before.Passed
	}
}

// done tells the watcher that the statement that ran last is done.
func (r *recorder) done() {
	if r.cur >= 0 && r.watch.Done != nil {
		r.watch.Done(r.sheet.Chunks[r.cur])
	}
}

// print keeps the value being printed when it is a table.
func (r *recorder) print(v interp.Value) {
	r.grid = gridOf(v)
	r.pic = nil
	if v.K == interp.KPicture {
		r.pic, _ = v.Picture().(render.Picture)
	}
	if p, ok := r.stmt.(*lang.PrintStmt); ok && r.grid != nil {
		from, to := p.Value.Span()
		r.grid.Title = r.sheet.Source[from:to]
	}
}

type outWriter struct{ r *recorder }

func (w outWriter) Write(b []byte) (int, error) {
	r := w.r
	if r.cur >= 0 {
		c := r.sheet.Chunks[r.cur]
		c.Output = append(c.Output, Item{Text: strings.TrimSuffix(string(b), "\n"), Grid: r.grid, Picture: r.pic})
	}
	r.grid, r.pic = nil, nil
	return len(b), nil
}

type diagWriter struct{ r *recorder }

func (w diagWriter) Write(b []byte) (int, error) {
	if r := w.r; r.cur >= 0 {
		if c := r.sheet.Chunks[r.cur].Check; c != nil {
			c.Failure += strings.TrimSuffix(string(b), "\n")
		}
	}
	return len(b), nil
}

// cut splits src into one chunk per statement: each begins at the comment
// lines just above its statement (or at the end of the previous chunk's
// statement line when there are none) and ends where the next one begins.
// Blank lines at either end of a chunk are dropped.
func cut(src string, stmts []lang.Stmt) []*Chunk {
	lines := strings.SplitAfter(src, "\n")
	var starts []int // first line of each chunk, from 0
	for _, s := range stmts {
		l := s.Start().Line - 1
		floor := 0
		if len(starts) > 0 {
			floor = stmts[len(starts)-1].Start().Line // the line after the previous statement's first line
		}
		for l > floor && isComment(lines[l-1]) {
			l--
		}
		starts = append(starts, l)
	}
	var chunks []*Chunk
	for i, start := range starts {
		end := len(lines)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		if i == 0 {
			start = 0 // the file's heading comments belong to the first chunk
		}
		for start < end && strings.TrimSpace(lines[start]) == "" {
			start++
		}
		for end > start && strings.TrimSpace(lines[end-1]) == "" {
			end--
		}
		chunks = append(chunks, &Chunk{Line: start + 1, Stmt: stmts[i].Start().Line, Code: strings.TrimRight(strings.Join(lines[start:end], ""), "\n")})
	}
	return chunks
}

// isComment reports whether a line is a comment or blank.
func isComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// maxGridCells is the most cells a printed table may have to be drawn.
const maxGridCells = 40_000

// gridOf returns v as a grid when it is a list of at least two equally long
// lists of at least two natural numbers each, such as sgtable's result.
func gridOf(v interp.Value) *render.Grid {
	if v.K != interp.KList || len(v.Seq()) < 2 {
		return nil
	}
	rows := v.Seq()
	width := 0
	g := &render.Grid{}
	for i, row := range rows {
		if row.K != interp.KList || len(row.Seq()) < 2 || i > 0 && len(row.Seq()) != width {
			return nil
		}
		width = len(row.Seq())
		if len(rows)*width > maxGridCells {
			return nil
		}
		cells := make([]int64, width)
		for j, c := range row.Seq() {
			if c.K != interp.KInt || c.N < 0 {
				return nil
			}
			cells[j] = c.N
		}
		g.Cells = append(g.Cells, cells)
	}
	g.Rows, g.Cols = render.AxisRange(0, int64(len(rows)-1)), render.AxisRange(0, int64(width-1))
	return g
}
