package interp

import (
	"context"

	"github.com/grundy-lang/grundy/lang"
)

// Eval parses, checks and evaluates src, which must be a single expression, and
// returns its value. Unlike Run it prints nothing and leaves _ alone, so that a
// shell can compute values for its own commands. filename is used in positions.
func (in *Interp) Eval(ctx context.Context, filename, src string) (v Value, err error) {
	prog, err := lang.Parse(filename, src)
	if err != nil {
		return Value{}, err
	}
	var s *lang.ExprStmt
	if len(prog.Stmts) == 1 {
		s, _ = prog.Stmts[0].(*lang.ExprStmt)
	}
	if s == nil {
		return Value{}, &lang.Error{Pos: lang.Position{Filename: filename}, Msg: "expected a single expression", Src: src}
	}
	if err := lang.Check(prog, in.Universe()); err != nil {
		return Value{}, err
	}
	c := &compiler{in: in, src: prog.Source}
	err = in.evaluate(ctx, func() error {
		v = c.expr(s.X)(newFrame(s.FrameSize, nil))
		return nil
	})
	return v, err
}

// Call applies f (a function value, built-in or user-defined, or a game) to args,
// as f(args...) does in the language, honouring ctx.
func (in *Interp) Call(ctx context.Context, f Value, args ...Value) (v Value, err error) {
	site := &callSite{c: &compiler{in: in}, name: f.Repr()}
	err = in.evaluate(ctx, func() error {
		v = site.apply(f, args)
		return nil
	})
	return v, err
}

// Params returns the parameter names of a user-defined game or function.
func (in *Interp) Params(name string) ([]string, bool) {
	g, ok := in.Lookup(name)
	if !ok {
		return nil, false
	}
	switch r := g.V.R.(type) {
	case *Game:
		return r.Params, true
	case *closure:
		return r.fn.params, true
	}
	return nil, false
}
