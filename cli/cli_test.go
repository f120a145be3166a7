package cli_test

import (
	"os"
	"testing"

	"github.com/grundy-lang/grundy/cli"
	"github.com/rogpeppe/go-internal/testscript"
)

// The scripts in testdata/script drive the real command line end to end: each is
// a txtar archive of commands, files and expected output (see testscript docs).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"grundy": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
