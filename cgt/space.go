// Package cgt computes with short partizan games: canonical forms, sums, negatives, the
// partial order, outcomes, stops, means, temperatures and thermographs, and reads and
// writes games in CGSuite's notation. It knows nothing of grundy's language; the
// interpreter calls it, as it calls solver, search and quotient.
//
// All games live in a Space, which hash-conses canonical forms: two games are equal
// exactly when they are the same *Form, so == is game equality. Numbers, nimbers and
// their sums with multiples of ↑ ("nus": x + n·↑ + *k) are kept in a compact form whose
// options are built only when asked for; every other canonical form is stored once, with
// its options sorted in CGSuite's order, so results and printing are deterministic. The
// Space memoizes comparisons, sums and negatives.
//
// A Space is not safe for concurrent use. Operations that would leave the supported range
// of numbers (numerators in int64, denominators up to 2^MaxExp, up multiples and nimbers
// in int64, and MaxExpand for the nus whose options are needed) panic with a *RangeError,
// which callers that take arbitrary input recover.
// Games from two Spaces must not be mixed: Make, Add and LessEq panic when they are.
package cgt

import (
	"cmp"
	"encoding/binary"
	"unsafe"
)

// Game is a canonical form in its Space; see Form.
type Game = *Form

// Form is a canonical form of a short partizan game. Within one Space equal games are the
// same *Form. Its fields are private; read it through its methods.
type Form struct {
	sp   *Space
	id   uint32
	nus  bool   // x + up·↑ + *nim, compact; otherwise a general form
	x    Dyadic // nus: the number part
	up   int64  // nus: the multiple of ↑
	nim  int64  // nus: the nimber (>= 0)
	left []*Form
	rght []*Form
	opts bool // left and rght are set (always for general forms)
	neg  *Form
	stop bool // lstop, rstop are set
	lst  Dyadic
	rst  Dyadic
	th   *Thermograph
}

type nusKey struct {
	x   Dyadic
	up  int64
	nim int64
}

// Space owns canonical forms and the memo tables; use one per session. It is not safe for
// concurrent use.
type Space struct {
	plain   bool // no shortcuts: every operation by the definitions on options (tests)
	nusTab  map[nusKey]*Form
	genTab  map[string]*Form
	leq     pairTable
	sums    map[uint64]*Form
	next    uint32
	optRefs int64 // option pointers stored in general forms
	keyBuf  []byte
	made    map[string]*Form // Make's result for each set of options
	makeKey []byte
	zero    *Form
	upt     map[*Form]*expansion // uptimal expansions of general forms (nil: none)
	upPow   []*Form              // ↑<1>, ↑<2>, ...
	upSum   []*Form              // ↑[0], ↑[1], ...
	// interrupt, when set, is called every interruptEvery steps of work (forms
	// made, comparisons and sums not remembered): it may panic to stop a long
	// computation (a canonical form can grow exponentially with its parts).
	interrupt func()
	steps     uint32
}

// interruptEvery is how many steps of work pass between calls of the interrupt
// (a power of two).
const interruptEvery = 1024

// SetInterrupt makes s call f every few thousand steps of work; f may panic to
// stop the computation in progress (the caller's context was cancelled, a budget
// ran out). The Space stays consistent: what was computed is kept.
func (s *Space) SetInterrupt(f func()) { s.interrupt = f }

// step counts one step of work and calls the interrupt when it is due.
func (s *Space) step() {
	if s.steps++; s.steps&(interruptEvery-1) == 0 && s.interrupt != nil {
		s.interrupt()
	}
}

// NewSpace returns an empty Space.
func NewSpace() *Space {
	s := &Space{
		nusTab: map[nusKey]*Form{},
		genTab: map[string]*Form{},
		sums:   map[uint64]*Form{},
		upt:    map[*Form]*expansion{},
		made:   map[string]*Form{},
	}
	s.zero = s.nusForm(Dyadic{}, 0, 0)
	return s
}

// NewPlainSpace returns a Space that uses no shortcut: constructors build numbers,
// nimbers and ups from their options, and sums, negatives and comparisons go by the
// definitions on options (Make still removes dominated and bypasses reversible options).
// It is slow; it exists for tests that check the shortcuts of the ordinary Space, for
// example on a library's games: the same values built in both must print the same
// (String is injective: Parse(g.String()) == g).
func NewPlainSpace() *Space {
	s := NewSpace()
	s.plain = true
	return s
}

// Size reports how many canonical forms the Space holds and an estimate of the bytes
// they and the memo tables use, for the caller's memory budget.
func (s *Space) Size() (forms int, bytes int64) {
	forms = len(s.nusTab) + len(s.genTab)
	per := int64(unsafe.Sizeof(Form{})) + 48 // the form and its map entry
	bytes = int64(forms)*per + s.optRefs*8 + int64(len(s.genTab))*24 +
		int64(len(s.leq.keys))*9 + int64(len(s.sums))*32 + int64(len(s.made))*64
	return forms, bytes
}

func (s *Space) newForm() *Form {
	s.step()
	s.next++
	if s.next == 0 {
		rangePanic("number of forms")
	}
	return &Form{sp: s, id: s.next}
}

// nusForm returns the compact form x + up·↑ + *nim.
func (s *Space) nusForm(x Dyadic, up, nim int64) *Form {
	k := nusKey{x, up, nim}
	if f := s.nusTab[k]; f != nil {
		return f
	}
	if nim < 0 {
		rangePanic("nimber")
	}
	f := s.newForm()
	f.nus, f.x, f.up, f.nim = true, x, up, nim
	s.nusTab[k] = f
	return f
}

// Zero is the game 0.
func (s *Space) Zero() Game { return s.zero }

// Integer is the game n.
func (s *Space) Integer(n int64) Game { return s.Dyadic(Int(n)) }

// Dyadic is the number d.
func (s *Space) Dyadic(d Dyadic) Game {
	if s.plain {
		return s.plainNus(d, 0, 0)
	}
	return s.nusForm(d, 0, 0)
}

// Nimber is *k (k >= 0); it panics with *RangeError for k < 0.
func (s *Space) Nimber(k int64) Game {
	if k < 0 {
		rangePanic("nimber")
	}
	if s.plain {
		return s.plainNus(Dyadic{}, 0, k)
	}
	return s.nusForm(Dyadic{}, 0, k)
}

// Up is n·↑ (↓ repeated -n times when n < 0).
func (s *Space) Up(n int64) Game { return s.Nus(Dyadic{}, n, 0) }

// Nus is x + n·↑ + *k (k >= 0).
func (s *Space) Nus(x Dyadic, n, k int64) Game {
	if k < 0 {
		rangePanic("nimber")
	}
	if s.plain {
		return s.plainNus(x, n, k)
	}
	return s.nusForm(x, n, k)
}

// plainNus builds x + n·↑ + *k from its options through Make, as the plain space does.
func (s *Space) plainNus(x Dyadic, n, k int64) *Form {
	if f := s.nusTab[nusKey{x, n, k}]; f != nil {
		return f
	}
	l, r := s.nusOptionsOf(x, n, k, s.plainNus)
	return s.Make(l, r)
}

// nusOptionsOf lists the canonical options of x + up·↑ + *nim, building each with mk.
func (s *Space) nusOptionsOf(x Dyadic, up, nim int64, mk func(Dyadic, int64, int64) *Form) (l, r []*Form) {
	switch {
	case up == 0 && nim == 0:
		if x.exp == 0 {
			switch {
			case x.num > 0:
				l = []*Form{mk(Int(x.num-1), 0, 0)}
			case x.num < 0:
				r = []*Form{mk(Int(x.num+1), 0, 0)}
			}
			return l, r
		}
		step := NewDyadic(1, uint(x.exp))
		return []*Form{mk(x.Sub(step), 0, 0)}, []*Form{mk(x.Add(step), 0, 0)}
	case up == 0:
		l = make([]*Form, nim)
		for j := range nim {
			s.step() // listing *n's options, for every n, is quadratic
			l[j] = mk(x, 0, j)
		}
		return l, l
	case up == 1 && nim == 1:
		return []*Form{mk(x, 0, 0), mk(x, 0, 1)}, []*Form{mk(x, 0, 0)}
	case up == -1 && nim == 1:
		return []*Form{mk(x, 0, 0)}, []*Form{mk(x, 0, 0), mk(x, 0, 1)}
	case up > 0:
		return []*Form{mk(x, 0, 0)}, []*Form{mk(x, up-1, nim^1)}
	default:
		return []*Form{mk(x, up+1, nim^1)}, []*Form{mk(x, 0, 0)}
	}
}

// MaxExpand bounds the nus whose options are listed (when one meets a general form):
// at most MaxExpand ups or downs and nimbers below *MaxExpand. Beyond it the chain of
// options would be too deep or too long; the nus still add and compare among themselves
// in compact form. Past the bound, listing options panics with a *RangeError.
const MaxExpand = 1 << 16

func (f *Form) options() {
	if f.opts {
		return
	}
	if f.up > MaxExpand || f.up < -MaxExpand || f.nim > MaxExpand {
		rangePanic("the options of " + f.String() + " (more than 65536 ups or a nimber above *65536)")
	}
	f.left, f.rght = f.sp.nusOptionsOf(f.x, f.up, f.nim, f.sp.nusForm)
	f.opts = true
}

// LeftOptions are the Left options of the canonical form, in CGSuite's order. The slice
// is shared: do not modify it.
func (g *Form) LeftOptions() []Game { g.options(); return g.left }

// RightOptions are the Right options of the canonical form, in CGSuite's order. The slice
// is shared: do not modify it.
func (g *Form) RightOptions() []Game { g.options(); return g.rght }

// IsNumber tells whether g is a number.
func (g *Form) IsNumber() bool { return g.nus && g.up == 0 && g.nim == 0 }

// Number returns g's value when g is a number.
func (g *Form) Number() (Dyadic, bool) { return g.x, g.IsNumber() }

// IsInteger tells whether g is an integer.
func (g *Form) IsInteger() bool { return g.IsNumber() && g.x.exp == 0 }

// Integer returns g's value when g is an integer.
func (g *Form) Integer() (int64, bool) { return g.x.num, g.IsInteger() }

// IsNimber tells whether g is a nimber *k (0 included).
func (g *Form) IsNimber() bool { return g.nus && g.up == 0 && g.x == (Dyadic{}) }

// Nimber returns k when g is the nimber *k.
func (g *Form) Nimber() (int64, bool) { return g.nim, g.IsNimber() }

// IsNus tells whether g is a number plus a multiple of ↑ plus a nimber.
func (g *Form) IsNus() bool { return g.nus }

// Nus returns g = x + n·↑ + *k when g is of that form.
func (g *Form) Nus() (x Dyadic, n, k int64, ok bool) { return g.x, g.up, g.nim, g.nus }

// IsZero tells whether g is 0.
func (g *Form) IsZero() bool { return g == g.sp.zero }

// Space is the Space g belongs to.
func (g *Form) Space() *Space { return g.sp }

// category orders kinds of forms as CGSuite does: numbers, nimbers, other uptimals (nus
// and games with an uptimal expansion), other general forms.
func (g *Form) category() int {
	switch {
	case !g.nus:
		if g.sp.uptimal(g) != nil {
			return 2
		}
		return 3
	case g.up == 0 && g.nim == 0:
		return 0
	case g.up == 0 && g.x == (Dyadic{}):
		return 1
	}
	return 2
}

// cmpForms is CGSuite's deterministic order of canonical forms (its DeterministicOrdering):
// numbers by value, then nimbers, then the other uptimals by their expansions (number
// part, coefficients, length, nimber), then general forms by their sorted option lists.
func cmpForms(a, b *Form) int {
	if a == b {
		return 0
	}
	ca, cb := a.category(), b.category()
	if ca != cb {
		return ca - cb
	}
	switch ca {
	case 0:
		return a.x.Cmp(b.x)
	case 1:
		return cmp.Compare(a.nim, b.nim)
	case 2:
		if !a.nus || !b.nus {
			return a.sp.uptimal(a).cmp(b.sp.uptimal(b))
		}
		if c := a.x.Cmp(b.x); c != 0 {
			return c
		}
		la, lb := int64(0), int64(0)
		if a.up != 0 {
			la = 1
		}
		if b.up != 0 {
			lb = 1
		}
		if la == 1 && lb == 1 {
			if c := cmp.Compare(a.up, b.up); c != 0 {
				return c
			}
		}
		if la != lb {
			return cmp.Compare(la, lb)
		}
		return cmp.Compare(a.nim, b.nim)
	}
	if c := cmpLists(a.left, b.left); c != 0 {
		return c
	}
	return cmpLists(a.rght, b.rght)
}

func cmpLists(a, b []*Form) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := cmpForms(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

// sortForms sorts options in CGSuite's order (insertion sort: option lists are short).
func sortForms(fs []*Form) {
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && cmpForms(fs[j-1], fs[j]) > 0; j-- {
			fs[j-1], fs[j] = fs[j], fs[j-1]
		}
	}
}

// detectNus recognizes the canonical options of a nus (given sorted, canonical and
// already reduced) and returns that compact form. The patterns are exactly the options
// nusOptionsOf builds, so a canonical form equal to a nus is always found.
func (s *Space) detectNus(l, r []*Form) *Form {
	switch {
	case len(l) == 0 && len(r) == 0:
		return s.zero
	case len(l) == 1 && len(r) == 0:
		if n, ok := l[0].Integer(); ok && n >= 0 {
			return s.nusForm(Int(add64(n, 1, "integer")), 0, 0)
		}
	case len(l) == 0 && len(r) == 1:
		if n, ok := r[0].Integer(); ok && n <= 0 {
			return s.nusForm(Int(add64(n, -1, "integer")), 0, 0)
		}
	case len(l) == 1 && len(r) == 1:
		a, b := l[0], r[0]
		switch {
		case a.IsNumber() && b.IsNumber():
			if a == b {
				return s.nusForm(a.x, 0, 1)
			}
			if a.x.Less(b.x) {
				m := a.x.Add(b.x).Half()
				if m.exp > 0 && m.Sub(NewDyadic(1, uint(m.exp))) == a.x {
					return s.nusForm(m, 0, 0)
				}
			}
		case a.IsNumber() && b.nus && b.x == a.x && b.up >= 0:
			return s.nusForm(a.x, add64(b.up, 1, "up multiple"), b.nim^1)
		case b.IsNumber() && a.nus && a.x == b.x && a.up <= 0:
			return s.nusForm(b.x, add64(a.up, -1, "up multiple"), a.nim^1)
		}
	case len(l) == 2 && len(r) == 1:
		x := r[0]
		if x.IsNumber() && l[0] == x && l[1].nus && l[1].x == x.x && l[1].up == 0 && l[1].nim == 1 {
			return s.nusForm(x.x, 1, 1)
		}
	case len(l) == 1 && len(r) == 2:
		x := l[0]
		if x.IsNumber() && r[0] == x && r[1].nus && r[1].x == x.x && r[1].up == 0 && r[1].nim == 1 {
			return s.nusForm(x.x, -1, 1)
		}
	}
	if len(l) == len(r) && len(l) > 1 && l[0].IsNumber() {
		x := l[0].x
		for j := range l {
			if l[j] != r[j] || !l[j].nus || l[j].x != x || l[j].up != 0 || l[j].nim != int64(j) {
				return nil
			}
		}
		return s.nusForm(x, 0, int64(len(l)))
	}
	return nil
}

// intern returns the form with these canonical options (sorted in place), creating it if
// needed. The options must already be the canonical options of the game.
func (s *Space) intern(l, r []*Form) *Form {
	sortForms(l)
	sortForms(r)
	if f := s.detectNus(l, r); f != nil {
		return f
	}
	key := appendOptionsKey(s.keyBuf[:0], l, r)
	s.keyBuf = key
	if f := s.genTab[string(key)]; f != nil {
		return f
	}
	f := s.newForm()
	f.left = append([]*Form(nil), l...)
	f.rght = append([]*Form(nil), r...)
	f.opts = true
	s.optRefs += int64(len(l) + len(r))
	s.genTab[string(key)] = f
	return f
}

// appendOptionsKey appends a key for the option lists l and r: equal lists
// (the same forms in the same order) give equal keys.
func appendOptionsKey(key []byte, l, r []*Form) []byte {
	key = binary.AppendUvarint(key, uint64(len(l)))
	for _, g := range l {
		key = binary.AppendUvarint(key, uint64(g.id))
	}
	for _, g := range r {
		key = binary.AppendUvarint(key, uint64(g.id))
	}
	return key
}
