package solver

import (
	"context"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// Genus is Conway's genus of an impartial game G (ONAG, 2nd ed., ch. 12; Winning Ways,
// 2nd ed., ch. 13), written G^{γ0 γ1 γ2 ...}:
//
//   - G is the normal-play Sprague-Grundy value g⁺(G);
//   - γn is the misère Grundy value g⁻(G + 2 + ... + 2) of G plus n copies of *2, where
//     g⁻ of a game without options is 1 and otherwise the mex of its options' g⁻.
//
// The sequence γ is eventually periodic with period 2. Seq holds γ0 ... γ(m+1) where m
// is the least index from which γ(n+2) = γ(n) for all n >= m, so the last two entries
// repeat forever: the usual notation, as in 0^120 (the genus of 0), 1^031 (of *1) and
// 2^20 (of *2).
type Genus struct {
	G   int64
	Seq []int64 // at least two entries
}

// Gamma returns γn: the misère Grundy value of the game plus n copies of *2.
func (g Genus) Gamma(n int) int64 {
	l := len(g.Seq)
	if n < l {
		return g.Seq[n]
	}
	return g.Seq[l-2+(n-l)%2]
}

// Misere returns γ0, the misère Grundy value of the game alone.
func (g Genus) Misere() int64 { return g.Seq[0] }

// IsTame reports whether g is one of the tame genera: 0^120, 1^031, or a^{a, a⊕2} for any
// a >= 0 (0^02, 1^13, 2^20, 3^31, 4^46, ...), the genera of misère Nim positions. A game
// is tame when every position of it has a tame genus (see Misere.Tame).
func (g Genus) IsTame() bool { return genusKind(g.G, g.Seq) != wild }

// Equal reports whether g and h are the same genus.
func (g Genus) Equal(h Genus) bool { return g.G == h.G && slices.Equal(g.Seq, h.Seq) }

// String writes the genus in the usual notation, for example "0^120" or "4^146"; when a
// number has more than one digit the exponent is parenthesised: "10^(10,8)".
func (g Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatInt(g.G, 10))
	b.WriteByte('^')
	multi := g.G > 9
	for _, v := range g.Seq {
		multi = multi || v > 9
	}
	if multi {
		b.WriteByte('(')
	}
	for i, v := range g.Seq {
		if multi && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	if multi {
		b.WriteByte(')')
	}
	return b.String()
}

// Kinds of genera, for tame arithmetic.
const (
	wild  = 0
	small = 1 // 0^120 or 1^031: behaves like a sum of heaps of size 1
	big   = 2 // a^{a, a⊕2}: behaves like a Nim position with a heap of size >= 2
)

func genusKind(g int64, seq []int64) int8 {
	switch {
	case len(seq) == 2 && seq[0] == g && seq[1] == g^2:
		return big
	case g == 0 && slices.Equal(seq, []int64{1, 2, 0}), g == 1 && slices.Equal(seq, []int64{0, 3, 1}):
		return small
	}
	return wild
}

// internGenus returns the id of the genus (g, seq), storing a copy of seq if it is new.
func (m *Misere) internGenus(g int64, seq []int64) int32 {
	k := binary.AppendVarint(m.keyBuf[:0], g)
	for _, v := range seq {
		k = binary.AppendVarint(k, v)
	}
	m.keyBuf = k
	if id, ok := m.genusIDs[string(k)]; ok {
		return id
	}
	id := int32(len(m.genera))
	m.genusIDs[string(k)] = id
	m.genera = append(m.genera, Genus{G: g, Seq: slices.Clone(seq)})
	m.kinds = append(m.kinds, genusKind(g, seq))
	return id
}

// TameGenus returns the tame genus of normal value g: 0^120 or 1^031 when fickle (g
// is then 0 or 1: the genera of 0 and *1), else g^{g, g⊕2} (firm: the genus of *g for
// g >= 2, of *2 + *2 and of *1 + *2 + *2 for g = 0 and 1).
func TameGenus(g int64, fickle bool) Genus {
	switch {
	case fickle && g == 0:
		return Genus{G: 0, Seq: []int64{1, 2, 0}}
	case fickle && g == 1:
		return Genus{G: 1, Seq: []int64{0, 3, 1}}
	}
	return Genus{G: g, Seq: []int64{g, g ^ 2}}
}

// nimGenus is the genus id of the nimber *k: 0^120, 1^031, or k^{k, k⊕2}.
// The ids of small nimbers are cached in m.nimGenera (1 + id, 0 unknown).
func (m *Misere) nimGenus(k int64) int32 {
	if k < int64(len(m.nimGenera)) && m.nimGenera[k] > 0 {
		return m.nimGenera[k] - 1
	}
	g := TameGenus(k, k <= 1)
	id := m.internGenus(g.G, g.Seq)
	if k < nimGenusCache {
		if k >= int64(len(m.nimGenera)) {
			m.nimGenera = append(m.nimGenera, make([]int32, int(k)+1-len(m.nimGenera))...)
		}
		m.nimGenera[k] = id + 1
	}
	return id
}

// nimGenusCache bounds the nimbers whose genus ids m.nimGenera caches.
const nimGenusCache = 1 << 12

// tameSum returns the genus of a sum of tame games from their genera: like misère Nim,
// the normal values XOR, and the sum is 0^120 or 1^031 if every part is (a position
// with only heaps of size <= 1), else g^{g, g⊕2} (ONAG ch. 12; Winning Ways ch. 13).
func (m *Misere) tameSum(gids []int32) int32 {
	var g int64
	anyBig := false
	for _, id := range gids {
		g ^= m.genera[id].G
		anyBig = anyBig || m.kinds[id] == big
	}
	if anyBig {
		return m.internGenus(g, []int64{g, g ^ 2})
	}
	return m.nimGenus(g) // g is 0 or 1 here
}

// genusOfOptions computes the genus of a game whose options have the genera kids:
//
//	g    = mex of the options' G,
//	γ0   = mex of the options' γ0 (1 when there are no options),
//	γn   = mex({options' γn} ∪ {γ(n-1), γ(n-1)⊕1}) for n >= 1,
//
// the last because the options of G + n·*2 are G' + n·*2, G + (n-1)·*2, and
// G + (n-1)·*2 + *1, whose misère Grundy value is that of G + (n-1)·*2 with its last
// bit flipped (g⁻(H + *1) = g⁻(H) ⊕ 1 for every H, by induction on H).
//
// The loop ends: once n exceeds n0, where every option's sequence alternates,
// γn = f(n mod 2)(γ(n-1)) for two fixed maps that each take only two values (the mex of
// the options' values, or the mex once γ(n-1)'s pair {2j, 2j+1} is added too); the
// composite of the two maps has no 2-cycle, so the sequence alternates within a few
// steps of n0.
func (m *Misere) genusOfOptions(kids []int32) int32 {
	if len(kids) == 0 {
		return m.nimGenus(0)
	}
	r := len(kids)
	m.mex.reset(r)
	for _, k := range kids {
		m.mex.add(m.genera[k].G)
	}
	g := m.mex.mex()
	m.mex.reset(r)
	n0 := 0
	for _, k := range kids {
		m.mex.add(m.genera[k].Seq[0])
		n0 = max(n0, len(m.genera[k].Seq)-2)
	}
	seq := append(m.seqBuf[:0], m.mex.mex())
	for n := 1; ; n++ {
		m.mex.reset(r + 2)
		for _, k := range kids {
			m.mex.add(m.genera[k].Gamma(n))
		}
		m.mex.add(seq[n-1])
		m.mex.add(seq[n-1] ^ 1)
		seq = append(seq, m.mex.mex())
		if n >= 2 && n-1 >= n0 && seq[n] == seq[n-2] {
			break
		}
	}
	start := len(seq) - 3 // alternation holds from here on; find the earliest such index
	for start > 0 && seq[start-1] == seq[start+1] {
		start--
	}
	m.seqBuf = seq
	return m.internGenus(g, seq[:start+2])
}

// gframe is one sum being solved on the genus walk's stack: its options' states are
// w.kids[kids:], and next is the next one to make sure is solved.
type gframe struct {
	st         int32
	kids, next int
}

// solveGenus makes sure state root has its genus and tameness, solving every sum it
// needs with an explicit stack: the depth of the game never becomes Go recursion.
func (m *Misere) solveGenus(ctx context.Context, root int32) error {
	w := m.walks.get()
	defer m.putWalk(w)
	defer m.unwindGenus(w) // after an error or a panic; a finished walk left none
	for {
		x, err := m.genusReady(root)
		if err != nil || x < 0 {
			return err
		}
		if err := m.pushGenus(ctx, w, x); err != nil {
			return err
		}
		if err := m.runGenus(ctx, w); err != nil {
			return err
		}
	}
}

// genusReady returns -1 if st's genus is known (computing it by tame arithmetic when all
// of its components are tame), or else the state to expand first: one of st's
// components, or st itself.
func (m *Misere) genusReady(st int32) (int32, error) {
	if m.states[st].genus != noGenus {
		if m.states[st].genus == busy {
			return st, nil
		}
		return -1, nil
	}
	atoms := m.atomsOf(st)
	if len(atoms) == 1 && atoms[0] >= 0 {
		return st, nil
	}
	gids := m.gidBuf[:0]
	for _, a := range atoms {
		if k, ok := m.atomNim(a); ok {
			gids = append(gids, m.nimGenus(k))
			continue
		}
		ps, err := m.single(Pos(a))
		if err != nil {
			return -1, err
		}
		s := m.states[ps]
		if s.genus < 0 {
			return ps, nil
		}
		if !s.tame {
			m.gidBuf = gids
			return st, nil
		}
		gids = append(gids, s.genus)
	}
	m.gidBuf = gids
	m.states[st].genus, m.states[st].tame = m.tameSum(gids), true
	return -1, nil
}

// pushGenus expands state st onto the walk, interning the sums its moves lead to.
func (m *Misere) pushGenus(ctx context.Context, w *mwalk, st int32) error {
	if m.states[st].genus == busy {
		return m.cycleError(w, st)
	}
	m.states[st].genus = busy
	w.gstack = append(w.gstack, gframe{st: st, kids: len(w.kids), next: len(w.kids)})
	w.cur = append(w.cur[:0], m.atomsOf(st)...)
	atoms := w.cur
	for i, a := range atoms {
		if i > 0 && a == atoms[i-1] {
			continue // moving in either copy gives the same sums
		}
		rest := append(append(w.rest[:0], atoms[:i]...), atoms[i+1:]...)
		w.rest = rest
		if a < 0 {
			for j := int64(0); j < -a; j++ {
				if err := m.tick(ctx); err != nil {
					return err
				}
				child := append(w.buf[:0], rest...)
				if j > 0 {
					child = append(child, -j)
				}
				if err := m.pushKid(w, child); err != nil {
					return err
				}
			}
			continue
		}
		if err := m.expand(Pos(a)); err != nil {
			return err
		}
		first, last := m.pos[a].first, m.pos[a].last
		for o := first; o < last; o++ {
			if err := m.tick(ctx); err != nil {
				return err
			}
			comps, nim := m.opts.Option(int(o))
			child, err := m.appendAtoms(append(w.buf[:0], w.rest...), comps, nim)
			w.buf = child
			if err != nil {
				return err
			}
			if err := m.pushKid(w, child); err != nil {
				return err
			}
		}
	}
	return nil
}

func (m *Misere) pushKid(w *mwalk, child []int64) error {
	slices.Sort(child)
	w.buf = child
	id, err := m.intern(child)
	if err != nil {
		return err
	}
	w.kids = append(w.kids, id)
	return nil
}

// runGenus solves the frames on the walk's stack.
func (m *Misere) runGenus(ctx context.Context, w *mwalk) error {
	for len(w.gstack) > 0 {
		if err := m.tick(ctx); err != nil {
			return err
		}
		top := len(w.gstack) - 1
		pushed := false
		for w.gstack[top].next < len(w.kids) {
			x, err := m.genusReady(w.kids[w.gstack[top].next])
			if err != nil {
				return err
			}
			if x < 0 {
				w.gstack[top].next++
				continue
			}
			if err := m.pushGenus(ctx, w, x); err != nil {
				return err
			}
			pushed = true
			break
		}
		if pushed {
			continue
		}
		f := w.gstack[top]
		kids := w.kids[f.kids:]
		gids := m.gidBuf[:0]
		tame := true
		for _, k := range kids {
			gids = append(gids, m.states[k].genus)
			tame = tame && m.states[k].tame
		}
		m.gidBuf = gids
		gid := m.genusOfOptions(gids)
		m.states[f.st].genus = gid
		m.states[f.st].tame = tame && m.kinds[gid] != wild
		if atoms := m.atomsOf(f.st); len(atoms) == 1 && atoms[0] >= 0 {
			m.identifyNimber(Pos(atoms[0]), kids)
		}
		w.kids = w.kids[:f.kids]
		w.gstack = w.gstack[:top]
	}
	return nil
}

// identifyNimber records that p is identical to a nimber *k when its options are
// exactly *0, ..., *(k-1) (repetitions allowed): p can then be treated as a heap.
func (m *Misere) identifyNimber(p Pos, kids []int32) {
	seen := m.seenBuf[:0]
	for _, k := range kids {
		atoms := m.atomsOf(k)
		var v int64
		switch {
		case len(atoms) == 0:
		case len(atoms) > 1:
			return
		default:
			n, ok := m.atomNim(atoms[0])
			if !ok || n > int64(len(kids)) {
				return
			}
			v = n
		}
		for int64(len(seen)) <= v {
			seen = append(seen, false)
		}
		seen[v] = true
	}
	m.seenBuf = seen
	for _, s := range seen {
		if !s {
			return
		}
	}
	m.pos[p].nim = int32(len(seen))
}

// unwindGenus clears the marks of an abandoned genus walk.
func (m *Misere) unwindGenus(w *mwalk) {
	for _, f := range w.gstack {
		m.states[f.st].genus = noGenus
	}
	w.gstack = w.gstack[:0]
	w.kids = w.kids[:0]
}
