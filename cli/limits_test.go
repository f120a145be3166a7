//go:build linux

package cli_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
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
		maxRSS int64 // megabytes
	}{
		{"positions of a game with a billion", []string{"--max-positions", "0", "--max-memory", "50MB"},
			"game G(n) { move where n < 1000000000 -> G(n + 1) }\nprint sg(G(0))\n", "t.game:2:7: stopped: the memory budget (50MB) is used up; raise it with --max-memory", 100},
		{"options interned before any is solved", []string{"--max-positions", "100"},
			"game W(n) { move k in 1..100000 -> W(n * 100000 + k) }\nprint sg(W(1))\n", "the positions limit (100) was reached", 100},
		{"lists within the length limit", []string{"--max-memory", "64MB"},
			"print len([list(0..1000000), list(0..1000000), list(0..1000000)])\n", "t.game:1:48: stopped: the memory budget (64MB) is used up", 120},
		{"shared structure compared", nil,
			"fn d(s, k) = if k == 0 then s else d([s, s], k - 1)\nprint d([1], 60) == d([1], 60)\n", "t.game:1:38: this value is too large", 100},
		{"shared structure as a position", []string{"--max-memory", "100MB"},
			"game G(p) { move -> G([p, p]) }\nprint sg(G([]))\n", "t.game:2:7: stopped: the memory budget (100MB) is used up", 200},
		{"a long chain of operators", nil, chain, "t.game:1:20009: the expression is nested too deeply", 100},
		{"a device for a file", []string{"/dev/zero"}, "", "cannot read /dev/zero: larger than 16 MB", 100},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"run"}, c.args...)
			if c.src != "" {
				file := filepath.Join(t.TempDir(), "t.game")
				if err := os.WriteFile(file, []byte(c.src), 0o600); err != nil {
					t.Fatal(err)
				}
				args = append(args, file)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], args...)
			cmd.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != 2 {
				t.Fatalf("exit status %d (%v), want 2; stderr:\n%.2000s", code, err, stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, c.want) || strings.Contains(msg, "goroutine ") || strings.Contains(msg, "internal error") {
				t.Errorf("stderr:\n%.2000s\nwant %q and no Go trace", msg, c.want)
			}
			if rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10; rss > c.maxRSS {
				t.Errorf("peak resident size %d MB, more than %d MB", rss, c.maxRSS)
			}
		})
	}
}
