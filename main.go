// Command grundy runs grundy programs: rule files for impartial games, queries on
// the command line, and the interactive shell. See README.md.
package main

import (
	"os"

	"github.com/grundy-lang/grundy/cli"
	"github.com/grundy-lang/grundy/internal/gcfloor"
)

func main() {
	gcfloor.Keep(32 << 20)
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
