package format_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/format"
	"github.com/grundy-lang/grundy/lang"
)

// FuzzFormat formats arbitrary text: a program that parses must come out
// parsing to the same tree and formatted already; one that does not must be
// refused with the parser's located error.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{
		"game G(n){\nmove k in 1..n->G(n-k)\n}\nprint sg( G(3) )# x",
		"check a ==\n b\n for a in [1,\n2]", "print 2 * * 3", "let f = fn(a)=>-a\n",
		"print {1,2}|{}", "game G(n) {move -> G(n - 1)}", "print a.b[1](2)..-3",
	} {
		f.Add(s)
	}
	files, _ := filepath.Glob("../examples/*.game")
	corpus, _ := filepath.Glob("../interp/testdata/corpus/*.game")
	for _, file := range append(append(files, "../stdlib/stdlib.game"), corpus...) {
		if b, err := os.ReadFile(file); err == nil {
			for _, chunk := range strings.Split(string(b), "\n---\n") {
				f.Add(chunk)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, err := format.Source("fuzz.game", src)
		if _, perr := lang.Parse("fuzz.game", src); perr != nil {
			var le *lang.Error
			if err == nil || !errors.As(err, &le) || err.Error() != perr.Error() {
				t.Fatalf("got %v for a program that does not parse (%v)", err, perr)
			}
			return
		}
		if err != nil {
			t.Fatalf("format failed on a program that parses: %v", err)
		}
		sameTree(t, src, got)
		if again, _ := format.Source("fuzz.game", got); again != got {
			t.Fatalf("not idempotent:\n%s", firstDiff(again, got))
		}
	})
}
