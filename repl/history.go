package repl

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/atomicfile"
	"github.com/peterh/liner"
)

// HistoryFile is where the terminal shell keeps its history:
// $XDG_STATE_HOME/grundy/history when XDG_STATE_HOME is set, otherwise
// grundy/history in the user's configuration directory; "" if neither is known.
func HistoryFile() string {
	if dir := os.Getenv("XDG_STATE_HOME"); dir != "" {
		return filepath.Join(dir, "grundy", "history")
	}
	if dir, err := os.UserConfigDir(); err == nil {
		return filepath.Join(dir, "grundy", "history")
	}
	return ""
}

// history is the shell's history file, one entry a line. Each entry is appended
// as it is made, so a shell that is killed or whose terminal closes loses
// nothing, and shells sharing the file add to it instead of overwriting each
// other. Failing to read or write it never stops the shell.
type history struct {
	path string // "" for no file
	last string // the entry appended last, not repeated
}

// keptLines is how many entries the file keeps: when it has grown past twice
// that, the shell that starts next rewrites it with the newest.
const keptLines = liner.HistoryLimit

// load gives ln the newest entries of the file.
func (h *history) load(ln *liner.State) {
	if h.path == "" {
		return
	}
	data, err := os.ReadFile(h.path)
	if err != nil {
		return
	}
	var items []string
	for line := range strings.SplitSeq(string(data), "\n") {
		if line != "" && utf8.ValidString(line) {
			items = append(items, line)
		}
	}
	if len(items) > 2*keptLines {
		items = items[len(items)-keptLines:]
		h.rewrite(items)
	}
	for _, item := range items[max(len(items)-keptLines, 0):] {
		ln.AppendHistory(item)
	}
	if len(items) > 0 {
		h.last = items[len(items)-1]
	}
}

// add appends item to the file.
func (h *history) add(item string) {
	if h.path == "" || item == h.last {
		return
	}
	h.last = item
	if err := os.MkdirAll(filepath.Dir(h.path), 0o700); err != nil {
		return
	}
	f, err := os.OpenFile(h.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	f.WriteString(item + "\n") // one write, so appends of two shells do not mix
	f.Close()
}

// rewrite replaces the file with items, through a temporary file renamed over
// it, so the file is never seen half written.
func (h *history) rewrite(items []string) {
	atomicfile.Write(h.path, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Join(items, "\n")+"\n")
		return err
	})
}
