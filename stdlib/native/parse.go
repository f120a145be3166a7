package native

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
)

// CodeError is the error ParseCode returns: what was wrong, and where.
type CodeError struct {
	Input string // the text given to ParseCode
	Pos   int    // 0-based byte offset of the offending character (len(Input) at the end)
	Msg   string // what was expected or wrong
}

// Error formats the error with a 1-based character position, for example
// `code "0.7#": at character 4 ('#'): expected a digit 0-9 or A-V`.
func (e *CodeError) Error() string {
	at := "at the end"
	if e.Pos < len(e.Input) {
		at = fmt.Sprintf("at character %d (%q)", e.Pos+1, e.Input[e.Pos])
	}
	return fmt.Sprintf("code %q: %s: %s", e.Input, at, e.Msg)
}

// ParseCode parses a take-and-break code (see [Code]) in the notation of
// CGSuite (and Winning Ways):
//
//	code       = {digit} digit "." {digit} ["[" digit {digit} "]"] [" unequal"]
//	digit      = (base | "&" number ";" | "{" count {"," count} ["+"] "}" | "*") [mark]
//	count      = number [mark]
//	base       = "0"…"9" | "A"…"V" | "a"…"v"   (0 to 31)
//	mark       = "!" | "?" | "="
//
// The digit just before the point is d0 (removing no tokens: it must split
// the heap, so it may not allow 0 heaps or 1 heap); the digits after it are
// d1, d2, ...; final bracketed digits repeat forever, so "0.[3]" is Nim and
// "0.[37]" is 0.373737.... Bit h of a digit lets a move leave h heaps;
// "&40;" is the digit 40; "{0,2}" lists the counts (here the digit 5);
// "{0,2+}" allows 0, 2 or any larger number of heaps, and "*" any number.
// Digits before d0 add tokens: in "80.0", d_{-1} = 8 adds one token and
// splits the heap into three. Such a digit must leave at least j + 2 heaps
// when it adds j tokens, or a heap could grow and the game never end.
//
// A mark after a digit restricts the heaps a split leaves (see
// [SplitRule]): "!" pairwise unequal ("4!.0" is Grundy's game, also written
// "4.0 unequal"), "?" not all equal, "=" all equal. A mark inside braces
// restricts one count ("0.{0,2!,3}"); as in CGSuite, when the counts of two
// or more heaps carry only one kind of mark it holds for all of them.
//
// Codes are read in normal form: leading zeros before the point and
// trailing zeros after it do not count, so "04.30" is "4.3". At least one
// digit must appear. Errors are *CodeError values that name the offending
// character.
func ParseCode(s string) (Code, error) {
	spec, err := parseSpec(s)
	if err != nil {
		return Code{}, err
	}
	return spec.code(), nil
}

// code returns the Code of a parsed spec: the fast engine's form when it
// computes it, the general form otherwise.
func (s *codeSpec) code() Code {
	if !s.fast() {
		s.digits, s.repeat = normalForm(s.digits, s.repeat)
		return Code{general: s.String()}
	}
	rule := AnySplit
	digits := make([]byte, 0, len(s.digits))
	for _, d := range s.digits {
		digits = append(digits, byte(d.counts))
		if mark, _ := d.uniformMark(); d.counts&12 != 0 {
			rule = mark
		}
	}
	repeat := make([]byte, 0, len(s.repeat))
	for _, d := range s.repeat {
		repeat = append(repeat, byte(d.counts))
		if mark, _ := d.uniformMark(); d.counts&12 != 0 {
			rule = mark
		}
	}
	return canonical(digits, string(repeat), rule)
}

// parseSpec reads a code into its digits, checking that the game it
// describes ends.
func parseSpec(s string) (*codeSpec, error) {
	fail := func(pos int, format string, args ...any) (*codeSpec, error) {
		return nil, &CodeError{Input: s, Pos: pos, Msg: fmt.Sprintf(format, args...)}
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
				return nil, err
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
	}
	if d0.allows(0) || d0.allows(1) {
		return fail(d0.pos, "d0 = %v: removing no tokens must split the heap; it cannot leave 0 heaps or 1 heap (d0 is 0, 4, 8, C, ...)", d0.digitRule)
	}
	spec := &codeSpec{}
	for j := 1; j < len(before); j++ { // before[len-1-j] is d_{-j}
		d := before[len(before)-1-j]
		for h := 1; h <= j+1; h++ {
			if d.allows(h) {
				return fail(d.pos, "d-%d = %v adds %s and may leave %s, so a heap can come back as large as it was and the game may never end; "+
					"grundy computes games that end: a digit that adds %s must leave at least %d heaps", j, d.digitRule, words.Plural(j, "token"), words.Plural(h, "heap"), words.Plural(j, "token"), j+2)
			}
		}
		spec.add = append(spec.add, d.digitRule)
	}
	for len(spec.add) > 0 && spec.add[len(spec.add)-1].counts == 0 {
		spec.add = spec.add[:len(spec.add)-1]
	}
	all := append([]digitSpec{d0}, after...)
	for _, d := range all {
		if unequal {
			if mark, uniform := d.uniformMark(); !uniform || mark != AnySplit && mark != Unequal {
				return fail(len(body), "%q and \" unequal\" contradict each other", mark.mark())
			}
			d.markAll(Unequal)
			d.normalize()
		}
		spec.digits = append(spec.digits, d.digitRule)
	}
	if period >= 0 {
		spec.repeat = spec.digits[period+1:] // after d0
		spec.digits = spec.digits[:period+1]
	}
	return spec, nil
}

// digitSpec is one digit of a code as written, with its position.
type digitSpec struct {
	digitRule
	pos int
}

// parseDigit reads the digit at s[i:] and its mark; next is the offset
// after them.
func parseDigit(s string, i int) (d digitSpec, next int, err *CodeError) {
	d.pos = i
	var marks [64]SplitRule // marks written inside braces
	inner := false
	switch c := s[i]; {
	case c == '*':
		d.counts, d.more = 1, true
		i++
	case c == '&':
		end := strings.IndexByte(s[i:], ';')
		if end < 0 {
			return d, 0, &CodeError{Pos: len(s), Msg: "expected ';' to end the digit &N;"}
		}
		n, convErr := strconv.ParseUint(s[i+1:i+end], 10, 64)
		if convErr != nil || n >= 1<<63 {
			return d, 0, &CodeError{Pos: i + 1, Msg: "expected a number from 0 to 2^63-1 in &N;"}
		}
		d.counts = n
		i += end + 1
	case c == '{':
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return d, 0, &CodeError{Pos: len(s), Msg: "expected '}' to close the digit"}
		}
		list := s[i+1 : i+end]
		if d.more = strings.HasSuffix(list, "+"); d.more {
			list = list[:len(list)-1]
		}
		off := i + 1
		for _, count := range strings.Split(list, ",") {
			number, mark := count, byte(0)
			if last := len(count) - 1; last > 0 && strings.IndexByte("!?=", count[last]) >= 0 {
				number, mark = count[:last], count[last]
			}
			n, convErr := strconv.Atoi(number)
			if convErr != nil || n < 0 || n > 63 {
				return d, 0, &CodeError{Pos: off, Msg: "expected a number of heaps from 0 to 63 in { }"}
			}
			d.counts |= 1 << n
			marks[n] = ruleOf(mark)
			inner = inner || mark != 0
			off += len(count) + 1
		}
		i += end + 1
	default:
		v, ok := digitValue(c)
		if !ok {
			return d, 0, &CodeError{Pos: i, Msg: "expected a digit 0-9 or A-V, '&', '{', '*', '.' or '['"}
		}
		d.counts = uint64(v)
		i++
	}
	if d.more { // "+": the larger counts carry the last count's mark
		d.moreMark = marks[d.top()]
	}
	if i < len(s) && strings.IndexByte("!?=", s[i]) >= 0 {
		if inner {
			return d, 0, &CodeError{Pos: i, Msg: "a mark after '}' and another inside it"}
		}
		d.markAll(ruleOf(s[i]))
		i++
	} else {
		d.marks = marks
	}
	d.normalize()
	return d, i, nil
}

// digitValue is the value of a digit 0-9, A-V or a-v: 0 to 31.
func digitValue(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'V':
		return c - 'A' + 10, true
	case 'a' <= c && c <= 'v':
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
