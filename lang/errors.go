package lang

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is a located error: where, and what was expected or went wrong.
type Error struct {
	Pos Position
	Msg string
	// Src is the source text Pos refers to, when known, for showing the line.
	Src string
	// Notes say where the error was reached from, innermost first, e.g.
	// "t.game:4:7: reached from print sg(Kayles(5))".
	Notes []string
	// Incomplete is true for a syntax error at the end of the input: the text is
	// a valid beginning (an open bracket, a pending operator), so a shell may ask
	// for more lines.
	Incomplete bool
	// Cause is the error this one locates, if any: a stop (an interrupt, a
	// time limit, a budget) that happened while the statement at Pos ran.
	Cause error
}

// Unwrap returns the error this one locates, so that errors.Is and errors.As
// still find an interrupt or a limit behind its place.
func (e *Error) Unwrap() error { return e.Cause }

// IsIncomplete reports whether err is a syntax error only because the input
// ended too soon.
func IsIncomplete(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Incomplete
}

func (e *Error) Error() string {
	if e.Pos.Line == 0 {
		if e.Pos.Filename != "" {
			return e.Pos.Filename + ": " + e.Msg
		}
		return e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Msg)
}

// Errors is a list of errors found together (for instance by the checker).
type Errors []*Error

func (es Errors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Errorf makes a located error.
func Errorf(pos Position, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Format renders an error for a person: "file:line:col: message", then the source
// line and a caret under the column.
func (e *Error) Format() string {
	src := e.Src
	var b strings.Builder
	b.WriteString(e.Error())
	if e.Pos.Line == 0 {
		return b.String()
	}
	line, ok := sourceLine(src, e.Pos.Line)
	if !ok {
		return b.String()
	}
	line = strings.TrimRight(line, "\r")
	shown, caret := shownLine(line, byteOffset(line, e.Pos.Column))
	b.WriteString("\n    ")
	b.WriteString(shown)
	b.WriteString("\n    ")
	b.WriteString(strings.Repeat(" ", caret))
	b.WriteString("^")
	for _, n := range e.Notes {
		b.WriteString("\n" + n)
	}
	return b.String()
}

// sourceLine returns line n (from 1) of src, without its newline, found
// without splitting the whole source (a file of one long line and thousands
// of errors on it split it once for each).
func sourceLine(src string, n int) (string, bool) {
	for ; n > 1; n-- {
		i := strings.IndexByte(src, '\n')
		if i < 0 {
			return "", false
		}
		src = src[i+1:]
	}
	if i := strings.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	return src, true
}

// Column returns the column of byte offset off in line: columns count
// characters (runes), from 1, as positions do.
func Column(line string, off int) int {
	off = min(max(off, 0), len(line))
	return utf8.RuneCountInString(line[:off]) + 1
}

// byteOffset returns the byte offset in line of column col (in characters,
// from 1): len(line) for a column past its end.
func byteOffset(line string, col int) int {
	for i := range line {
		if col <= 1 {
			return i
		}
		col--
	}
	return len(line)
}

// maxShown is the most characters of a source line an error shows: a longer
// line is cut to the part around the column.
const maxShown = 100

// shownLine returns a source line as an error shows it, and the column of the
// caret under byte offset col: tabs become spaces, other control characters
// (an escape, a bell) are written as escapes such as \x1b so that they do
// nothing to the terminal, and a line longer than maxShown is cut to the part
// around col, with "…" where it is cut.
func shownLine(line string, col int) (shown string, caret int) {
	for i := range line { // the runes that start before col
		if i >= col {
			break
		}
		caret++
	}
	// Only the runes shown are written out: a line of 10^5 characters with an
	// error in it costs as little as a short one.
	from, to := 0, utf8.RuneCountInString(line)
	total := to
	if to > maxShown {
		from = max(min(caret-maxShown/2, to-maxShown), 0)
		to = from + maxShown
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString("…")
	}
	caretAt, n := 0, 0
	for i := 0; i < len(line) && n < to; n++ {
		r, size := utf8.DecodeRuneInString(line[i:])
		if n >= from {
			if n == caret {
				caretAt = utf8.RuneCountInString(b.String())
			}
			switch {
			case r == '\t':
				b.WriteString(" ")
			case r == utf8.RuneError && size == 1:
				fmt.Fprintf(&b, "\\x%02x", line[i]) // not UTF-8
			case unicode.IsControl(r):
				b.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
			default:
				b.WriteRune(r)
			}
		}
		i += size
	}
	if caret >= to {
		caretAt = utf8.RuneCountInString(b.String())
	}
	if to < total {
		b.WriteString("…")
	}
	return b.String(), caretAt
}

// FormatAll renders err for a person when it is located: a *Error, or Errors one
// after the other. ok is false for any other error, which the caller words.
func FormatAll(err error) (text string, ok bool) {
	var es Errors
	var e *Error
	switch {
	case errors.As(err, &es):
		parts := make([]string, len(es))
		for i, x := range es {
			parts[i] = x.Format()
		}
		return strings.Join(parts, "\n"), true
	case errors.As(err, &e):
		return e.Format(), true
	}
	return "", false
}

// ErrorText is err as a person reads it, the one wording that the command
// line, its --json output, the shell, worksheets and the page share:
//   - a located error (a *Error, or Errors one per line): FormatAll's text,
//     with the source line, a caret and the notes;
//   - any other error: StopMessage's text, which names a stop (an interrupt,
//     the time limit) by what stopped and words every other error as it is.
//
// located reports the first case, so that a command line may put its name
// before the message of an error that names no place. timeHint says how to
// raise a time limit (as interp.Config.TimeHint), or is empty.
func ErrorText(err error, timeHint string) (text string, located bool) {
	if text, ok := FormatAll(err); ok {
		return text, true
	}
	return StopMessage(err, timeHint), false
}

// StopMessage is the message of an error that names no place: "interrupted"
// for an interrupt (context.Canceled), "stopped: the time limit was reached"
// for a deadline (context.DeadlineExceeded), followed by "; " and timeHint
// when that is not empty, and err.Error() for any other error.
func StopMessage(err error, timeHint string) string {
	switch {
	case errors.Is(err, context.Canceled):
		return "interrupted"
	case errors.Is(err, context.DeadlineExceeded):
		if timeHint != "" {
			return "stopped: the time limit was reached; " + timeHint
		}
		return "stopped: the time limit was reached"
	}
	return err.Error()
}

// Relocate makes the errors of err that point into src, a text made by
// wrapping text (shift extra lines in front of it, or its pieces padded to
// their own columns), point into text itself: a shell line or a table request
// compiled as part of a larger source. Errors from other sources are left
// alone. It returns err.
func Relocate(err error, src, text string, shift int) error {
	if err == nil || src == text {
		return err
	}
	fix := func(e *Error) {
		if e.Src != src {
			return
		}
		e.Src = text
		if e.Pos.Line > shift {
			e.Pos.Line -= shift
		}
		if lines := strings.Split(text, "\n"); e.Pos.Line >= 1 && e.Pos.Line <= len(lines) {
			e.Pos.Column = min(max(e.Pos.Column, 1), utf8.RuneCountInString(lines[e.Pos.Line-1])+1)
		}
	}
	var le *Error
	var les Errors
	switch {
	case errors.As(err, &les):
		for _, e := range les {
			fix(e)
		}
	case errors.As(err, &le):
		fix(le)
	}
	return err
}
