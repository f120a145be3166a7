// Package repl is grundy's interactive shell: a thin loop over an interp.Interp
// that reads entries (source text or :commands), runs them in one long-lived
// session and prints their values. Entries that are unfinished (an open brace,
// a dangling operator) continue on a "..." line until they parse.
//
// A Session runs either on a terminal, with line editing, history and tab
// completion (Terminal), or on any reader without prompts (Piped), which is how
// scripts and tests drive it.
package repl

import (
	"context"
	"errors"
	"fmt"
	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/teach"
	"io"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// filename is the name entries are parsed under, so errors read "repl:LINE:COL".
const filename = "repl"

// Session is one REPL session: an interpreter, the files loaded into it and the
// shell's own settings. It is not safe for concurrent use.
type Session struct {
	in       *interp.Interp
	out, err io.Writer // both end a progress line before they write

	progress *render.Progress // the progress line of the entry running, if any
	now      func() time.Time // the progress line's clock; nil for time.Now (tests move their own)

	files      []*loadedFile
	timing     bool
	quit       bool
	pendingDoc string // comment lines entered just before a declaration

	errors       int // entries that failed
	checksFailed int // checks that failed

	// moves returns where :play reads the person's moves while an entry runs
	// with ctx, and whether they come from a script (and so are echoed); nil
	// when there is nowhere to read them from.
	moves func(ctx context.Context) (r io.Reader, script bool)
	// playLines, on a terminal with line editing, gives :play a line reader
	// (teach.PlayOptions.ReadLine) and what to call when the game ends.
	playLines func() (read func(prompt string) (string, error), done func())
}

// New returns a session over in, printing results to out and errors to errw. The
// interpreter may already hold definitions (a standard library, for instance).
func New(in *interp.Interp, out, errw io.Writer) *Session {
	s := &Session{in: in}
	s.out, s.err = &output{s, out}, &output{s, errw}
	in.Out, in.Diag = s.out, s.err
	in.OnValue = func(v interp.Value) { fmt.Fprintln(s.out, shown(v)) }
	in.Config.PositionsHint = ":clear drops the memo tables; grundy repl --max-positions N starts a shell with a larger limit"
	in.Config.MemoryHint = ":clear drops the memo tables; grundy repl --max-memory SIZE starts a shell with a larger budget"
	return s
}

// Do runs one complete entry: a :command or source text. Errors are printed and
// counted, never returned: the session goes on with its state intact. It
// reports whether the entry succeeded.
func (s *Session) Do(ctx context.Context, entry string) bool {
	start, solved := time.Now(), s.in.SolverStats().Positions
	var err error
	timed := true
	if isCommand(entry) {
		var cmd *command
		var inv invocation
		cmd, inv, err = parseCommand(entry)
		if err == nil {
			timed = cmd.timed
			err = cmd.run(s, ctx, inv)
		}
	} else {
		err = s.source(ctx, entry)
	}
	if err != nil {
		s.report(err)
		s.errors++
	}
	if s.timing && timed && strings.TrimSpace(entry) != "" {
		fmt.Fprintf(s.out, "time %s", roundDuration(time.Since(start)))
		if n := s.in.SolverStats().Positions - solved; n > 0 {
			fmt.Fprintf(s.out, ", %s solved", words.Plural(n, "new position"))
		}
		fmt.Fprintln(s.out)
	}
	return err == nil
}

// Status is the exit status a script run through the session should end with:
// 2 if an entry failed, 1 if a check failed, 0 otherwise (as for grundy run).
func (s *Session) Status() int {
	switch {
	case s.errors > 0:
		return 2
	case s.checksFailed > 0:
		return 1
	}
	return 0
}

// output is a stream of the session: the progress line, if one is shown, is
// cleared before anything is written (it comes back after a second of quiet).
type output struct {
	s *Session
	w io.Writer
}

func (o *output) Write(p []byte) (int, error) {
	if o.s.progress != nil {
		o.s.progress.Clear()
	}
	return o.w.Write(p)
}

// source runs source text. A comment-only entry is kept as the doc comment of a
// declaration that follows it.
func (s *Session) source(ctx context.Context, entry string) error {
	if isCommentOnly(entry) {
		// Comment lines gather into the doc of a declaration that follows at
		// once; a blank line ends them, as in a file.
		switch {
		case strings.TrimSpace(entry) == "":
			s.pendingDoc = ""
		case s.pendingDoc != "":
			s.pendingDoc += "\n" + entry
		default:
			s.pendingDoc = entry
		}
		return nil
	}
	src, shift := entry, 0
	if s.pendingDoc != "" && startsDeclaration(entry) {
		src = s.pendingDoc + "\n" + entry
		shift = strings.Count(s.pendingDoc, "\n") + 1
	}
	s.pendingDoc = ""
	before := s.in.Checks
	err := s.in.Run(ctx, filename, src)
	s.checkSummary(before)
	return lang.Relocate(err, src, entry, shift)
}

// checkSummary says how the checks run since before went.
func (s *Session) checkSummary(before interp.CheckStats) {
	after := s.in.Checks
	failed := after.Failed - before.Failed
	passed := after.Passed - before.Passed
	s.checksFailed += failed
	if passed > 0 && failed == 0 {
		fmt.Fprintf(s.out, "ok: %s passed (%s)\n", words.Plural(passed, "check"), words.Plural(after.Cases-before.Cases, "case"))
	}
}

// report prints an error the way files report them.
func (s *Session) report(err error) {
	if errors.Is(err, context.Canceled) {
		// The shell words an interrupt without its place, and says what it keeps.
		msg := lang.StopMessage(err, "")
		var it *teach.Interrupted
		if errors.As(err, &it) {
			msg = it.Error()
		}
		fmt.Fprintln(s.err, msg+" (what was solved so far is kept)")
		return
	}
	text, _ := lang.ErrorText(err, "")
	fmt.Fprintln(s.err, text)
}

// isCommand reports whether an entry is a :command.
func isCommand(entry string) bool {
	return strings.HasPrefix(strings.TrimLeft(entry, " \t"), ":")
}

// isCommentOnly reports whether an entry holds only comments and blank lines.
func isCommentOnly(entry string) bool {
	for line := range strings.SplitSeq(entry, "\n") {
		if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
			return false
		}
	}
	return true
}

// startsDeclaration reports whether an entry begins with a game or fn declaration.
func startsDeclaration(entry string) bool {
	f := strings.Fields(entry)
	return len(f) > 0 && (f[0] == "game" || f[0] == "fn")
}

// roundDuration keeps three significant digits or so.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string { return words.Thousands(n) }

// bytesize writes a memory size for a person.
func bytesize(n int) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
