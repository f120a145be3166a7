package interp

// SetMaxElems lowers the bound on a value's length for a test and returns the
// function that restores it.
func SetMaxElems(n int) (restore func()) {
	old := maxElems
	maxElems = n
	return func() { maxElems = old }
}
