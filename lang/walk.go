package lang

import "fmt"

// Walk calls fn for every expression in a statement or expression, parents first.
// Parse has bounded how deeply expressions nest, so the recursion is bounded too.
func Walk(node any, fn func(Expr)) {
	if e, ok := node.(Expr); ok {
		fn(e)
		for _, child := range children(e) {
			Walk(child, fn)
		}
		return
	}
	for _, e := range stmtExprs(node) {
		Walk(e, fn)
	}
}

// stmtExprs returns the expressions written directly in a statement.
func stmtExprs(node any) []Expr {
	var out []Expr
	add := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				out = append(out, e)
			}
		}
	}
	gens := func(gens []*Gen) {
		for _, g := range gens {
			add(g.In)
		}
	}
	switch n := node.(type) {
	case *GameDecl:
		add(n.Body.Canon, n.Body.Show)
		for _, m := range n.Body.Moves {
			gens(m.Gens)
			add(m.Where, m.Score, m.Result)
		}
	case *FnDecl:
		add(n.Body)
	case *LetStmt:
		add(n.Value)
	case *PrintStmt:
		add(n.Value)
	case *ExprStmt:
		add(n.X)
	case *CheckStmt:
		gens(n.Gens)
		add(n.Where, n.Cond)
	}
	return out
}

// maxDepth bounds how deeply the expressions of a program may nest, counting
// every operator, call, index and bracket: a long chain such as 1 + 1 + ... + 1
// nests one level per operator. Everything that walks the tree recursively
// (the checker, the compiler, the evaluator) relies on it.
const maxDepth = 10_000

// checkDepth fails at the first expression of prog nested more than maxDepth
// levels deep. It walks with an explicit stack, so no tree is too deep for it.
func checkDepth(prog *Program) *Error {
	type item struct {
		e     Expr
		depth int
	}
	var stack []item
	for _, s := range prog.Stmts {
		for _, e := range stmtExprs(s) {
			stack = append(stack, item{e, 1})
		}
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if it.depth > maxDepth {
				pos := it.e.Start()
				if b, ok := it.e.(*Binary); ok {
					pos = b.OpPos
				}
				return &Error{Pos: pos, Msg: fmt.Sprintf("the expression is nested too deeply (more than %d levels of operators, calls and brackets): split it, for instance with let", maxDepth), Src: prog.Source}
			}
			for _, c := range children(it.e) {
				stack = append(stack, item{c, it.depth + 1})
			}
		}
	}
	return nil
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
