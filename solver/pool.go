package solver

// pool keeps values for reuse by one owner; it is not safe for concurrent use.
// Nested solves (an Expand that asks the solver again) each get their own value.
// Whoever puts a value back resets it first, or does not put it back at all to
// let a large one go.
type pool[T any] struct {
	free []*T
}

// get returns a value put back earlier, or a new zero one.
func (p *pool[T]) get() *T {
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		p.free = p.free[:n-1]
		return x
	}
	return new(T)
}

// put keeps x for a later get.
func (p *pool[T]) put(x *T) { p.free = append(p.free, x) }
