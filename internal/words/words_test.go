package words

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 moves", 1: "1 move", 2: "2 moves", -1: "-1 moves", 12345: "12,345 moves"} {
		if got := Plural(n, "move"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestWrap(t *testing.T) {
	text := "ééé aaaa bb  c\ndddddddddd e\n"
	got := Wrap(text, 8)
	want := "ééé aaaa\nbb c\ndddddddddd\ne\n" // é counts one column
	if got != want {
		t.Errorf("Wrap = %q, want %q", got, want)
	}
	if got := Wrap("no newline", 80); got != "no newline" {
		t.Errorf("Wrap added a line break: %q", got)
	}
	for line := range strings.SplitSeq(Wrap(strings.Repeat("word ", 50), 20), "\n") {
		if utf8.RuneCountInString(line) > 20 {
			t.Errorf("line of %d: %q", utf8.RuneCountInString(line), line)
		}
	}
}

func TestAbbreviate(t *testing.T) {
	if got := Abbreviate("short", 5); got != "short" {
		t.Errorf("%q", got)
	}
	if got := Abbreviate("ééééééé", 5); got != "éééé…" {
		t.Errorf("%q", got)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", 100000: "100,000"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
