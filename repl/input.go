package repl

import (
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// entryReader gathers lines into entries: an entry is complete when it is a
// :command or when it parses (or fails to parse for a reason other than running
// out of input).
type entryReader struct {
	lines []string
}

// add appends a line and returns the entry when it is complete.
func (r *entryReader) add(line string) (entry string, done bool) {
	r.lines = append(r.lines, strings.TrimRight(line, "\r"))
	entry = strings.Join(r.lines, "\n")
	if (len(r.lines) == 1 && isCommand(entry)) || !incomplete(entry) {
		r.lines = nil
		return entry, true
	}
	return "", false
}

// pending reports whether an unfinished entry is waiting for more lines.
func (r *entryReader) pending() bool { return len(r.lines) > 0 }

// flush returns the unfinished entry and forgets it.
func (r *entryReader) flush() string {
	entry := strings.Join(r.lines, "\n")
	r.lines = nil
	return entry
}

// incomplete reports whether src fails to parse only because it ends too soon:
// an open brace or bracket, or an operator still waiting for its operand.
func incomplete(src string) bool {
	_, err := lang.Parse(filename, src)
	return lang.IsIncomplete(err)
}

// historyItem turns an entry into one line for the history, so that a
// multi-line declaration comes back whole: comments are dropped and lines
// joined. (An entry only continues where a line break does not matter.)
func historyItem(entry string) string {
	var parts []string
	for line := range strings.SplitSeq(entry, "\n") {
		if l := strings.TrimSpace(stripComment(line)); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}

// stripComment cuts a line at a # that is not inside a string.
func stripComment(line string) string {
	inString := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == '#':
			return line[:i]
		}
	}
	return line
}
