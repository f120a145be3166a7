package interp

// SetMaxElems lowers the bound on a value's length for a test and returns the
// function that restores it.
func SetMaxElems(n int) (restore func()) {
	old := maxElems
	maxElems = n
	return func() { maxElems = old }
}

// SetMaxMoves lowers the bound on one position's options for a test and returns
// the function that restores it.
func SetMaxMoves(n int) (restore func()) {
	old := maxMoves
	maxMoves = n
	return func() { maxMoves = old }
}

// SetMaxValueDepth lowers the bound on how deeply values nest for a test and
// returns the function that restores it.
func SetMaxValueDepth(n int32) (restore func()) {
	old := maxValueDepth
	maxValueDepth = n
	return func() { maxValueDepth = old }
}

// RememberNoCalls makes in evaluate every function call, as the plain definition does.
func (in *Interp) RememberNoCalls() { in.noMemo = true }
