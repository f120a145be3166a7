package interp

import (
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// sortCanon is a canonical form that sorts the game's parameters, recognized when
// it is compiled: tuple(sorted([a, b, c])) over all the parameters in any order, or
// (min(a, b), max(a, b)) for two. Where the arguments are integers and the names
// still mean the built-ins, it sorts them in place instead of running the form
// (which builds a list, a sorted copy and a tuple per position).
type sortCanon struct {
	names []*Global // the built-ins the form calls, as the cells that hold them
	fns   []any     // what they held when the form was compiled
}

// sortCanonOf recognizes a sorting canonical form over nparams parameters, or
// returns nil.
func (in *Interp) sortCanonOf(e lang.Expr, nparams int) *sortCanon {
	var names []string
	var params []lang.Expr
	switch x := e.(type) {
	case *lang.Call: // tuple(sorted([a, b, c]))
		inner, ok := callOf(x, "tuple", 1)
		if !ok {
			return nil
		}
		sorted, ok := callOf(inner[0], "sorted", 1)
		if !ok {
			return nil
		}
		list, ok := sorted[0].(*lang.ListLit)
		if !ok {
			return nil
		}
		names, params = []string{"tuple", "sorted"}, list.Elems
	case *lang.TupleLit: // (min(a, b), max(a, b))
		if len(x.Elems) != 2 {
			return nil
		}
		lo, ok1 := callOf(x.Elems[0], "min", 2)
		hi, ok2 := callOf(x.Elems[1], "max", 2)
		if !ok1 || !ok2 || slotOf(lo[0]) != slotOf(hi[0]) || slotOf(lo[1]) != slotOf(hi[1]) {
			return nil
		}
		names, params = []string{"min", "max"}, lo
	default:
		return nil
	}
	seen := make([]bool, nparams)
	for _, p := range params {
		s := slotOf(p)
		if s < 0 || s >= nparams || seen[s] {
			return nil
		}
		seen[s] = true
	}
	if len(params) != nparams || nparams < 2 { // one argument is not unpacked from the tuple
		return nil
	}
	sc := &sortCanon{}
	for _, name := range names {
		cell := in.global(name)
		if !cell.Builtin {
			return nil
		}
		sc.names, sc.fns = append(sc.names, cell), append(sc.fns, cell.V.R)
	}
	return sc
}

// callOf returns the arguments of e when it is a call of the global name with n
// arguments.
func callOf(e lang.Expr, name string, n int) ([]lang.Expr, bool) {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != n {
		return nil, false
	}
	id, ok := call.Fn.(*lang.Ident)
	if !ok || id.Name != name || id.Ref.Kind != lang.Global {
		return nil, false
	}
	return call.Args, true
}

// slotOf is the parameter slot a bare parameter name refers to, or -1.
func slotOf(e lang.Expr) int {
	if id, ok := e.(*lang.Ident); ok && id.Ref.Kind == lang.Local && id.Ref.Depth == 0 {
		return id.Ref.Slot
	}
	return -1
}

// apply sorts integer args into buf and returns it; false when the form must run
// as written (an argument is not an integer, or a name was redefined).
func (sc *sortCanon) apply(args, buf []Value) ([]Value, bool) {
	for i, cell := range sc.names {
		if cell.V.R != sc.fns[i] {
			return nil, false
		}
	}
	for _, a := range args {
		if a.K != KInt {
			return nil, false
		}
	}
	buf = append(buf[:0], args...)
	slices.SortFunc(buf, func(a, b Value) int {
		switch {
		case a.N < b.N:
			return -1
		case a.N > b.N:
			return 1
		}
		return 0
	})
	return buf, true
}
