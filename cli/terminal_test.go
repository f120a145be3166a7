//go:build linux

package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestShellOnTerminal starts `grundy` through the whole command line on a
// pseudo-terminal: it must be the interactive shell (banner, prompts), not the
// script mode meant for pipes, and :play must neither print the moves typed a
// second time nor draw a progress line while it waits for the person.
func TestShellOnTerminal(t *testing.T) {
	term := startOnTerminal(t)
	term.expect("grundy: values of combinatorial games")
	term.expect("\n> ")
	term.send("1 + 1\r")
	// An entry that computes has its progress line (drawn at once here), erased
	// before the result.
	if seen := term.expect("\r2\r\n> "); !strings.Contains(seen, "1 + 1: 0s (Ctrl-C stops)") {
		t.Errorf("no progress line for 1 + 1: %q", seen)
	}
	term.send(":play Nim(1)\r")
	// The child draws a progress line as soon as one starts (see
	// startOnTerminal), so one started for :play would show before its prompt.
	if seen := term.expect("Your move> "); strings.Contains(seen, "Ctrl-C stops") {
		t.Errorf("a progress line was drawn for :play: %q", seen)
	}
	term.send("hint\r")
	seen := term.expect("Hint:")
	if strings.Count(seen, "hint") != 1 || strings.Contains(seen, "Ctrl-C stops") {
		t.Errorf("after the prompt, before the hint: %q; want the move typed once and no progress line", seen)
	}
	term.send("quit\r")
	term.expect("\n> ")
	term.send("\x04")
	term.exit()
}

// TestEvalHeapsOnTerminal: while grundy eval grows a native take-and-break
// table, its progress line counts the table's heaps; Ctrl-C stops it.
func TestEvalHeapsOnTerminal(t *testing.T) {
	term := startOnTerminal(t, "eval", "sg(GrundysGame(5000000))")
	term.expect("grundy eval: ")
	term.expect("GrundysGame: ")
	term.expect(" heaps")
	term.send("\x03")
	term.expect("interrupted")
	if err := term.cmd.Wait(); err == nil {
		t.Errorf("grundy eval ended well after Ctrl-C; it printed:\n%q", term.out.String())
	}
}

// TestPlayOnTerminal: grundy play draws no progress line while it waits.
func TestPlayOnTerminal(t *testing.T) {
	term := startOnTerminal(t, "play", "Nim(1)")
	if seen := term.expect("Your move> "); strings.Contains(seen, "Ctrl-C stops") {
		t.Errorf("a progress line was drawn for play: %q", seen)
	}
	term.send("1\r")
	if seen := term.expect("You: take 1"); strings.Contains(seen, "Ctrl-C stops") {
		t.Errorf("a progress line was drawn while play waited: %q", seen)
	}
	term.exit()
}

// TestPlayLineEditing: grundy play on a terminal reads moves with line
// editing and history (up recalls the last line rather than being read as
// "\x1b[A"), and Ctrl-C at the prompt stops the game rather than reporting an
// interrupted computation.
func TestPlayLineEditing(t *testing.T) {
	term := startOnSizedTerminal(t, &pty.Winsize{Rows: 40, Cols: 100}, "play", "Nim(3)")
	term.expect("Your move> ")
	term.send("hint\r")
	term.expect("Hint: take 3 -> Nim(0)")
	term.expect("Your move> ")
	term.send("\x1b[A") // up: the line typed before
	term.expect("hint")
	term.send("\r")
	if seen := term.expect("Hint: take 3 -> Nim(0)"); strings.Contains(seen, "is not a move") {
		t.Errorf("up was read as a move: %q", seen)
	}
	term.expect("Your move> ")
	term.send("\x03")
	if seen := term.expect("You stopped the game."); strings.Contains(seen, "interrupted") {
		t.Errorf("Ctrl-C at the prompt: %q", seen)
	}
	term.exit()
	if strings.Contains(term.out.String(), "interrupted") {
		t.Errorf("Ctrl-C at the prompt reported an interrupted computation: %q", term.out.String())
	}
}

// ptyCommand is grundy running on a pseudo-terminal.
type ptyCommand struct {
	t      *testing.T
	cmd    *exec.Cmd
	tty    *os.File
	chunks chan []byte
	out    bytes.Buffer
	cursor int // where the next expect starts looking
}

func startOnTerminal(t *testing.T, args ...string) *ptyCommand {
	return startOnSizedTerminal(t, nil, args...)
}

// startOnSizedTerminal is startOnTerminal on a terminal of the size given (nil:
// none, as a bare pseudo-terminal has, where liner does not edit lines).
func startOnSizedTerminal(t *testing.T, size *pty.Winsize, args ...string) *ptyCommand {
	cmd := exec.Command(os.Args[0], args...)
	// The progress line shows at once rather than after a second: whether one
	// was started can be seen without waiting.
	cmd.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1", "GRUNDY_PROGRESS_AT_ONCE=1", "XDG_STATE_HOME="+t.TempDir())
	tty, err := pty.StartWithSize(cmd, size)
	if err != nil {
		t.Fatal(err)
	}
	p := &ptyCommand{t: t, cmd: cmd, tty: tty, chunks: make(chan []byte)}
	go func() {
		for {
			b := make([]byte, 4096)
			n, err := tty.Read(b)
			if err != nil {
				close(p.chunks)
				return
			}
			p.chunks <- b[:n]
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		tty.Close()
	})
	return p
}

func (p *ptyCommand) send(s string) { p.tty.Write([]byte(s)) }

// expect waits until the output since the last match contains s, and returns
// that output.
func (p *ptyCommand) expect(s string) string {
	p.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		if i := strings.Index(p.out.String()[p.cursor:], s); i >= 0 {
			seen := p.out.String()[p.cursor : p.cursor+i+len(s)]
			p.cursor += i + len(s)
			return seen
		}
		select {
		case b, ok := <-p.chunks:
			if !ok {
				p.t.Fatalf("grundy ended before printing %q; it printed:\n%q", s, p.out.String())
			}
			p.out.Write(b)
		case <-deadline:
			p.t.Fatalf("grundy did not print %q; it printed:\n%q", s, p.out.String())
		}
	}
}

// exit waits for the command to end well.
func (p *ptyCommand) exit() {
	p.t.Helper()
	if err := p.cmd.Wait(); err != nil {
		p.t.Errorf("grundy ended with %v; it printed:\n%q", err, p.out.String())
	}
}
