package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/sheet"
)

// runWorksheet is grundy run --html/--markdown: it runs the file and writes
// the program with what each statement showed into a self-contained file.
func (r *runner) runWorksheet(ctx context.Context, o *options, file string) int {
	src, err := lang.ReadSource(file)
	if err != nil {
		return r.report(fmt.Errorf("cannot read %s: %w", file, errors.Unwrap(err)))
	}
	s := sheet.Run(ctx, r.newInterp(o), file, src)
	for _, out := range []struct {
		path  string
		write func(*bytes.Buffer, *sheet.Sheet) error
	}{
		{o.html, func(b *bytes.Buffer, s *sheet.Sheet) error { return sheet.WriteHTML(b, s) }},
		{o.markdown, func(b *bytes.Buffer, s *sheet.Sheet) error { return sheet.WriteMarkdown(b, s) }},
	} {
		if out.path == "" {
			continue
		}
		var b bytes.Buffer
		out.write(&b, s) // writing to a buffer cannot fail
		if err := os.WriteFile(out.path, b.Bytes(), 0o644); err != nil {
			return r.report(err)
		}
		fmt.Fprintf(r.stderr, "wrote %s\n", out.path)
	}
	if s.Err != nil {
		return r.report(s.Err)
	}
	if c := s.Checks; c.Passed+c.Failed > 0 {
		fmt.Fprintf(r.stderr, "checks: %d passed, %d failed (%d cases)\n", c.Passed, c.Failed, c.Cases)
	}
	if s.Checks.Failed > 0 {
		return exitFailed
	}
	return exitOK
}
