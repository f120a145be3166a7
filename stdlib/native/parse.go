package native

import (
	"fmt"
	"strings"
)

// CodeError is the error ParseCode returns: what was wrong, and where.
type CodeError struct {
	Input string // the text given to ParseCode
	Pos   int    // 0-based byte offset of the offending character (len(Input) at the end)
	Msg   string // what was expected or wrong
}

// Error formats the error with a 1-based character position, for example
// `code "0.7x": at character 4 ('x'): expected a digit 0-9 or A-F`.
func (e *CodeError) Error() string {
	at := "at the end"
	if e.Pos < len(e.Input) {
		at = fmt.Sprintf("at character %d (%q)", e.Pos+1, e.Input[e.Pos])
	}
	return fmt.Sprintf("code %q: %s: %s", e.Input, at, e.Msg)
}

// ParseCode parses a take-and-break code (see [Code]). The grammar is
//
//	code   = [digit] "." {digit} ["[" digit "]"] [" unequal"]
//	digit  = "0"…"9" | "A"…"F" | "a"…"f"
//
// The optional leading digit is d0 (removing no tokens: only 0, 4, 8 or C,
// since bit 1 there is never a move and bit 2 would leave the heap
// unchanged). The digits after the point are d1, d2, ...; a final bracketed
// digit repeats forever, so "0.[3]" is Nim. At least one digit must appear.
// The suffix " unequal" (a grundy extension) requires the heaps left by a
// split to be pairwise unequal: "4.0 unequal" is Grundy's game.
// Errors are *CodeError values that name the offending character.
func ParseCode(s string) (Code, error) {
	fail := func(pos int, format string, args ...any) (Code, error) {
		return Code{}, &CodeError{Input: s, Pos: pos, Msg: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return fail(0, "empty code: expected a code such as 0.77 or 4.0")
	}
	body, unequal := s, false
	if strings.HasSuffix(s, unequalSuffix) {
		body, unequal = s[:len(s)-len(unequalSuffix)], true
	}
	var digits []byte
	var repeat uint8
	explicit := 0 // digits written, d0 and repeat included
	i := 0
	if i < len(body) && body[i] != '.' {
		d, ok := digitValue(body[i])
		if !ok {
			return fail(i, "expected a digit 0-9 or A-F, or '.'")
		}
		if d&3 != 0 {
			return fail(i, "d0 = %X: before the point only bits 4 and 8 are allowed "+
				"(0, 4, 8 or C); removing no tokens cannot leave 0 heaps or 1 heap", d)
		}
		digits = append(digits, d)
		explicit++
		i++
		if i < len(body) && body[i] != '.' {
			if _, ok := digitValue(body[i]); ok {
				return fail(i, "expected '.': only one digit (d0) may stand before the point")
			}
			return fail(i, "expected '.'")
		}
	} else {
		digits = append(digits, 0)
	}
	if i >= len(body) {
		return fail(i, "expected '.'")
	}
	i++ // the point
	for i < len(body) && body[i] != '[' {
		d, ok := digitValue(body[i])
		if !ok {
			if body[i] == '.' {
				return fail(i, "a code has only one '.'")
			}
			return fail(i, "expected a digit 0-9 or A-F, or '['")
		}
		digits = append(digits, d)
		explicit++
		i++
	}
	if i < len(body) { // body[i] == '['
		i++
		if i >= len(body) || body[i] == ']' {
			return fail(i, "expected one digit inside [ ]")
		}
		d, ok := digitValue(body[i])
		if !ok {
			return fail(i, "expected a digit 0-9 or A-F inside [ ]")
		}
		repeat = d
		i++
		if i >= len(body) {
			return fail(i, "expected ']'")
		}
		if body[i] != ']' {
			if _, ok := digitValue(body[i]); ok {
				return fail(i, "expected ']': only one digit may repeat")
			}
			return fail(i, "expected ']'")
		}
		i++
		if i < len(body) {
			return fail(i, "unexpected text after the repeat ']'")
		}
		explicit++
	}
	if explicit == 0 {
		return fail(i, "expected at least one digit")
	}
	return canonical(digits, repeat, unequal), nil
}

func digitValue(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// MustParseCode is like ParseCode but panics on error; for constants in
// programs and tests.
func MustParseCode(s string) Code {
	c, err := ParseCode(s)
	if err != nil {
		panic(err)
	}
	return c
}
