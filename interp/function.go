package interp

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/lang"
)

// Callable is a function value: a user function, a lambda or a built-in.
type Callable interface {
	call(site *callSite, args []Value) Value
	describe() string
	serialNo() int
}

// function is a compiled user function or lambda body.
type function struct {
	name      string
	params    []string
	frameSize int
	body      evalFn
	syntax    lang.Expr                     // the body as written (nil for a lambda), for its block form (see laneCall)
	typed     func(fr *Frame) (Value, bool) // the body's typed form, or nil (see userCall)
	serial    int
	file      string     // the file it was defined in
	memo      []memoSlot // remembered calls, made on first use
}

// closure is a function with the frame it was created in (nil at top level).
type closure struct {
	fn  *function
	env *Frame
}

func (c *closure) call(site *callSite, args []Value) Value {
	fn := c.fn
	if len(args) != len(fn.params) {
		site.fail("%s takes %s, but is given %d", site.name, words.Plural(len(fn.params), "argument"), len(args))
	}
	in := site.c.in
	slot, cached := fn.recall(in, c.env, args)
	if cached {
		return slot.v
	}
	// The frame goes back to the pool afterwards: nothing keeps it, since a
	// lambda made in the body takes a snapshot of it.
	fr := in.frames.get(fn.frameSize)
	fr.up = c.env
	copy(fr.slots, args)
	if fn.file != site.pos.Filename && site.pos.Line > 0 {
		// A function of another file (the library): an error in it also
		// names the call that reached it.
		defer site.noteCall()
	}
	// The arguments are read before the body runs: they may live on the
	// session's argument stack, which the body's own calls reuse.
	key := memoSlot{gen: in.memoGeneration(), n: len(args)}
	if slot != nil {
		for i, a := range args {
			key.args[i] = a.N
		}
	}
	v := fn.body(fr)
	in.frames.put(fr)
	if slot != nil {
		key.v = v
		*slot = key
	}
	return v
}

// Calls of a top-level function with small integer arguments are remembered in
// a small direct-mapped cache (a game's where and score clauses often call the
// same function with the same arguments, as gain(S, e) in the triangle game).
// The language has no mutation, so a call's value depends only on its arguments
// and the globals: any change of a global (a definition, a let, the play mode)
// starts a new generation, which empties every cache at once.

// memoGeneration is the current generation, which the default play mode is part
// of (sg(G) means misère play under grundy eval --misere).
func (in *Interp) memoGeneration() uint64 {
	g := in.generation * 2
	if in.Config.Mode == MiserePlay {
		g++
	}
	return g
}

// changed starts a new generation: a global changed.
func (in *Interp) changed() { in.generation++ }

// memoSize is the number of slots of a function's cache.
const memoSize = 1 << 10

// maxMemoArgs is the most arguments a remembered call has.
const maxMemoArgs = 4

// memoSlot is one remembered call.
type memoSlot struct {
	gen  uint64 // the generation it belongs to; 0 is never current
	n    int
	args [maxMemoArgs]int64
	v    Value
}

// recall returns the cache slot of a call and whether it holds the call's value;
// the slot is nil when the call cannot be remembered.
func (fn *function) recall(in *Interp, env *Frame, args []Value) (*memoSlot, bool) {
	if env != nil || len(args) > maxMemoArgs || in.noMemo || in.Config.Plain {
		return nil, false // a lambda depends on the frame it was made in
	}
	h := uint64(len(args))
	for _, a := range args {
		if a.K != KInt {
			return nil, false
		}
		h = (h ^ uint64(a.N)) * 0x9E3779B97F4A7C15
	}
	if fn.memo == nil {
		fn.memo = make([]memoSlot, memoSize)
	}
	slot := &fn.memo[h>>(64-10)]
	if slot.gen != in.memoGeneration() || slot.n != len(args) {
		return slot, false
	}
	for i, a := range args {
		if slot.args[i] != a.N {
			return slot, false
		}
	}
	return slot, true
}

func (c *closure) describe() string {
	name := " " + c.fn.name
	if c.fn.name == "fn" {
		name = "" // a lambda
	}
	return "fn" + name + "(" + strings.Join(c.fn.params, ", ") + ")"
}
func (c *closure) serialNo() int { return c.fn.serial }

// builtin is a function implemented in Go.
type builtin struct {
	name     string
	min, max int // argument counts; max < 0 means any number
	doc      string
	fn       func(s *callSite, args []Value) Value
	serial   int
}

func (b *builtin) call(site *callSite, args []Value) Value {
	if len(args) < b.min || (b.max >= 0 && len(args) > b.max) {
		site.fail("%s takes %s, but is given %d", b.name, argCount(b.min, b.max), len(args))
	}
	return site.c.checkShape(site.pos, b.fn(site, args))
}

func (b *builtin) describe() string { return "built-in " + b.name }
func (b *builtin) serialNo() int    { return b.serial }

func argCount(lo, hi int) string {
	switch {
	case hi < 0:
		return "at least " + words.Plural(lo, "argument")
	case lo == hi:
		return words.Plural(lo, "argument")
	}
	return itoa(lo) + " to " + itoa(hi) + " arguments"
}
