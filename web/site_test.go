package web_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/web"
)

// grundy serve never builds (runs) the code of the directory it is started
// in, even one whose go.mod names grundy's module: by default it serves the
// embedded page, and --build builds from the binary's own source.
func TestSiteIgnoresCurrentDirectory(t *testing.T) {
	hostile := t.TempDir()
	marker := filepath.Join(hostile, "ran")
	files := map[string]string{
		"go.mod": "module " + web.Module + "\n\ngo 1.22\n",
		"web/build/main.go": `package main

import "os"

func main() { os.WriteFile(` + "`" + marker + "`" + `, nil, 0o644) }
`,
	}
	for name, text := range files {
		os.MkdirAll(filepath.Join(hostile, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(hostile, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(hostile)
	site, err := web.Site(context.Background(), false, func(s string) { t.Logf("said: %s", s) })
	if _, statErr := os.Stat(marker); statErr == nil {
		t.Fatal("grundy serve ran the code of the current directory")
	}
	switch {
	case err == nil && site == nil:
		t.Fatal("no page and no error")
	case err != nil && !errors.Is(err, web.ErrNoWasm):
		t.Fatalf("without --build: %v", err)
	case err != nil && !strings.Contains(err.Error(), "--build") && !strings.Contains(err.Error(), "go generate ./web"):
		t.Fatalf("the error does not say how to build the page: %v", err)
	}
}

// OwnSource is the tree this test was compiled from, wherever the test runs.
func TestOwnSource(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	if !filepath.IsAbs(file) {
		t.Skip("built with -trimpath: the binary does not know its source")
	}
	want := filepath.Dir(filepath.Dir(file))
	t.Chdir(t.TempDir())
	if got := web.OwnSource(); got != want {
		t.Fatalf("OwnSource() = %q, want %q", got, want)
	}
}
