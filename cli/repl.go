package cli

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/peterh/liner"

	"github.com/grundy-lang/grundy/repl"
)

// repl starts the interactive shell after loading the files given. On a
// terminal it edits lines and keeps history; otherwise (input piped in) it runs
// the entries as a script and exits non-zero if one failed.
func (r *runner) repl(ctx context.Context, args []string, stdin io.Reader) int {
	o, files, ok := r.parseFlags("repl", args)
	if !ok {
		return exitError
	}
	s := repl.New(r.newInterp(o), r.stdout, r.stderr)
	term := interactive(stdin, r.stdout)
	if term {
		fmt.Fprintln(r.stdout, repl.Banner)
	}
	for _, f := range files {
		s.Do(ctx, ":load "+f)
	}
	if term {
		return s.Terminal(repl.HistoryFile())
	}
	return s.Piped(ctx, stdin)
}

// interactive reports whether the shell talks to a person: standard input is
// the process's own and a terminal, and so is standard output (seen through the
// writers the command line wraps it in).
func interactive(stdin io.Reader, stdout io.Writer) bool {
	if stdin != io.Reader(os.Stdin) {
		return false
	}
	if _, err := liner.TerminalMode(); err != nil {
		return false
	}
	return isTerminal(stdout)
}
