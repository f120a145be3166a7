package teach

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/render"
)

// ThermographPicture is the value thermograph(G) gives: a picture that the
// places which show pictures draw (it has the methods SVG and PNG of
// [render.Thermograph]) and that prints as the thermograph in words.
type ThermographPicture struct {
	render.Thermograph
	text string
}

// String is the thermograph in words: its mast, its temperature and its walls.
func (p *ThermographPicture) String() string { return p.text }

// Thermograph makes the thermograph of v (a position, sum or game value).
func Thermograph(ctx context.Context, in *interp.Interp, v interp.Value) (pic *ThermographPicture, err error) {
	var f cgt.Game
	_, isGame := interp.Components(v)
	switch {
	case v.K == interp.KInt:
		f = in.Space().Integer(v.N) // a number is a game
	case v.K != interp.KValue && !isGame:
		return nil, fmt.Errorf("thermograph needs a game position, a sum or a game value, such as thermograph(cg(\"{3|-1}\")), not %s %s", v.K, v.Repr())
	default:
		if f, err = in.GameValue(ctx, v); err != nil {
			return nil, err
		}
	}
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(*cgt.RangeError)
			if !ok {
				panic(r)
			}
			err = re
		}
	}()
	th := in.Space().Thermograph(f)
	return thermographPicture(f, th), nil
}

func thermographPicture(f cgt.Game, th *cgt.Thermograph) *ThermographPicture {
	pts := func(w []cgt.Point) []render.ThermoPoint {
		out := make([]render.ThermoPoint, len(w))
		for i, p := range w {
			out[i] = render.ThermoPoint{Value: p.Value.Float(), Temp: p.Temp.Float()}
		}
		return out
	}
	rt := render.Thermograph{Title: "thermograph of " + f.String(), Left: pts(th.Left), Right: pts(th.Right),
		Mast: th.Mast.Float(), Temperature: th.Temperature.Float()}
	var b strings.Builder
	fmt.Fprintf(&b, "thermograph of %s: mast at %s from temperature %s", f, th.Mast, th.Temperature)
	if th.Temperature.Sign() > 0 {
		// A hot game: its walls from temperature 0 (where they stand at its stops) up.
		fmt.Fprintf(&b, "; left wall %s; right wall %s", wallText(th.Left), wallText(th.Right))
	}
	return &ThermographPicture{Thermograph: rt, text: b.String()}
}

// wallText describes a hot game's wall from temperature 0 up, such as
// "3 at t=0 to 1 at t=2".
func wallText(w []cgt.Point) string {
	var parts []string
	for i, p := range w {
		v, t := p.Value.Float(), p.Temp.Float()
		if t < 0 {
			if i+1 < len(w) && w[i+1].Temp.Sign() > 0 {
				// The wall crosses temperature 0 between two breakpoints.
				qv, qt := w[i+1].Value.Float(), w[i+1].Temp.Float()
				parts = append(parts, render.DyadicLabel(v+(qv-v)*(0-t)/(qt-t))+" at t=0")
			}
			continue
		}
		parts = append(parts, fmt.Sprintf("%s at t=%s", p.Value, p.Temp))
	}
	return strings.Join(parts, " to ")
}

// defineThermograph defines thermograph(G) in a session.
func defineThermograph(in *interp.Interp) {
	in.Define("thermograph", 1, 1, "thermograph(G) is G's thermograph, a picture (drawn in worksheets and the page; in words elsewhere): temperature going up, values with Left's side on the left, Left's wall in blue, Right's in red, the mast rising from the mean at G's temperature",
		func(ctx context.Context, args []interp.Value) (interp.Value, error) {
			pic, err := Thermograph(ctx, in, args[0])
			if err != nil {
				return interp.Value{}, err
			}
			return interp.PictureValue(pic), nil
		})
}
