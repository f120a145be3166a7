package teach

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n%s", name, got)
	}
}

// eval evaluates src in a session with the standard library.
func eval(t *testing.T, in *interp.Interp, src string) interp.Value {
	t.Helper()
	v, err := in.Eval(context.Background(), "test", src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return v
}

// The golden explanations: every position is explained in one file, separated
// by a line naming it.
func TestExplainGolden(t *testing.T) {
	cases := []struct {
		file  string
		mode  interp.Mode
		exprs []string
	}{
		{"explain_nim.golden", interp.NormalPlay, []string{"Nim(3)", "Nim(0)", "Nim(1)", "Nim(3) + Nim(5)", "Nim(3) + Nim(5) + Nim(6)", "Nim(1) + Nim(2) + Nim(4) + Nim(8) + Nim(15)", "*3 + *5", "Nim(1000000000000) + Nim(7)"}},
		{"explain_wythoff.golden", interp.NormalPlay, []string{"Wythoff(3, 5)", "Wythoff(4, 4)", "Wythoff(20, 33)", "Wythoff(1618, 2618)", "Wythoff(1000000000, 1000000007)"}},
		{"explain_kayles.golden", interp.NormalPlay, []string{"Kayles(4)", "Kayles(10)", "Kayles(10) + Nim(3)", "Kayles(30)", "Kayles(12) + Kayles(7)"}},
		{"explain_loopy.golden", interp.NormalPlay, []string{"Token(loop, 0)", "Token(loop, 2)", "Token(loop, 2) + *1", "Token(loop, 4)", "Token(loop, 5)", "Token(loop, 5) + *1", "Token(loop, 1) + Token(loop, 2)"}},
		{"explain_misere.golden", interp.MiserePlay, []string{"Nim(1) + Nim(1) + Nim(1)", "Nim(3) + Nim(5)", "Nim(2) + Nim(2)", "Kayles(5)", "Nim(0)", "Kayles(20) + Kayles(9) + Kayles(1000)", "Lasker(100) + Lasker(37) + Lasker(1)", "Lasker(1) + Lasker(1) + Lasker(1)"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			in := stdlib.New()
			// A token on a graph with a cycle 0 -> 1 -> 2 -> 1 -> 0, for the loopy cases.
			if err := in.Run(context.Background(), "setup", "let loop = [[1], [2, 0], [1, 3], [], [0, 3], [2]]"); err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, src := range c.exprs {
				got, err := Explain(context.Background(), in, eval(t, in, src), c.mode)
				if err != nil {
					t.Fatalf("%s: %v", src, err)
				}
				b.WriteString("# explain(" + src + ")\n" + got + "\n\n")
			}
			golden(t, c.file, b.String())
		})
	}
}
