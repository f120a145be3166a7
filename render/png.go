package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// WritePNG writes g as a PNG heat map laid out and coloured exactly like
// [WriteSVG], every length multiplied by opts.Scale (at least 1): every
// pixel of a P-position's cell, away from the separators drawn between
// large cells, has the colour [PColor]. Text is set in the Go fonts
// (golang.org/x/image/font/gofont) at the sizes of the SVG, scaled too, so
// that a picture for a projector (Scale 2 or 3) stays sharp. A grid with no
// cells is an error ([ErrEmptyGrid]).
func WritePNG(w io.Writer, g Grid, opts HeatmapOptions) error {
	h, err := newHeatmap(g, opts)
	if err != nil {
		return err
	}
	return encodePNG(w, h.width, h.height, opts.Scale, func(c *pngCanvas) { h.draw(c) })
}

// encodePNG draws a picture of width by height pixels, each length multiplied
// by scale (at least 1), and writes it as a PNG.
func encodePNG(w io.Writer, width, height, scale int, draw func(*pngCanvas)) error {
	scale = max(scale, 1)
	img := image.NewRGBA(image.Rect(0, 0, width*scale, height*scale))
	draw(&pngCanvas{img: img, scale: scale})
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(w, img)
}

// pngCanvas draws on an image, every length multiplied by scale.
type pngCanvas struct {
	img   *image.RGBA
	scale int
}

func (p *pngCanvas) rect(x, y, w, h int, c color.RGBA) {
	k := p.scale
	draw.Draw(p.img, image.Rect(x*k, y*k, (x+w)*k, (y+h)*k), image.NewUniform(c), image.Point{}, draw.Src)
}

func (p *pngCanvas) cell(i, j, x, y, w, h int, v int64, c color.RGBA) {
	p.rect(x, y, w, h, c)
}

func (p *pngCanvas) line(x1, y1, x2, y2 int, c color.RGBA) {
	// Only horizontal and vertical lines are drawn.
	p.rect(min(x1, x2), min(y1, y2), abs(x2-x1)+1, abs(y2-y1)+1, c)
}

func (p *pngCanvas) gradient(x, y, w, h int, pal palette, lo, hi int64, horizontal bool) {
	n := h
	if horizontal {
		n = w
	}
	n *= p.scale // one colour per pixel of the picture
	for k := range n {
		c := pal.color(lo + int64(float64(k)/float64(max(1, n-1))*float64(hi-lo)+0.5))
		var r image.Rectangle
		if horizontal {
			r = image.Rect(x*p.scale+k, y*p.scale, x*p.scale+k+1, (y+h)*p.scale)
		} else {
			r = image.Rect(x*p.scale, y*p.scale+k, (x+w)*p.scale, y*p.scale+k+1)
		}
		draw.Draw(p.img, r, image.NewUniform(c), image.Point{}, draw.Src)
	}
}

func (p *pngCanvas) text(x, y int, s string, anchor int, st textStyle, c color.RGBA, turned bool) {
	face := goFace(st, p.scale)
	x, y = x*p.scale, y*p.scale
	width := font.MeasureString(face, s).Ceil()
	shift := 0 // how far the text starts before its anchor
	switch anchor {
	case 0:
		shift = width / 2
	case 1:
		shift = width
	}
	if !turned {
		drawString(p.img, face, x-shift, y, s, c)
		return
	}
	// Draw into a scratch image, then copy it turned a quarter turn
	// anticlockwise: the text runs upwards from y+shift, its baseline on
	// the vertical line through x and the tops of its letters to the left.
	m := face.Metrics()
	asc := m.Ascent.Ceil()
	tmp := image.NewRGBA(image.Rect(0, 0, width+1, asc+m.Descent.Ceil()))
	drawString(tmp, face, 0, asc, s, c)
	b := tmp.Bounds()
	for ty := b.Min.Y; ty < b.Max.Y; ty++ {
		for tx := b.Min.X; tx < b.Max.X; tx++ {
			if px := tmp.RGBAAt(tx, ty); px.A != 0 {
				p.img.SetRGBA(x+ty-asc, y+shift-tx, px)
			}
		}
	}
}

// drawString draws s with its baseline at y.
func drawString(dst draw.Image, face font.Face, x, y int, s string, c color.RGBA) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// goFonts are the Go fonts, parsed once; faces keeps a face per style and
// size, since opentype faces are not safe for concurrent use.
var goFonts struct {
	once                sync.Once
	regular, bold, mono *opentype.Font
}

// goFace returns a new face of the Go font for a text style at a scale: Go
// Mono for the numbers in cells, Go Bold or Go Regular otherwise, at the
// style's size in pixels.
func goFace(st textStyle, scale int) font.Face {
	goFonts.once.Do(func() {
		goFonts.regular, _ = opentype.Parse(goregular.TTF) // the fonts are known to parse
		goFonts.bold, _ = opentype.Parse(gobold.TTF)
		goFonts.mono, _ = opentype.Parse(gomono.TTF)
	})
	f := goFonts.regular
	switch {
	case st.mono:
		f = goFonts.mono
	case st.bold:
		f = goFonts.bold
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: st.size * float64(scale), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("render: Go font face: " + err.Error()) // only for a size the layout never asks
	}
	return face
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
