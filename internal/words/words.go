// Package words holds the small helpers every part of grundy uses to write
// for a person: a count with its noun, prose wrapped to a width, a long text
// cut short. It depends on nothing, so that any package may use it, and
// there is one of each, so that they agree everywhere.
package words

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Plural writes n and a noun, adding an s unless n is 1: "1 case",
// "3 cases", "0 cases", "12,345 positions".
func Plural[N ~int | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Thousands(n) + " " + noun + "s"
}

// Thousands writes n with commas between groups of three digits.
func Thousands[N ~int | ~int64](n N) string {
	s := strconv.FormatInt(int64(n), 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Wrap breaks text into lines of at most width characters (runes) at
// spaces; a word longer than width has a line of its own. Runs of spaces
// and line breaks become one space, except that a text ending with a line
// break keeps it.
func Wrap(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		switch {
		case col == 0:
		case col+1+n > width:
			b.WriteString("\n")
			col = 0
		default:
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += n
	}
	if strings.HasSuffix(text, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}

// Abbreviate shortens text to at most n characters (runes), ending it with
// "…" if it is cut.
func Abbreviate(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	r := []rune(text)
	return string(r[:n-1]) + "…"
}
