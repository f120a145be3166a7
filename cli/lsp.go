package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/grundy-lang/grundy/lsp"
)

// languageServer is grundy lsp: the language server, on standard input and
// output, for editors.
func (r *runner) languageServer(ctx context.Context, args []string, stdin io.Reader) int {
	if len(args) > 0 {
		fmt.Fprintf(r.stderr, "grundy lsp: unexpected %q; the server takes no arguments (an editor starts it and talks to it on standard input and output)\n", args[0])
		return exitError
	}
	s := lsp.NewServer()
	s.Version = version()
	err := s.Serve(ctx, stdin, r.stdout)
	switch {
	case errors.Is(err, lsp.ErrNoShutdown):
		return exitFailed
	case err != nil:
		fmt.Fprintln(r.stderr, "grundy lsp:", err)
		return exitError
	}
	return exitOK
}
