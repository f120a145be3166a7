package native

// SplitRule restricts the sizes of the heaps a split (bits 4 and 8) leaves,
// as CGSuite's marks after a digit do: "4!.0" is Grundy's game.
type SplitRule uint8

const (
	AnySplit    SplitRule = iota // no restriction
	Unequal                      // "!": the heaps are pairwise unequal
	NotAllEqual                  // "?": the heaps are not all equal
	AllEqual                     // "=": the heaps are all equal
)

// mark is the character CGSuite writes after a digit for the rule.
func (r SplitRule) mark() string {
	return [...]string{"", "!", "?", "="}[r]
}

// ruleOf returns the rule a CGSuite mark ('!', '?', '=' or 0) stands for.
func ruleOf(mark byte) SplitRule {
	switch mark {
	case '!':
		return Unequal
	case '?':
		return NotAllEqual
	case '=':
		return AllEqual
	}
	return AnySplit
}

// pair reports whether the rule allows a split into heaps a <= b.
func (r SplitRule) pair(a, b int) bool {
	switch r {
	case Unequal, NotAllEqual:
		return a < b
	case AllEqual:
		return a == b
	}
	return true
}

// triple reports whether the rule allows a split into heaps a <= b <= c.
func (r SplitRule) triple(a, b, c int) bool {
	switch r {
	case Unequal:
		return a < b && b < c
	case NotAllEqual:
		return a < c
	case AllEqual:
		return a == c
	}
	return true
}
