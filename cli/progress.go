package cli

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/grundy-lang/grundy/render"
)

// isTerminal reports whether a stream of the command is a terminal.
func isTerminal(stream any) bool {
	if w, ok := stream.(io.Writer); ok {
		stream = render.Underlying(w)
	}
	if c, ok := stream.(*checkedWriter); ok {
		stream = c.w
	}
	f, ok := stream.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// showProgress makes the runner draw a progress line on stderr while its
// sessions compute, if stderr is a terminal (see render.Progress): whatever
// the command writes clears the line first. It returns a function that
// removes the line at the end of the command.
func (r *runner) showProgress(label string) (stop func()) {
	if !isTerminal(r.stderr) {
		return func() {}
	}
	p := render.NewProgress(r.stderr, label)
	r.progress = p
	r.stdout, r.stderr = p.Writer(r.stdout), p.Writer(r.stderr)
	return p.Stop
}
