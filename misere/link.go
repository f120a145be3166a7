package misere

import (
	"context"
	"errors"
)

// Distinguishers and links (Conway, On Numbers and Games ch. 12; CGSuite's
// Distinguisher and Link). Two forms are distinct games exactly when some game X
// gives G + X and H + X different misère outcomes; G and H are linked when some T
// makes both G + T and H + T P-positions, which is so exactly when neither is an
// option of the other (an option H of G gives G + T the option H + T).
//
// Link: T's options are, for each option G' of G, a game making G' + X a
// P-position and H + X not, and the same with G and H swapped. Then every option
// of G + T is an N-position: G' + T has the option G' + X, and G + X (X made for
// an option of G) has the option G' + X, while G + X made for an option H' of H
// is not a P-position by its choice. For G = H = 0, T is *.
//
// Distinguisher with G + X a P-position: some option of one is linked to the
// other (Conway), and a link T of G' and H makes G + T an N-position, H + T a
// P-position. When the X found gives G + X an N-position, the game of X and the
// mates of G's options gives G a P-position and H an N-position (G' plus its mate
// is a P-position).

// errNoDistinguisher would mean two distinct forms with no distinguishing game.
var errNoDistinguisher = errors.New("misere: distinct forms without a distinguishing game (Conway's theorem failed)")

// link returns T with g + T and h + T misère P-positions, if neither is an option
// of the other.
func (t *Table) link(g, h ID) (ID, bool) {
	if t.hasOption(g, h) || t.hasOption(h, g) {
		return 0, false
	}
	if g == Zero && h == Zero {
		return Star, true
	}
	key := [2]ID{min(g, h), max(g, h)}
	if l, ok := t.links[key]; ok {
		return l, true
	}
	var opts []ID
	for _, pair := range [][2]ID{{g, h}, {h, g}} {
		for _, o := range t.forms[pair[0]].opts {
			opts = append(opts, t.distinguishP(o, pair[1]))
		}
	}
	l := t.make(opts)
	t.links[key] = l
	return l, true
}

// distinguishP returns X with g + X a misère P-position and h + X not (g != h).
func (t *Table) distinguishP(g, h ID) ID {
	x := t.distinguish(g, h)
	if t.forms[t.add(g, x)].gMinus == 0 {
		return x
	}
	opts := []ID{x}
	for _, o := range t.forms[g].opts {
		opts = append(opts, t.mate(o))
	}
	return t.make(opts)
}

// distinguish returns X with g + X and h + X of different misère outcomes.
func (t *Table) distinguish(g, h ID) ID {
	t.step()
	if g == Zero && t.forms[h].gMinus == 0 || h == Zero && t.forms[g].gMinus == 0 {
		return Zero
	}
	for _, pair := range [][2]ID{{g, h}, {h, g}} {
		for _, o := range t.forms[pair[0]].opts {
			if l, ok := t.link(pair[1], o); ok {
				return l
			}
		}
	}
	panic(stop{errNoDistinguisher})
}

// Link returns T with g + T and h + T both misère P-positions, if there is one:
// exactly when neither form is an option of the other.
func (t *Table) Link(ctx context.Context, g, h ID) (l ID, ok bool, err error) {
	err = t.run(ctx, func() { l, ok = t.link(g, h) })
	return l, ok, err
}

// Distinguisher returns X with g + X a misère P-position and h + X an N-position,
// if g and h are distinct (CGSuite's Distinguisher).
func (t *Table) Distinguisher(ctx context.Context, g, h ID) (x ID, ok bool, err error) {
	if g == h {
		return 0, false, nil
	}
	err = t.run(ctx, func() { x = t.distinguishP(g, h) })
	return x, err == nil, err
}
