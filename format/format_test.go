package format_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/format"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

func TestLayout(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"spaces", "let  x=[1 ,2,( 3+4 )*-5 ]\n", "let x = [1, 2, (3 + 4) * -5]\n"},
		{"calls and fields", "print f (x) [ 0 ] . a . b\n", "print f(x)[0].a.b\n"},
		{"ranges and unary", "check  - x..~ y  == * 3 for x in 1 .. n\n", "check -x..~y == *3 for x in 1..n\n"},
		{"not and not in", "print not(a)and b not  in S\n", "print not (a) and b not in S\n"},
		{"nimber times nimber", "print 2 * * 3\n", "print 2 * *3\n"},
		{"lambda and let in", "let f = fn (a,b)=>let c=a in c+b\n", "let f = fn(a, b) => let c = a in c + b\n"},
		{"sets and tuples", "print {1,2} | { (1,2) }\nprint ( )\nprint {}\n", "print {1, 2} | {(1, 2)}\nprint ()\nprint {}\n"},
		{"blank lines", "\n\n# a\n\n\n\nprint 1\n\n\n", "# a\n\nprint 1\n"},
		{"game body", "game G(n){\nmove k in 1..n->G(n-k)\n\tmove  take  (a,b) in P   ->G(a)\n}\n",
			"game G(n) {\n  move k in 1..n        -> G(n - k)\n  move take (a, b) in P -> G(a)\n}\n"},
		{"labels and sides line up", "game G(a, b) {\nleft x k in 1..a -> G(a - k, b)\nright yy k in 1..b where k > 1 -> G(a, b - k)\n}\n",
			"game G(a, b) {\n  left  x  k in 1..a             -> G(a - k, b)\n  right yy k in 1..b where k > 1 -> G(a, b - k)\n}\n"},
		{"arrows far apart are not aligned", "game G(n) {\nmove a -> G(0)\nmove b k in 1..n where k % 2 == 0 and k > 1 -> G(n - k)\n}\n",
			"game G(n) {\n  move a -> G(0)\n  move b k in 1..n where k % 2 == 0 and k > 1 -> G(n - k)\n}\n"},
		{"a clause on two lines", "game G(n) {\n canonical n\n move a k in 1..n\n -> G(n - k)\nmove bb -> G(0)\n}\n",
			"game G(n) {\n  canonical n\n  move a  k in 1..n\n    -> G(n - k)\n  move bb -> G(0)\n}\n"},
		{"one-line body", "game G(n) {move -> G(n - 1)}\ngame H() {}\n", "game G(n) { move -> G(n - 1) }\ngame H() {}\n"},
		{"continuation", "check a ==\n      b\n   for a in 1..2\nfn f(x) =\nx + 1\n",
			"check a ==\n  b\n  for a in 1..2\nfn f(x) =\n  x + 1\n"},
		{"brackets", "let x = [1,\n     2,\n  3]\nlet y = [\n1, 2,\n]\nlet z = f(g(\n1))\n",
			"let x = [1,\n         2,\n         3]\nlet y = [\n  1, 2,\n]\nlet z = f(g(\n  1))\n"},
		{"comments", "# doc\ngame G(n) {   # body\n    # a clause\nmove -> G(0)   \n  # end\n}\nprint 1 # one\nprint 22   # two\n\n\tprint 3 # three  \n",
			"# doc\ngame G(n) {  # body\n  # a clause\n  move -> G(0)\n  # end\n}\nprint 1   # one\nprint 22  # two\n\nprint 3  # three\n"},
		{"comment before a continuation", "check a\n# why\n  for a in [1]\n", "check a\n  # why\n  for a in [1]\n"},
		{"byte order mark and CRLF", "\ufeffprint 1\r\nprint  2\r\n", "print 1\nprint 2\n"},
		{"no final newline", "print 1", "print 1\n"},
		{"empty", "", ""},
		{"misère", "print  sg(G,misère)\n", "print sg(G, misère)\n"},
		{"score and again", "game G(n) {\nmove where n>0 score -1 again->G(n-1)\n}\n", "game G(n) {\n  move where n > 0 score -1 again -> G(n - 1)\n}\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := format.Source("t.game", tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			again, err := format.Source("t.game", got)
			if err != nil || again != got {
				t.Errorf("not idempotent: %v\n%s", err, again)
			}
			sameTree(t, tc.in, got)
		})
	}
}

func TestUnparsable(t *testing.T) {
	_, err := format.Source("bad.game", "print 1\nlet x = (1 +\nprint 2\n")
	var le *lang.Error
	if !errors.As(err, &le) {
		t.Fatalf("got %v, want a located error", err)
	}
	if le.Pos.Line != 3 || le.Pos.Filename != "bad.game" {
		t.Errorf("error at %v, want bad.game line 3", le.Pos)
	}
}

// files returns the teaching examples and the standard library, which are
// kept formatted.
func files(t *testing.T) []string {
	ex, _ := filepath.Glob("../examples/*.game")
	if len(ex) == 0 {
		t.Fatal("no examples")
	}
	return append(ex, "../stdlib/stdlib.game")
}

func TestFilesAreFormatted(t *testing.T) {
	for _, file := range files(t) {
		src := read(t, file)
		got, err := format.Source(file, src)
		if err != nil {
			t.Fatal(err)
		}
		if got != src {
			t.Errorf("%s is not formatted: run grundy fmt -w %s", file, file)
		}
	}
}

// TestScrambled undoes a random layout of each formatted file: its spaces
// changed and its lines indented at random.
func TestScrambled(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, file := range files(t) {
		src := read(t, file)
		toks, _ := lang.Tokens(file, src)
		var b strings.Builder
		for _, tok := range toks {
			if tok.Kind != lang.TokenSpace {
				b.WriteString(tok.Text)
				continue
			}
			if n := strings.Count(tok.Text, "\n"); n > 0 {
				b.WriteString(strings.Repeat("\n", n) + strings.Repeat(" \t"[r.IntN(2):], r.IntN(6)))
			} else {
				b.WriteString(strings.Repeat(" ", 1+r.IntN(3)))
			}
		}
		got, err := format.Source(file, b.String())
		if err != nil {
			t.Fatal(err)
		}
		if got != src {
			t.Errorf("%s: scrambled and formatted, it differs:\n%s", file, firstDiff(got, src))
		}
	}
}

// TestMeaning formats every program the tests hold and checks that the result
// parses to the same tree and is formatted; the programs of the language
// corpus (interp/testdata/corpus) that formatting changes must also print the
// same, fail the same checks and stop with the same errors.
func TestMeaning(t *testing.T) {
	var progs []string
	for _, file := range append(files(t), glob(t, "../interp/testdata/*.game")...) {
		progs = append(progs, read(t, file))
	}
	runFrom := len(progs)
	for _, file := range glob(t, "../interp/testdata/corpus/*.game") {
		progs = append(progs, strings.Split(read(t, file), "\n---\n")...)
	}
	changed := 0
	for i, src := range progs {
		got, err := format.Source("p.game", src)
		if err != nil {
			if _, perr := lang.Parse("p.game", src); perr == nil {
				t.Errorf("format failed on a program that parses: %v\n%s", err, src)
			}
			continue
		}
		sameTree(t, src, got)
		if again, _ := format.Source("p.game", got); again != got {
			t.Errorf("not idempotent:\n%s", firstDiff(again, got))
		}
		if i < runFrom || strings.TrimSpace(got) == strings.TrimSpace(src) {
			continue
		}
		changed++
		if a, b := run(src), run(got); a != b {
			t.Errorf("the formatted program prints differently:\n%s\n--- before\n%s--- after\n%s", got, a, b)
		}
	}
	if changed < 10 {
		t.Errorf("only %d programs changed by formatting: the test checks little", changed)
	}
}

// run runs a program with the standard library and returns what it printed,
// its checks, and its error without the error's place.
func run(src string) string {
	in := stdlib.New()
	var out bytes.Buffer
	in.Out, in.Diag = &out, &bytes.Buffer{}
	err := in.Run(context.Background(), "p.game", src)
	var le *lang.Error
	var les lang.Errors
	switch {
	case errors.As(err, &les):
		out.WriteString("errors:")
		for _, e := range les {
			out.WriteString(" " + e.Msg)
		}
	case errors.As(err, &le):
		out.WriteString("error: " + le.Msg)
	case err != nil:
		out.WriteString("error: " + err.Error())
	}
	return out.String() + "\nchecks: " + strings.Repeat("+", in.Checks.Passed) + strings.Repeat("-", in.Checks.Failed) + "\n"
}

// sameTree fails unless a and b parse to the same tree, positions aside.
func sameTree(t *testing.T, a, b string) {
	t.Helper()
	pa, err := lang.Parse("a.game", a)
	if err != nil {
		t.Fatalf("the input does not parse: %v", err)
	}
	pb, err := lang.Parse("b.game", b)
	if err != nil {
		t.Fatalf("the formatted program does not parse: %v\n%s", err, b)
	}
	erase(reflect.ValueOf(pa))
	erase(reflect.ValueOf(pb))
	if !reflect.DeepEqual(pa, pb) {
		t.Errorf("the formatted program parses to another tree:\n%s\n--- from\n%s", b, a)
	}
}

// erase zeroes every position, end offset and source text in a tree.
func erase(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			erase(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			erase(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[lang.Position]() {
			v.Set(reflect.Zero(v.Type()))
			return
		}
		for i := range v.NumField() {
			switch f := v.Field(i); v.Type().Field(i).Name {
			case "EndOff", "Source":
				f.Set(reflect.Zero(f.Type()))
			default:
				erase(f)
			}
		}
	}
}

func read(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func glob(t *testing.T, pattern string) []string {
	t.Helper()
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Fatalf("no files %s", pattern)
	}
	return files
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i+1, la[i], lb[i])
		}
	}
	return "one is longer"
}
