package interp

import "unsafe"

// checkMemory panics with a *MemoryError when the values the program holds,
// with extra more bytes about to be allocated, pass the budget.
func (in *Interp) checkMemory(extra int64) {
	if err := in.Config.Memory(extra); err != nil {
		panic(err)
	}
}

// valueBytes is the size of one Value in a list.
const valueBytes = int64(unsafe.Sizeof(Value{}))

// reserve fails at the call when n more values would pass the memory budget.
func (s *callSite) reserve(n int64) {
	s.within(n * valueBytes)
}

// within fails at the call when the memory held, with extra more bytes about
// to be allocated, passes the budget: long loops of built-ins call it every
// few thousand steps.
func (s *callSite) within(extra int64) {
	if err := s.c.in.Config.Memory(extra); err != nil {
		s.fail("%s", err.Error())
	}
}
