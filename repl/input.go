package repl

import (
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// entryReader gathers lines into entries: an entry is complete when it is a
// :command or when it parses (or fails to parse for a reason other than running
// out of input).
//
// Parsing the whole entry again at every line made an entry of n lines cost n²
// (an 8,000-line list took 50 s piped), so the reader counts the brackets left
// open as lines come: a line that leaves one open cannot complete the entry,
// and the entry is then parsed only when its lines have doubled since the
// last parse, to report a syntax error inside the brackets without waiting for
// them to close. The cost is linear in the entry.
type entryReader struct {
	text  strings.Builder
	lines int
	depth int // brackets open at the end of the text
	// parseAt is the number of lines at which an entry inside brackets is
	// parsed anyway.
	parseAt int
}

// add appends a line and returns the entry when it is complete.
func (r *entryReader) add(line string) (entry string, done bool) {
	line = strings.TrimRight(line, "\r")
	if r.lines > 0 {
		r.text.WriteByte('\n')
	}
	r.text.WriteString(line)
	r.lines++
	r.depth += bracketDepth(line)
	entry = r.text.String()
	if r.lines == 1 && isCommand(entry) {
		r.reset()
		return entry, true
	}
	if r.depth > 0 && r.lines < r.parseAt {
		return "", false
	}
	if !incomplete(entry) {
		r.reset()
		return entry, true
	}
	r.parseAt = 2 * r.lines
	return "", false
}

func (r *entryReader) reset() { *r = entryReader{} }

// pending reports whether an unfinished entry is waiting for more lines.
func (r *entryReader) pending() bool { return r.lines > 0 }

// flush returns the unfinished entry and forgets it.
func (r *entryReader) flush() string {
	entry := r.text.String()
	r.reset()
	return entry
}

// bracketDepth returns how many brackets a line opens, less those it closes,
// outside strings and comments.
func bracketDepth(line string) int {
	d := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '#':
			return d
		case '"':
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			d++
		case ')', ']', '}':
			d--
		}
	}
	return d
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
