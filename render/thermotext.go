package render

import (
	"math"
	"slices"
	"strings"
)

// Limits of a thermograph drawn as text.
const (
	ttMaxRows = 14 // rows of temperature
	ttMaxCols = 56 // columns of value
)

// Text draws th with characters, for a terminal: the same axes as the
// pictures (temperature up, Left's side on the left), Left's wall and Right's
// drawn with / \ and |, the mast with |, the temperature as a dashed line
// labelled "t = 2", and the value axis labelled below. A row is a step of
// temperature and a column half that step of value, so that walls at 45° in
// the pictures look steep here as they do there with characters twice as
// high as wide.
func (th Thermograph) Text() string {
	l, err := newThermoLayout(th)
	if err != nil {
		return ""
	}
	// The step of temperature per row: a power of two that fits the rows and
	// the columns.
	span := l.vHi - l.vLo
	dt := 1.0 / 8
	for (l.tHi-l.tLo)/dt > ttMaxRows || span/(dt/2) > ttMaxCols {
		dt *= 2
	}
	dv := dt / 2
	cols := int(math.Round(span/dv)) + 1
	rows := int(math.Round((l.tHi-l.tLo)/dt)) + 1
	col := func(v float64) int { return int(math.Round((l.vHi - v) / dv)) }
	grid := make([][]rune, rows)
	for r := range grid {
		grid[r] = []rune(strings.Repeat(" ", cols))
	}
	put := func(r, c int, ch rune) {
		if r >= 0 && r < rows && c >= 0 && c < cols {
			grid[r][c] = ch
		}
	}
	rowOf := func(t float64) int { return int(math.Round((l.tHi - t) / dt)) }
	// The temperature's dashed line, under the walls.
	rt := rowOf(th.Temperature)
	for c := 0; c < cols; c += 2 {
		put(rt, c, '-')
	}
	// The walls: at each row and half row up to the temperature, the
	// character of the wall's slope there.
	wall := func(w []ThermoPoint, left bool) {
		for k := 0; k+1 < len(w) || k == 0; k++ {
			if len(w) == 1 {
				put(rowOf(w[0].Temp), col(w[0].Value), '|')
				return
			}
			a, b := w[k], w[k+1]
			ch := '|'
			switch slope := (b.Value - a.Value) / (b.Temp - a.Temp); {
			case slope < 0:
				ch = '/'
			case slope > 0:
				ch = '\\'
			}
			for t := a.Temp; t <= b.Temp+1e-9; t += dt / 2 {
				v := a.Value + (b.Value-a.Value)*(t-a.Temp)/(b.Temp-a.Temp)
				put(rowOf(t), col(v), ch)
			}
		}
	}
	wall(l.left, true)
	wall(l.rght, false)
	// The mast, from the temperature up.
	for r := 0; r <= rt; r++ {
		put(r, col(th.Mast), '|')
	}
	// The rows, with the temperatures labelled on the left.
	var b strings.Builder
	b.WriteString(th.Title + "\n")
	labelW := 0
	tLabel := func(r int) string {
		t := l.tHi - float64(r)*dt
		if r == rt || t == math.Trunc(t) || r == rows-1 {
			return DyadicLabel(t)
		}
		return ""
	}
	for r := range rows {
		labelW = max(labelW, len(tLabel(r)))
	}
	for r := range rows {
		line := strings.TrimRight(string(grid[r]), " ")
		if r == 0 {
			line += "  mean " + DyadicLabel(th.Mast)
		}
		if r == rt {
			line = string(grid[r]) + "  t = " + DyadicLabel(th.Temperature)
		}
		b.WriteString(strings.Repeat(" ", labelW-len(tLabel(r))) + tLabel(r) + " |" + line + "\n")
	}
	// The value axis: ticks labelled where they fit.
	axis := []rune(strings.Repeat("-", cols))
	labels := []rune(strings.Repeat(" ", cols+8))
	next := 0
	tv := thermoTicks(l.vLo, l.vHi, 7.5/dv)
	slices.Reverse(tv) // from the left: the largest value first
	for _, v := range tv {
		c := col(v)
		s := []rune(DyadicLabel(v))
		start := c - len(s)/2
		if c < 0 || c >= cols || start < next || start < 0 {
			continue
		}
		axis[c] = '+'
		copy(labels[start:], s)
		next = start + len(s) + 1
	}
	pad := strings.Repeat(" ", labelW)
	b.WriteString(pad + " +" + string(axis) + "\n")
	b.WriteString(pad + "  " + strings.TrimRight(string(labels), " ") + "\n")
	b.WriteString(pad + "  ← Left" + strings.Repeat(" ", max(1, cols-13)) + "Right →\n")
	return b.String()
}
