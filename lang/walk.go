package lang

// Walk calls fn for every expression in a statement or expression, parents first.
func Walk(node any, fn func(Expr)) {
	switch n := node.(type) {
	case *GameDecl:
		walkOpt(n.Canon, fn)
		for _, m := range n.Moves {
			walkGens(m.Gens, fn)
			walkOpt(m.Where, fn)
			Walk(m.Result, fn)
		}
	case *FnDecl:
		Walk(n.Body, fn)
	case *LetStmt:
		Walk(n.Value, fn)
	case *PrintStmt:
		Walk(n.Value, fn)
	case *ExprStmt:
		Walk(n.X, fn)
	case *CheckStmt:
		walkGens(n.Gens, fn)
		walkOpt(n.Where, fn)
		Walk(n.Cond, fn)
	case Expr:
		fn(n)
		for _, child := range children(n) {
			Walk(child, fn)
		}
	}
}

func walkOpt(e Expr, fn func(Expr)) {
	if e != nil {
		Walk(e, fn)
	}
}

func walkGens(gens []*Gen, fn func(Expr)) {
	for _, g := range gens {
		Walk(g.In, fn)
	}
}

// children returns the direct sub-expressions of e.
func children(e Expr) []Expr {
	switch e := e.(type) {
	case *Unary:
		return []Expr{e.X}
	case *Binary:
		return []Expr{e.L, e.R}
	case *Call:
		return append([]Expr{e.Fn}, e.Args...)
	case *Index:
		return []Expr{e.X, e.I}
	case *Field:
		return []Expr{e.X}
	case *TupleLit:
		return e.Elems
	case *ListLit:
		return e.Elems
	case *SetLit:
		return e.Elems
	case *Comprehension:
		out := []Expr{e.Elem}
		for _, g := range e.Gens {
			out = append(out, g.In)
		}
		if e.Where != nil {
			out = append(out, e.Where)
		}
		return out
	case *Lambda:
		return []Expr{e.Body}
	case *LetIn:
		return []Expr{e.Value, e.Body}
	case *If:
		return []Expr{e.Cond, e.Then, e.Else}
	}
	return nil
}
