package cli

import (
	"io"
	"os"
	"sync"

	"golang.org/x/term"

	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/solver"
)

// progress shows how a long computation advances, on a terminal: a line with
// the positions solved and the rate, redrawn in place (see render.Progress).
// Whatever the command writes clears the line first, and the next report
// starts a new one, so the line never mixes with the output.
type progress struct {
	w      io.Writer // the terminal
	mu     sync.Mutex
	line   *render.Progress
	base   int // positions solved when the current line started
	solved int // positions solved at the last report
}

// newProgress returns a progress line written to w, a terminal.
func newProgress(w io.Writer) *progress {
	return &progress{w: w, line: render.NewProgress(w, true)}
}

// watch reports the progress of a solver.
func (p *progress) watch(s *solver.Solver) {
	s.OnProgress = func(n int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if n < p.solved { // a new session counts from 0
			p.base = 0
		}
		p.solved = n
		p.line.Update(int64(n-p.base), "")
	}
}

// clear removes the line, if one is shown; the next report starts a new line,
// counting from the positions solved so far.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line.Done()
	p.line = render.NewProgress(p.w, true)
	p.base = p.solved
}

// done removes the line for good.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line.Done()
}

// clearing is an output stream that clears the progress line before each write.
type clearing struct {
	w io.Writer
	p *progress
}

func (c *clearing) Write(b []byte) (int, error) {
	c.p.clear()
	return c.w.Write(b)
}

// isTerminal reports whether a stream of the command is a terminal.
func isTerminal(stream any) bool {
	if c, ok := stream.(*clearing); ok {
		stream = c.w
	}
	f, ok := stream.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// showProgress makes the runner draw a progress line on stderr while its
// sessions compute, if stderr is a terminal. It returns a function that
// removes the line at the end of the command.
func (r *runner) showProgress() (stop func()) {
	if !isTerminal(r.stderr) {
		return func() {}
	}
	p := newProgress(r.stderr)
	r.progress = p
	r.stdout, r.stderr = &clearing{r.stdout, p}, &clearing{r.stderr, p}
	return p.done
}
