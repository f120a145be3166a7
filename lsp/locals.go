package lsp

import (
	"sort"

	"github.com/grundy-lang/grundy/lang"
)

// frame is a statement's or a lambda's frame of local slots: its span and
// where each slot's name is bound (a parameter, a generator variable, a
// pattern's name or a let ... in).
type frame struct {
	start, end int
	binders    map[int]int // slot -> offset of the binding name
}

// localDefinition returns the offset of the name that binds the local name
// at off (a parameter, a generator's variable, a let ... in), as the checker
// resolved it; false when the name there is not a local.
func localDefinition(prog *lang.Program, toks []lang.Token, off int) (int, bool) {
	stmt := stmtAt(prog, off)
	if stmt == nil {
		return 0, false
	}
	var ident *lang.Ident
	var lambdas []*lang.Lambda
	var comps []*lang.Comprehension
	var lets []*lang.LetIn
	lang.Walk(stmt, func(e lang.Expr) {
		switch e := e.(type) {
		case *lang.Ident:
			if e.Pos.Offset == off {
				ident = e
			}
		case *lang.Lambda:
			lambdas = append(lambdas, e)
		case *lang.Comprehension:
			comps = append(comps, e)
		case *lang.LetIn:
			lets = append(lets, e)
		}
	})
	if ident == nil || ident.Ref.Kind != lang.Local {
		return 0, false
	}

	// The statement's frame, then one a lambda, each with its binders.
	frames := []*frame{{start: stmt.Start().Offset, end: len(prog.Source), binders: map[int]int{}}}
	for _, l := range lambdas {
		start, end := l.Span()
		frames = append(frames, &frame{start: start, end: end, binders: map[int]int{}})
	}
	innermost := func(at int) *frame {
		best := frames[0]
		for _, f := range frames[1:] {
			if f.start <= at && at < f.end && f.end-f.start < best.end-best.start {
				best = f
			}
		}
		return best
	}
	params := func(ps []*lang.Param, fr *frame) {
		for i, p := range ps {
			fr.binders[i] = p.Pos.Offset
		}
	}
	gens := func(gs []*lang.Gen) {
		for _, g := range gs {
			fr := innermost(g.Pos.Offset)
			if len(g.Names) == 0 {
				fr.binders[g.Slot] = g.Pos.Offset
				continue
			}
			names := nameTokensAfter(toks, g.Pos.Offset, len(g.Names))
			for i, slot := range g.Slots {
				if i < len(names) {
					fr.binders[slot] = names[i]
				}
			}
		}
	}
	switch s := stmt.(type) {
	case *lang.GameDecl:
		params(s.Params, frames[0])
		for _, m := range s.Body.Moves {
			gens(m.Gens)
		}
	case *lang.FnDecl:
		params(s.Params, frames[0])
	case *lang.CheckStmt:
		gens(s.Gens)
	}
	for i, l := range lambdas {
		params(l.Params, frames[i+1])
	}
	for _, c := range comps {
		gens(c.Gens)
	}
	for _, l := range lets {
		innermost(l.Pos.Offset).binders[l.Slot] = nameAfter(toks, l.Pos.Offset)
	}

	// The frames around the name, innermost first; Depth counts outwards.
	var around []*frame
	for _, f := range frames {
		if f.start <= off && off < f.end {
			around = append(around, f)
		}
	}
	sort.Slice(around, func(i, j int) bool { return around[i].end-around[i].start < around[j].end-around[j].start })
	if ident.Ref.Depth >= len(around) {
		return 0, false
	}
	at, ok := around[ident.Ref.Depth].binders[ident.Ref.Slot]
	return at, ok
}

// stmtAt returns the top-level statement whose text holds off.
func stmtAt(prog *lang.Program, off int) lang.Stmt {
	var found lang.Stmt
	for _, s := range prog.Stmts {
		if s.Start().Offset > off {
			break
		}
		found = s
	}
	return found
}

// nameTokensAfter returns the offsets of the first n names at or after off.
func nameTokensAfter(toks []lang.Token, off, n int) []int {
	var out []int
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= off })
	for ; i < len(toks) && len(out) < n; i++ {
		if toks[i].Kind == lang.TokenName {
			out = append(out, toks[i].Pos.Offset)
		}
	}
	return out
}
