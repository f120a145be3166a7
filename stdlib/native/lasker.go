package native

// LaskerSG returns the nim value of a heap of n tokens in Lasker's Nim,
// where a move removes any positive number of tokens from a heap or splits
// a heap into two nonempty heaps (the code "4.[3]"):
//
//	g(0) = 0, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
//
// A negative n is not a heap and gives 0.
func LaskerSG(n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case n%4 == 3:
		return n + 1
	case n%4 == 0:
		return n - 1
	}
	return n
}

// LaskerCode is the take-and-break code of Lasker's Nim, "4.[3]".
func LaskerCode() Code { return Code{digits: "\x04", repeat: "\x03"} }
