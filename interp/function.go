package interp

import "strings"

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
	serial    int
	file      string // the file it was defined in
}

// closure is a function with the frame it was created in (nil at top level).
type closure struct {
	fn  *function
	env *Frame
}

func (c *closure) call(site *callSite, args []Value) Value {
	fn := c.fn
	if len(args) != len(fn.params) {
		site.fail("%s takes %d argument%s, but is given %d", site.name, len(fn.params), plural(len(fn.params)), len(args))
	}
	fr := newFrame(fn.frameSize, c.env)
	copy(fr.slots, args)
	if fn.file != site.pos.Filename && site.pos.Line > 0 {
		// A function of another file (the library): an error in it also
		// names the call that reached it.
		defer site.noteCall()
	}
	return fn.body(fr)
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
		return "at least " + itoa(lo) + " argument" + plural(lo)
	case lo == hi:
		return itoa(lo) + " argument" + plural(lo)
	}
	return itoa(lo) + " to " + itoa(hi) + " arguments"
}
