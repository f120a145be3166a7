package render

import (
	"fmt"
	"image/color"
	"math"
)

// Colours of the heat maps.
var (
	// PColor is the colour of P-positions (value 0) in heat maps.
	PColor = color.RGBA{0, 0, 0, 255}
	// MissingColor is the colour of cells that were not computed.
	MissingColor = color.RGBA{0xe4, 0xe4, 0xe4, 255}
	// LoopyColor is the colour of Loopy cells: infinite values and draws.
	LoopyColor = color.RGBA{0xe0, 0x6c, 0x3c, 255}

	backgroundColor = color.RGBA{255, 255, 255, 255}
	inkColor        = color.RGBA{0x22, 0x22, 0x22, 255}
	faintInkColor   = color.RGBA{0x66, 0x66, 0x66, 255}
)

// viridis holds the viridis colour map (van der Walt and Smith, the
// matplotlib default) sampled at t = 0, 0.1, ..., 1. It is perceptually
// uniform, readable in grey scale and by colour-blind readers.
var viridis = [...]color.RGBA{
	{0x44, 0x01, 0x54, 255},
	{0x48, 0x24, 0x75, 255},
	{0x41, 0x44, 0x87, 255},
	{0x35, 0x5f, 0x8d, 255},
	{0x2a, 0x78, 0x8e, 255},
	{0x21, 0x91, 0x8c, 255},
	{0x22, 0xa8, 0x84, 255},
	{0x44, 0xbf, 0x70, 255},
	{0x7a, 0xd1, 0x51, 255},
	{0xbd, 0xdf, 0x26, 255},
	{0xfd, 0xe7, 0x25, 255},
}

// paletteLow is where on the viridis scale the largest value ends: the
// darkest part is left out so that no value is mistaken for a black
// P-position.
const paletteLow = 0.3

// viridisAt returns the colour at t in [0, 1].
func viridisAt(t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	x := t * float64(len(viridis)-1)
	i := int(x)
	if i >= len(viridis)-1 {
		return viridis[len(viridis)-1]
	}
	f := x - float64(i)
	a, b := viridis[i], viridis[i+1]
	mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + f*(float64(q)-float64(p)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// palette maps values to colours for one picture whose largest value is maxV.
type palette struct{ maxV int64 }

// ValueColor returns the colour of value v in a heat map whose largest
// value is maxV: [PColor] for 0, [LoopyColor] for [Loopy], [MissingColor] for
// another negative value, and
// for 1..maxV a colour running along the viridis scale from light yellow
// (1) through green to blue (maxV), so that small values, which crowd
// around the P-positions of many games, set the black cells off best.
func ValueColor(v, maxV int64) color.RGBA {
	return palette{maxV}.color(v)
}

func (p palette) color(v int64) color.RGBA {
	switch {
	case v == Loopy:
		return LoopyColor
	case v < 0:
		return MissingColor
	case v == 0:
		return PColor
	case p.maxV <= 1:
		return viridisAt((paletteLow + 1) / 2)
	}
	t := float64(min(v, p.maxV)-1) / float64(p.maxV-1)
	return viridisAt(1 - t*(1-paletteLow))
}

// CellColors returns the background and text colours, as "#rrggbb", of a
// table cell holding v when the largest value is maxV: the heat map's colours.
func CellColors(v, maxV int64) (background, text string) {
	c := ValueColor(v, maxV)
	return hex(c), hex(textColor(c))
}

// textColor returns a colour readable on background c.
func textColor(c color.RGBA) color.RGBA {
	// 0.179 is where black and white text have equal contrast.
	if luminance(c) > 0.179 {
		return color.RGBA{0, 0, 0, 255}
	}
	return color.RGBA{255, 255, 255, 255}
}

// luminance returns the relative luminance of c (0 black, 1 white).
func luminance(c color.RGBA) float64 {
	lin := func(u uint8) float64 {
		s := float64(u) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// hex returns c as "#rrggbb".
func hex(c color.RGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
