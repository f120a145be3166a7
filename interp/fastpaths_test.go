package interp_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
)

// Every fast path names the tests that guard it, and each of them exists: a
// "func TestName(" in a test file of the package it names.
func TestFastPathsAreGuarded(t *testing.T) {
	seen := map[string]bool{}
	for _, fp := range interp.FastPaths {
		if seen[fp.Name] {
			t.Errorf("%s is listed twice", fp.Name)
		}
		seen[fp.Name] = true
		if _, err := os.Stat(filepath.Join("..", fp.Where)); err != nil {
			t.Errorf("%s: %v", fp.Name, err)
		}
		if len(fp.Tests) == 0 {
			t.Errorf("%s names no test", fp.Name)
		}
		for _, test := range fp.Tests {
			dir, name, ok := strings.Cut(test, ".")
			if !ok || !strings.HasPrefix(name, "Test") {
				t.Errorf("%s: %q is not dir.TestName", fp.Name, test)
				continue
			}
			if !definesTest(t, filepath.Join("..", filepath.FromSlash(dir)), name) {
				t.Errorf("%s: no func %s in %s/*_test.go", fp.Name, name, dir)
			}
		}
	}
}

// definesTest reports whether a test file of dir declares the test function name.
func definesTest(t *testing.T, dir, name string) bool {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`(?m)^func ` + regexp.QuoteMeta(name) + `\(t \*testing\.T\)`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if decl.Match(src) {
			return true
		}
	}
	return false
}
