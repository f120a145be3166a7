package render

import (
	"bufio"
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
)

// ThermoPoint is a point of a thermograph's wall: a value (a dyadic number)
// at a temperature.
type ThermoPoint struct {
	Value, Temp float64
}

// Thermograph is a thermograph to draw, with the conventions of CGSuite and
// Winning Ways: temperature on the vertical axis going up, values on the
// horizontal axis with the larger values (Left's side) on the LEFT.
//
// Left and Right are the walls' breakpoints by increasing temperature, as
// package cgt gives them: from temperature -1 up to Temperature, where the
// walls meet and the mast rises, at the value Mast (the mean). The walls are
// straight between consecutive points.
type Thermograph struct {
	Title       string
	Left, Right []ThermoPoint
	Mast        float64
	Temperature float64
}

// ThermographOptions controls [WriteThermographSVG] and [WriteThermographPNG].
type ThermographOptions struct {
	// Scale multiplies every length of a PNG picture (0 means 1).
	Scale int
}

// Colours of thermographs: Left's wall in blue and Right's in red, as Left's
// and Right's moves in game graphs.
var (
	LeftColor  = color.RGBA{0x1f, 0x5f, 0xbf, 255}
	RightColor = color.RGBA{0xc0, 0x39, 0x2b, 255}
	faintLine  = color.RGBA{0xdd, 0xdd, 0xdd, 255}
)

// Layout of a thermograph, in pixels.
const (
	thMarginL  = 64  // room for the temperature axis's labels and name
	thMarginR  = 96  // room for the temperature's label
	thMarginT  = 44  // room for the title
	thMarginB  = 58  // room for the value axis's labels and name
	thMaxUnit  = 96  // the most pixels per unit of value or temperature
	thMaxSide  = 560 // the largest side of the plot area
	thMinSide  = 240 // the smallest width of the plot area
	thWallW    = 2.5 // the width of walls and mast
	thTickLen  = 5
	thMaxTicks = 9
	thTickGap  = 30
)

// thermoLayout maps values and temperatures to the picture's coordinates.
type thermoLayout struct {
	th         Thermograph
	vLo, vHi   float64 // the values at the right and left ends of the axis
	tLo, tHi   float64 // the temperatures at the bottom and top
	unit       float64 // pixels per unit
	plotX      float64 // the left edge of the plot area
	plotY      float64 // its top
	plotW      float64
	plotH      float64
	width      int
	height     int
	left, rght []ThermoPoint // the walls, from tLo up
}

// x is where value v is drawn: larger values to the left.
func (l *thermoLayout) x(v float64) float64 { return l.plotX + (l.vHi-v)*l.unit }

// y is where temperature t is drawn: higher temperatures up.
func (l *thermoLayout) y(t float64) float64 { return l.plotY + (l.tHi-t)*l.unit }

// newThermoLayout lays out th. A hot game (temperature above 0) is drawn from
// temperature 0, where its walls stand at its stops, as in Winning Ways; other
// games from -1, where CGSuite starts every thermograph, so that a number's
// walls show how they meet at its (negative) temperature.
func newThermoLayout(th Thermograph) (*thermoLayout, error) {
	if len(th.Left) == 0 || len(th.Right) == 0 {
		return nil, fmt.Errorf("a thermograph needs both walls")
	}
	l := &thermoLayout{th: th, tLo: -1}
	if th.Temperature > 0 {
		l.tLo = 0
	}
	l.left, l.rght = clipWall(th.Left, l.tLo), clipWall(th.Right, l.tLo)
	l.tHi = max(th.Temperature+max(1, (th.Temperature-l.tLo)/2), l.tLo+2)
	lo, hi := th.Mast, th.Mast
	for _, w := range [][]ThermoPoint{l.left, l.rght} {
		for _, p := range w {
			lo, hi = min(lo, p.Value), max(hi, p.Value)
		}
	}
	pad := max(0.5, (hi-lo)/8)
	l.vLo, l.vHi = lo-pad, hi+pad
	l.unit = min(thMaxUnit, thMaxSide/(l.vHi-l.vLo), thMaxSide/(l.tHi-l.tLo))
	l.plotW, l.plotH = (l.vHi-l.vLo)*l.unit, (l.tHi-l.tLo)*l.unit
	if l.plotW < thMinSide { // widen a narrow plot on both sides
		extra := (thMinSide - l.plotW) / l.unit / 2
		l.vLo, l.vHi = l.vLo-extra, l.vHi+extra
		l.plotW = thMinSide
	}
	l.plotX, l.plotY = thMarginL, thMarginT
	l.width = int(math.Ceil(l.plotX + l.plotW + thMarginR))
	l.height = int(math.Ceil(l.plotY + l.plotH + thMarginB))
	return l, nil
}

// clipWall is the part of a wall at temperatures from t0 up.
func clipWall(w []ThermoPoint, t0 float64) []ThermoPoint {
	var out []ThermoPoint
	for i, p := range w {
		if p.Temp < t0 {
			if i+1 < len(w) && w[i+1].Temp > t0 {
				q := w[i+1]
				v := p.Value + (q.Value-p.Value)*(t0-p.Temp)/(q.Temp-p.Temp)
				out = append(out, ThermoPoint{v, t0})
			}
			continue
		}
		out = append(out, p)
	}
	if len(out) == 0 { // the whole wall is below t0: it is the mast's foot
		last := w[len(w)-1]
		out = []ThermoPoint{{last.Value, t0}}
	}
	return out
}

// plotCanvas draws a thermograph: on top of the heat maps' canvas, straight
// lines of any slope and width, dashed or not.
type plotCanvas interface {
	rect(x, y, w, h int, c color.RGBA)
	text(x, y int, s string, anchor int, st textStyle, c color.RGBA, turned bool)
	// polyline draws a line through pts; class names it in an SVG picture.
	polyline(class string, pts [][2]float64, width float64, c color.RGBA, dashed bool)
}

// WriteThermographSVG writes th as an SVG picture. The walls are paths of
// class "left-wall" and "right-wall", the mast one of class "mast" and the
// temperature's dashed line one of class "temperature".
func WriteThermographSVG(w io.Writer, th Thermograph, opts ThermographOptions) error {
	l, err := newThermoLayout(th)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" class="thermograph" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif">
`, l.width, l.height, l.width, l.height)
	if th.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", xmlEscape(th.Title))
	}
	l.draw(&svgCanvas{w: bw})
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// WriteThermographPNG writes th as a PNG picture, drawn like the SVG one.
func WriteThermographPNG(w io.Writer, th Thermograph, opts ThermographOptions) error {
	l, err := newThermoLayout(th)
	if err != nil {
		return err
	}
	return encodePNG(w, l.width, l.height, opts.Scale, func(c *pngCanvas) { l.draw(c) })
}

// SVG and PNG draw th, for the places that show pictures.
func (th Thermograph) SVG() ([]byte, error) {
	var b bytes.Buffer
	err := WriteThermographSVG(&b, th, ThermographOptions{})
	return b.Bytes(), err
}

// PNG draws th as a PNG picture at a scale (0 means 1).
func (th Thermograph) PNG(scale int) ([]byte, error) {
	var b bytes.Buffer
	err := WriteThermographPNG(&b, th, ThermographOptions{Scale: scale})
	return b.Bytes(), err
}

var (
	styleSmall = textStyle{size: 11}
	styleLabel = textStyle{size: 12, bold: true}
)

// draw paints the thermograph on c.
func (l *thermoLayout) draw(c plotCanvas) {
	th := l.th
	c.rect(0, 0, l.width, l.height, backgroundColor)
	if th.Title != "" {
		c.text(14, 14+16, th.Title, -1, styleTitle, inkColor, false)
	}
	x0, y0 := l.plotX, l.plotY
	x1, y1 := l.plotX+l.plotW, l.plotY+l.plotH
	ix := func(f float64) int { return int(math.Round(f)) }

	// Grid lines and ticks: values along the bottom, temperatures up the left.
	for _, v := range thermoTicks(l.vLo, l.vHi, l.unit) {
		x := l.x(v)
		c.polyline("grid", [][2]float64{{x, y0}, {x, y1}}, 1, faintLine, false)
		c.polyline("tick", [][2]float64{{x, y1}, {x, y1 + thTickLen}}, 1, faintInkColor, false)
		c.text(ix(x), ix(y1)+thTickLen+13, DyadicLabel(v), 0, styleAxis, inkColor, false)
	}
	for _, t := range thermoTicks(l.tLo, l.tHi, l.unit) {
		y := l.y(t)
		c.polyline("grid", [][2]float64{{x0, y}, {x1, y}}, 1, faintLine, false)
		c.polyline("tick", [][2]float64{{x0 - thTickLen, y}, {x0, y}}, 1, faintInkColor, false)
		c.text(ix(x0)-thTickLen-3, ix(y)+4, DyadicLabel(t), 1, styleAxis, inkColor, false)
	}
	if l.tLo < 0 { // temperature 0, where the game is played without tax
		c.polyline("zero", [][2]float64{{x0, l.y(0)}, {x1, l.y(0)}}, 1, faintInkColor, false)
	}
	// Axes.
	c.polyline("axis", [][2]float64{{x0, y1}, {x1, y1}}, 1, inkColor, false)
	c.polyline("axis", [][2]float64{{x0, y0}, {x0, y1}}, 1, inkColor, false)
	c.text(ix(x0), ix(y1)+thTickLen+32, "← Left", -1, styleLabel, LeftColor, false)
	c.text(ix((x0+x1)/2), ix(y1)+thTickLen+32, "value", 0, styleLabel, inkColor, false)
	c.text(ix(x1), ix(y1)+thTickLen+32, "Right →", 1, styleLabel, RightColor, false)
	c.text(16, ix((y0+y1)/2), "temperature", 0, styleLabel, inkColor, true)

	// The temperature: a dashed line across, labelled on the right.
	yt := l.y(th.Temperature)
	c.polyline("temperature", [][2]float64{{x0, yt}, {x1, yt}}, 1.2, faintInkColor, true)
	c.text(ix(x1)+6, ix(yt)+4, "t = "+DyadicLabel(th.Temperature), -1, styleAxis, inkColor, false)

	// The walls, then the mast from where they meet.
	pts := func(w []ThermoPoint) [][2]float64 {
		out := make([][2]float64, len(w))
		for i, p := range w {
			out[i] = [2]float64{l.x(p.Value), l.y(p.Temp)}
		}
		return out
	}
	c.polyline("left-wall", pts(l.left), thWallW, LeftColor, false)
	c.polyline("right-wall", pts(l.rght), thWallW, RightColor, false)
	xm := l.x(th.Mast)
	c.polyline("mast", [][2]float64{{xm, yt}, {xm, y0}}, thWallW, inkColor, false)
	c.text(ix(xm)+5, ix(y0)+12, "mean "+DyadicLabel(th.Mast), -1, styleSmall, inkColor, false)
}

// thermoTicks are the values from lo to hi worth labelling: the multiples of a step
// of 1, 2 or 5 times a power of 10, or of 1/2^k below 1, at most thMaxTicks
// and at least thTickGap pixels apart at unit pixels per unit.
func thermoTicks(lo, hi, unit float64) []float64 {
	steps := []float64{1.0 / 8, 1.0 / 4, 1.0 / 2}
	for p := 1.0; p <= 1e9; p *= 10 {
		steps = append(steps, p, 2*p, 5*p)
	}
	for _, s := range steps {
		first := math.Ceil(lo/s) * s
		if (hi-first)/s+1 > thMaxTicks || s*unit < thTickGap {
			continue
		}
		var out []float64
		for v := first; v <= hi+1e-9; v += s {
			out = append(out, v)
		}
		return out
	}
	return []float64{lo, hi}
}

// DyadicLabel writes a dyadic number as CGSuite does: an integer, or a
// fraction over a power of two such as 3/4 or -5/2.
func DyadicLabel(x float64) string {
	if x == 0 {
		return "0"
	}
	d := 1.0
	for k := 0; k < 40 && x*d != math.Trunc(x*d); k++ {
		d *= 2
	}
	n := x * d
	if d == 1 {
		return strconv.FormatFloat(n, 'f', -1, 64)
	}
	return strconv.FormatFloat(n, 'f', -1, 64) + "/" + strconv.FormatFloat(d, 'f', -1, 64)
}

func (s *svgCanvas) polyline(class string, pts [][2]float64, width float64, c color.RGBA, dashed bool) {
	var d strings.Builder
	for i, p := range pts {
		if i == 0 {
			d.WriteString("M")
		} else {
			d.WriteString(" L")
		}
		d.WriteString(svgNum(p[0]) + " " + svgNum(p[1]))
	}
	dash := ""
	if dashed {
		dash = ` stroke-dasharray="6 4"`
	}
	fmt.Fprintf(s.w, `<path class="%s" d="%s" stroke="%s" stroke-width="%s"%s fill="none" stroke-linecap="round" stroke-linejoin="round"/>`+"\n",
		class, d.String(), hex(c), svgNum(width), dash)
}

// svgNum writes a coordinate with at most two decimals.
func svgNum(f float64) string {
	return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
}

func (p *pngCanvas) polyline(class string, pts [][2]float64, width float64, c color.RGBA, dashed bool) {
	k := float64(p.scale)
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		if !dashed {
			p.segment(a[0]*k, a[1]*k, b[0]*k, b[1]*k, width*k, c)
			continue
		}
		// Dashes of 6 pixels and gaps of 4, as the SVG's stroke-dasharray.
		n := math.Hypot(b[0]-a[0], b[1]-a[1])
		for s := 0.0; s < n; s += 10 {
			e := min(s+6, n)
			f, g := s/n, e/n
			p.segment((a[0]+(b[0]-a[0])*f)*k, (a[1]+(b[1]-a[1])*f)*k,
				(a[0]+(b[0]-a[0])*g)*k, (a[1]+(b[1]-a[1])*g)*k, width*k, c)
		}
	}
}

// segment draws an antialiased straight line of the given width, in pixels
// of the image, whose pixel (i, j) covers [i, i+1) x [j, j+1).
func (p *pngCanvas) segment(x1, y1, x2, y2, width float64, c color.RGBA) {
	r := width / 2
	b := p.img.Bounds()
	minX, maxX := int(math.Floor(min(x1, x2)-r-1)), int(math.Ceil(max(x1, x2)+r+1))
	minY, maxY := int(math.Floor(min(y1, y2)-r-1)), int(math.Ceil(max(y1, y2)+r+1))
	dx, dy := x2-x1, y2-y1
	l2 := dx*dx + dy*dy
	for j := max(minY, b.Min.Y); j < min(maxY, b.Max.Y); j++ {
		for i := max(minX, b.Min.X); i < min(maxX, b.Max.X); i++ {
			px, py := float64(i)+0.5, float64(j)+0.5
			t := 0.0
			if l2 > 0 {
				t = max(0, min(1, ((px-x1)*dx+(py-y1)*dy)/l2))
			}
			d := math.Hypot(px-(x1+t*dx), py-(y1+t*dy))
			a := max(0, min(1, r+0.5-d))
			if a == 0 {
				continue
			}
			old := p.img.RGBAAt(i, j)
			mix := func(o, n uint8) uint8 { return uint8(float64(o)*(1-a) + float64(n)*a + 0.5) }
			p.img.SetRGBA(i, j, color.RGBA{mix(old.R, c.R), mix(old.G, c.G), mix(old.B, c.B), 255})
		}
	}
}

// Picture is a drawing that the places which show pictures (worksheets, the
// page, files written with -o) draw, such as a [Thermograph].
type Picture interface {
	SVG() ([]byte, error)
	PNG(scale int) ([]byte, error)
}
