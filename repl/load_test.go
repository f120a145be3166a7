package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

func TestReload(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.game")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const nim = "# Nim.\ngame Nim(n) {\n  move take k in 1..n -> Nim(n - k)\n}\n"
	const chain = "game Chain(n) {\n  move where n > 0 -> Chain(n - 1)\n}\n"
	write(nim + chain + "fn moves2() = [1, 2]\nlet table = [m * 10 for m in moves2()]\n# Sub.\ngame Sub(n) {\n  move s in moves2() where s <= n -> Sub(n - s)\n}\n")

	s, out := newTestSession()
	do := func(entry string) string {
		t.Helper()
		out.Reset()
		if !s.Do(t.Context(), entry) {
			t.Fatalf("%s failed:\n%s", entry, out)
		}
		return out.String()
	}
	if got := do(":load " + file); !strings.Contains(got, "loaded "+file+": 3 games, 1 function, 1 variable") {
		t.Errorf(":load said %q", got)
	}
	do("sg(Nim(20)) + sg(Chain(20)) + sg(Sub(20))")
	solved := s.in.SolverStats().Positions // 21 + 21 + 21

	// Nothing changed: nothing is forgotten.
	if got := do(":reload"); got != "reloaded "+file+": no changes; 5 unchanged\n" {
		t.Errorf(":reload said %q", got)
	}
	if n := s.in.SolverStats().Positions; n != solved {
		t.Errorf("an unchanged reload forgot values: %d positions, had %d", n, solved)
	}

	// Change the function Sub depends on, and Chain's doc; add a game. The let
	// that uses the function is computed again; Nim keeps its values.
	write(nim + "# Chain.\n" + chain + "fn moves2() = [1, 3]\nlet table = [m * 10 for m in moves2()]\n# Sub.\ngame Sub(n) {\n  move s in moves2() where s <= n -> Sub(n - s)\n}\ngame Extra(n) {\n  move where n > 0 -> Extra(n - 1)\n}\n")
	got := do(":reload")
	if want := "reloaded " + file + ": changed Chain, moves2; added Extra; 2 unchanged\n"; got != want {
		t.Errorf(":reload said %q, want %q", got, want)
	}
	if got := do("table"); got != "[10, 30]\n" {
		t.Errorf("the let was not computed again: %q", got)
	}
	if n := s.in.SolverStats().Positions; n != 21 {
		t.Errorf("after the reload %d values are memoized; want Nim's 21", n)
	}
	if got := do("[sg(Sub(n)) for n in 0..5]"); got != "[0, 1, 0, 1, 0, 1]\n" {
		t.Errorf("Sub does not use the new moves2: %s", got)
	}
	if got := do(":help Chain"); !strings.Contains(got, "Chain.") {
		t.Errorf("the new doc is not shown: %q", got)
	}

	// A definition typed at the prompt gives way to the file's on reload.
	do("game Nim(n) {\n  move where n > 0 -> Nim(n - 1)\n}")
	do(":reload")
	if got := do("sg(Nim(5))"); got != "5\n" {
		t.Errorf("the file's Nim did not come back: %s", got)
	}

	// A declaration that is gone stays defined, and the reload says so.
	write(nim)
	if got := do(":reload"); !strings.Contains(got, "gone from the file (still defined): Chain, Extra, Sub, moves2, table") {
		t.Errorf(":reload said %q", got)
	}

	// A broken file leaves the definitions as they were.
	write("game Nim(n) {\n  move take k in 1..n -> Nim(n - k\n}\n")
	out.Reset()
	if s.Do(t.Context(), ":reload") {
		t.Error("reloading a broken file should fail")
	}
	if !strings.Contains(out.String(), file+":3:1: unexpected") {
		t.Errorf("the error is not located: %q", out.String())
	}
	if got := do("sg(Nim(5))"); got != "5\n" {
		t.Errorf("Nim changed after a failed reload: %s", got)
	}
}

func TestDeclarations(t *testing.T) {
	src := "# doc A\ngame A(n) {\n  move -> A(n)  # loops\n}\n\n# doc of f\nfn f(n) = n + 1\nlet x = f(2)\nprint x\n"
	prog, err := lang.Parse("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	decls := declarations(prog, src)
	if d := decls["A"]; d == nil || src[d.start:d.end] != "game A(n) {\n  move -> A(n)  # loops\n}" {
		t.Errorf("A spans %q", src[decls["A"].start:decls["A"].end])
	}
	if d := decls["f"]; src[d.start:d.end] != "fn f(n) = n + 1" || !strings.HasPrefix(d.text, "doc of f\n") {
		t.Errorf("f: %q, text %q", src[d.start:d.end], d.text)
	}
	if d := decls["x"]; src[d.start:d.end] != "let x = f(2)" || strings.Join(d.refs, ",") != "f" {
		t.Errorf("x: %q, refs %q", src[d.start:d.end], d.refs)
	}
}
