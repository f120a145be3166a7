//go:build linux

package repl

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/creack/pty"

	"github.com/grundy-lang/grundy/stdlib"
)

// TestMain lets the test binary play the shell on a pseudo-terminal: run with
// GRUNDY_REPL_CHILD=1 it is a terminal session and nothing else.
func TestMain(m *testing.M) {
	if os.Getenv("GRUNDY_REPL_CHILD") == "1" {
		s := New(stdlib.New(), os.Stdout, os.Stdout)
		os.Exit(s.Terminal(os.Getenv("GRUNDY_REPL_HISTORY")))
	}
	os.Exit(m.Run())
}

// TestTerminal drives the real terminal path through a pseudo-terminal: a
// multi-line declaration, Ctrl-C stopping a long solve with the session going
// on, Ctrl-C at the prompt, tab completion, Ctrl-D, and the history coming back
// in the next session.
func TestTerminal(t *testing.T) {
	history := filepath.Join(t.TempDir(), "state", "history")

	term := startTerminal(t, history)
	term.prompted("> ")
	term.send("game Kayles(n) {\r")
	term.prompted("\n... ")
	term.send("  move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i) }\r")
	term.prompted("\n> ")
	term.send("sg(Kayles(12))\r")
	term.prompted("\n4\r\n> ")

	// A solve that would take minutes; Ctrl-C stops it and nothing else.
	term.send("sg(Kayles(100000))\r")
	term.interrupt("interrupted")
	term.prompted("\n> ")
	term.send("[sg(Kayles(n)) for n in 0..12]\r")
	term.prompted("\n[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]\r\n> ")

	// Ctrl-C at the prompt drops the line, and an unfinished entry with it.
	term.send("sg(Kay\x03")
	term.prompted("^C\r\n> ")
	term.send("[1,\r")
	term.prompted("\n... ")
	term.send("\x03")
	term.prompted("^C\r\n> ")
	term.send("1 + 1\r")
	term.prompted("\n2\r\n> ")

	// Tab completes a game's name.
	term.send("sg(Kayl\t(5))\r")
	term.prompted("\n4\r\n> ")

	term.send("\x04")
	term.exit()
	data, err := os.ReadFile(history)
	if err != nil {
		t.Fatal("no history written:", err)
	}
	const decl = "game Kayles(n) { move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i) }"
	if !strings.Contains(string(data), decl+"\n") {
		t.Fatalf("the declaration is not one history item:\n%s", data)
	}

	// The next session has the history: six entries up is the declaration.
	term = startTerminal(t, history)
	term.prompted("> ")
	term.send(strings.Repeat("\x1b[A", 6) + "\r")
	term.prompted("\n> ")
	term.send("sg(Kayles(7))\r")
	term.prompted("\n2\r\n> ")
	term.send(":quit\r")
	term.exit()
}

// TestTerminalPlay plays in the shell: the terminal echoes the person's moves
// and Enter ends one; quit, Ctrl-C and Ctrl-D each end a game and the shell
// goes on.
func TestTerminalPlay(t *testing.T) {
	term := startTerminal(t, "")
	term.prompted("> ")
	term.send(":play Nim(3) + Nim(5)\r")
	term.expect("Your move> ")
	term.send("hint\r")
	term.expect("hint\r\nHint: take 2 from Nim(5) -> Nim(3) leads to a P-position")
	term.expect("Your move> ")
	term.send("take 2 from Nim(5)\r")
	term.expect("take 2 from Nim(5)\r\nYou: take 2 from Nim(5) -> Nim(3)\r\nComputer: ")
	term.expect("Your move> ")
	term.send("quit\r")
	term.prompted("quit\r\nYou stopped the game.\r\n> ")

	// Moves are read with line editing and a history of their own: up
	// recalls the move typed before, not a shell entry; Ctrl-C at the prompt
	// stops the game, it is not an interrupted computation; and afterwards up
	// at the shell's prompt recalls the shell's entry, not a move.
	term.send(":play Nim(2)\r")
	term.expect("Your move> ")
	term.send("moves\r")
	term.expect("  2  take 2 -> Nim(0)")
	term.expect("Your move> ")
	term.send("\x1b[A\r")
	term.expect("Your move> moves")
	term.expect("  2  take 2 -> Nim(0)")
	term.expect("Your move> ")
	term.send("\x03")
	term.prompted("^C\r\nYou stopped the game.\r\n> ")
	term.send("\x1b[A")
	term.expect(":play Nim(2)")
	term.send("\x03")
	term.prompted("> ")
	if strings.Contains(term.out.String(), "interrupted") {
		t.Errorf("Ctrl-C at the :play prompt reported an interrupted computation:\n%q", term.out.String())
	}

	term.send(":play Nim(2)\r")
	term.expect("Your move> ")
	term.send("\x04")
	term.prompted("(The input ended; the game stops here.)\r\n> ")
	term.send("1 + 1\r")
	term.prompted("\n2\r\n> ")
	term.send("\x04")
	term.exit()
}

// TestTerminalHistorySignals runs two shells on one history file: each entry is
// in the file as soon as it is made, in the order made, though neither shell
// ends cleanly; SIGTERM and SIGHUP leave the terminal in its normal mode.
func TestTerminalHistorySignals(t *testing.T) {
	history := filepath.Join(t.TempDir(), "history")
	a, b := startTerminal(t, history), startTerminal(t, history)
	a.prompted("> ")
	b.prompted("> ")
	a.send("1 + 1\r")
	a.prompted("\n2\r\n> ")
	b.send("2 + 2\r")
	b.prompted("\n4\r\n> ")
	a.send("3 + 3\r")
	a.prompted("\n6\r\n> ")
	b.killedBy(syscall.SIGTERM)
	a.killedBy(syscall.SIGHUP)
	for _, term := range []*ptyTerm{a, b} {
		if mode := term.mode(); mode != term.normal {
			t.Errorf("the terminal was left in mode %#x, not %#x", mode, term.normal)
		}
	}
	data, err := os.ReadFile(history)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1 + 1\n2 + 2\n3 + 3\n"; string(data) != want {
		t.Fatalf("history file:\n%s\nwant:\n%s", data, want)
	}
}

// ptyTerm is a shell running on a pseudo-terminal, with everything it printed.
type ptyTerm struct {
	t      *testing.T
	cmd    *exec.Cmd
	ptmx   *os.File // our side
	tty    *os.File // the shell's side, kept to read its terminal mode
	mu     sync.Mutex
	out    bytes.Buffer
	cursor int    // expect looks after this point
	normal uint32 // the terminal's mode before the shell started
	done   chan error
}

func startTerminal(t *testing.T, history string) *ptyTerm {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skip("no pseudo-terminals here:", err)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 50, Cols: 120}); err != nil {
		t.Fatal(err)
	}
	term := &ptyTerm{t: t, ptmx: ptmx, tty: tty, done: make(chan error, 1)}
	term.normal = term.mode()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GRUNDY_REPL_CHILD=1", "GRUNDY_REPL_HISTORY="+history, "TERM=xterm")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	term.cmd = cmd
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			term.mu.Lock()
			term.out.Write(buf[:n])
			term.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	go func() { term.done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		ptmx.Close()
		tty.Close()
	})
	return term
}

const patience = 10 * time.Second

func (p *ptyTerm) send(keys string) {
	p.t.Helper()
	if _, err := p.ptmx.WriteString(keys); err != nil {
		p.t.Fatal(err)
	}
}

// seen looks for s after the cursor and moves the cursor past it.
func (p *ptyTerm) seen(s string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	i := strings.Index(p.out.String()[p.cursor:], s)
	if i < 0 {
		return false
	}
	p.cursor += i + len(s)
	return true
}

// expect waits for the shell to print s.
func (p *ptyTerm) expect(s string) {
	p.t.Helper()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if p.seen(s) {
			return
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t.Fatalf("the shell did not print %q; after the last match it printed:\n%q", s, p.out.String()[p.cursor:])
}

// prompted waits for the shell to print s, which ends with a prompt, and checks
// that Ctrl-C is already a key then: pressed at the prompt, it must reach the
// line editor rather than cancel the next entry.
func (p *ptyTerm) prompted(s string) {
	p.t.Helper()
	p.expect(s)
	if p.signalsOn() {
		p.t.Fatalf("the shell printed %q while Ctrl-C still raised a signal", s)
	}
}

// interrupt presses Ctrl-C once the entry runs (the terminal turns Ctrl-C into
// a signal again when the shell runs an entry) and waits for want. One press
// must do.
func (p *ptyTerm) interrupt(want string) {
	p.t.Helper()
	for deadline := time.Now().Add(patience); !p.signalsOn(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			p.t.Fatal("the shell never gave Ctrl-C back to the terminal")
		}
	}
	p.send("\x03")
	p.expect(want)
}

// signalsOn reports whether the shell's terminal turns Ctrl-C into SIGINT.
func (p *ptyTerm) signalsOn() bool {
	return p.mode()&syscall.ISIG != 0
}

// mode returns the local flags of the shell's terminal mode.
func (p *ptyTerm) mode() uint32 {
	var tio syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, p.tty.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&tio)))
	if errno != 0 {
		p.t.Fatal("cannot read the terminal mode:", errno)
	}
	return tio.Lflag
}

// killedBy sends sig to the shell and waits for it to end of that signal.
func (p *ptyTerm) killedBy(sig syscall.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
	select {
	case err := <-p.done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != sig {
			p.t.Fatalf("the shell ended with %v, not of %v", err, sig)
		}
	case <-time.After(patience):
		p.t.Fatalf("the shell did not end on %v", sig)
	}
}

// exit waits for the shell to end with status 0.
func (p *ptyTerm) exit() {
	p.t.Helper()
	select {
	case err := <-p.done:
		if err != nil {
			p.t.Fatalf("the shell ended with %v", err)
		}
	case <-time.After(patience):
		p.t.Fatal("the shell did not end")
	}
}
