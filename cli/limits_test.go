//go:build linux

package cli_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLimits runs grundy in a child process on inputs that would exhaust its
// memory or its stack, and checks that each stops with a clean error naming
// the limit (exit status 2, no Go trace) and stays within the memory it may
// use (peak resident size, as the kernel counts it).
func TestLimits(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector multiplies the memory a program uses: the bounds on peak memory do not hold")
	}
	chain := "print " + strings.Repeat("1+", 20_000) + "1\n" // 600,000 terms overflowed the stack
	for _, c := range []struct {
		name   string
		args   []string
		src    string // the file run, unless args name one
		want   string
		maxRSS int64  // megabytes
		cmd    string // the command, run by default
		stdin  string // a file to read standard input from
	}{
		{"positions of a game with a billion", []string{"--max-positions", "0", "--max-memory", "50MB"},
			"game G(n) { move where n < 1000000000 -> G(n + 1) }\nprint sg(G(0))\n", "t.game:2:7: stopped: the memory budget (50MB) is used up; raise it with --max-memory", 100, "", ""},
		{"options interned before any is solved", []string{"--max-positions", "100"},
			"game W(n) { move k in 1..100000 -> W(n * 100000 + k) }\nprint sg(W(1))\n", "the positions limit (100) was reached", 100, "", ""},
		{"lists within the length limit", []string{"--max-memory", "64MB"},
			"print len([list(0..1000000), list(0..1000000), list(0..1000000)])\n", "t.game:1:48: stopped: the memory budget (64MB) is used up", 120, "", ""},
		{"shared structure compared", nil,
			"fn d(s, k) = if k == 0 then s else d([s, s], k - 1)\nprint d([1], 60) == d([1], 60)\n", "t.game:1:38: this value is too large", 100, "", ""},
		{"shared structure as a position", []string{"--max-memory", "100MB"},
			"game G(p) { move -> G([p, p]) }\nprint sg(G([]))\n", "t.game:2:7: stopped: the memory budget (100MB) is used up", 200, "", ""},
		{"a long chain of operators", nil, chain, "t.game:1:20009: the expression is nested too deeply", 100, "", ""},
		{"a device for a file", []string{"/dev/zero"}, "", "cannot read /dev/zero: larger than 16 MB", 100, "", ""},
		{"a device for a worksheet's file", []string{"--html", os.DevNull, "/dev/zero"}, "", "cannot read /dev/zero: larger than 16 MB", 100, "", ""},
		{"a device for the shell's input", nil, "", "grundy: standard input: an entry longer than 16 MB", 100, "repl", "/dev/zero"},
		{"a misère search", []string{"--max-positions", "0", "--max-memory", "32MB"},
			"game K(n) { move k in 1..2, i in 0..n-k -> K(i) + K(n - k - i) }\nprint outcome(sum([K(n) for n in 20..31]), misere)\n",
			"t.game:2:7: stopped: the memory budget (32MB) is used up", 80, "", ""},
		{"a scoring search over growing sums", []string{"--max-positions", "0", "--max-memory", "64MB"},
			"game G(n) { move where n > 0 score 1 -> G(n - 1) + G(n - 1) + G(n - 1) }\nprint score(G(9))\n",
			"t.game:2:7: stopped: the memory budget (64MB) is used up", 110, "", ""},
		{"a scoring search's table", []string{"--max-positions", "0", "--max-memory", "40MB"},
			"game C(a, b, c) {\n  move x where a > 0 score 1 -> C(a - 1, b + 1, c)\n  move y where b > 0 score 2 -> C(a, b - 1, c + 1)\n  move z where c > 0 -> C(a, b, c - 1)\n}\nprint score(C(600, 0, 0))\n",
			"t.game:6:7: stopped: the memory budget (40MB) is used up", 80, "", ""}, // C(600, 0, 0) now fits in 96 MB, C(500, 0, 0) in 48 MB
		{"grounded", []string{"--max-memory", "64MB"},
			"let E = [(i, i + 1) for i in 0..400000]\nprint len(grounded(E, 0))\n",
			"t.game:2:11: stopped: the memory budget (64MB) is used up", 110, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := c.cmd
			if cmd == "" {
				cmd = "run"
			}
			args := append([]string{cmd}, c.args...)
			if c.src != "" {
				file := filepath.Join(t.TempDir(), "t.game")
				if err := os.WriteFile(file, []byte(c.src), 0o600); err != nil {
					t.Fatal(err)
				}
				args = append(args, file)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			child := exec.CommandContext(ctx, os.Args[0], args...)
			child.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1")
			if c.stdin != "" {
				f, err := os.Open(c.stdin)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				child.Stdin = f
			}
			var stderr bytes.Buffer
			child.Stderr = &stderr
			if err := child.Start(); err != nil {
				t.Fatal(err)
			}
			// A child that broke its bound badly is stopped before it takes
			// the machine's memory.
			stopped := make(chan struct{})
			go watchRSS(child.Process.Pid, 4*c.maxRSS, cancel, stopped)
			err := child.Wait()
			close(stopped)
			if code := child.ProcessState.ExitCode(); code != 2 {
				t.Fatalf("exit status %d (%v), want 2; stderr:\n%.2000s", code, err, stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, c.want) || strings.Contains(msg, "goroutine ") || strings.Contains(msg, "internal error") {
				t.Errorf("stderr:\n%.2000s\nwant %q and no Go trace", msg, c.want)
			}
			if rss := child.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10; rss > c.maxRSS {
				t.Errorf("peak resident size %d MB, more than %d MB", rss, c.maxRSS)
			}
		})
	}
}

// watchRSS cancels the child pid (through cancel) once its resident size
// passes limit megabytes, looking every 50 ms until stopped is closed.
func watchRSS(pid int, limit int64, cancel func(), stopped <-chan struct{}) {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stopped:
			return
		case <-tick.C:
		}
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			return
		}
		for line := range strings.Lines(string(status)) {
			if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				if kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64); err == nil && kb>>10 > limit {
					cancel()
					return
				}
			}
		}
	}
}
