package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/peterh/liner"
)

// TestHistoryFile checks that a history file grown past twice the lines kept is
// cut to the newest when a shell starts, and that entries are appended once.
func TestHistoryFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	var lines []string
	for i := range 2*keptLines + 1 {
		lines = append(lines, fmt.Sprint(i))
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ln := liner.NewLiner()
	defer ln.Close()
	h := &history{path: path}
	h.load(ln)
	h.add(lines[len(lines)-1]) // the newest again: not repeated
	h.add("sg(Nim(3))")
	h.add("sg(Nim(3))")

	var loaded strings.Builder
	ln.WriteHistory(&loaded)
	want := strings.Join(lines[len(lines)-keptLines:], "\n") + "\n"
	if loaded.String() != want {
		t.Errorf("the shell loaded %d lines, not the newest %d", strings.Count(loaded.String(), "\n"), keptLines)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != want+"sg(Nim(3))\n" {
		t.Errorf("the file holds %d lines ending %q", strings.Count(string(data), "\n"), data[max(len(data)-30, 0):])
	}
}
