package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// WritePNG writes g as a PNG heat map laid out and coloured exactly like
// [WriteSVG]: every pixel of a P-position's cell, away from the one pixel
// separators drawn between large cells, has the colour [PColor]. Text uses
// a 7x13 bitmap font; values are printed in cells at least 20 pixels wide
// (see [HeatmapOptions]). A grid with no cells is an error ([ErrEmptyGrid]).
func WritePNG(w io.Writer, g Grid, opts HeatmapOptions) error {
	h, err := newHeatmap(g, opts)
	if err != nil {
		return err
	}
	// The bitmap font has one size: print values only where it fits.
	if h.cellW-1 < 7*h.numberDigits+4 || h.cellH-1 < 15 {
		h.numberSize = 0
	}
	img := image.NewRGBA(image.Rect(0, 0, h.width, h.height))
	h.draw(&pngCanvas{img: img})
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(w, img)
}

// pngCanvas draws on an image.
type pngCanvas struct {
	img *image.RGBA
}

func (p *pngCanvas) rect(x, y, w, h int, c color.RGBA) {
	draw.Draw(p.img, image.Rect(x, y, x+w, y+h), image.NewUniform(c), image.Point{}, draw.Src)
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
	for k := range n {
		c := pal.color(lo + int64(float64(k)/float64(max(1, n-1))*float64(hi-lo)+0.5))
		if horizontal {
			p.rect(x+k, y, 1, h, c)
		} else {
			p.rect(x, y+k, w, 1, c)
		}
	}
}

func (p *pngCanvas) text(x, y int, s string, anchor int, st textStyle, c color.RGBA, turned bool) {
	face := basicfont.Face7x13
	s = strings.ReplaceAll(s, loopyText, "inf") // the bitmap font is ASCII only
	width := font.MeasureString(face, s).Ceil()
	shift := 0 // how far the text starts before its anchor
	switch anchor {
	case 0:
		shift = width / 2
	case 1:
		shift = width
	}
	if !turned {
		p.drawString(p.img, x-shift, y, s, st.bold, c)
		return
	}
	// Draw into a scratch image, then copy it turned a quarter turn
	// anticlockwise: the text runs upwards from y+shift, its baseline on
	// the vertical line through x and the tops of its letters to the left.
	m := face.Metrics()
	asc := m.Ascent.Ceil()
	tmp := image.NewRGBA(image.Rect(0, 0, width+1, asc+m.Descent.Ceil()))
	p.drawString(tmp, 0, asc, s, st.bold, c)
	b := tmp.Bounds()
	for ty := b.Min.Y; ty < b.Max.Y; ty++ {
		for tx := b.Min.X; tx < b.Max.X; tx++ {
			if px := tmp.RGBAAt(tx, ty); px.A != 0 {
				p.img.SetRGBA(x+ty-asc, y+shift-tx, px)
			}
		}
	}
}

// drawString draws s in the bitmap font with its baseline at y.
func (p *pngCanvas) drawString(dst draw.Image, x, y int, s string, bold bool, c color.RGBA) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
	if bold {
		d.Dot = fixed.P(x+1, y)
		d.DrawString(s)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
