// Command grundy runs grundy programs: rule files for impartial games, queries on
// the command line, and the interactive shell. See README.md.
package main

import (
	"os"

	"github.com/grundy-lang/grundy/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
