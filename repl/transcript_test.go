package repl

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/grundy-lang/grundy/interp"
)

var update = flag.Bool("update", false, "rewrite the expected output of the transcripts in testdata")

// TestTranscripts runs each testdata/*.txtar through the piped mode: the "in"
// file is the input, "out" the expected output (standard output and errors
// interleaved), and the comment's first line "exit N" the expected status. Other
// files of the archive are written to a temporary directory, which the input
// and output call $WORK. Timings print as "time X".
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatal("no transcripts in testdata", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var input string
			var outIndex = -1
			for i, f := range ar.Files {
				switch f.Name {
				case "in":
					input = string(f.Data)
				case "out":
					outIndex = i
				default:
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			var wantExit int
			if _, err := fmt.Sscanf(string(ar.Comment), "exit %d", &wantExit); err != nil {
				t.Fatalf("the comment must start with \"exit N\": %v", err)
			}
			var out bytes.Buffer
			s := New(interp.New(), &out, &out)
			exit := s.Piped(t.Context(), strings.NewReader(strings.ReplaceAll(input, "$WORK", dir)))
			got := strings.ReplaceAll(out.String(), dir, "$WORK")
			got = timing.ReplaceAllString(got, "time X")

			if *update {
				if outIndex < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "out"})
					outIndex = len(ar.Files) - 1
				}
				ar.Files[outIndex].Data = []byte(got)
				ar.Comment = regexp.MustCompile(`^exit \d+`).ReplaceAll(ar.Comment, fmt.Appendf(nil, "exit %d", exit))
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if outIndex < 0 {
				t.Fatal("no out file (run with -update to create it)")
			}
			if want := string(ar.Files[outIndex].Data); got != want {
				t.Errorf("output differs (run with -update to accept)\n--- got:\n%s\n--- want:\n%s", got, want)
			}
			if exit != wantExit {
				t.Errorf("exit status %d, want %d", exit, wantExit)
			}
		})
	}
}

var timing = regexp.MustCompile(`time [0-9.]+[µnm]?s`)
