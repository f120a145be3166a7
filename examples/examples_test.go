// Package examples_test runs every teaching file in this folder the way
// `grundy run` does (in a session with the standard library loaded): each must
// run without error, every one of its checks must hold, and each must contain
// at least one check that ran.
package examples_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

func TestExamples(t *testing.T) {
	files, err := filepath.Glob("*.game")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no examples found")
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in := stdlib.New() // interp.New() plus the library, as the command line has it
			var diag bytes.Buffer
			in.Out, in.Diag = io.Discard, &diag
			if err := in.Run(context.Background(), file, string(src)); err != nil {
				t.Fatalf("%s: %v\n%s", file, err, diag.String())
			}
			if in.Checks.Failed > 0 {
				t.Errorf("%s: %d of %d checks failed:\n%s", file, in.Checks.Failed, in.Checks.Failed+in.Checks.Passed, diag.String())
			}
			if in.Checks.Passed == 0 {
				t.Errorf("%s: no check ran; every example must verify its claims with check", file)
			}
		})
	}
}
