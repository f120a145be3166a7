package repl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line, cmd, arg string
		argOff         int
		err            string
	}{
		{line: ":help", cmd: "help", argOff: 5},
		{line: ":help Kayles", cmd: "help", arg: "Kayles", argOff: 6},
		{line: "  :table  sg(n)  for n in 0..3 ", cmd: "table", arg: "sg(n)  for n in 0..3", argOff: 10},
		{line: ":q", cmd: "quit", argOff: 2},
		{line: ":ta x", cmd: "table", arg: "x", argOff: 4},
		{line: ":rel", cmd: "reload", argOff: 4},
		{line: ":t", err: "ambiguous command :t: :table or :time"},
		{line: ":tabel x", err: "unknown command :tabel; did you mean :table?"},
		{line: ":optoins", err: "did you mean :options?"},
		{line: ":zzzzzzzz", err: ":help lists the commands"},
		{line: ":", err: "a command name must follow the colon"},
	}
	for _, tt := range tests {
		c, inv, err := parseCommand(tt.line)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseCommand(%q): error %v, want one containing %q", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseCommand(%q): %v", tt.line, err)
			continue
		}
		if c.name != tt.cmd || inv.arg != tt.arg || inv.argOff != tt.argOff {
			t.Errorf("parseCommand(%q) = %s, %q at %d; want %s, %q at %d", tt.line, c.name, inv.arg, inv.argOff, tt.cmd, tt.arg, tt.argOff)
		}
		if tt.arg != "" && tt.line[inv.argOff:inv.argOff+len(tt.arg)] != tt.arg {
			t.Errorf("parseCommand(%q): offset %d does not point at the argument", tt.line, inv.argOff)
		}
	}
}

func TestIncomplete(t *testing.T) {
	for src, want := range map[string]bool{
		"game Nim(n) {":                                   true,
		"game Nim(n) {\n move k in 1..n ->":               true,
		"game Nim(n) {\n move k in 1..n -> Nim(n - k)\n}": false,
		"[1,":              true,
		"1 +":              true,
		"let x =":          true,
		"1 + 2":            false,
		"1 + )":            false, // an error, not a continuation
		`"abc`:             false,
		"# only a comment": false,
	} {
		if got := incomplete(src); got != want {
			t.Errorf("incomplete(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestEntryReader(t *testing.T) {
	var r entryReader
	var entries []string
	for _, line := range []string{"game Nim(n) {", "  move k in 1..n -> Nim(n - k)", "}", ":table [", "sg(Nim(3))", "[1,", "", "2]\r"} {
		if e, done := r.add(line); done {
			entries = append(entries, e)
		}
	}
	want := []string{"game Nim(n) {\n  move k in 1..n -> Nim(n - k)\n}", ":table [", "sg(Nim(3))", "[1,\n\n2]"}
	if !slices.Equal(entries, want) {
		t.Errorf("entries %q, want %q", entries, want)
	}
	if r.pending() {
		t.Error("nothing should be pending")
	}
	r.add("(1,")
	if !r.pending() || r.flush() != "(1," || r.pending() {
		t.Error("flush should return and forget the unfinished entry")
	}
}

// A long entry is gathered in linear time: parsing it whole at every line
// took 50 s for an 8,000-line list. Brackets inside strings and comments do
// not count, and a syntax error inside open brackets is still reported
// before they close.
func TestLongEntry(t *testing.T) {
	const n = 40_000
	done := make(chan []string, 1)
	go func() {
		var r entryReader
		var entries []string
		lines := []string{`print len([ # a comment [[`}
		for i := range n {
			lines = append(lines, fmt.Sprintf(`  %d, # "(" [`, i))
		}
		lines = append(lines, `  ")]]"])`, `print 1`)
		for _, line := range lines {
			if e, ok := r.add(line); ok {
				entries = append(entries, e)
			}
		}
		done <- entries
	}()
	select {
	case entries := <-done:
		if len(entries) != 2 || strings.Count(entries[0], "\n") != n+1 || entries[1] != "print 1" {
			t.Errorf("%d entries; the first has %d lines", len(entries), strings.Count(entries[0], "\n")+1)
		}
	case <-time.After(20 * time.Second): // it takes well under a second
		t.Fatalf("gathering a %d-line entry did not end within 20 s", n)
	}

	var r entryReader
	var got []string
	for _, line := range []string{"print [1,", "2 = 3,", "4,", "5,", "6,", "7,", "8,", "9,", "print 2"} {
		if e, ok := r.add(line); ok {
			got = append(got, e)
		}
	}
	if len(got) == 0 || !strings.HasPrefix(got[0], "print [1,\n2 = 3,") || got[len(got)-1] != "print 2" {
		t.Errorf("an error inside brackets: entries %q", got)
	}
}

func TestHistoryItem(t *testing.T) {
	entry := "# Nim\ngame Nim(n) {   # a heap\n  move take k in 1..n -> Nim(n - k)\n}"
	if got, want := historyItem(entry), "game Nim(n) { move take k in 1..n -> Nim(n - k) }"; got != want {
		t.Errorf("historyItem = %q, want %q", got, want)
	}
	if got, want := historyItem(`print "#1" # note`), `print "#1"`; got != want {
		t.Errorf("historyItem = %q, want %q", got, want)
	}
	// The joined item must mean the same when it comes back from the history.
	s, out := newTestSession()
	s.Do(t.Context(), historyItem(entry))
	s.Do(t.Context(), "sg(Nim(5))")
	if out.String() != "5\n" {
		t.Errorf("the history item does not define Nim: %q", out.String())
	}
}

func TestComplete(t *testing.T) {
	s, _ := newTestSession()
	s.Do(t.Context(), "game Kayles(n) {\n move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i)\n}")
	s.Do(t.Context(), "let kilo = 1000")
	tests := []struct {
		line       string
		head, tail string
		want       []string
	}{
		{":ta", "", "", []string{":table "}},
		{"  :t", "  ", "", []string{":table ", ":time "}},
		{"sg(Kay", "sg(", "", []string{"Kayles"}},
		{"sg(kay", "sg(", "", []string{"Kayles"}}, // case folded when nothing else matches
		{"k", "", "", []string{"kilo"}},           // exact case first
		{"1 + ki", "1 + ", "", []string{"kilo"}},
		{"mo", "", "", []string{"move", "moves"}},
		{"out", "", "", []string{"outcome"}},
		{"1 + 2", "1 + 2", "", nil},
		{"", "", "", nil},
	}
	for _, tt := range tests {
		head, got, tail := s.complete(tt.line, len(tt.line))
		if head != tt.head || tail != tt.tail || !slices.Equal(got, tt.want) {
			t.Errorf("complete(%q) = %q, %q, %q; want %q, %q, %q", tt.line, head, got, tail, tt.head, tt.want, tt.tail)
		}
	}
	// In the middle of a line the rest is kept.
	if head, got, tail := s.complete("sg(Kay) + 1", 6); head != "sg(" || !slices.Equal(got, []string{"Kayles"}) || tail != ") + 1" {
		t.Errorf("complete in the middle = %q, %q, %q", head, got, tail)
	}
}

func TestCompleteFile(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"kayles.game", "kayles2.game", ".hidden"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "kdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	s, _ := newTestSession()
	line := ":load " + dir + "/k"
	head, got, _ := s.complete(line, len(line))
	want := []string{dir + "/kayles.game", dir + "/kayles2.game", dir + "/kdir/"}
	if head != ":load " || !slices.Equal(got, want) {
		t.Errorf("complete(%q) = %q, %q; want %q", line, head, got, want)
	}
	line = ":l " + dir + "/"
	if _, got, _ := s.complete(line, len(line)); len(got) != 3 {
		t.Errorf("hidden files should be left out: %q", got)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// The keywords offered by completion are the language's.
func TestNamesHoldKeywords(t *testing.T) {
	s, _ := newTestSession()
	names := s.names()
	for _, k := range lang.Keywords() {
		if !slices.Contains(names, k) {
			t.Errorf("completion does not offer the keyword %s", k)
		}
	}
}

func newTestSession() (*Session, *strings.Builder) {
	var out strings.Builder
	return New(interp.New(), &out, &out), &out
}

func TestHelpOverview(t *testing.T) {
	s, out := newTestSession()
	if !s.Do(t.Context(), ":help") {
		t.Fatal(out)
	}
	for _, c := range commands {
		if !strings.Contains(out.String(), "\n  :"+c.name) {
			t.Errorf(":help does not list :%s", c.name)
		}
	}
	for line := range strings.SplitSeq(out.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("a line of :help is %d columns wide: %q", n, line)
		}
	}
	if !strings.Contains(out.String(), "Built-in functions: abs all any") {
		t.Error(":help does not list the built-ins")
	}
}

// The examples in the help of :table work as written.
func TestTableHelpExamples(t *testing.T) {
	s, out := newTestSession()
	s.Do(t.Context(), "game Kayles(n) {\n move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i)\n}")
	s.Do(t.Context(), "game Wythoff(a, b) {\n move k in 1..a -> Wythoff(a - k, b)\n move k in 1..b -> Wythoff(a, b - k)\n move k in 1..min(a, b) -> Wythoff(a - k, b - k)\n}")
	c, _, _ := parseCommand(":table")
	for line := range strings.SplitSeq(c.more, "\n") {
		if ex, ok := strings.CutPrefix(strings.TrimSpace(line), ":table "); ok {
			out.Reset()
			if !s.Do(t.Context(), ":table "+ex) {
				t.Errorf(":table %s failed: %s", ex, out)
			}
		}
	}
}

func TestTableInterrupted(t *testing.T) {
	s, out := newTestSession()
	s.Do(t.Context(), "game Kayles(n) {\n move k in 1..2, i in 0..n-k -> Kayles(i) + Kayles(n - k - i)\n}")
	ctx, cancel := context.WithCancel(t.Context())
	defer time.AfterFunc(200*time.Millisecond, cancel).Stop()
	if s.Do(ctx, ":table sg(Kayles(n)) for n in [3, 100000, 4]") {
		t.Fatal("the table should have been interrupted")
	}
	want := "n  sg(Kayles(n))\n3              3\ninterrupted at n = 100000 (what was solved so far is kept)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out.Reset()
	s.Do(t.Context(), "sg(Kayles(20))")
	if out.String() != "1\n" {
		t.Errorf("after the interrupt: %q", out)
	}
}

func TestProgressLine(t *testing.T) {
	out := new(lockedBuilder) // the line's goroutine writes to it
	s := New(interp.New(), out, out)
	var mu sync.Mutex
	clock := time.Unix(0, 0)
	s.now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return clock
	}
	stop := s.showProgress("sg(X(1000))")
	s.in.Config.OnHeaps("GrundysGame", 8192) // as a native table tells it
	mu.Lock()
	clock = clock.Add(1300 * time.Millisecond)
	mu.Unlock()
	const line = "sg(X(1000)): 1s, GrundysGame: 8,192 heaps (Ctrl-C stops)"
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out.String(), line); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no progress line after 10s: %q", out.String())
		}
	}
	fmt.Fprintln(s.out, "42") // output ends the line first
	stop()
	want := "\r" + line + "\r" + strings.Repeat(" ", len(line)+len("^C")) + "\r42\n" // the erase covers a "^C" echo too
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if s.in.Config.OnProgress != nil || s.in.Config.OnHeaps != nil || s.progress != nil {
		t.Error("the progress hooks are left behind")
	}
}

// lockedBuilder is a strings.Builder safe for use by several goroutines.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// :time counts the positions solved in words: "1 new position", "2 new positions".
func TestTimeCountsPositions(t *testing.T) {
	s, out := newTestSession()
	for _, entry := range []string{"game G(n) { move where n > 0 -> G(n - 1) }", ":time on", "sg(G(0))", "sg(G(2))"} {
		if !s.Do(t.Context(), entry) {
			t.Fatalf("%s: %s", entry, out)
		}
	}
	if !strings.Contains(out.String(), ", 1 new position solved\n") || !strings.Contains(out.String(), ", 2 new positions solved\n") {
		t.Errorf("got %q, want 1 new position then 2 new positions", out.String())
	}
}

// :help NAME wraps a built-in's long doc to the terminal's width.
func TestHelpIsWrapped(t *testing.T) {
	s := New(stdlib.New(), new(strings.Builder), new(strings.Builder))
	out := new(strings.Builder)
	s.out = &output{s, out}
	for _, name := range []string{"sg", "remoteness", "Kayles", "TakeBreak"} {
		out.Reset()
		if !s.Do(t.Context(), ":help "+name) {
			t.Fatalf(":help %s: %s", name, out)
		}
		for line := range strings.SplitSeq(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > 78 {
				t.Errorf(":help %s: a line of %d characters: %q", name, n, line)
			}
		}
	}
}
