package interp

import (
	"context"
	"errors"

	"github.com/grundy-lang/grundy/lang"
)

// GoFunc is a built-in function written in Go, for libraries that extend the
// language (the standard library's native helpers). ctx is the context of the
// run that calls it: a query it makes with ctx through the Go API (SG, Moves,
// Eval, ...) runs nested in that run, which is intact when the query returns,
// and stops when the run is stopped. An error it returns is reported at the
// call site; the error of a stopped context stops the whole run.
type GoFunc func(ctx context.Context, args []Value) (Value, error)

// Define adds a built-in function taking min to max arguments (max < 0: any
// number). A program may still define the same name itself, which shadows it.
func (in *Interp) Define(name string, min, max int, doc string, fn GoFunc) {
	b := &builtin{name: name, min: min, max: max, doc: doc, serial: in.nextSerial(),
		fn: func(s *callSite, args []Value) Value {
			v, err := fn(s.c.in.run.ctx, args)
			if err != nil {
				var le *lang.Error
				if errors.As(err, &le) {
					panic(le)
				}
				if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
					panic(err) // stops the whole evaluation, like an interrupted sg
				}
				s.fail("%s: %v", name, err)
			}
			return v
		}}
	in.globals[name] = &Global{Name: name, V: Value{K: KFunc, R: b}, Defined: true, Doc: doc, Builtin: true}
	in.changed()
}

// Game returns the game defined under name, if that name is a game.
func (in *Interp) Game(name string) (*Game, bool) {
	g, ok := in.Lookup(name)
	if !ok || g.V.K != KGame {
		return nil, false
	}
	return g.V.R.(*Game), true
}

// Position returns the position g(args) as a value, or the error of making it:
// arguments g refuses, or a canonical form that fails. Making a position runs
// g's canonical form, if it has one, as a run under ctx (nested in the run in
// progress when a built-in written in Go calls it).
func (in *Interp) Position(ctx context.Context, g *Game, args ...Value) (v Value, err error) {
	err = in.runUnder(ctx, func() error {
		if msg := in.badPosition(g, args); msg != "" {
			return errors.New(msg)
		}
		v = in.position(g, args)
		return nil
	})
	return v, err
}

// NewRecord makes a record value: named fields, printed as "name value, ...",
// with the fields marked in omitZero left out when they are 0, string fields
// without quotes, and a field named status as its text alone.
func NewRecord(names []string, values []Value, omitZero []bool) Value {
	return Value{K: KRecord, R: &Record{Names: names, Values: values, OmitZero: omitZero}}
}
