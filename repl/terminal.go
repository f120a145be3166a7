package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/peterh/liner"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
)

// Prompts: the first line of an entry, and the lines that continue it.
const (
	prompt     = "> "
	contPrompt = "... "
)

// Banner greets a person at a terminal, before any file is loaded.
const Banner = `grundy: Sprague-Grundy values of impartial games. :help for help, Ctrl-D to leave.`

// Piped reads entries from r without prompts or line editing, as a script, and
// returns the exit status (see Status). ctx ends the whole run when cancelled.
func (s *Session) Piped(ctx context.Context, r io.Reader) int {
	br := bufio.NewReader(r)
	// :play reads the person's moves from the same script.
	s.moves = func(context.Context) (io.Reader, bool) { return br, true }
	var er entryReader
	size := 0 // the bytes of the entry read so far
	for !s.quit {
		line, err := readLine(br, lang.MaxSourceSize-size)
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
		s.Do(ctx, entry)
		if ctx.Err() != nil {
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

// readLine reads a line, its line break included, of at most limit bytes;
// past that it fails with errEntryTooLong, having held no more than the limit
// (a stream without line breaks, such as /dev/zero, cannot fill the memory).
func readLine(br *bufio.Reader, limit int) (string, error) {
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
// so far, and how to stop. The returned function erases it.
func (s *Session) showProgress(entry string) (stop func()) {
	p := render.NewProgress(s.out.(*output).w, abbreviate(historyItem(entry), 40))
	base := s.in.SolverStats().Positions
	s.in.Config.OnProgress = func(n int) { p.Solved(int64(max(n-base, 0))) }
	s.progress = p
	return func() {
		p.Stop()
		s.progress = nil
		s.in.Config.OnProgress = nil
	}
}
