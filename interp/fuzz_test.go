package interp_test

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/stdlib"
)

// FuzzEval runs arbitrary programs with small limits: whatever they do, the
// interpreter must return (a value or a located error), never panic, and never
// report an internal error.
func FuzzEval(f *testing.F) {
	for _, s := range []string{
		"game Nim(n) {\n  move take k in 1..n -> Nim(n - k)\n}\nprint sg(Nim(3) + Nim(5))\nprint winning(Nim(3) + Nim(4))",
		"game K(n) { move k in 1..2, i in 0..n-k -> K(i) + K(n - k - i) }\nprint [sg(K(n)) for n in 0..20]",
		"print period([1, 2, 1, 2, 1, 2])\nprint sg(Kayles(50) + TakeBreak(\"0.137\", 9))",
		"print grounded({(0, 1), (1, 2), (3, 4)}, 0)",
		"print [fn(y) => x + y for x in 1..3][1](5)",
		"print 1 / 0", "print [1][5]", "print -9223372036854775807 - 2", "print sorted({3, (1, 2), \"a\", P})",
		"game G(n) { move -> G(n) }\nprint sg(G(0))",
		"game W(n) {\n  move down where n > 0 -> W(n - 1)\n  move up where n < 3 -> W(n + 1)\n}\nprint [sg(W(n)) + 0 for n in 0..3]\nprint best(W(1) + W(2)), remoteness(W(0) + *2), outcome(W(2) + *1)",
		"game T(n) { move take s in {1, 3, 4} -> T(n - s) }\nprint sg(T(5))\nprint inf({0, 2}) == sg(Token([[1], [0, 2], []], 1))",
		"game H(E) { move cut e in E -> H(grounded(E - {e}, 0)) }\nprint sg(H({(0, 1), (1, 2), (2, 0)}))",
		"print moves(*3 + *2)\nprint options(*2)",
		"let a = [1, 2]\nprint a[-1] + len(a) * 3 << 2",
		"let r = [3, 9, 1, 2]\ngame C(i, j) {\n  move first where i <= j score r[i] -> C(i + 1, j)\n  move last where i <= j score r[j] again -> C(i, j - 1)\n}\nprint score(C(0, 3) + *1), best(C(0, 3)), outcome(C(0, 1)), search(C(0, 3), \"minimax\")",
		"game L(n) { move score n -> L(1 - n) }\nprint score(L(0))\nprint sg(L(1))",
		"fn f(n) = if n < 2 then n else f(n - 1) + f(n - 2)\nprint f(80)",
		"game C(w, h) {\n  left cut i in 1..w - 1 -> C(i, h) + C(w - i, h)\n  right cut j in 1..h - 1 -> C(w, j) + C(w, h - j)\n}\nprint value(C(3, 2) + *1), outcome(C(2, 2)), winning(C(3, 1), L)",
		"print cg(\"{2||1|0}\") + cg(\"^*\") - cg(\"+-1\"), mean(cg(\"{3|-1}\")), temperature(cg(\"1/2\")), fuzzy(*1, 0)",
		"game S(s) {\n  show str(s)\n  left cut i in 0..len(s) - 1 where s[i] == 1 -> S(s[0..i - 1])\n  right cut i in 0..len(s) - 1 where s[i] == -1 -> S(s[0..i - 1])\n}\nprint value(S([1, -1, 1])) < 1, show(S([1]) + *2), sum([cg(\"1/4\"), S([-1])])",
	} {
		f.Add(s)
	}
	for _, file := range hostileFiles(f) {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		in := stdlib.New()
		in.Out, in.Diag = io.Discard, io.Discard
		in.Config.MaxPositions = 20000
		err := in.Run(ctx, "fuzz.game", src)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("internal error on %q:\n%v", src, err)
		}
	})
}
