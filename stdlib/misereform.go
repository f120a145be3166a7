package stdlib

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/misere"
)

// Misère canonical forms (package misere) in the language: mcg("*[[2],0]") reads
// CGSuite's notation as a position of the library's game MisereGame, whose argument
// is the form as CGSuite prints it; misereform(G) prints the form of any impartial
// position or sum, and misereinfo(G) adds its birthday, values and mate.

// maxFormText bounds the printed form misereform returns and MisereGame positions
// carry, as the interpreter bounds the strings it builds.
const maxFormText = 1 << 20

// maxFormDepth bounds the depth of the game trees misereform walks, and maxHeldMoves
// the moves listed along one line of play (*n alone holds n(n+1)/2).
const (
	maxFormDepth = 1 << 16
	maxHeldMoves = 1 << 18
)

// misereForms is the session's table of forms and the forms of the positions met.
type misereForms struct {
	in     *interp.Interp
	table  *misere.Table
	ofPos  map[int64]misere.ID  // positions, by their interned number
	active map[int64]bool       // the positions whose forms are being made
	held   int                  // the moves of the active positions, listed
	byText map[string]misere.ID // forms printed so far
	text   map[misere.ID]string
}

func newMisereForms(in *interp.Interp) *misereForms {
	return &misereForms{in: in, table: misere.NewTable(), ofPos: map[int64]misere.ID{}, active: map[int64]bool{},
		byText: map[string]misere.ID{}, text: map[misere.ID]string{}}
}

// define adds mcg, misereform, misereinfo, misereoptions, misereparts,
// miserepartitions, misereminus, miserelink and miseredistinguisher.
func (m *misereForms) define() {
	m.in.Define("mcg", 1, 1, "mcg(\"*[[2],0]\") reads a misère game in CGSuite's notation, as a position MisereGame(form) that outcome(G, misere), genus, sg and misereform accept: in *[a, b, ...] a number n is the nim heap *n and a list [a, b, ...] the game with those options; *[a] alone is a; + adds games",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			if args[0].K != interp.KStr {
				return interp.Value{}, fmt.Errorf("mcg needs a string in CGSuite's notation, such as mcg(\"*[[2],0]\"), but got %s %s", args[0].K, args[0].Repr())
			}
			g, err := m.table.Parse(ctx, args[0].Str())
			if err != nil {
				var pe *misere.ParseError
				big := errors.As(err, &pe) && pe.BigHeap
				if _, printed := m.table.ParseForm(ctx, args[0].Str()); printed == nil && !big {
					return interp.Value{}, fmt.Errorf("%w; %q is a form as CGSuite prints it, which mcg does not read (the two notations differ: *[20] is *20 here, {*2, 0} printed): write MisereGame(%q)", err, args[0].Str(), args[0].Str())
				}
				return interp.Value{}, err
			}
			return m.position(ctx, g)
		})
	m.in.Define("misereform", 1, 1, "misereform(G): the misère canonical form of an impartial position or sum, as CGSuite prints it (*[2] the nim heap *2, *[2#] the game whose only option is *2, *[2#0] = {*[2#], 0}, *[2[2]] = *2 + *2; see docs/misere.md)",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			g, err := m.formOf(ctx, args[0])
			if err != nil {
				return interp.Value{}, err
			}
			s, err := m.print(ctx, g)
			return interp.Str(s), err
		})
	m.in.Define("misereinfo", 1, 1, "misereinfo(G): the misère canonical form of G with its birthday, misère and normal Grundy values, whether it is a nim heap, whether it is even (born before G + *), its mate (the game with every end position 0 replaced by *), its phylum (nim heap, tame, generally tame, tameable, restive, generally restive, restless or wild) with a flag for each, and whether it is half-tame, prime, extraverted, introverted (see docs/misere.md)",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			return m.info(ctx, args[0])
		})
	m.in.Define("misereoptions", 1, 1, "misereoptions(form): the options of a misère canonical form, each as CGSuite prints it (the moves of MisereGame(form))",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			g, err := m.named(ctx, args[0])
			if err != nil {
				return interp.Value{}, err
			}
			return m.list(ctx, m.table.Options(g))
		})
	m.in.Define("misereparts", 1, 1, "misereparts(G): the parts of G's misère canonical form, as CGSuite's Parts: the games H, not 0 or *, with G = H + X for some X other than 0 and *, each counted once with H + * (the one born first)",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			g, err := m.formOf(ctx, args[0])
			if err != nil {
				return interp.Value{}, err
			}
			parts, err := m.table.Parts(ctx, g)
			if err != nil {
				return interp.Value{}, err
			}
			return m.list(ctx, parts)
		})
	m.in.Define("miserepartitions", 1, 1, "miserepartitions(G): every way of writing G's misère canonical form as a sum of primes (games with no parts), as CGSuite's Partitions; * ends a sum that is otherwise G + *",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			g, err := m.formOf(ctx, args[0])
			if err != nil {
				return interp.Value{}, err
			}
			ps, err := m.table.Partitions(ctx, g)
			if err != nil {
				return interp.Value{}, err
			}
			out := make([]interp.Value, len(ps))
			for i, p := range ps {
				if out[i], err = m.list(ctx, p); err != nil {
					return interp.Value{}, err
				}
			}
			return interp.List(out), nil
		})
	m.in.Define("misereminus", 2, 2, "misereminus(G, H): the misère canonical form X with G = H + X, when H is a part of G (CGSuite's MisereMinus)",
		m.pairFunc(m.table.Minus, "%[2]s is not a part of %[1]s: no game X makes %[2]s + X equal to it (misereparts lists the parts)"))
	m.in.Define("miserelink", 2, 2, "miserelink(G, H): a game T that makes G + T and H + T both misère P-positions (CGSuite's Link); there is one exactly when neither form is an option of the other",
		m.pairFunc(m.table.Link, "%[1]s and %[2]s are not linked: one is an option of the other, so no game makes both sums P-positions"))
	m.in.Define("miseredistinguisher", 2, 2, "miseredistinguisher(G, H): a game X that makes G + X a misère P-position and H + X an N-position (CGSuite's Distinguisher), for distinct misère games",
		m.pairFunc(m.table.Distinguisher, "%[1]s and %[2]s are the same misère game: no game tells them apart"))
}

// pairFunc makes a function of two positions or sums from a table operation on
// their forms that returns a form, or nothing, when the error (formatted with the
// two forms printed) says why.
func (m *misereForms) pairFunc(op func(context.Context, misere.ID, misere.ID) (misere.ID, bool, error), none string) interp.GoFunc {
	return func(ctx context.Context, args []interp.Value) (interp.Value, error) {
		var forms [2]misere.ID
		for i := range forms {
			var err error
			if forms[i], err = m.formOf(ctx, args[i]); err != nil {
				return interp.Value{}, err
			}
		}
		x, ok, err := op(ctx, forms[0], forms[1])
		if err != nil {
			return interp.Value{}, err
		}
		if !ok {
			var texts [2]string
			for i, g := range forms {
				if texts[i], err = m.print(ctx, g); err != nil {
					return interp.Value{}, err
				}
			}
			return interp.Value{}, fmt.Errorf(none, texts[0], texts[1])
		}
		return m.position(ctx, x)
	}
}

// named returns the form a MisereGame argument names, as CGSuite prints it.
func (m *misereForms) named(ctx context.Context, v interp.Value) (misere.ID, error) {
	if v.K != interp.KStr {
		return 0, fmt.Errorf("MisereGame needs a form as CGSuite prints it, such as \"*[2#0]\", not %s %s", v.K, v.Repr())
	}
	if g, ok := m.byText[v.Str()]; ok {
		return g, nil
	}
	g, err := m.table.ParseForm(ctx, v.Str())
	if err != nil {
		return 0, fmt.Errorf("MisereGame(%s): %w", v.Repr(), err)
	}
	return g, nil
}

// print returns g as CGSuite prints it, remembering the text.
func (m *misereForms) print(ctx context.Context, g misere.ID) (string, error) {
	if s, ok := m.text[g]; ok {
		return s, nil
	}
	s, err := m.table.StringWithin(ctx, g, maxFormText)
	if _, long := errors.AsType[*misere.LongError](err); long || len(s) > maxFormText {
		return "", errLongForm
	}
	if err != nil {
		return "", err
	}
	m.text[g], m.byText[s] = s, g
	return s, nil
}

// position returns the MisereGame position of form g.
func (m *misereForms) position(ctx context.Context, g misere.ID) (interp.Value, error) {
	s, err := m.print(ctx, g)
	if err != nil {
		return interp.Value{}, err
	}
	game, _ := m.in.Game("MisereGame")
	return m.in.Position(ctx, game, interp.Str(s))
}

// formOf returns the form of an impartial position or sum: the sum of its parts'
// forms, each the form of the game of its options' forms.
func (m *misereForms) formOf(ctx context.Context, v interp.Value) (misere.ID, error) {
	parts, ok := interp.Components(v)
	if !ok {
		return 0, fmt.Errorf("expected an impartial game position or a sum of positions, not %s %s", v.K, v.Repr())
	}
	sum := misere.Zero
	for _, p := range parts {
		g, err := m.partForm(ctx, p)
		if err != nil {
			return 0, err
		}
		if sum, err = m.table.Add(ctx, sum, g); err != nil {
			return 0, err
		}
	}
	return sum, nil
}

func (m *misereForms) partForm(ctx context.Context, p interp.Value) (misere.ID, error) {
	if g, ok := m.ofPos[p.N]; ok {
		return g, nil
	}
	game := p.Pos().Game
	if game.IsPartizan() || game.IsScoring() {
		return 0, fmt.Errorf("misère canonical forms are for impartial games, and %s is not impartial", game.Name)
	}
	if mg, _ := m.in.Game("MisereGame"); game == mg {
		return m.named(ctx, p.Pos().Args[0])
	}
	if n, ok := nimHeap(m.in, p); ok {
		if n > misere.MaxHeap {
			return 0, fmt.Errorf("%s is the nim heap *%d; misère canonical forms here go up to *%d", p.Repr(), n, misere.MaxHeap)
		}
		return m.table.Nim(ctx, int(n))
	}
	if m.active[p.N] {
		return 0, fmt.Errorf("%s can return to itself: misère canonical forms are for games that end", p.Repr())
	}
	if len(m.active) >= maxFormDepth {
		return 0, fmt.Errorf("%s: the game is more than %d moves deep", p.Repr(), maxFormDepth)
	}
	m.active[p.N] = true
	defer delete(m.active, p.N)
	moves, err := m.in.Moves(ctx, p, 0)
	if err != nil {
		return 0, err
	}
	if m.held += len(moves); m.held > maxHeldMoves {
		m.held -= len(moves)
		return 0, fmt.Errorf("%s: the game is too large for its misère canonical form (more than %d moves listed along one line of play)", p.Repr(), maxHeldMoves)
	}
	defer func() { m.held -= len(moves) }()
	opts := make([]misere.ID, len(moves))
	for i, mv := range moves {
		if opts[i], err = m.formOf(ctx, mv.To); err != nil {
			return 0, err
		}
	}
	g, err := m.table.Make(ctx, opts...)
	if err != nil {
		return 0, err
	}
	m.ofPos[p.N] = g
	return g, nil
}

// errLongForm is print's error for a form too long to print.
var errLongForm = fmt.Errorf("the misère canonical form is longer than %d characters", maxFormText)

// info answers misereinfo(G): a form too long to print is said so in its field,
// and the other facts are given.
func (m *misereForms) info(ctx context.Context, v interp.Value) (interp.Value, error) {
	g, err := m.formOf(ctx, v)
	if err != nil {
		return interp.Value{}, err
	}
	f, err := m.table.Facts(ctx, g)
	if err != nil {
		return interp.Value{}, err
	}
	texts := make([]string, 2)
	for i, h := range []misere.ID{g, f.Mate} {
		if texts[i], err = m.print(ctx, h); errors.Is(err, errLongForm) {
			texts[i], err = fmt.Sprintf("(longer than %d characters)", maxFormText), nil
		}
		if err != nil {
			return interp.Value{}, err
		}
	}
	p := f.Phylum
	fields := []struct {
		name string
		v    interp.Value
	}{
		{"form", interp.Str(texts[0])}, {"birthday", interp.Int(int64(f.Birthday))},
		{"miseresg", interp.Int(int64(f.MisereValue))}, {"sg", interp.Int(int64(f.Value))},
		{"nimheap", interp.Bool(f.NimHeap)}, {"even", interp.Bool(f.Even)}, {"mate", interp.Str(texts[1])},
		{"phylum", interp.Str(p.String())}, {"tame", interp.Bool(p.IsTame())},
		{"generallytame", interp.Bool(p.IsGenerallyTame())}, {"tameable", interp.Bool(p.IsTameable())},
		{"restive", interp.Bool(p == misere.Restive)}, {"generallyrestive", interp.Bool(p.IsGenerallyRestive())},
		{"restless", interp.Bool(p == misere.Restless)}, {"halftame", interp.Bool(f.HalfTame)},
		{"prime", partsFact(f, f.Prime)}, {"extraverted", partsFact(f, f.Extraverted)},
		{"introverted", interp.Bool(f.Introverted)},
	}
	names := make([]string, len(fields))
	values := make([]interp.Value, len(fields))
	for i, f := range fields {
		names[i], values[i] = f.name, f.v
	}
	return interp.NewRecord(names, values, make([]bool, len(fields))), nil
}

// partsFact is a fact that needs the search for parts: unknown, in words, when
// that search stopped at its bound.
func partsFact(f misere.Facts, b bool) interp.Value {
	if f.PartsUnknown {
		return interp.Str("unknown (beyond the search for parts)")
	}
	return interp.Bool(b)
}

// list prints forms as a list of strings.
func (m *misereForms) list(ctx context.Context, gs []misere.ID) (interp.Value, error) {
	out := make([]interp.Value, len(gs))
	for i, g := range gs {
		s, err := m.print(ctx, g)
		if err != nil {
			return interp.Value{}, err
		}
		out[i] = interp.Str(s)
	}
	return interp.List(out), nil
}

// nimHeap tells whether a position is a nim heap, and its size: a nimber *k or a
// heap of a game with Bouton's rule (Nim).
func nimHeap(in *interp.Interp, p interp.Value) (int64, bool) {
	pos := p.Pos()
	if pos.Game.IsNimber() {
		return pos.Args[0].N, true
	}
	if heap := in.NativesOf(pos.Game).NimHeap; heap != nil {
		return heap(pos.Args)
	}
	return 0, false
}
