package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/grundy-lang/grundy/format"
	"github.com/grundy-lang/grundy/lang"
	"github.com/rogpeppe/go-internal/diff"
)

// formatFiles is grundy fmt: each file (standard input when none is named)
// laid out canonically and printed, or with -l, -w and -d listed, rewritten
// or shown as a diff. A file that does not parse is left alone and its error
// reported.
func (r *runner) formatFiles(args []string, stdin io.Reader) int {
	o, files, ok := r.parseFlags("fmt", args)
	if !ok {
		return exitError
	}
	if len(files) == 0 {
		if o.fmtWrite {
			fmt.Fprintln(r.stderr, "grundy fmt: -w rewrites files: name them, e.g. grundy fmt -w game.game")
			return exitError
		}
		src, err := io.ReadAll(io.LimitReader(stdin, lang.MaxSourceSize+1))
		if err == nil && len(src) > lang.MaxSourceSize {
			err = fmt.Errorf("larger than %d MB, too large for a program", lang.MaxSourceSize>>20)
		}
		if err != nil {
			fmt.Fprintln(r.stderr, "grundy fmt: cannot read standard input:", err)
			return exitError
		}
		return r.formatOne(o, "<standard input>", string(src))
	}
	status := exitOK
	for _, file := range files {
		src, err := lang.ReadSource(file)
		if err != nil {
			fmt.Fprintf(r.stderr, "grundy fmt: cannot read %s: %v\n", file, errors.Unwrap(err))
			status = exitError
			continue
		}
		status = max(status, r.formatOne(o, file, src))
	}
	return status
}

// formatOne formats the text src of file as the options o say.
func (r *runner) formatOne(o *options, file, src string) int {
	out, err := format.Source(file, src)
	if err != nil {
		return r.report(err)
	}
	if !o.fmtList && !o.fmtWrite && !o.fmtDiff {
		fmt.Fprint(r.stdout, out)
		return exitOK
	}
	if out == src {
		return exitOK
	}
	if o.fmtList {
		fmt.Fprintln(r.stdout, file)
	}
	if o.fmtDiff {
		r.stdout.Write(diff.Diff(file+".orig", []byte(src), file, []byte(out)))
	}
	if o.fmtWrite {
		info, err := os.Stat(file)
		if err == nil {
			err = os.WriteFile(file, []byte(out), info.Mode().Perm())
		}
		if err != nil {
			fmt.Fprintf(r.stderr, "grundy fmt: cannot write %s: %v\n", file, errors.Unwrap(err))
			return exitError
		}
	}
	return exitOK
}
