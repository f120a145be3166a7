package cgt

import (
	"strings"
	"testing"
)

// Small classic games written directly on the engine, for tests and benchmarks.

// domineering values rectangles' subsets as bitmasks (bit r*cols + c is an empty cell):
// Left places a domino down a column, Right along a row.
type domineering struct {
	s          *Space
	rows, cols int
	memo       map[uint64]*Form
}

func (d *domineering) value(b uint64) *Form {
	if v, ok := d.memo[b]; ok {
		return v
	}
	var l, r []*Form
	for row := range d.rows {
		for c := range d.cols {
			i := uint(row*d.cols + c)
			if b&(1<<i) == 0 {
				continue
			}
			if row+1 < d.rows && b&(1<<(i+uint(d.cols))) != 0 {
				l = append(l, d.value(b&^(1<<i|1<<(i+uint(d.cols)))))
			}
			if c+1 < d.cols && b&(1<<(i+1)) != 0 {
				r = append(r, d.value(b&^(1<<i|1<<(i+1))))
			}
		}
	}
	v := d.s.Make(l, r)
	d.memo[b] = v
	return v
}

func domineeringValue(s *Space, rows, cols int) (*Form, int) {
	d := &domineering{s: s, rows: rows, cols: cols, memo: map[uint64]*Form{}}
	v := d.value(1<<uint(rows*cols) - 1)
	return v, len(d.memo)
}

// cutcake: Left cuts along a column line, Right along a row line.
func cutcake(s *Space, w, h int, memo map[[2]int]*Form) *Form {
	if v, ok := memo[[2]int{w, h}]; ok {
		return v
	}
	var l, r []*Form
	for i := 1; i < w; i++ {
		l = append(l, s.Add(cutcake(s, i, h, memo), cutcake(s, w-i, h, memo)))
	}
	for j := 1; j < h; j++ {
		r = append(r, s.Add(cutcake(s, w, j, memo), cutcake(s, w, h-j, memo)))
	}
	v := s.Make(l, r)
	memo[[2]int{w, h}] = v
	return v
}

// stalk is Blue-Red Hackenbush on a stalk: 1 for Left's edges, -1 for Right's.
func stalk(s *Space, edges []int) *Form {
	var l, r []*Form
	for i, e := range edges {
		if e == 1 {
			l = append(l, stalk(s, edges[:i]))
		} else {
			r = append(r, stalk(s, edges[:i]))
		}
	}
	return s.Make(l, r)
}

// TestContractGames: the values of the contract's examples (shared/DESIGN.md).
func TestContractGames(t *testing.T) {
	s := NewSpace()
	check := func(what string, g *Form, want string) {
		t.Helper()
		if g.String() != want {
			t.Errorf("%s = %s, want %s", what, g, want)
		}
	}
	memo := map[[2]int]*Form{}
	for w := 1; w <= 4; w++ {
		check("Cutcake(w, 1)", cutcake(s, w, 1, memo), s.Integer(int64(w-1)).String())
	}
	check("Cutcake(2, 2)", cutcake(s, 2, 2, memo), "0")
	if s.Outcome(cutcake(s, 3, 1, memo)) != L || s.Outcome(cutcake(s, 2, 2, memo)) != P {
		t.Error("Cutcake outcomes")
	}
	d22, _ := domineeringValue(s, 2, 2)
	check("Domineering 2x2", d22, "±1")
	if s.Outcome(d22) != N {
		t.Error("Domineering 2x2 is not N")
	}
	d14, _ := domineeringValue(s, 1, 4)
	check("Domineering 1x4", d14, "-2")
	check("Stalk(1,-1)", stalk(s, []int{1, -1}), "1/2")
	check("Stalk(1,-1,-1)", stalk(s, []int{1, -1, -1}), "1/4")
	check("Stalk(1,1,-1)", stalk(s, []int{1, 1, -1}), "3/2")
	check("Cutcake(3,1) + *", s.Add(cutcake(s, 3, 1, memo), s.Nimber(1)), "2*")
	up, _ := s.Parse("{0|*}")
	check("{0|*}", up, "↑")
	uu, _ := s.Parse("^^")
	if s.Add(up, s.Up(1)) != uu {
		t.Error("{0|*} + ^ != ^^")
	}
	pm, _ := s.Parse("{1|-1}")
	if pm != d22 {
		t.Error("{1|-1} != Domineering 2x2")
	}
	if s.Compare(s.Up(1), s.Zero()) != Greater || s.Compare(s.Nimber(1), s.Zero()) != Fuzzy {
		t.Error("↑ > 0 and * || 0")
	}
	if s.Add(s.Nimber(3), s.Nimber(5)) != s.Nimber(6) {
		t.Error("*3 + *5 != *6")
	}
}

// TestDomineeringAgreesWithPlainDefinition: small Domineering boards, built by Make, are
// equal by the plain definition to their raw game trees.
func TestDomineeringAgreesWithPlainDefinition(t *testing.T) {
	s := NewSpace()
	p := newPlainDef()
	for _, rc := range [][2]int{{2, 3}, {3, 3}, {2, 4}, {3, 4}} {
		d := &domineering{s: s, rows: rc[0], cols: rc[1], memo: map[uint64]*Form{}}
		rawMemo := map[uint64]*raw{}
		var rawOf func(b uint64) *raw
		rawOf = func(b uint64) *raw {
			if v, ok := rawMemo[b]; ok {
				return v
			}
			v := &raw{}
			for row := range d.rows {
				for c := range d.cols {
					i := uint(row*d.cols + c)
					if b&(1<<i) == 0 {
						continue
					}
					if row+1 < d.rows && b&(1<<(i+uint(d.cols))) != 0 {
						v.l = append(v.l, rawOf(b&^(1<<i|1<<(i+uint(d.cols)))))
					}
					if c+1 < d.cols && b&(1<<(i+1)) != 0 {
						v.r = append(v.r, rawOf(b&^(1<<i|1<<(i+1))))
					}
				}
			}
			rawMemo[b] = v
			return v
		}
		full := uint64(1)<<uint(rc[0]*rc[1]) - 1
		g := d.value(full)
		if !p.plainEq(rawOf(full), toRaw(g, map[*Form]*raw{})) {
			t.Errorf("Domineering %dx%d: %s is not equal to the game", rc[0], rc[1], g)
		}
		if s.Outcome(g) != p.plainOutcome(rawOf(full)) {
			t.Errorf("Domineering %dx%d: outcome", rc[0], rc[1])
		}
	}
}

// BenchmarkDomineering4x5 values the whole 4x5 board (every position reached, without
// splitting into regions) in a fresh Space.
func BenchmarkDomineering4x5(b *testing.B) { benchDomineering(b, 4, 5) }

func benchDomineering(b *testing.B, rows, cols int) {
	var positions, forms int
	var bytes int64
	for b.Loop() {
		s := NewSpace()
		_, positions = domineeringValue(s, rows, cols)
		forms, bytes = s.Size()
	}
	per := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(positions), "positions/op")
	b.ReportMetric(float64(positions)/per, "positions/s")
	b.ReportMetric(float64(forms), "forms/op")
	b.ReportMetric(float64(bytes)/float64(forms), "bytes/form")
}

// BenchmarkDomineering4x6 is the reference position (607,752 positions).
func BenchmarkDomineering4x6(b *testing.B) { benchDomineering(b, 4, 6) }

// clobber values Clobber positions on a rows x cols board: x (Left) and o (Right) are
// bitmasks of stones; a player moves one of their stones onto an orthogonally adjacent
// stone of the opponent's, which is removed.
type clobber struct {
	s          *Space
	rows, cols int
	memo       map[uint64]*Form
}

func (c *clobber) value(x, o uint32) *Form {
	k := uint64(x) | uint64(o)<<32
	if v, ok := c.memo[k]; ok {
		return v
	}
	var l, r []*Form
	n := c.rows * c.cols
	for i := range n {
		row := i / c.cols
		for _, j := range []int{i - c.cols, i + c.cols, i - 1, i + 1} {
			if j < 0 || j >= n || (j == i-1 || j == i+1) && j/c.cols != row {
				continue
			}
			bi, bj := uint32(1)<<uint(i), uint32(1)<<uint(j)
			if x&bi != 0 && o&bj != 0 {
				l = append(l, c.value(x&^bi|bj, o&^bj))
			}
			if o&bi != 0 && x&bj != 0 {
				r = append(r, c.value(x&^bj, o&^bi|bj))
			}
		}
	}
	v := c.s.Make(l, r)
	c.memo[k] = v
	return v
}

func clobberValue(s *Space, board string) (*Form, int) {
	rows := strings.Split(board, "|")
	c := &clobber{s: s, rows: len(rows), cols: len(rows[0]), memo: map[uint64]*Form{}}
	var x, o uint32
	for r, line := range rows {
		for col, ch := range line {
			switch ch {
			case 'x':
				x |= 1 << uint(r*c.cols+col)
			case 'o':
				o |= 1 << uint(r*c.cols+col)
			}
		}
	}
	return c.value(x, o), len(c.memo)
}

func TestClobber(t *testing.T) {
	s := NewSpace()
	// Worked by hand: xxo is {0 | *} (Left leaves x.x, Right leaves xo.), xxxo {0 | ↑}.
	for _, c := range []struct{ board, want string }{
		{"xo", "*"},
		{"xxo", "↑"},
		{"xoo", "↓"},
		{"xxxo", "⇑*"},
	} {
		if g, _ := clobberValue(s, c.board); g.String() != c.want {
			t.Errorf("Clobber %s = %s, want %s", c.board, g, c.want)
		}
	}
}

// BenchmarkClobber4x4 is CGSuite's benchmark position "xoxo|oxox|xoxo|oxox".
func BenchmarkClobber4x4(b *testing.B) {
	var positions, forms int
	for b.Loop() {
		s := NewSpace()
		_, positions = clobberValue(s, "xoxo|oxox|xoxo|oxox")
		forms, _ = s.Size()
	}
	per := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(positions), "positions/op")
	b.ReportMetric(float64(positions)/per, "positions/s")
	b.ReportMetric(float64(forms), "forms/op")
}

// BenchmarkHeatStar14 is CGSuite's benchmark: *14 heated by 1.
func BenchmarkHeatStar14(b *testing.B) {
	var forms int
	for b.Loop() {
		s := NewSpace()
		s.Heat(s.Nimber(14), s.Integer(1))
		forms, _ = s.Size()
	}
	b.ReportMetric(float64(forms), "forms/op")
}
