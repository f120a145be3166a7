//go:build linux

package cli_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hang is an input that once ran past its time limit, ignored an interrupt or
// grew without bound: it must now stop within maxTime and maxRSS with its error.
type hang struct {
	name string
	args []string // the command line; "t.game" is the file src is written to
	src  string
	// stdin is the standard input; it stays open (a pipe nothing closes) when
	// interrupt is set.
	stdin string
	// interrupt sends SIGINT once the child has written its first line of
	// standard output: the program says it has started, then computes. The
	// interrupt may come before the statement that printed ends, so want
	// does not say which statement it names.
	interrupt bool
	want      string // what standard error holds
	status    int    // the exit status
	maxTime   time.Duration
	maxRSS    int64 // megabytes
}

// TestHangs runs each former hang in a child process, as TestLimits does, and
// checks that it stops in time, within its memory, with a located error and a
// non-zero exit status.
func TestHangs(t *testing.T) {
	for _, c := range hangs {
		t.Run(c.name, func(t *testing.T) { runHang(t, c) })
	}
}

func runHang(t *testing.T, c hang) {
	t.Helper()
	dir := t.TempDir()
	if c.src != "" {
		if err := os.WriteFile(filepath.Join(dir, "t.game"), []byte(c.src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], c.args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var stdin io.WriteCloser
	if c.interrupt {
		var err error
		if stdin, err = cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
	} else {
		cmd.Stdin = strings.NewReader(c.stdin)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(stdout)
	if c.interrupt {
		defer stdin.Close()
		if _, err := io.WriteString(stdin, c.stdin); err != nil {
			t.Fatal(err)
		}
		if _, err := out.ReadString('\n'); err != nil {
			t.Fatalf("no line before the interrupt: %v; stderr:\n%.2000s", err, stderr.String())
		}
		start = time.Now() // what is timed is how long the interrupt takes
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
	}
	io.Copy(io.Discard, out)
	err = cmd.Wait()
	elapsed := time.Since(start)
	if code := cmd.ProcessState.ExitCode(); code != c.status {
		t.Fatalf("exit status %d (%v) after %v, want %d; stderr:\n%.2000s", code, err, elapsed, c.status, stderr.String())
	}
	msg := stderr.String()
	if !strings.Contains(msg, c.want) || strings.Contains(msg, "goroutine ") || strings.Contains(msg, "internal error") {
		t.Errorf("stderr:\n%.2000s\nwant %q and no Go trace", msg, c.want)
	}
	if c.src != "" && c.status != 0 && !strings.HasPrefix(msg, "t.game:") {
		t.Errorf("stderr:\n%.2000s\nwant an error located in t.game", msg)
	}
	if elapsed > c.maxTime {
		t.Errorf("took %v, more than %v", elapsed, c.maxTime)
	}
	if rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10; rss > c.maxRSS {
		t.Errorf("peak resident size %d MB, more than %d MB", rss, c.maxRSS)
	}
}

// hangs are the inputs of issue 28 that hung, ignored their limits or did
// not say where they stopped.
var hangs = []hang{
	// A canonical form can double with each part of a sum: the engine's work and
	// the printing of a form must both stop.
	{name: "a sum of hot games under a time limit", args: []string{"run", "--timeout", "1s", "t.game"},
		src:  "print outcome(sum([cg(\"{\" + str(2 * n) + \"||\" + str(n) + \"|0}\") for n in 1..24]))\n",
		want: "t.game:1:1: stopped: the time limit was reached", status: 2, maxTime: 5 * time.Second, maxRSS: 600},
	{name: "a game of many nimbers under a time limit", args: []string{"run", "--timeout", "300ms", "t.game"},
		src:  "print cg(\"Miny(*23330)\")\n",
		want: "t.game:1:1: stopped: the time limit was reached", status: 2, maxTime: 5 * time.Second, maxRSS: 300},
	{name: "a huge canonical form prints at most 1 MB", args: []string{"run", "--timeout", "20s", "t.game"},
		src:  "print len(str(sum([cg(\"{\" + str(2 * n) + \"||\" + str(n) + \"|0}\") for n in 1..12]))) < 1100000\nprint 1 / 0\n",
		want: "t.game:2:9: division by zero", status: 2, maxTime: 20 * time.Second, maxRSS: 600},
	{name: "a chain of not compiles once", args: []string{"run", "--timeout", "2s", "t.game"},
		src:  "print " + strings.Repeat("not ", 40) + "true\nprint 1 / 0\n",
		want: "t.game:2:9: division by zero", status: 2, maxTime: 5 * time.Second, maxRSS: 100},
	{name: "a time limit names the statement", args: []string{"run", "--timeout", "300ms", "t.game"},
		src:    "fn f(n, s) = if n == 0 then 1 else f(n - 1, s) + f(n - 1, s)\nlet a = 1\nprint  f(60, \"x\")\n",
		want:   "t.game:3:1: stopped: the time limit was reached; raise it with --timeout\n    print  f(60, \"x\")\n    ^\n",
		status: 2, maxTime: 5 * time.Second, maxRSS: 100},
	{name: "an interrupt names the statement", args: []string{"run", "t.game"}, interrupt: true,
		src:    "fn f(n, s) = if n == 0 then 1 else f(n - 1, s) + f(n - 1, s)\nprint \"started\"\nprint f(60, \"x\")\n",
		want:   ": interrupted\n    print ",
		status: 2, maxTime: 5 * time.Second, maxRSS: 100},
	// quotient listed every partition of a heap for general codes, with no check.
	{name: "quotient of 0.* under a time limit", args: []string{"run", "--timeout", "100ms", "--max-memory", "1GB", "t.game"},
		src:  "print quotient(\"0.*\")\n",
		want: "t.game:1:1: stopped: the time limit was reached", status: 2, maxTime: 4 * time.Second, maxRSS: 200},
	{name: "quotient of 0.{0,2+} under a time limit", args: []string{"run", "--timeout", "100ms", "--max-memory", "1GB", "t.game"},
		src:  "print quotient(\"0.{0,2+}\")\n",
		want: "t.game:1:1: stopped: the time limit was reached", status: 2, maxTime: 4 * time.Second, maxRSS: 200},
	{name: "quotient of {5,6}. under a time limit", args: []string{"run", "--timeout", "1s", "t.game"},
		src:  "print quotient(\"{5,6}.\")\n",
		want: "t.game:1:1: stopped: the time limit was reached", status: 2, maxTime: 4 * time.Second, maxRSS: 200},
	{name: "quotient of {3+}. interrupted", args: []string{"run", "t.game"}, interrupt: true,
		src:  "print \"started\"\nprint quotient(\"{3+}.\")\n",
		want: ": interrupted\n    print ", status: 2, maxTime: 3 * time.Second, maxRSS: 200},
	// Runaways the runaway check missed: 74 s and 7.4 GB before the positions limit.
	{name: "a game that grows through two moves", args: []string{"run", "--max-memory", "1GB", "--timeout", "20s", "t.game"},
		src:  "game G(n) { move k in 1..2 -> G(n + k) }\nprint sg(G(0))\n",
		want: "t.game:2:7: G(4095) was reached from G(0): the argument n grows without end", status: 2, maxTime: 5 * time.Second, maxRSS: 200},
	// A loopy game explored breadth first reached its runaway only after
	// 10^8 positions: depth first, it is caught at the first check.
	{name: "a loopy game that grows", args: []string{"run", "--max-memory", "1GB", "--timeout", "20s", "t.game"},
		src:  "game G(a, b, c) {\n  move where a > 0 -> G(a - 1, b, c)\n  move -> G(a + 1, b, c)\n  move -> G(a, b + 1, c)\n  move -> G(a, b, c + 1)\n}\nprint sg(G(0, 0, 0))\n",
		want: "t.game:7:7: G(1, 0, 1365) was reached from G(0, 0, 0): the argument c grows without end", status: 2, maxTime: 5 * time.Second, maxRSS: 200},
	{name: "a scoring game that grows", args: []string{"run", "--max-memory", "1GB", "--timeout", "20s", "t.game"},
		src:  "game A(n) { move score 1 again -> A(n + 1) }\nprint score(A(0))\n",
		want: "t.game:2:7: A(4095) was reached from A(0): the argument n grows without end", status: 2, maxTime: 5 * time.Second, maxRSS: 200},
	// The piped shell parsed the whole unfinished entry at every line, and
	// did not hear an interrupt while it waited for a line.
	{name: "the piped shell reads a long entry", args: []string{"repl"},
		stdin:  "print len([\n" + strings.Repeat("1,\n", 8000) + "])\n",
		status: 0, maxTime: 5 * time.Second, maxRSS: 100},
	{name: "the piped shell hears an interrupt while it reads", args: []string{"repl"}, interrupt: true,
		stdin: "print \"started\"\nprint [1,\n2,\n",
		want:  "interrupted", status: 2, maxTime: 3 * time.Second, maxRSS: 100},
}
