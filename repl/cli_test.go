package repl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/cli"
)

// The command line starts the shell with no arguments, or with repl and files
// to load; with input piped in it runs as a script.
func TestCommandLine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bash.game")
	if err := os.WriteFile(file, []byte("game B(n) {\n  move take k in 1..min(3, n) -> B(n - k)\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args  []string
		input string
		want  string
		exit  int
	}{
		{nil, "sg(*3 + *5)\n", "6\n", 0},
		{[]string{"repl"}, "1 / 0\nsg(*1)\n", "repl:1:3: division by zero\n    1 / 0\n      ^\n1\n", 2},
		{[]string{"repl", file}, "[sg(B(n)) for n in 0..5]\n", "loaded " + file + ": 1 game\n[0, 1, 2, 3, 0, 1]\n", 0},
		{[]string{"repl", "--max-positions", "5", file}, "sg(B(10))\n", "loaded " + file + ": 1 game\n" +
			"repl:1:1: stopped: the positions limit (5) was reached; :clear drops the memo tables; grundy repl --max-positions N starts a shell with a larger limit\n    sg(B(10))\n    ^\n", 2},
	}
	for _, tt := range tests {
		var out strings.Builder
		exit := cli.Main(tt.args, strings.NewReader(tt.input), &out, &out)
		if out.String() != tt.want || exit != tt.exit {
			t.Errorf("grundy %q with %q:\n%s(exit %d)\nwant:\n%s(exit %d)", tt.args, tt.input, out.String(), exit, tt.want, tt.exit)
		}
	}
}
