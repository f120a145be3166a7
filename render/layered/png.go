package layered

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/grundy-lang/grundy/render"
)

// pngScale is how many pixels of the PNG picture make one of the SVG's: the
// text stays sharp on a screen of high density or a projector.
const pngScale = 2

// WritePNG draws g as WriteSVG does, as a PNG picture at twice the SVG's
// size, its text in the Go fonts (golang.org/x/image/font/gofont).
func WritePNG(w io.Writer, g render.Graph) error {
	sc := build(g)
	img := image.NewRGBA(image.Rect(0, 0, sc.width*pngScale, sc.height*pngScale))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	p := &painter{img: img}
	for _, e := range sc.edges {
		var pts []fpoint
		for _, c := range e.segs {
			pts = append(pts, flatten(c, len(pts) > 0)...)
		}
		p.arrow(pts, e)
	}
	for _, l := range sc.labels {
		size := 10.0
		// A white band behind the text, as the SVG's white outline of it.
		wd := p.measure(l.text, size)
		p.fill(roundRect(float64(l.x)-wd/2-1, float64(l.y)-9, wd+2, 12, 0), "#fff")
		p.text(float64(l.x), float64(l.y), l.text, size, labelColor)
	}
	for _, n := range sc.nodes {
		b := n.box
		x, y := float64(b.X-b.W/2), float64(b.Y-nodeH/2)
		p.fill(roundRect(x-0.5, y-0.5, float64(b.W)+1, nodeH+1, 6.5), boxStroke)
		p.fill(roundRect(x+0.5, y+0.5, float64(b.W)-1, nodeH-1, 5.5), n.fill)
		p.text(float64(b.X), float64(b.Y-2), n.label, 12, n.text)
		p.text(float64(b.X), float64(b.Y+11), n.value, 10, n.text)
	}
	for _, it := range sc.legend {
		mid := float64(it.y + legendRowH/2)
		if it.box {
			x, wd := float64(it.x+3), float64(legendSwatchW-6)
			p.fill(roundRect(x-0.5, mid-6.5, wd+1, 13, 3.5), boxStroke)
			p.fill(roundRect(x+0.5, mid-5.5, wd-1, 11, 2.5), it.fill)
		} else {
			line := []fpoint{{float64(it.x), mid}, {float64(it.x + legendSwatchW), mid}}
			p.arrow(line, edgeShape{color: it.fill, width: it.width, dashed: it.dashed, win: it.win})
		}
		p.textLeft(float64(it.x+legendSwatchW+6), mid+4, it.text, 11, "#333")
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(w, img)
}

// fpoint is a point of the picture, in the SVG's units.
type fpoint struct{ x, y float64 }

// flatten returns points along the cubic Bézier segment c, its start left
// out when skipStart (it ends the segment before).
func flatten(c [4]Point, skipStart bool) []fpoint {
	const steps = 16
	var pts []fpoint
	for i := range steps + 1 {
		if i == 0 && skipStart {
			continue
		}
		t := float64(i) / steps
		u := 1 - t
		f := func(a, b, c, d int) float64 {
			return u*u*u*float64(a) + 3*u*u*t*float64(b) + 3*u*t*t*float64(c) + t*t*t*float64(d)
		}
		pts = append(pts, fpoint{f(c[0].X, c[1].X, c[2].X, c[3].X), f(c[0].Y, c[1].Y, c[2].Y, c[3].Y)})
	}
	return pts
}

// roundRect returns the outline of a rectangle with corners rounded to r.
func roundRect(x, y, w, h, r float64) []fpoint {
	if r <= 0 {
		return []fpoint{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	}
	var pts []fpoint
	corner := func(cx, cy, from float64) {
		for i := range 7 {
			a := from + float64(i)*math.Pi/12
			pts = append(pts, fpoint{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	return pts
}

// painter draws shapes on an image, every length multiplied by pngScale.
type painter struct {
	img *image.RGBA
}

// fill fills the polygons given with colour c (a "#rgb" or "#rrggbb").
func (p *painter) fill(poly []fpoint, c string, more ...[]fpoint) {
	polys := append([][]fpoint{poly}, more...)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range polys {
		for _, pt := range q {
			minX, minY = min(minX, pt.x), min(minY, pt.y)
			maxX, maxY = max(maxX, pt.x), max(maxY, pt.y)
		}
	}
	r := image.Rect(int(math.Floor(minX*pngScale)), int(math.Floor(minY*pngScale)), int(math.Ceil(maxX*pngScale))+1, int(math.Ceil(maxY*pngScale))+1).Intersect(p.img.Bounds())
	if r.Empty() {
		return
	}
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	at := func(pt fpoint) (float32, float32) {
		return float32(pt.x*pngScale - float64(r.Min.X)), float32(pt.y*pngScale - float64(r.Min.Y))
	}
	for _, q := range polys {
		if len(q) < 3 {
			continue
		}
		z.MoveTo(at(q[0]))
		for _, pt := range q[1:] {
			z.LineTo(at(pt))
		}
		z.ClosePath()
	}
	z.Draw(p.img, r, image.NewUniform(parseColor(c)), image.Point{})
}

// arrow draws a move along the points pts: a line of e's colour and width,
// dashed if e is, ending in an arrowhead at the last point, as the SVG's.
func (p *painter) arrow(pts []fpoint, e edgeShape) {
	if len(pts) < 2 {
		return
	}
	// The arrowhead: 7 widths of the line long (6 for a winning move, whose
	// line is thicker), as wide as long, its tip at the end.
	size := 7.0 * float64(e.width)
	headColor := arrowColor
	if e.win {
		size, headColor = 6.0*float64(e.width), winColor
	}
	tip, from := pts[len(pts)-1], pts[len(pts)-2]
	for k := len(pts) - 2; k >= 0 && dist(pts[k], tip) < size; k-- {
		from = pts[k] // the direction over the length of the head, not the last short step
	}
	dx, dy := tip.x-from.x, tip.y-from.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	dx, dy = dx/l, dy/l
	base := fpoint{tip.x - dx*size, tip.y - dy*size}
	// The line stops inside the head, so that its end does not show past it.
	line := append([]fpoint{}, pts...)
	line[len(line)-1] = fpoint{tip.x - dx*size/2, tip.y - dy*size/2}
	var quads [][]fpoint
	half := float64(e.width) / 2
	on, left := true, float64(dashPattern[0]) // in a dash or a gap, and how much of it is left
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		segLen := dist(a, b)
		if segLen == 0 {
			continue
		}
		for done := 0.0; done < segLen; {
			step := segLen - done
			if e.dashed {
				step = min(step, left)
			}
			if on {
				quads = append(quads, thick(lerp(a, b, done/segLen), lerp(a, b, (done+step)/segLen), half))
			}
			done += step
			if e.dashed {
				if left -= step; left <= 1e-9 {
					on = !on
					left = float64(dashPattern[0])
					if !on {
						left = float64(dashPattern[1])
					}
				}
			}
		}
	}
	if len(quads) > 0 {
		p.fill(quads[0], e.color, quads[1:]...)
	}
	nx, ny := -dy*size/2, dx*size/2
	p.fill([]fpoint{tip, {base.x + nx, base.y + ny}, {base.x - nx, base.y - ny}}, headColor)
}

// thick returns the outline of the line from a to b, half wide on each side,
// a little longer at both ends so that the pieces of a curve join.
func thick(a, b fpoint, half float64) []fpoint {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	ext := min(half, 0.5)
	a, b = fpoint{a.x - ux*ext, a.y - uy*ext}, fpoint{b.x + ux*ext, b.y + uy*ext}
	nx, ny := -uy*half, ux*half
	return []fpoint{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}
}

func dist(a, b fpoint) float64 { return math.Hypot(b.x-a.x, b.y-a.y) }

func lerp(a, b fpoint, t float64) fpoint {
	return fpoint{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t}
}

// text draws s centred on x, its baseline at y, size pixels high (in the
// SVG's units).
func (p *painter) text(x, y float64, s string, size float64, c string) {
	p.textLeft(x-p.measure(s, size)/2, y, s, size, c)
}

// textLeft draws s from x, its baseline at y.
func (p *painter) textLeft(x, y float64, s string, size float64, c string) {
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(parseColor(c)), Face: face(size),
		Dot: fixed.Point26_6{X: fixed.Int26_6(x * pngScale * 64), Y: fixed.Int26_6(y * pngScale * 64)}}
	d.DrawString(s)
}

// measure returns the width of s at size, in the SVG's units.
func (p *painter) measure(s string, size float64) float64 {
	return float64(font.MeasureString(face(size), s)) / 64 / pngScale
}

// goRegular is the Go font, parsed once; faces are made per call, since an
// opentype face is not safe for concurrent use. (Parsed in face, not by a
// package variable's initializer, so that a program that never draws a PNG,
// such as the page's WebAssembly, is built without the font.)
var goRegular struct {
	once sync.Once
	font *opentype.Font
}

// face returns the Go font at size (in the SVG's units).
func face(size float64) font.Face {
	goRegular.once.Do(func() {
		goRegular.font, _ = opentype.Parse(goregular.TTF) // the font is known to parse
	})
	f, err := opentype.NewFace(goRegular.font, &opentype.FaceOptions{Size: size * pngScale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("layered: Go font face: " + err.Error()) // only for a size never asked
	}
	return f
}

// parseColor reads a colour written "#rgb" or "#rrggbb".
func parseColor(s string) color.RGBA {
	h := s[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 6 {
		panic("layered: colour " + s)
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}
