package interp

import (
	"github.com/grundy-lang/grundy/solver"
)

// Frame holds the local variables of one call: parameters first, then the
// variables bound by generators. A lambda's frame points to a snapshot of the
// frame it was created in.
type Frame struct {
	slots []Value
	up    *Frame
	// While a position is expanded: where its options go, and the option being built.
	opts *solver.Options
	sb   sumBuilder
	// expanding is the position being expanded; optEnd the option count at which
	// its expansion stops (the position limit).
	expanding solver.Pos
	optEnd    int
	// gains, when set, receives what each option earns (a scoring game's search).
	gains *[]gain
	// expansion tells one expansion from another, for the calls kept by
	// option (see optionCall).
	expansion uint64
}

func newFrame(size int, up *Frame) *Frame {
	return &Frame{slots: make([]Value, size), up: up}
}

// framePool recycles the frames of expansions and function calls, which are never
// captured (a lambda copies the frame it is created in).
type framePool struct{ free []*Frame }

func (p *framePool) get(size int) *Frame {
	if n := len(p.free); n > 0 {
		fr := p.free[n-1]
		p.free = p.free[:n-1]
		if cap(fr.slots) >= size {
			fr.slots = fr.slots[:size]
			return fr
		}
	}
	return newFrame(size, nil)
}

func (p *framePool) put(fr *Frame) {
	clear(fr.slots)
	fr.opts, fr.gains, fr.up = nil, nil, nil
	p.free = append(p.free, fr)
}
