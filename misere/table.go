// Package misere computes misère canonical forms of impartial games (Conway, "On
// Numbers and Games", ch. 12; Siegel, "Combinatorial Game Theory", ch. V): the
// simplest game equal to a given one in misère play, where two games are equal when
// every sum that contains one has the same misère outcome with the other in its place.
//
// A Table hash-conses the forms: equal games get one ID. A form is made from the
// forms of its options by removing reversible options: an option G' is reversible
// when it has an option equal to G itself, except that a game keeps options whose
// removal would leave no move unless the game is a misère N-position with every
// option reversible through 0 (then it is 0). The forms print as CGSuite writes them
// (String) and are read from CGSuite's input notation (Parse).
package misere

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"
)

// ID names a form in its Table.
type ID int32

// The forms every table starts with.
const (
	Zero ID = 0 // the game with no move
	Star ID = 1 // *, whose one move is to 0
)

// MaxOptions bounds the options of all the forms one table holds together (each
// costs some bytes twice: in its form and in the key that finds the form); past it
// an operation stops with a *FullError.
const MaxOptions = 1 << 24

// FullError is returned when an operation would store more than MaxOptions options.
type FullError struct{}

func (*FullError) Error() string {
	return fmt.Sprintf("the table of misère canonical forms is full (%d options stored)", MaxOptions)
}

// form is one canonical form.
type form struct {
	opts     []ID // by ID
	birthday int
	gMinus   int // misère Grundy value: 1 for 0, else the mex of the options'
	gPlus    int // normal-play Grundy value
	phylum   Phylum
}

// Table holds the forms made so far and remembers sums. Its methods are safe for
// concurrent use.
type Table struct {
	mu     sync.Mutex
	forms  []form
	byOpts map[string]ID
	sums   map[[2]ID]ID
	mates  map[ID]ID
	// partPairs holds the pairs of even parts of even forms (see parts.go).
	partPairs map[ID][][2]ID
	links     map[[2]ID]ID // links of pairs of forms (see link.go)
	nims      []ID
	early     map[ID]int // CGSuite's fixed order of the early forms (see order.go)
	stored    int        // options stored, over all forms
	storeCap  int        // when not 0, a search for parts stops past this many stored (see bounded)
	printMax  int        // when not 0, the bound of StringWithin's text
	ctx       context.Context
	steps     int
}

// NewTable returns a table with 0 and *.
func NewTable() *Table {
	t := &Table{byOpts: map[string]ID{}, sums: map[[2]ID]ID{}, mates: map[ID]ID{}, partPairs: map[ID][][2]ID{}, links: map[[2]ID]ID{}, ctx: context.Background()}
	t.record(nil)        // 0
	t.record([]ID{Zero}) // *
	t.nims = []ID{Zero, Star}
	t.early = t.earlyOrder()
	return t
}

// stop carries an error out of the recursion to the exported method that began it.
type stop struct{ err error }

// run runs f under the lock with ctx as the stop signal, turning a stop into an error.
func (t *Table) run(ctx context.Context, f func()) (err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ctx = ctx
	defer func() {
		t.ctx = context.Background()
		if r := recover(); r != nil {
			s, ok := r.(stop)
			if !ok {
				panic(r)
			}
			err = s.err
		}
	}()
	f()
	return nil
}

// step counts a unit of work and stops when the context is done.
func (t *Table) step() {
	t.steps++
	if t.steps&1023 == 0 {
		if err := t.ctx.Err(); err != nil {
			panic(stop{err})
		}
	}
}

// key is the map key of an option list.
func key(opts []ID) string {
	b := make([]byte, 0, 4*len(opts))
	for _, o := range opts {
		b = binary.LittleEndian.AppendUint32(b, uint32(o))
	}
	return string(b)
}

// record stores a new form with these options (sorted by ID, distinct, canonical).
func (t *Table) record(opts []ID) ID {
	t.stored += len(opts) + 1
	if t.stored > MaxOptions {
		panic(stop{&FullError{}})
	}
	if t.storeCap > 0 && t.stored > t.storeCap {
		panic(stop{&PartsError{}})
	}
	f := form{opts: opts, gMinus: 1}
	if len(opts) > 0 {
		var minus, plus []int
		for _, o := range opts {
			g := t.forms[o]
			f.birthday = max(f.birthday, g.birthday+1)
			minus, plus = append(minus, g.gMinus), append(plus, g.gPlus)
		}
		f.gMinus, f.gPlus = mex(minus), mex(plus)
	}
	f.phylum = t.phylum(opts, f.gPlus, f.gMinus)
	id := ID(len(t.forms))
	t.forms = append(t.forms, f)
	t.byOpts[key(opts)] = id
	return id
}

func mex(vs []int) int {
	slices.Sort(vs)
	m := 0
	for _, v := range vs {
		if v == m {
			m++
		} else if v > m {
			break
		}
	}
	return m
}

// make returns the canonical form of the game with these options (each canonical).
func (t *Table) make(opts []ID) ID {
	t.step()
	opts = slices.Clone(opts)
	slices.Sort(opts)
	opts = slices.Compact(opts)
	if id, ok := t.byOpts[key(opts)]; ok {
		return id
	}
	if t.isZero(opts) {
		return Zero
	}
	if id, ok := t.reduce(opts); ok {
		return id
	}
	return t.record(opts)
}

// isZero reports whether a game with these options (not none) equals 0: 0 is not
// an option, every option has a move to 0 (so each reverses through 0), and the
// game is a misère N-position (so that moving first in it wins, as it does in 0).
func (t *Table) isZero(opts []ID) bool {
	if opts[0] == Zero {
		return false
	}
	someP := false
	for _, o := range opts {
		f := t.forms[o]
		if len(f.opts) == 0 || f.opts[0] != Zero {
			return false
		}
		someP = someP || f.gMinus == 0
	}
	return someP
}

// reduce removes reversible options. An option reversible through H = G has a
// birthday past H's, and H's options are G's other options, all born before H: so
// the options born before a gap of two or more days are H's, H is a form already
// made (an option of the reversible one), and every option after the gap must
// have H as an option.
func (t *Table) reduce(opts []ID) (ID, bool) {
	byDay := slices.Clone(opts)
	slices.SortStableFunc(byDay, func(a, b ID) int { return t.forms[a].birthday - t.forms[b].birthday })
	for j := 1; j < len(byDay); j++ {
		if t.forms[byDay[j]].birthday < t.forms[byDay[j-1]].birthday+2 {
			continue
		}
		kept := slices.Clone(byDay[:j])
		slices.Sort(kept)
		h, ok := t.byOpts[key(kept)]
		if !ok {
			continue
		}
		if !slices.ContainsFunc(byDay[j:], func(o ID) bool { return !t.hasOption(o, h) }) {
			return h, true
		}
	}
	return 0, false
}

func (t *Table) hasOption(g, h ID) bool {
	_, ok := slices.BinarySearch(t.forms[g].opts, h)
	return ok
}
