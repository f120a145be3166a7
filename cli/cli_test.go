package cli_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lang/grundy/cli"
	"github.com/grundy-lang/grundy/render"
	"github.com/rogpeppe/go-internal/testscript"
)

// The scripts in testdata/script drive the real command line end to end: each is
// a txtar archive of commands, files and expected output (see testscript docs).
func TestMain(m *testing.M) {
	if os.Getenv("GRUNDY_CLI_CHILD") == "1" { // see TestLimits
		if os.Getenv("GRUNDY_PROGRESS_AT_ONCE") == "1" { // see startOnTerminal
			render.ProgressDelay = 0
		}
		os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"grundy": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}

// The README's command for the picture of Wythoff's game draws docs/wythoff.png
// exactly.
func TestReadmePicture(t *testing.T) {
	out := filepath.Join(t.TempDir(), "wythoff.png")
	args := []string{"table", "sg(Wythoff(a, b))", "for", "a", "in", "0..39,", "b", "in", "0..39",
		"--title", "Wythoff's game: Sprague-Grundy values", "--numbers", "on", "-o", out}
	var stderr bytes.Buffer
	if code := cli.Main(args, nil, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../docs/wythoff.png")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the README's command does not draw docs/wythoff.png")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if cmd := `grundy table 'sg(Wythoff(a, b))' for a in 0..39, b in 0..39 --title "Wythoff's game: Sprague-Grundy values" --numbers on -o wythoff.png`; !bytes.Contains(readme, []byte(cmd)) {
		t.Errorf("the README does not give the command %s", cmd)
	}
}
