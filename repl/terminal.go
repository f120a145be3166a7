package repl

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/peterh/liner"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/teach"
)

// Prompts: the first line of an entry, and the lines that continue it.
const (
	prompt     = "> "
	contPrompt = "... "
)

// Banner greets a person at a terminal, before any file is loaded.
const Banner = `grundy: values of combinatorial games, impartial and partizan. :help for help, Ctrl-D to leave.`

// Piped reads entries from r without prompts or line editing, as a script, and
// returns the exit status (see Status). ctx ends the whole run when cancelled.
func (s *Session) Piped(ctx context.Context, r io.Reader) int {
	br := bufio.NewReader(r)
	// :play reads the person's moves from the same script.
	s.moves = func(context.Context) (io.Reader, bool) { return br, true }
	var er entryReader
	size := 0 // the bytes of the entry read so far
	for !s.quit {
		line, err := readLine(ctx, br, lang.MaxSourceSize-size)
		if ctx.Err() != nil { // interrupted, perhaps while waiting for a line
			fmt.Fprintln(s.err, "interrupted")
			return 2
		}
		if errors.Is(err, errEntryTooLong) {
			fmt.Fprintln(s.err, "grundy: standard input:", err)
			return 2
		}
		if line == "" && err != nil {
			break
		}
		size += len(line)
		entry, done := er.add(trimNewline(line))
		if !done {
			continue
		}
		size = 0
		ok := s.Do(ctx, entry)
		if ctx.Err() != nil {
			if ok { // the interrupt came as the entry ended: say why the rest is not run
				fmt.Fprintln(s.err, "interrupted")
			}
			return 2
		}
	}
	if er.pending() && !s.quit {
		s.Do(ctx, er.flush()) // reports what the unfinished entry lacks
	}
	return s.Status()
}

// errEntryTooLong says that a script's entry passed lang.MaxSourceSize.
var errEntryTooLong = fmt.Errorf("an entry longer than %d MB, too large for a program", lang.MaxSourceSize>>20)

// readLine reads a line from br, its line break included, of at most limit
// bytes, or gives up when ctx is done first: a pipe that stays open without a
// line must not make an interrupt wait. Past limit it fails with
// errEntryTooLong, having held no more than the limit (a stream without line
// breaks, such as /dev/zero, cannot fill the memory). The line is read on
// another goroutine, one at a time, so that :play can read from br too while
// an entry runs; one given up on ends with the process.
func readLine(ctx context.Context, br *bufio.Reader, limit int) (string, error) {
	if ctx.Done() == nil || br.Buffered() > 0 && bytes.IndexByte(peekBuffered(br), '\n') >= 0 {
		return readLimited(br, limit) // cannot be cancelled, or will not wait
	}
	type result struct {
		line string
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		line, err := readLimited(br, limit)
		ch <- result{line, err}
	}()
	select {
	case r := <-ch:
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// readLimited reads a line of at most limit bytes (see readLine).
func readLimited(br *bufio.Reader, limit int) (string, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > limit {
			return "", errEntryTooLong
		}
		line = append(line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return string(line), err
		}
	}
}

// peekBuffered returns what br holds already, without reading.
func peekBuffered(br *bufio.Reader) []byte {
	b, _ := br.Peek(br.Buffered())
	return b
}

func trimNewline(line string) string {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		return line[:n-1]
	}
	return line
}

// Terminal runs the interactive shell on the process's terminal (standard input
// and output must be one): line editing, tab completion, history kept in
// historyFile ("" for none), and Ctrl-C stopping only the computation under way.
// It returns the exit status, 0 unless the terminal failed.
func (s *Session) Terminal(historyFile string) int {
	// Entries run with the terminal in the mode it had before the shell (lines
	// echoed and edited by the terminal, Ctrl-C and Ctrl-D as usual), so that
	// :play reads the person's moves as any program would.
	s.moves = func(ctx context.Context) (io.Reader, bool) { return stdinUntil{ctx}, false }
	normal := currentMode()
	ln := liner.NewLiner()
	defer ln.Close() // back to the normal mode
	defer restoreOnTermination(normal)()
	editing := currentMode()
	if liner.TerminalSupported() { // otherwise liner reads plain lines
		editing = editing.keyInterrupts()
	}
	ln.SetCtrlCAborts(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	ln.SetWordCompleter(s.complete)
	hist := &history{path: historyFile}
	hist.load(ln)
	if liner.TerminalSupported() {
		// :play reads moves with the same line editor, with a history of
		// its own: the shell's is put aside until the game ends.
		s.playLines = func() (func(string) (string, error), func()) {
			var saved bytes.Buffer
			ln.WriteHistory(&saved)
			ln.ClearHistory()
			return moveReader(ln, editing, normal), func() {
				ln.ClearHistory()
				ln.ReadHistory(&saved)
			}
		}
	}

	// Interrupts are ours for the whole session: while a line is read, Ctrl-C
	// is a key that drops it; while an entry runs, it cancels that entry.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)

	var er entryReader
	for !s.quit {
		p := prompt
		if er.pending() {
			p = contPrompt
		}
		// Ctrl-C becomes a key before the prompt shows, so a Ctrl-C typed at
		// the prompt reaches liner and never cancels the next entry. (liner
		// prints the prompt before it takes the key over itself.)
		editing.apply()
		line, err := ln.Prompt(p)
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			er.flush() // Ctrl-C drops the line and any unfinished entry
			continue
		case errors.Is(err, io.EOF):
			fmt.Fprintln(s.out)
			return 0
		case err != nil:
			fmt.Fprintln(s.err, "grundy: cannot read the terminal:", err)
			return 2
		}
		entry, done := er.add(line)
		if !done {
			continue
		}
		if item := historyItem(entry); item != "" {
			ln.AppendHistory(item)
			hist.add(item)
		}
		// Any interrupt queued now came before the prompt: too late for the
		// last entry and not meant for this one.
		for len(sigs) > 0 {
			<-sigs
		}
		normal.apply()
		s.runInterruptible(sigs, entry)
	}
	return 0
}

// moveReader reads a person's moves in play with ln (teach.PlayOptions.ReadLine):
// the terminal is in mode editing during the prompt, so that Ctrl-C there is a
// key (liner prints the prompt before it takes the keys over itself), and
// back in mode normal after it, so that Ctrl-C stops the computer's thinking.
// Ctrl-C at the prompt is teach.ErrStopped; each move goes into the history.
func moveReader(ln *liner.State, editing, normal ttyMode) func(prompt string) (string, error) {
	return func(prompt string) (string, error) {
		editing.apply()
		line, err := ln.Prompt(prompt)
		normal.apply()
		if errors.Is(err, liner.ErrPromptAborted) {
			return "", teach.ErrStopped
		}
		if err == nil && strings.TrimSpace(line) != "" {
			ln.AppendHistory(line)
		}
		return line, err
	}
}

// PlayLines reads a person's moves on the terminal for grundy play, as :play
// in the shell does: line editing, the moves' history, Ctrl-C at the prompt
// stopping the game and Ctrl-C while the computer thinks stopping that. Stop
// puts the terminal back as it was. Standard input and output must be a
// terminal that liner supports.
func PlayLines() (read func(prompt string) (string, error), stop func()) {
	normal := currentMode()
	ln := liner.NewLiner()
	editing := currentMode().keyInterrupts()
	ln.SetCtrlCAborts(true)
	unwatch := restoreOnTermination(normal)
	normal.apply()
	return moveReader(ln, editing, normal), func() {
		unwatch()
		ln.Close()
		normal.apply()
	}
}

// runInterruptible runs one entry with a context that an interrupt cancels.
func (s *Session) runInterruptible(sigs chan os.Signal, entry string) {
	ctx, cancel := context.WithCancel(context.Background())
	finished, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-sigs:
			cancel()
		case <-finished:
		}
	}()
	stop := func() {}
	if !waitsForPerson(entry) {
		stop = s.showProgress(entry)
	}
	s.Do(ctx, entry)
	stop()
	close(finished)
	// The watcher must be gone before the next entry runs: left waiting, it
	// could take that entry's interrupt and cancel this finished one.
	<-watched
	cancel()
}

// waitsForPerson reports whether entry is a command that reads the person's
// input while it runs.
func waitsForPerson(entry string) bool {
	if !isCommand(entry) {
		return false
	}
	c, _, err := parseCommand(entry)
	return err == nil && c.waits
}

// showProgress draws a line on the terminal while an entry runs for more than
// a second (see render.Progress): how long it has run, the positions solved
// so far (or the heaps of a take-and-break table), and how to stop. The
// returned function erases it.
func (s *Session) showProgress(entry string) (stop func()) {
	now := s.now
	if now == nil {
		now = time.Now
	}
	p := render.NewProgressClock(s.out.(*output).w, words.Abbreviate(historyItem(entry), 40), now)
	base := s.in.SolverStats().Positions
	s.in.Config.OnProgress = func(n int) { p.Solved(int64(max(n-base, 0))) }
	s.in.Config.OnStatus = p.Status
	s.in.Config.OnHeaps = p.Heaps
	s.progress = p
	return func() {
		p.Stop()
		s.progress = nil
		s.in.Config.OnProgress = nil
		s.in.Config.OnStatus = nil
		s.in.Config.OnHeaps = nil
	}
}
