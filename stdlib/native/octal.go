package native

import "strings"

// Code is a take-and-break game code in the octal notation of Berlekamp,
// Conway and Guy (Winning Ways for your Mathematical Plays, chapter 4,
// "Taking and Breaking"), extended to hexadecimal digits as in Siegel,
// Combinatorial Game Theory (AMS 2013), where a move may leave three heaps.
//
// A code "d0.d1d2d3..." describes a game played on heaps of tokens. Digit dk
// says what a move that removes k tokens from one heap may leave behind, as
// a sum of bits:
//
//	1  the heap may vanish (only when it had exactly k tokens)
//	2  one nonempty heap may remain
//	4  two nonempty heaps may remain (the rest is split in two)
//	8  three nonempty heaps may remain (hexadecimal codes only)
//
// So "0.77" is Kayles, "0.07" Dawson's Kayles, "0.137" Dawson's chess and
// "0.[3]" Nim (the bracketed digits repeat for every larger k: "0.[37]" is
// 0.373737...). The digit
// d0 before the point is about removing no tokens: only bits 4 and 8 make
// sense there, so "4.0" splits a heap into two nonempty heaps. Heaps left
// behind are unordered (a multiset); the value of a position is the XOR of
// the values of its heaps.
//
// A Code may also carry a [SplitRule] on the heaps a split leaves, written
// as CGSuite's mark after every digit that splits: pairwise unequal ("!",
// see [Code.Unequal]; Grundy's game is "4!.0", also written "4.0 unequal",
// see [GrundysGame]), not all equal ("?") or all equal ("=").
//
// Codes outside that (digits before d0 that add tokens, moves that leave
// four or more heaps, different marks on different splits) are general
// codes (see general.go and [ParseCode]); a slower engine computes them.
//
// The zero Code is "0.0", the game with no moves. Codes are immutable and
// comparable with ==; equal games in canonical form compare equal.
type Code struct {
	digits  string    // digits[k] is the digit for removing k tokens; digits[0] is d0
	repeat  string    // digits repeated for every k >= len(digits); "" when there is no repeat
	rule    SplitRule // restriction on the heaps a split leaves
	general string    // a general code's normal form, and then the fields above are zero
}

// GrundysGame returns Grundy's game: split a heap into two unequal nonempty
// heaps, the code "4.0 unequal".
func GrundysGame() Code {
	return Code{digits: "\x04", rule: Unequal}
}

// Unequal returns c with the restriction that the heaps left by every
// split must be pairwise unequal.
func (c Code) Unequal() Code {
	if c.general == "" {
		c.rule = Unequal
		return c
	}
	s := c.spec()
	for _, list := range [][]digitRule{s.add, s.digits, s.repeat} {
		for i := range list {
			list[i].markAll(Unequal)
			list[i].normalize()
		}
	}
	return s.code()
}

// IsUnequal reports whether every split must leave pairwise unequal heaps.
func (c Code) IsUnequal() bool { return c.Rule() == Unequal }

// Rule returns the restriction on the heaps a split leaves, when one holds
// for every split; AnySplit when none does, or when different splits carry
// different restrictions (see [Code.Marked]).
func (c Code) Rule() SplitRule {
	if c.general != "" {
		return AnySplit
	}
	return c.rule
}

// Marked reports whether some split carries a restriction.
func (c Code) Marked() bool { return c.spec().marked() }

// IsGeneral reports whether c is a general code, outside the octal and
// hexadecimal codes with one restriction for every split.
func (c Code) IsGeneral() bool { return c.general != "" }

// Digit returns the digit for removing k tokens (k >= 0), a value 0..15;
// for a general code, the counts of heaps it lists as bits (see [ParseCode]).
func (c Code) Digit(k int) int {
	if c.general != "" {
		return int(c.spec().digit(k).counts)
	}
	if k < 0 {
		return 0
	}
	if k < len(c.digits) {
		return int(c.digits[k])
	}
	if c.repeat == "" {
		return 0
	}
	return int(c.repeat[(k-len(c.digits))%len(c.repeat)])
}

// MaxRemove returns t, the largest number of tokens a move may remove, or
// -1 when the code ends with repeating digits (no bound).
func (c Code) MaxRemove() int { return c.spec().maxRemove() }

// TakeAnyFrom returns L >= 1 such that every move that removes k >= L tokens
// may leave nothing (when k is the whole heap) or one heap: the repeated
// digits all have bits 1 and 2, as in Nim ("0.[3]") and Lasker's Nim
// ("4.[3]"). ok is false when the code has no repeat, a repeated digit lacks
// one of those bits, or a move adds tokens.
func (c Code) TakeAnyFrom() (L int, ok bool) {
	s := c.spec()
	if len(s.repeat) == 0 || len(s.add) > 0 {
		return 0, false
	}
	for _, d := range s.repeat {
		if !d.allows(0) || !d.allows(1) {
			return 0, false
		}
	}
	return max(len(s.digits), 1), true
}

// IsFinite reports whether the code has no repeating digits.
func (c Code) IsFinite() bool { return len(c.spec().repeat) == 0 }

// MaxHeaps returns the largest number of heaps a single move may leave
// behind: 0, 1, 2 or 3, more for a general code, or -1 when there is no
// bound ("*", "+").
func (c Code) MaxHeaps() int { return c.spec().maxHeaps() }

// IsOctal reports whether every digit is at most 7 (no three-heap splits)
// and no digit adds tokens.
func (c Code) IsOctal() bool {
	s := c.spec()
	h := s.maxHeaps()
	return h >= 0 && h < 3 && len(s.add) == 0
}

// String returns the canonical form of the code: d0 is always written,
// trailing zero digits are dropped, a repeat is written as "[d...]", digits
// above 9 are upper-case hexadecimal, the unequal restriction is written
// as the suffix " unequal", and the rules "?" and "=" as CGSuite's mark
// after every digit that splits. ParseCode(c.String()) == c.
func (c Code) String() string {
	if c.general != "" {
		return c.general
	}
	var b strings.Builder
	digit := func(d int) {
		b.WriteByte(hexDigit(d))
		if d&12 != 0 && c.rule != Unequal {
			b.WriteString(c.rule.mark())
		}
	}
	digit(c.Digit(0))
	b.WriteByte('.')
	for k := 1; k < len(c.digits); k++ {
		digit(int(c.digits[k]))
	}
	if c.repeat != "" {
		b.WriteByte('[')
		for _, d := range []byte(c.repeat) {
			digit(int(d))
		}
		b.WriteByte(']')
	} else if len(c.digits) <= 1 {
		b.WriteByte('0')
	}
	if c.rule == Unequal {
		b.WriteString(unequalSuffix)
	}
	return b.String()
}

const unequalSuffix = " unequal"

func hexDigit(d int) byte { return "0123456789ABCDEF"[d&15] }

// canonical writes a code in its normal form: the shortest period ("[33]"
// is "[3]", an all-zero period is none), started as early as possible
// ("0.3[73]" is "0.[37]"), and no trailing zeros when there is no period.
// d0 is always kept. "Not all
// equal" is "unequal" when no move leaves three heaps: "4?.0" is "4!.0".
func canonical(digits []byte, repeat string, rule SplitRule) Code {
	digits, rep := normalForm(digits, []byte(repeat))
	c := Code{digits: string(digits), repeat: string(rep), rule: rule}
	if rule == NotAllEqual && c.MaxHeaps() < 3 {
		c.rule = Unequal
	}
	return c
}
