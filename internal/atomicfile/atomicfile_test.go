package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("file holds %q", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	// A failed write leaves the old file and no temporary file.
	boom := errors.New("boom")
	if err := Write(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Errorf("error %v, want boom", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("after a failed write the file holds %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files left in the directory", len(ents))
	}
}

func TestWriteErrorNamesThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "f.txt")
	err := Write(path, func(io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("error %v, want one that names %s", err, path)
	}
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v is not ErrNotExist", err)
	}
}
