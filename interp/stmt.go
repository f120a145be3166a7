package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// define creates the program's games and functions and compiles their bodies.
func (c *compiler) define(prog *lang.Program) {
	in := c.in
	in.changed()
	var changed []string
	type pending struct {
		decl lang.Stmt
		cell *Global
	}
	var todo []pending
	for _, s := range prog.Stmts {
		switch d := s.(type) {
		case *lang.GameDecl:
			g := &Game{Name: d.Name, Params: paramNames(d.Params), Doc: d.Doc, Pos: d.Pos, serial: in.nextSerial(), frameSize: d.FrameSize, src: c.src}
			cell := in.global(d.Name)
			if cell.Defined {
				changed = append(changed, d.Name)
				// A library's game is only shadowed: the library's code
				// still makes it, and its moves still name it.
				if old, ok := cell.V.R.(*Game); ok && cell.V.K == KGame && !in.libraries[cell.Pos.Filename] {
					old.replaced = true
				}
			}
			*cell = Global{Name: d.Name, V: Value{K: KGame, R: g}, Defined: true, Doc: d.Doc, Pos: d.Pos}
			todo = append(todo, pending{d, cell})
		case *lang.FnDecl:
			fn := &function{name: d.Name, params: paramNames(d.Params), frameSize: d.FrameSize, serial: in.nextSerial(), file: d.Pos.Filename, syntax: d.Body}
			cell := in.global(d.Name)
			if cell.Defined {
				changed = append(changed, d.Name)
			}
			*cell = Global{Name: d.Name, V: Value{K: KFunc, R: &closure{fn: fn}}, Defined: true, Doc: d.Doc, Pos: d.Pos}
			todo = append(todo, pending{d, cell})
		}
	}
	for _, p := range todo {
		c.stmt = p.decl
		switch d := p.decl.(type) {
		case *lang.GameDecl:
			g := p.cell.V.R.(*Game)
			if d.Body.Canon != nil {
				g.canon = c.expr(d.Body.Canon)
				g.canonSort = in.sortCanonOf(d.Body.Canon, len(g.Params))
			}
			if d.Body.Show != nil {
				g.show = c.expr(d.Body.Show)
			}
			g.guards = make([]string, len(g.Params))
			c.calls, c.params = map[string]*optionCall{}, len(g.Params)
			for _, m := range d.Body.Moves {
				g.moves = append(g.moves, c.move(m))
				c.guessGuards(g, m)
				g.scoring = g.scoring || m.Scoring()
				g.partizan = g.partizan || m.Side != lang.Both
			}
			c.calls = nil
			if g.scoring {
				for _, m := range g.moves {
					m.fast, m.cell = nil, nil // these fast paths do not evaluate scores; typed loops do
				}
			}
			p.cell.refs = globalRefs(d)
		case *lang.FnDecl:
			fn := p.cell.V.R.(*closure).fn
			fn.body, fn.typed = c.expr(d.Body), c.typedBody(d.Body)
			p.cell.refs = globalRefs(d)
		}
	}
	in.invalidate(changed)
}

// move compiles one move clause.
func (c *compiler) move(m *lang.Move) *compiledMove {
	parts, where := c.emitParts(m.Result), c.whereCond(m.Where)
	cm := &compiledMove{side: m.Side, label: m.Label, loops: c.loops(m.Gens, where), emit: c.emit(parts), fast: c.fastMoveOf(m.Gens, where, parts), cell: c.cellMoveOf(m), typed: c.typedMoveOf(m)}
	cm.score, cm.again = c.score(m.Score), m.Again
	emit, in, score := cm.emit, c.in, cm.score
	cm.addOption = func(fr *Frame) bool {
		sb := &fr.sb
		sb.comps, sb.nim = sb.comps[:0], 0
		emit(fr, sb)
		if len(fr.opts.Ends) >= fr.optEnd {
			panic(in.optionLimitError(fr.expanding))
		}
		fr.opts.Add(sb.nim, sb.comps...)
		if fr.gains != nil {
			g := gain{again: m.Again}
			if score != nil {
				g.points = score(fr).N
			}
			*fr.gains = append(*fr.gains, g)
		}
		return true
	}
	for _, g := range m.Gens {
		cm.vars = append(cm.vars, g.Bound()...)
		if len(g.Slots) > 0 {
			cm.slots = append(cm.slots, g.Slots...)
		} else {
			cm.slots = append(cm.slots, g.Slot)
		}
	}
	res := c.expr(m.Result)
	pos := m.Result.Start()
	empty := isSumCall(m.Result)
	cm.result = func(fr *Frame) Value {
		v := res(fr)
		if empty && isZero(v) {
			return emptySum
		}
		if !isGame(v) {
			c.fail(pos, "%s", notAGame(v))
		}
		return v
	}
	return cm
}

// globalRefs lists the global names a declaration mentions.
func globalRefs(s lang.Stmt) []string {
	seen := map[string]bool{}
	var out []string
	lang.Walk(s, func(e lang.Expr) {
		if id, ok := e.(*lang.Ident); ok && id.Ref.Kind == lang.Global && !seen[id.Name] {
			seen[id.Name] = true
			out = append(out, id.Name)
		}
	})
	return out
}

// run executes one statement.
func (c *compiler) run(s lang.Stmt) {
	in := c.in
	switch s := s.(type) {
	case *lang.LetStmt:
		v := c.expr(s.Value)(newFrame(s.FrameSize, nil))
		cell := in.global(s.Name)
		redefined := cell.Defined
		*cell = Global{Name: s.Name, V: v, Defined: true, Pos: s.Pos, refs: globalRefs(s)}
		in.changed()
		if redefined {
			in.invalidate([]string{s.Name})
		}
	case *lang.PrintStmt:
		v := c.expr(s.Value)(newFrame(s.FrameSize, nil))
		if in.OnPrint != nil {
			in.OnPrint(v)
		}
		fmt.Fprintln(in.Out, v.String())
	case *lang.ExprStmt:
		v := c.expr(s.X)(newFrame(s.FrameSize, nil))
		cell := in.global("_")
		*cell = Global{Name: "_", V: v, Defined: true}
		in.changed()
		if in.OnValue != nil {
			in.OnValue(v)
		} else {
			fmt.Fprintln(in.Out, v.String())
		}
	case *lang.CheckStmt:
		c.check(s)
	}
}

// check runs a check statement over all its cases, stopping at the first failure,
// which it reports with the variables' values and the values of the parts of the
// condition.
func (c *compiler) check(s *lang.CheckStmt) {
	in := c.in
	loops := c.loops(s.Gens, c.whereCond(s.Where))
	cond := c.cond(s.Cond)
	parts := c.explainParts(s.Cond, s.Gens)
	fr := newFrame(s.FrameSize, nil)
	cases := 0
	ok := loops(fr, func(fr *Frame) bool {
		cases++
		return cond(fr)
	})
	in.Checks.Cases += cases
	if ok {
		in.Checks.Passed++
		return
	}
	in.Checks.Failed++
	var msg strings.Builder
	msg.WriteString("check failed: ")
	for i, g := range s.Gens {
		if i > 0 {
			msg.WriteString(", ")
		}
		if len(g.Names) > 0 {
			msg.WriteString("(" + strings.Join(g.Names, ", ") + ") = " + fr.slots[g.Slot].Repr())
		} else {
			msg.WriteString(g.Var + " = " + fr.slots[g.Slot].Repr())
		}
	}
	if len(s.Gens) > 0 {
		msg.WriteString(": ")
	}
	msg.WriteString(c.source(s.Cond) + " is false")
	for _, p := range parts {
		msg.WriteString(", " + c.source(p.expr) + " = " + p.eval(fr).Repr())
	}
	e := &lang.Error{Pos: s.Pos, Msg: msg.String(), Src: c.src}
	fmt.Fprintln(in.Diag, e.Format())
}

type explainPart struct {
	expr lang.Expr
	eval evalFn
}

// explainParts picks the sub-expressions of a failed condition worth showing: the
// operands of comparisons and logical operators, down to the first part that is
// neither a literal nor a generator variable.
func (c *compiler) explainParts(e lang.Expr, gens []*lang.Gen) []explainPart {
	switch x := e.(type) {
	case *lang.Binary:
		switch x.Op {
		case "==", "!=", "<", "<=", ">", ">=", "in", "not in", "and", "or":
			return append(c.explainParts(x.L, gens), c.explainParts(x.R, gens)...)
		}
	case *lang.Unary:
		if x.Op == "not" {
			return c.explainParts(x.X, gens)
		}
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		return nil
	case *lang.Ident:
		for _, g := range gens {
			if slices.Contains(g.Bound(), x.Name) {
				return nil
			}
		}
		if x.Name == "P" || x.Name == "N" {
			return nil
		}
	}
	return []explainPart{{e, c.expr(e)}}
}
