package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Progress reports on a long computation with one line on a terminal,
// redrawn in place with a carriage return:
//
//	1,234,567 positions, 412,345/s  Kayles(1000000)
//
// It draws nothing in its first tenth of a second, so quick computations
// leave no trace, and then at most ten times per second however often
// Update is called. When the output is not a terminal it writes nothing
// at all. Its methods may be called from several goroutines at once.
type Progress struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	now      func() time.Time
	start    time.Time
	last     time.Time // when the line was last drawn (start if never)
	shown    int       // width of the line on screen; 0 if none
	finished bool
}

// progressInterval is the least time between two redraws.
const progressInterval = 100 * time.Millisecond

// progressWidth is the widest line drawn: a line that wraps cannot be
// redrawn in place.
const progressWidth = 79

// NewProgress returns a Progress that writes to w, which is a terminal if
// terminal is true. Its clock starts now.
func NewProgress(w io.Writer, terminal bool) *Progress {
	return newProgress(w, terminal, time.Now)
}

// newProgress is NewProgress with a clock.
func newProgress(w io.Writer, terminal bool, now func() time.Time) *Progress {
	t := now()
	return &Progress{w: w, terminal: terminal, now: now, start: t, last: t}
}

// Update reports that done positions have been solved so far; detail, if
// not empty, says what is being computed. It redraws the line with the
// count, the mean rate since the Progress was made, and the detail,
// unless a tenth of a second has not passed since the last redraw, the
// output is not a terminal, or Done has been called.
func (p *Progress) Update(done int64, detail string) {
	if !p.terminal {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	t := p.now()
	if t.Sub(p.last) < progressInterval {
		return
	}
	p.last = t
	line := groupDigits(done) + " positions"
	if secs := t.Sub(p.start).Seconds(); secs > 0 {
		line += ", " + groupDigits(int64(float64(done)/secs)) + "/s"
	}
	if detail = strings.Join(strings.Fields(detail), " "); detail != "" {
		line += "  " + detail
	}
	r := []rune(line)
	if len(r) > progressWidth {
		r = append(r[:progressWidth-1], '…')
	}
	pad := max(0, p.shown-len(r))
	fmt.Fprintf(p.w, "\r%s%s", string(r), strings.Repeat(" ", pad))
	p.shown = len(r)
}

// Done clears the progress line, if one is shown, and ends the report:
// later calls of Update write nothing. Calling Done again does nothing.
func (p *Progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.finished = true
	if p.terminal && p.shown > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.shown))
		p.shown = 0
	}
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
