package interp

import "time"

// RememberNoCalls makes in evaluate every function call, as the plain definition does.
func (in *Interp) RememberNoCalls() { in.noMemo = true }

// SetQuotientFallback bounds the search after a quotient that cannot answer, until
// the returned function restores the bound.
func SetQuotientFallback(d time.Duration) (restore func()) {
	saved := quotientFallback
	quotientFallback = d
	return func() { quotientFallback = saved }
}
