package cgt

import (
	"cmp"
	"fmt"
)

// Point is a point (temperature, value) of a thermograph's wall.
type Point struct {
	Temp, Value Dyadic
}

// Thermograph is the thermograph of a short game, with CGSuite's conventions: temperatures
// run from -1 up, values are numbers (Left's side is the larger values). Each wall is
// linear between consecutive points of its list, which start at temperature -1 and end at
// the temperature where the mast starts; above it both walls are the vertical mast at
// value Mast. A number m/2^n has temperature -1/2^n (an integer -1, where the walls are
// the single point (-1, m)).
type Thermograph struct {
	Left, Right []Point // the walls' breakpoints, by increasing temperature
	Mast        Dyadic  // the mast's value: the game's mean
	Temperature Dyadic  // where the mast starts: the game's temperature
}

// LeftStop is the value reached when Left starts and both players play until a number
// is reached, Left aiming high and Right low.
func (s *Space) LeftStop(g Game) Dyadic { s.stops(g); return g.lst }

// RightStop is the value reached when Right starts, as LeftStop.
func (s *Space) RightStop(g Game) Dyadic { s.stops(g); return g.rst }

func (s *Space) stops(g *Form) {
	if g.stop {
		return
	}
	if g.IsNumber() || g.nus && !s.plain {
		g.lst, g.rst = g.x, g.x
	} else {
		for i, gl := range g.left {
			if v := s.RightStop(gl); i == 0 || g.lst.Less(v) {
				g.lst = v
			}
		}
		for i, gr := range g.rght {
			if v := s.LeftStop(gr); i == 0 || v.Less(g.rst) {
				g.rst = v
			}
		}
	}
	g.stop = true
}

// Mean is g's mean value, the value of its thermograph's mast.
func (s *Space) Mean(g Game) Dyadic {
	if g.nus && !s.plain {
		return g.x
	}
	return s.Thermograph(g).Mast
}

// Temperature is g's temperature, where its thermograph's mast starts. As in CGSuite, a
// number m/2^n has temperature -1/2^n (-1 for an integer) and a number plus a nonzero
// infinitesimal x + n·↑ + *k has temperature 0.
func (s *Space) Temperature(g Game) Dyadic {
	if g.nus && !s.plain {
		if g.IsNumber() {
			return NewDyadic(-1, uint(g.x.exp))
		}
		return Dyadic{}
	}
	return s.Thermograph(g).Temperature
}

// Thermograph is g's thermograph, by the standard construction: Left's scaffold is the
// highest right wall of g's Left options, tilted by -t; Right's the lowest left wall of
// its Right options, tilted by +t; the walls follow the scaffolds up to where they meet,
// and the mast rises from there. The result is shared: do not modify its slices.
func (s *Space) Thermograph(g Game) *Thermograph {
	if g.th != nil {
		return g.th
	}
	var th *Thermograph
	switch {
	case g.IsInteger():
		p := []Point{{Int(-1), g.x}}
		th = &Thermograph{Left: p, Right: p, Mast: g.x, Temperature: Int(-1)}
	case g.nus && !g.IsNumber() && !s.plain:
		// x + n·↑ + *k has the thermograph of x, x + *, x + ↑ or x + ↓ (as in CGSuite).
		var basic *Form
		switch {
		case g.up == 0 || g.nim == 1 && (g.up == 1 || g.up == -1):
			basic = s.nusForm(g.x, 0, min(g.nim, 1))
		case g.up > 0:
			basic = s.nusForm(g.x, 1, 0)
		default:
			basic = s.nusForm(g.x, -1, 0)
		}
		th = s.thermographOf(basic)
	default:
		th = s.thermographOf(g)
	}
	g.th = th
	return th
}

func (s *Space) thermographOf(g *Form) *Thermograph {
	var ls, rs traj
	for i, gl := range g.LeftOptions() {
		w := wallTraj(s.Thermograph(gl).Right)
		if i == 0 {
			ls = w
		} else {
			ls = trajMax(ls, w)
		}
	}
	for i, gr := range g.RightOptions() {
		w := wallTraj(s.Thermograph(gr).Left)
		if i == 0 {
			rs = w
		} else {
			rs = trajMin(rs, w)
		}
	}
	ls = ls.tilt(-1)
	rs = rs.tilt(1)
	tau, ok := crossing(ls, rs)
	if !ok {
		rangePanic("thermograph")
	}
	m := ls.at(tau)
	if tau == Int(-1) {
		// The scaffolds meet at the base (no short game does otherwise): a mast only.
		if rv := rs.at(tau); m != rv {
			switch {
			case m.Sign() > 0:
			case rv.Sign() < 0:
				m = rv
			default:
				m = Dyadic{}
			}
		}
	}
	return &Thermograph{Left: ls.points(tau), Right: rs.points(tau), Mast: m, Temperature: tau}
}

// traj is a continuous piecewise-linear function of the temperature t >= -1: segment i
// starts at t[i] (t[0] = -1) with value v[i] and has slope s[i].
type traj struct {
	t, v []Dyadic
	s    []int64
}

// wallTraj turns a wall's points into a trajectory that continues with the mast.
func wallTraj(ps []Point) traj {
	var w traj
	for i, p := range ps {
		w.t = append(w.t, p.Temp)
		w.v = append(w.v, p.Value)
		if i+1 < len(ps) {
			w.s = append(w.s, slope(p, ps[i+1]))
		} else {
			w.s = append(w.s, 0)
		}
	}
	return w.simplify()
}

func slope(a, b Point) int64 {
	dv, dt := b.Value.Sub(a.Value), b.Temp.Sub(a.Temp)
	for _, k := range []int64{0, 1, -1, 2, -2} {
		if mulInt(dt, k) == dv {
			return k
		}
	}
	rangePanic("thermograph slope")
	return 0
}

func mulInt(d Dyadic, k int64) Dyadic {
	switch k {
	case 0:
		return Dyadic{}
	case 1:
		return d
	case -1:
		return d.Neg()
	}
	r := Dyadic{}
	neg := k < 0
	if neg {
		k = -k
	}
	for ; k > 0; k-- {
		r = r.Add(d)
	}
	if neg {
		r = r.Neg()
	}
	return r
}

func (w traj) seg(t Dyadic) int {
	i := 0
	for i+1 < len(w.t) && !t.Less(w.t[i+1]) {
		i++
	}
	return i
}

func (w traj) at(t Dyadic) Dyadic {
	i := w.seg(t)
	return w.v[i].Add(mulInt(t.Sub(w.t[i]), w.s[i]))
}

func (w traj) tilt(k int64) traj {
	r := traj{t: w.t, v: make([]Dyadic, len(w.v)), s: make([]int64, len(w.s))}
	for i := range w.t {
		r.v[i] = w.v[i].Add(mulInt(w.t[i], k))
		r.s[i] = w.s[i] + k
	}
	return r
}

// simplify merges consecutive segments with the same slope.
func (w traj) simplify() traj {
	var r traj
	for i := range w.t {
		if n := len(r.s); n > 0 && r.s[n-1] == w.s[i] {
			continue
		}
		r.t = append(r.t, w.t[i])
		r.v = append(r.v, w.v[i])
		r.s = append(r.s, w.s[i])
	}
	return r
}

// breaks are the breakpoints of a and b together, ascending.
func breaks(a, b traj) []Dyadic {
	var out []Dyadic
	i, j := 0, 0
	for i < len(a.t) || j < len(b.t) {
		var t Dyadic
		switch {
		case j >= len(b.t) || i < len(a.t) && a.t[i].Less(b.t[j]):
			t = a.t[i]
			i++
		case i >= len(a.t) || b.t[j].Less(a.t[i]):
			t = b.t[j]
			j++
		default:
			t = a.t[i]
			i++
			j++
		}
		out = append(out, t)
	}
	return out
}

// divSmall is d / k for k in {1, 2} (slopes of walls differ by at most 2).
func divSmall(d Dyadic, k int64) Dyadic {
	switch k {
	case 1:
		return d
	case 2:
		return d.Half()
	}
	rangePanic("thermograph crossing")
	return Dyadic{}
}

// combine is the pointwise max (sign 1) or min (sign -1) of a and b.
func combine(a, b traj, sign int) traj {
	var r traj
	push := func(t Dyadic, w traj) {
		r.t = append(r.t, t)
		r.v = append(r.v, w.at(t))
		r.s = append(r.s, w.s[w.seg(t)])
	}
	better := func(t Dyadic) (w, o traj) {
		// The one that is larger (smaller) just after t, and the other.
		c := a.at(t).Cmp(b.at(t))
		if c == 0 {
			c = cmp.Compare(a.s[a.seg(t)], b.s[b.seg(t)])
		}
		if c*sign >= 0 {
			return a, b
		}
		return b, a
	}
	bs := breaks(a, b)
	for k, t := range bs {
		w, o := better(t)
		push(t, w)
		// A crossing inside (t, next): where the other one overtakes.
		d := w.at(t).Sub(o.at(t)) // >= 0 for max, <= 0 for min
		ds := o.s[o.seg(t)] - w.s[w.seg(t)]
		if d.Sign() == 0 || ds*int64(sign) <= 0 {
			continue
		}
		if ds < 0 {
			ds = -ds
		}
		if d.Sign() < 0 {
			d = d.Neg()
		}
		x := t.Add(divSmall(d, ds))
		if k+1 < len(bs) && !x.Less(bs[k+1]) {
			continue
		}
		push(x, o)
	}
	return r.simplify()
}

func trajMax(a, b traj) traj { return combine(a, b, 1) }
func trajMin(a, b traj) traj { return combine(a, b, -1) }

// crossing is the lowest temperature where the left scaffold is at or below the right
// one (their difference never increases, as walls have slopes 0 and ±1).
func crossing(ls, rs traj) (Dyadic, bool) {
	bs := breaks(ls, rs)
	for k, t := range bs {
		d := ls.at(t).Sub(rs.at(t))
		if d.Sign() <= 0 {
			return t, true
		}
		ds := rs.s[rs.seg(t)] - ls.s[ls.seg(t)]
		if ds <= 0 {
			continue
		}
		x := t.Add(divSmall(d, ds))
		if k+1 < len(bs) && bs[k+1].Less(x) {
			continue
		}
		return x, true
	}
	return Dyadic{}, false
}

// points lists the trajectory's breakpoints up to tau, and the point at tau.
func (w traj) points(tau Dyadic) []Point {
	var ps []Point
	for i, t := range w.t {
		if !t.Less(tau) {
			break
		}
		if i > 0 && w.s[i] == w.s[i-1] {
			continue
		}
		ps = append(ps, Point{t, w.v[i]})
	}
	if len(ps) == 0 || ps[len(ps)-1].Temp != tau {
		ps = append(ps, Point{tau, w.at(tau)})
	}
	return ps
}

// Cool returns g cooled by t (t > -1), as CGSuite computes it: an integer is unchanged;
// a game whose temperature is below t becomes its mean; otherwise
// g_t = {gL_t - t | gR_t + t}, in canonical form. It fails for t <= -1.
func (s *Space) Cool(g Game, t Dyadic) (Game, error) {
	if !Int(-1).Less(t) {
		return nil, fmt.Errorf("cgt: invalid cooling temperature %s (must be > -1)", t)
	}
	tf := s.Dyadic(t)
	memo := map[*Form]*Form{}
	var cool func(g *Form) *Form
	cool = func(g *Form) *Form {
		if g.IsInteger() {
			return g
		}
		if v, ok := memo[g]; ok {
			return v
		}
		var v *Form
		if s.Temperature(g).Less(t) {
			v = s.Dyadic(s.Mean(g))
		} else {
			gl, gr := g.LeftOptions(), g.RightOptions()
			l := make([]*Form, len(gl))
			r := make([]*Form, len(gr))
			for i, o := range gl {
				l[i] = s.Sub(cool(o), tf)
			}
			for i, o := range gr {
				r[i] = s.Add(cool(o), tf)
			}
			v = s.Make(l, r)
		}
		memo[g] = v
		return v
	}
	return cool(g), nil
}

// Heat returns g heated by t (Norton's integral, as CGSuite computes it): a number is
// unchanged; otherwise ∫g = {∫gL + t | ∫gR - t}, in canonical form.
func (s *Space) Heat(g, t Game) Game {
	memo := map[*Form]*Form{}
	var heat func(g *Form) *Form
	heat = func(g *Form) *Form {
		if g.IsNumber() {
			return g
		}
		if v, ok := memo[g]; ok {
			return v
		}
		gl, gr := g.LeftOptions(), g.RightOptions()
		l := make([]*Form, len(gl))
		r := make([]*Form, len(gr))
		for i, o := range gl {
			l[i] = s.Add(heat(o), t)
		}
		for i, o := range gr {
			r[i] = s.Sub(heat(o), t)
		}
		v := s.Make(l, r)
		memo[g] = v
		return v
	}
	return heat(g)
}
