package interp_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// hostileFiles are the hostile-input corpus: programs that once crashed grundy,
// hung it or exhausted its memory, each with the error it must give in a .err
// file beside it. They also seed FuzzEval and FuzzParse.
func hostileFiles(t testing.TB) []string {
	files, err := filepath.Glob("testdata/hostile/*.game")
	if err != nil || len(files) == 0 {
		t.Fatal("no hostile corpus in testdata/hostile:", err)
	}
	return files
}

// runHostile runs src as the file name with small limits and returns the
// error as grundy shows it, or "" when there is none.
func runHostile(name, src string, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	in := stdlib.New()
	in.Out, in.Diag = io.Discard, io.Discard
	in.Config.MaxPositions, in.Config.PositionsHint = 20000, "raise it with --max-positions"
	in.Config.MaxMemory, in.Config.MemoryHint = 1<<30, "raise it with --max-memory"
	err := in.Run(ctx, name, src)
	if err == nil {
		return ""
	}
	if text, ok := lang.FormatAll(err); ok {
		return text
	}
	return err.Error()
}

// TestHostileInputs checks every file of the corpus against its error.
func TestHostileInputs(t *testing.T) {
	for _, file := range hostileFiles(t) {
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".game"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := runHostile(name, string(src), time.Minute) + "\n"
			errFile := strings.TrimSuffix(file, ".game") + ".err"
			if *update {
				if err := os.WriteFile(errFile, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(errFile)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
			if strings.Contains(got, "internal error") || got == "\n" {
				t.Errorf("not a clean error: %q", got)
			}
		})
	}
}
