package interp

import "context"

// A run is one evaluation in progress: a program (Exec), an expression (Eval),
// a call (Call) or a question of the Go API (SG, Moves, Show, ...). It holds
// what belongs to that evaluation and not to the session, as starlark's Thread
// does: the context that can stop it, the steps it has taken (tick), how deeply
// its calls nest, the argument stack of its calls of user functions, and where
// Config.MaxPositions starts counting. The session keeps what outlives a run:
// globals, positions, memo tables.
//
// The session points to the run in progress (Interp.run), and to an idle run
// between runs. A run started while another is in progress, such as a query
// that a built-in written in Go makes through the Go API with the context it
// was given, is nested in it: it starts at its depth, so that recursion through
// Go stops at maxDepth as any other, it pushes its arguments above the outer
// run's, and the positions it interns count against the outer run's limit.
// When it ends, however it ends, the outer run is the session's again, as it
// was.
type run struct {
	ctx     context.Context
	steps   int
	depth   int     // nested calls and queries, at most maxDepth
	queries int     // of depth, how many are sg-like queries (enterQuery)
	args    []Value // arguments of calls of user functions in progress
	// positionBase is how many positions were interned before the evaluation
	// this run belongs to began (or before the last ClearMemo): MaxPositions
	// bounds those interned since, as it bounds those memoized. The idle run
	// keeps the last one, which the Go API's queries between runs count from.
	positionBase int
	// deepTyped says a typed form reached the depth limit: the rest of the
	// run goes the general way, which reports it (retrying each typed form
	// would repeat the whole recursion).
	deepTyped bool
}

// runUnder runs f as a run of its own under ctx, nested in the run in progress
// if there is one, and returns f's error or the runtime error f raised.
func (in *Interp) runUnder(ctx context.Context, f func() error) (err error) {
	up := in.run
	r := &run{ctx: ctx, args: up.args[len(up.args):], positionBase: up.positionBase}
	if up != &in.idle {
		r.depth, r.queries = up.depth, up.queries
	}
	in.run = r
	defer func() { in.run = up }()
	defer in.recoverTo(&err)
	return f()
}

// evaluate is runUnder for the session's own evaluations (Exec, Eval, Call):
// Config.MaxPositions bounds the positions interned from here, or, for an
// evaluation nested in a run, from where that run's count began.
func (in *Interp) evaluate(ctx context.Context, f func() error) error {
	if in.run == &in.idle {
		in.idle.positionBase = in.pos.len()
	}
	return in.runUnder(ctx, f)
}

// tick is called in every loop iteration: it notices cancellation.
func (in *Interp) tick() {
	r := in.run
	if r.steps++; r.steps&4095 == 0 {
		if err := r.ctx.Err(); err != nil {
			panic(err)
		}
		if r.steps&(1<<16-1) == 0 {
			in.checkMemory(0)
		}
	}
}
