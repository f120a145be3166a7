// Command build writes the page in the browser into a directory, ready for
// any static file host: go run ./web/build -o site. It compiles grundy to
// WebAssembly from this source with the Go toolchain.
//
// `go generate ./web` runs it with -o web/static, so that a binary built
// afterwards carries the WebAssembly inside it (see docs/web.md).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/grundy-lang/grundy/web"
)

func main() {
	out := flag.String("o", "site", "the directory to write the page into")
	flag.Parse()
	ctx := context.Background()
	src := web.SourceDir(ctx)
	if src == "" {
		fmt.Fprintln(os.Stderr, "build: run this inside grundy's source, with Go installed")
		os.Exit(2)
	}
	if err := web.WriteSite(ctx, src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(2)
	}
	fmt.Printf("wrote the page, its WebAssembly included, to %s\n", *out)
}
