package render

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/words"
)

// Progress reports on a long computation with one line on a terminal,
// redrawn in place with a carriage return:
//
//	sg(Kayles(1000000)): 12s, 1,234,567 positions, 102,880/s (Ctrl-C stops)
//
// or, while a native take-and-break table grows (see Heaps),
//
//	grundy eval: 9s, GrundysGame: 1,003,520 heaps, 111,502/s (Ctrl-C stops)
//
// The line appears once the computation has run for a second, whatever the
// number of positions solved (a few positions with many moves each can take
// long too), and is redrawn four times a second by its own goroutine. Clear
// takes it off the screen before other output; it comes back after a second
// without output. The shell and the command line both use it. Its methods
// may be called from several goroutines at once.
type Progress struct {
	mu       sync.Mutex
	w        io.Writer
	label    string
	now      func() time.Time
	start    time.Time
	quiet    time.Time // no line before this time: a second after start or the last Clear
	solved   int64
	status   string // what the computation is at, in a few words
	table    string // the table whose heaps are counted, or ""
	heaps    int64  // the heaps it holds
	heaps0   int64  // and held when first told, at heapsT0: the rate counts from there
	heapsT0  time.Time
	shown    int    // runes on screen; 0 if none
	last     string // the line drawn last
	finished bool
	stop     chan struct{}
}

// ProgressDelay is how long a computation or its output must have been
// quiet before the line is drawn. Tests of whole commands set it to 0, so
// that a line is drawn as soon as a Progress starts (and they can tell,
// without waiting a second, whether one was started).
var ProgressDelay = time.Second

// progressTick is how often the line is redrawn.
const progressTick = 250 * time.Millisecond

// progressWidth is the widest line drawn: a line that wraps cannot be
// redrawn in place.
const progressWidth = 79

// NewProgress starts a progress line on w, a terminal; label, if not empty,
// says what is computed. Stop ends it.
func NewProgress(w io.Writer, label string) *Progress {
	return NewProgressClock(w, label, time.Now)
}

// NewProgressClock is NewProgress reading the time from now, which tests
// move on by hand: the line is still redrawn four times a second.
func NewProgressClock(w io.Writer, label string, now func() time.Time) *Progress {
	p := newProgress(w, label, now)
	p.tick() // drawn at once when ProgressDelay is 0
	go p.run()
	return p
}

// newProgress is NewProgress with a clock and no goroutine: tests call tick.
func newProgress(w io.Writer, label string, now func() time.Time) *Progress {
	t := now()
	label = strings.Join(strings.Fields(label), " ")
	return &Progress{w: w, label: label, now: now, start: t, quiet: t.Add(ProgressDelay), stop: make(chan struct{})}
}

// run redraws the line until Stop.
func (p *Progress) run() {
	t := time.NewTicker(progressTick)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.tick()
		}
	}
}

// Solved reports how many positions have been solved so far.
func (p *Progress) Solved(n int64) {
	p.mu.Lock()
	p.solved = n
	p.mu.Unlock()
}

// Heaps reports how many heaps the table named table (a take-and-break
// game or code) holds so far; the line shows them, and how many a second it
// has computed since it was first reported, after the table's name unless
// the label has it.
func (p *Progress) Heaps(table string, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if table != p.table || int64(n) < p.heaps {
		p.table, p.heaps0, p.heapsT0 = table, int64(n), p.now()
	}
	p.heaps = int64(n)
}

// Status reports, in a few words, the step the computation is at; the line shows it
// after the positions.
func (p *Progress) Status(s string) {
	p.mu.Lock()
	p.status = s
	p.mu.Unlock()
}

// tick redraws the line, if the time has come.
func (p *Progress) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	t := p.now()
	if p.finished || t.Before(p.quiet) {
		return
	}
	d := t.Sub(p.start)
	line := fmt.Sprintf("%ds", int(d.Seconds()))
	if p.label != "" {
		line = p.label + ": " + line
	}
	if p.solved > 0 {
		line += ", " + words.Plural(p.solved, "position")
		if secs := d.Seconds(); secs > 0 {
			line += ", " + words.Thousands(int64(float64(p.solved)/secs)) + "/s"
		}
	}
	if p.table != "" {
		line += ", "
		if !strings.Contains(p.label, p.table) { // sg(GrundysGame(10000000)) names it already
			line += p.table + ": "
		}
		line += words.Plural(p.heaps, "heap")
		if secs := t.Sub(p.heapsT0).Seconds(); secs > 0 && p.heaps > p.heaps0 {
			line += ", " + words.Thousands(int64(float64(p.heaps-p.heaps0)/secs)) + "/s"
		}
	}
	if p.status != "" {
		line += ", " + p.status
	}
	line = words.Abbreviate(line+" (Ctrl-C stops)", progressWidth)
	if line == p.last {
		return
	}
	p.last = line
	n := utf8.RuneCountInString(line)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", max(0, p.shown-n)))
	p.shown = n
}

// Clear takes the line off the screen, before other output; it is drawn
// again after a second without output.
func (p *Progress) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	p.quiet = p.now().Add(ProgressDelay)
}

// erase erases the line, if one is shown, and the two characters after it,
// where a terminal echoes the "^C" typed to stop the computation.
func (p *Progress) erase() {
	if p.shown > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.shown+len(ctrlCEcho)))
		p.shown, p.last = 0, ""
	}
}

// ctrlCEcho is what a terminal prints when Ctrl-C is typed.
const ctrlCEcho = "^C"

// Stop erases the line for good and ends its goroutine. Calling Stop again
// does nothing.
func (p *Progress) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.finished = true
	p.erase()
	close(p.stop)
}

// Writer returns a stream that clears the line before each write to w.
func (p *Progress) Writer(w io.Writer) io.Writer { return &clearing{w, p} }

// clearing is an output stream that clears a progress line before each write.
type clearing struct {
	w io.Writer
	p *Progress
}

func (c *clearing) Write(b []byte) (int, error) {
	c.p.Clear()
	return c.w.Write(b)
}

// Underlying returns the stream a Writer writes to, or w itself.
func Underlying(w io.Writer) io.Writer {
	if c, ok := w.(*clearing); ok {
		return c.w
	}
	return w
}
