package native

import (
	"fmt"
	"math/bits"
	"strings"
)

// General codes are the take-and-break codes outside the fast engine's
// octal and hexadecimal digits: digits before d0, which add tokens ("80.0");
// moves that leave four or more heaps (digits 16 and up, "*", "{0,2+}"); and
// different marks on different digits or heap counts ("4!.8?",
// "0.{0,2!,3}"). A Code keeps such a code as its normal-form text, so that
// codes stay comparable with ==, and decodes it into a codeSpec to use it.

// digitRule is one digit of a code: the numbers of heaps a move may leave,
// and the restriction on each.
type digitRule struct {
	counts   uint64        // bit h: a move may leave h heaps (h < 64)
	marks    [64]SplitRule // marks[h] restricts a split into h heaps (h >= 2 only)
	more     bool          // every count above the highest in counts is allowed too
	moreMark SplitRule     // the restriction on those counts
}

// top is the highest count listed, or -1 for the zero digit.
func (d digitRule) top() int { return 63 - bits.LeadingZeros64(d.counts) }

// allows reports whether a move may leave h heaps.
func (d digitRule) allows(h int) bool {
	if h < 64 && d.counts&(1<<h) != 0 {
		return true
	}
	return d.more && h > d.top()
}

// mark is the restriction on a split into h heaps.
func (d digitRule) mark(h int) SplitRule {
	switch {
	case h < 2:
		return AnySplit
	case h > d.top():
		return d.moreMark
	}
	return d.marks[h]
}

// uniformMark returns the one mark on every count of two or more heaps,
// and false when the counts carry different marks.
func (d digitRule) uniformMark() (SplitRule, bool) {
	rule, seen := AnySplit, false
	if d.more {
		rule, seen = d.moreMark, true
	}
	for h := 2; h <= d.top(); h++ {
		if !d.allows(h) {
			continue
		}
		if seen && d.marks[h] != rule {
			return AnySplit, false
		}
		rule, seen = d.marks[h], true
	}
	return rule, true
}

// normalize writes the marks in one way. As in CGSuite, when the counts of
// two or more heaps carry only one kind of mark (no mark being a kind), it
// holds for all of them, so "{1,2!}" is "6!". Marks that restrict nothing,
// on 0 heaps or 1 heap and on counts not allowed, are dropped.
//
// With "+", counts at the top that a smaller count already implies are
// dropped: "{0,1,2,3,4+}" is "*", and "{0,2!,4!+}" is "{0,2,4+}!".
func (d *digitRule) normalize() {
	mark, uniform := d.uniformMark()
	if d.more {
		markAt := func(h int) SplitRule { // as CGSuite marks 0 heaps and 1 heap
			if h < 2 && !uniform {
				return AnySplit
			}
			if h < 2 {
				return mark
			}
			return d.marks[h]
		}
		for top := d.top(); top >= 1 && d.allows(top-1) && markAt(top-1) == d.moreMark; top-- {
			d.counts &^= 1 << top
			d.marks[top] = AnySplit
		}
	}
	if uniform {
		d.markAll(mark)
	}
	if !d.more {
		d.moreMark = AnySplit
	}
	for h := range d.marks {
		if h < 2 || d.counts&(1<<h) == 0 {
			d.marks[h] = AnySplit
		}
	}
}

// markAll puts one mark on every count (the marks that restrict nothing
// are dropped by normalize).
func (d *digitRule) markAll(mark SplitRule) {
	for h := range d.marks {
		d.marks[h] = mark
	}
	d.moreMark = mark
}

// String writes the digit as CGSuite does: a character 0-9, A-V when the
// counts are few and share one mark, "*" for any number of heaps,
// otherwise a list of counts in braces ("{0,2!,3}", "{2+}").
func (d digitRule) String() string {
	mark, uniform := d.uniformMark()
	switch {
	case d.counts == 0:
		return "0"
	case uniform && !d.more && d.counts < 32:
		return string(base32[d.counts]) + mark.mark()
	case uniform && d.more && d.counts == 1:
		return "*" + mark.mark()
	}
	var list []string
	for h := 0; h <= d.top(); h++ {
		if d.allows(h) {
			s := fmt.Sprint(h)
			if !uniform {
				s += d.marks[h].mark()
			}
			list = append(list, s)
		}
	}
	s := "{" + strings.Join(list, ",")
	if d.more {
		s += "+"
	}
	s += "}"
	if uniform {
		s += mark.mark()
	}
	return s
}

const base32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"

// codeSpec is a code decoded: what a move that removes k tokens may leave,
// for every k.
type codeSpec struct {
	add    []digitRule // add[j-1] is d_{-j}, for a move that adds j tokens
	digits []digitRule // digits[k] is d_k, for a move that removes k tokens
	repeat []digitRule // digits repeated for every k >= len(digits)
}

// digit returns d_k; negative k adds tokens.
func (s *codeSpec) digit(k int) digitRule {
	switch {
	case k < 0:
		if -k <= len(s.add) {
			return s.add[-k-1]
		}
		return digitRule{}
	case k < len(s.digits):
		return s.digits[k]
	case len(s.repeat) > 0:
		return s.repeat[(k-len(s.digits))%len(s.repeat)]
	}
	return digitRule{}
}

// String writes the code in CGSuite's notation: the digits that add tokens
// (d_{-j} first), d0, the point, and the rest.
func (s *codeSpec) String() string {
	var b strings.Builder
	for j := len(s.add) - 1; j >= 0; j-- {
		b.WriteString(s.add[j].String())
	}
	b.WriteString(s.digits[0].String())
	b.WriteByte('.')
	for _, d := range s.digits[1:] {
		b.WriteString(d.String())
	}
	if len(s.repeat) > 0 {
		b.WriteByte('[')
		for _, d := range s.repeat {
			b.WriteString(d.String())
		}
		b.WriteByte(']')
	} else if len(s.digits) == 1 {
		b.WriteByte('0')
	}
	return b.String()
}

// fast reports whether the fast engine computes the code: no digit adds
// tokens, no move leaves four or more heaps, and every split carries the
// same mark.
func (s *codeSpec) fast() bool {
	if len(s.add) > 0 {
		return false
	}
	rule, seen := AnySplit, false
	for _, d := range append(s.digits[:len(s.digits):len(s.digits)], s.repeat...) {
		if d.more || d.counts >= 16 {
			return false
		}
		mark, uniform := d.uniformMark()
		if !uniform {
			return false
		}
		if d.counts&12 == 0 {
			continue
		}
		if seen && mark != rule {
			return false
		}
		rule, seen = mark, true
	}
	return true
}

// marked reports whether some split carries a mark.
func (s *codeSpec) marked() bool {
	for _, list := range [][]digitRule{s.add, s.digits, s.repeat} {
		for _, d := range list {
			if mark, uniform := d.uniformMark(); !uniform || mark != AnySplit {
				return true
			}
		}
	}
	return false
}

// maxHeaps is the most heaps one move leaves, or -1 when there is no bound.
func (s *codeSpec) maxHeaps() int {
	most := 0
	for _, list := range [][]digitRule{s.add, s.digits, s.repeat} {
		for _, d := range list {
			if d.more {
				return -1
			}
			most = max(most, d.top())
		}
	}
	return most
}

// maxRemove is the most tokens one move removes, or -1 when the digits
// repeat (no bound).
func (s *codeSpec) maxRemove() int {
	if len(s.repeat) > 0 {
		return -1
	}
	for k := len(s.digits) - 1; k > 0; k-- {
		if s.digits[k].counts != 0 {
			return k
		}
	}
	return 0
}

// spec decodes c.
func (c Code) spec() *codeSpec {
	if c.general != "" {
		s, err := parseSpec(c.general)
		if err != nil {
			panic("native: a general code does not parse again: " + err.Error())
		}
		return s
	}
	rule := func(mask byte) digitRule {
		d := digitRule{counts: uint64(mask)}
		d.markAll(c.rule)
		d.normalize()
		return d
	}
	s := &codeSpec{}
	for _, m := range []byte(c.digits) {
		s.digits = append(s.digits, rule(m))
	}
	for _, m := range []byte(c.repeat) {
		s.repeat = append(s.repeat, rule(m))
	}
	if len(s.digits) == 0 {
		s.digits = []digitRule{{}}
	}
	return s
}

// normalForm shortens a code's digits to its normal form: the shortest
// repeat, started as early as possible, no all-zero repeat, and no trailing
// zeros when nothing repeats. digits[0] (d0) is always kept.
func normalForm[T comparable](digits, repeat []T) ([]T, []T) {
	var zero T
	for p := 1; p < len(repeat); p++ {
		if len(repeat)%p == 0 && periodic(repeat, p) {
			repeat = repeat[:p]
			break
		}
	}
	if allEqual(repeat, zero) {
		repeat = nil
	}
	for len(digits) > 1 && len(repeat) > 0 && digits[len(digits)-1] == repeat[len(repeat)-1] {
		repeat = append(repeat[len(repeat)-1:], repeat[:len(repeat)-1]...)
		digits = digits[:len(digits)-1]
	}
	for len(digits) > 1 && len(repeat) == 0 && digits[len(digits)-1] == zero {
		digits = digits[:len(digits)-1]
	}
	if len(digits) == 0 {
		digits = []T{zero}
	}
	return digits, repeat
}

// periodic reports whether xs repeats with period p.
func periodic[T comparable](xs []T, p int) bool {
	for i := p; i < len(xs); i++ {
		if xs[i] != xs[i-p] {
			return false
		}
	}
	return true
}

// allEqual reports whether every element of xs is x.
func allEqual[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y != x {
			return false
		}
	}
	return true
}
