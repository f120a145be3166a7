package interp_test

// The language corpus: every testdata/corpus/*.game holds many small programs
// ("chunks") separated by a line that is exactly "---". Each chunk runs in a fresh
// session with the standard library, and its line numbers are those of the file.
//
// Expectations are comments in the chunk itself:
//
//	print 1 + 2          # => 3
//	print 1 / 0          ### "division by zero"
//
// "# => TEXT" (anywhere on a line) is one line the chunk must print; the printed
// output must be exactly these lines, in order, and nothing else. "### `REGEXP`"
// (a Go-quoted string) says the chunk reports an error located at that line whose
// message (after "file:line:col: ") matches REGEXP; "### COL `REGEXP`" also fixes
// its column. Every reported error must be
// expected and every expected error reported; an error without a location fails.

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

// chunk is one program of a corpus file.
type chunk struct {
	start  int               // line of the file where the chunk starts
	src    string            // the chunk, preceded by blank lines to keep line numbers
	output []string          // the lines it must print
	errs   map[int][]wantErr // expected errors by line
}

// wantErr is one "###" expectation: a column (0 for any) and a regexp.
type wantErr struct {
	col int
	re  *regexp.Regexp
}

// splitCorpus cuts a corpus file into chunks and reads their expectations.
func splitCorpus(t *testing.T, name, text string) []chunk {
	var chunks []chunk
	cur := chunk{start: 1, errs: map[int][]wantErr{}}
	var body []string
	flush := func() {
		cur.src = strings.Repeat("\n", cur.start-1) + strings.Join(body, "\n") + "\n"
		chunks = append(chunks, cur)
	}
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		n := i + 1
		if line == "---" {
			flush()
			cur, body = chunk{start: n + 1, errs: map[int][]wantErr{}}, nil
			continue
		}
		body = append(body, line)
		if k := strings.Index(line, "### "); k >= 0 {
			cur.errs[n] = append(cur.errs[n], parseWantErr(t, name, n, line[k+4:]))
		} else if k := strings.Index(line, "# => "); k >= 0 {
			cur.output = append(cur.output, line[k+len("# => "):])
		} else if strings.HasSuffix(line, "# =>") {
			cur.output = append(cur.output, "")
		}
	}
	flush()
	return chunks
}

// parseWantErr reads what follows "### ": an optional column, then a quoted regexp.
func parseWantErr(t *testing.T, name string, n int, text string) wantErr {
	var w wantErr
	text = strings.TrimSpace(text)
	if col, rest, ok := strings.Cut(text, " "); ok {
		if c, err := strconv.Atoi(col); err == nil {
			w.col, text = c, strings.TrimSpace(rest)
		}
	}
	re, err := strconv.Unquote(text)
	if err != nil {
		t.Fatalf("%s:%d: ### must be followed by a quoted regexp: %v", name, n, err)
	}
	if w.re, err = regexp.Compile(re); err != nil {
		t.Fatalf("%s:%d: %v", name, n, err)
	}
	return w
}

func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*.game")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		for _, c := range splitCorpus(t, name, string(text)) {
			t.Run(name+":"+strconv.Itoa(c.start), func(t *testing.T) {
				runChunk(t, name, c)
			})
		}
	}
}

// runChunk runs one chunk and compares its output and errors with its expectations.
func runChunk(t *testing.T, name string, c chunk) {
	in := stdlib.New()
	var out, diag bytes.Buffer
	in.Out, in.Diag = &out, &diag
	if err := in.Run(context.Background(), name, c.src); err != nil {
		diag.WriteString(formatErr(err) + "\n")
	}
	want := ""
	for _, line := range c.output {
		want += line + "\n"
	}
	if out.String() != want {
		t.Errorf("%s:%d: output differs\n--- got\n%s--- want\n%s", name, c.start, out.String(), want)
	}
	headline := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + `:(\d+):(\d+): (.*)$`)
	matched := map[int]map[int]bool{}
	// Headlines are "file:line:col: message"; indented lines show the source
	// and its caret, and "while ..." and "inside the library, ..." lines are notes.
	for _, line := range strings.Split(diag.String(), "\n") {
		if line == "" || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "while ") || strings.HasPrefix(line, "inside the library, ") {
			continue
		}
		m := headline.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("%s:%d: error without a location: %s", name, c.start, line)
			continue
		}
		if strings.HasPrefix(m[3], "reached from ") {
			continue // a note of the error before
		}
		n, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		ok := false
		for k, w := range c.errs[n] {
			if (w.col == 0 || w.col == col) && w.re.MatchString(m[3]) {
				ok = true
				if matched[n] == nil {
					matched[n] = map[int]bool{}
				}
				matched[n][k] = true
			}
		}
		if !ok {
			t.Errorf("%s:%d: unexpected error: %s", name, n, line)
		}
	}
	for n, res := range c.errs {
		for k, w := range res {
			if !matched[n][k] {
				t.Errorf("%s:%d:%d: expected an error matching %q, got\n%s", name, n, w.col, w.re, diag.String())
			}
		}
	}
}
