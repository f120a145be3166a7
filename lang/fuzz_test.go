package lang

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary text to the parser and checker: they must never panic,
// and every error must be a located *Error (or a list of them) that formats with
// the source line.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"game Nim(n) {\n  move take k in 1..n -> Nim(n - k)\n}\nprint sg(Nim(3))",
		"print [x * x for x in 1..10 where x % 2 == 0]",
		"let f = fn(x, y) => if x < y then x else y\nprint f(1, 2)",
		"check sg(Bash(3, n)) == n % 4 for n in 0..200",
		"print {(0, 1), (1, 2)} - {(0, 1)}",
		"game S(n) {\n  move m where n > 0 score n % 3 again -> S(n - 1)\n  move score 1 -> *0\n}\nprint score(S(3))",
		"game S(n) { move score -> S(n) }", "game S(n) { move again score 1 -> *0 }",
		"print (", "game", "move", "print \"", "print 1 +", "}", "print a.b.c[1](2)",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	// The examples, and the hostile-input corpus (whose errors interp checks).
	hostile, _ := filepath.Glob("../interp/testdata/hostile/*.game")
	if files, _ := filepath.Glob("../examples/*.game"); len(files) > 0 {
		files = append(files, hostile...)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := Parse("fuzz.game", src)
		if err == nil {
			err = Check(prog, Universe{"sg": Fixed(1)})
		}
		if err == nil {
			return
		}
		var es Errors
		var e *Error
		switch {
		case errors.As(err, &es):
			for _, e := range es {
				assertLocated(t, e)
			}
		case errors.As(err, &e):
			assertLocated(t, e)
		default:
			t.Fatalf("unlocated error %T: %v", err, err)
		}
	})
}

func assertLocated(t *testing.T, e *Error) {
	t.Helper()
	if e.Pos.Line < 1 || e.Pos.Column < 1 {
		t.Fatalf("error without a position: %v", e)
	}
	if strings.Contains(e.Msg, "internal error") {
		t.Fatalf("internal error: %v", e)
	}
	if !strings.Contains(e.Format(), "^") {
		t.Fatalf("formatted error has no caret: %q", e.Format())
	}
}
