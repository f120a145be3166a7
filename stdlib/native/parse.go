package native

import (
	"fmt"
	"strconv"
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

// ParseCode parses a take-and-break code (see [Code]) in the notation of
// CGSuite (and Winning Ways), as far as grundy computes it:
//
//	code       = {digit} digit "." {digit} ["[" digit {digit} "]"] [" unequal"]
//	digit      = (base | "{" count {"," count} ["+"] "}" | "*") [constraint]
//	base       = "0"…"9" | "A"…"Z" | "a"…"z"   (0 to 35)
//	constraint = "!" | "?" | "="
//
// The digit just before the point is d0 (removing no tokens: only 0, 4, 8
// or C, since bit 1 there is never a move and bit 2 would leave the heap
// unchanged); the digits after it are d1, d2, ...; final bracketed digits
// repeat forever, so "0.[3]" is Nim and "0.[37]" is 0.373737.... Bit h of a digit (h = 0, 1, 2, 3)
// lets a move leave h heaps; "{0,2}" lists those counts (here the digit 5).
// A mark after a digit restricts the heaps a split leaves (see [SplitRule]):
// "!" pairwise unequal ("4!.0" is Grundy's game, also written "4.0
// unequal"), "?" not all equal, "=" all equal. The mark counts only on
// digits that split (bits 4 and 8); it must then be the same on all of them.
//
// Codes are read in normal form: leading zeros before the point and trailing
// zeros after it do not count, so "04.30" is "4.3". CGSuite's other forms
// are recognized and refused with a message saying what grundy does not
// compute: digits before d0, which add tokens ("80.0"); digits of 16 and
// more (G-Z), "*" and "+" (four or more heaps); marks on only some
// splitting digits, or different marks. At least one digit must appear. Errors are *CodeError
// values that name the offending character.
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
	var before, after []digitSpec
	point, period, closed := -1, -1, false
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case closed:
			return fail(i, "unexpected text after the repeat ']'")
		case c == '.':
			if point >= 0 {
				return fail(i, "a code has only one '.'")
			}
			point = i
		case c == '[':
			if point < 0 {
				return fail(i, "expected '.' before '['")
			}
			if period >= 0 {
				return fail(i, "expected ']'")
			}
			period = len(after)
			if i+1 >= len(body) || body[i+1] == ']' {
				return fail(i+1, "expected digits inside [ ]")
			}
		case c == ']':
			if period < 0 {
				return fail(i, "']' without '['")
			}
			closed = true
		default:
			d, next, err := parseDigit(body, i)
			if err != nil {
				err.Input = s
				return Code{}, err
			}
			if point < 0 {
				before = append(before, d)
			} else {
				after = append(after, d)
			}
			i = next - 1
		}
	}
	switch {
	case point < 0:
		return fail(len(body), "expected '.'")
	case period >= 0 && !closed:
		return fail(len(body), "expected ']'")
	case len(before)+len(after) == 0:
		return fail(len(body), "expected at least one digit")
	}
	d0 := digitSpec{pos: point}
	if len(before) > 0 {
		d0 = before[len(before)-1]
		for _, d := range before[:len(before)-1] {
			if d.mask != 0 || d.more {
				return fail(d.pos, "a digit before d0 lets a move add tokens (CGSuite's 80.0 adds one and splits into three heaps); "+
					"such a game may never end, and grundy does not compute it")
			}
		}
	}
	all := append([]digitSpec{d0}, after...)
	var rule *digitSpec // the first digit that splits and has a mark
	for k, d := range all {
		switch {
		case d.more:
			return fail(d.pos, "'*' and '+' let a move leave any number of heaps; grundy computes codes that leave at most 3")
		case d.mask >= 16:
			return fail(d.pos, "digit %d lets a move leave 4 or more heaps; grundy computes codes that leave at most 3 (digits 0-F)", d.mask)
		case k == 0 && d.mask&3 != 0:
			return fail(d.pos, "d0 = %X: before the point only bits 4 and 8 are allowed "+
				"(0, 4, 8 or C); removing no tokens cannot leave 0 heaps or 1 heap", d.mask)
		}
		if d.mask&12 != 0 && d.constraint != 0 && rule == nil {
			rule = &all[k]
		}
	}
	code := AnySplit
	if rule != nil {
		code = ruleOf(rule.constraint)
		for _, d := range all {
			if d.mask&12 != 0 && d.constraint != rule.constraint {
				return fail(d.pos, "grundy computes one mark (%q here) on every digit that splits or none; this one has %s",
					rule.constraint, markName(d.constraint))
			}
		}
	}
	if unequal {
		if code != AnySplit && code != Unequal {
			return fail(len(body), "%q and \" unequal\" contradict each other", rule.constraint)
		}
		code = Unequal
	}
	digits := make([]byte, 0, len(all))
	for _, d := range all {
		digits = append(digits, uint8(d.mask))
	}
	var repeat string
	if period >= 0 {
		repeat = string(digits[period+1:]) // after d0
		digits = digits[:period+1]
	}
	return canonical(digits, repeat, code), nil
}

// markName names a digit's mark in an error message.
func markName(c byte) string {
	if c == 0 {
		return "none"
	}
	return fmt.Sprintf("%q", c)
}

// digitSpec is one digit of a code as written: bit h of mask lets a move
// leave h heaps; more allows any larger count too ('*', '+'); constraint is
// '!', '?', '=' or 0.
type digitSpec struct {
	pos        int
	mask       uint64
	more       bool
	constraint byte
}

// parseDigit reads the digit at s[i:] and its constraint; next is the offset
// after them.
func parseDigit(s string, i int) (d digitSpec, next int, err *CodeError) {
	d.pos = i
	switch c := s[i]; {
	case c == '*':
		d.mask, d.more = 1, true
		i++
	case c == '{':
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return d, 0, &CodeError{Pos: len(s), Msg: "expected '}' to close the digit"}
		}
		list := s[i+1 : i+end]
		if d.more = strings.HasSuffix(list, "+"); d.more {
			list = list[:len(list)-1]
		}
		off, unmarked := i+1, false
		for _, count := range strings.Split(list, ",") {
			number, mark := count, byte(0)
			if last := len(count) - 1; last > 0 && strings.IndexByte("!?=", count[last]) >= 0 {
				number, mark = count[:last], count[last]
			}
			n, convErr := strconv.Atoi(number)
			if convErr != nil || n < 0 || n > 63 {
				return d, 0, &CodeError{Pos: off, Msg: "expected a number of heaps from 0 to 63 in { }"}
			}
			if mark != 0 && n >= 2 { // a mark on 0 heaps or 1 heap restricts nothing
				if d.constraint != 0 && d.constraint != mark {
					return d, 0, &CodeError{Pos: off, Msg: "grundy computes one mark for every split; this count has another"}
				}
				d.constraint = mark
			}
			unmarked = unmarked || (mark == 0 && n >= 2)
			d.mask |= 1 << n
			off += len(count) + 1
		}
		if d.constraint != 0 && unmarked {
			return d, 0, &CodeError{Pos: i, Msg: "grundy computes one mark for every split; this digit marks only some"}
		}
		i += end + 1
	default:
		v, ok := digitValue(c)
		if !ok {
			return d, 0, &CodeError{Pos: i, Msg: "expected a digit 0-9 or A-Z, '{', '*', '.' or '['"}
		}
		d.mask = uint64(v)
		i++
	}
	if i < len(s) && (s[i] == '!' || s[i] == '?' || s[i] == '=') {
		if d.constraint != 0 && d.constraint != s[i] {
			return d, 0, &CodeError{Pos: i, Msg: "a mark after '}' and another inside it"}
		}
		d.constraint = s[i]
		i++
	}
	return d, i, nil
}

// digitValue is the value of a digit 0-9, A-Z or a-z: 0 to 35.
func digitValue(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'Z':
		return c - 'A' + 10, true
	case 'a' <= c && c <= 'z':
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
