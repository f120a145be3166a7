package render

import (
	"bytes"
	"fmt"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The thermograph of {3|-1} as package cgt gives it: walls from temperature
// -1, meeting at temperature 2 above the mean 1.
var thermo31 = Thermograph{Title: "thermograph of {3|-1}",
	Left:  []ThermoPoint{{4, -1}, {1, 2}},
	Right: []ThermoPoint{{-2, -1}, {1, 2}},
	Mast:  1, Temperature: 2}

// pathPoints returns the points of the SVG path of the class given.
func pathPoints(t *testing.T, svg, class string) [][2]float64 {
	t.Helper()
	m := regexp.MustCompile(`<path class="` + class + `" d="([^"]*)"`).FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no path of class %s in\n%s", class, svg)
	}
	var out [][2]float64
	for _, p := range strings.Split(m[1], " L") {
		f := strings.Fields(strings.TrimPrefix(p, "M"))
		x, _ := strconv.ParseFloat(f[0], 64)
		y, _ := strconv.ParseFloat(f[1], 64)
		out = append(out, [2]float64{x, y})
	}
	return out
}

func near(a, b [2]float64) bool {
	return abs(int((a[0]-b[0])*100)) <= 1 && abs(int((a[1]-b[1])*100)) <= 1
}

// The walls of {3|-1}: the left wall x = 3 - t and the right wall x = -1 + t
// from temperature 0 (a hot game is drawn from 0) up to 2, then the mast at 1.
// Values grow to the left, temperatures upwards.
func TestThermographWalls(t *testing.T) {
	var b bytes.Buffer
	if err := WriteThermographSVG(&b, thermo31, ThermographOptions{}); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	l, _ := newThermoLayout(thermo31)
	at := func(v, t float64) [2]float64 { return [2]float64{l.x(v), l.y(t)} }
	check := func(class string, want ...[2]float64) {
		t.Helper()
		got := pathPoints(t, svg, class)
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", class, got, want)
		}
		for i := range got {
			if !near(got[i], want[i]) {
				t.Errorf("%s point %d: %v, want %v", class, i, got[i], want[i])
			}
		}
	}
	check("left-wall", at(3, 0), at(1, 2))
	check("right-wall", at(-1, 0), at(1, 2))
	mast := pathPoints(t, svg, "mast")
	if !near(mast[0], at(1, 2)) || mast[1][0] != mast[0][0] || mast[1][1] >= mast[0][1] {
		t.Errorf("mast %v: want it rising from %v", mast, at(1, 2))
	}
	temp := pathPoints(t, svg, "temperature")
	if temp[0][1] != at(1, 2)[1] || !strings.Contains(svg, `class="temperature" d="`+fmt.Sprintf("M%s %s", svgNum(temp[0][0]), svgNum(temp[0][1]))) {
		t.Errorf("temperature line %v, want at y %v", temp, at(1, 2)[1])
	}
	// Left's side on the left: 3 is drawn left of -1, and temperature 2 above 0.
	if !(l.x(3) < l.x(-1)) || !(l.y(2) < l.y(0)) {
		t.Errorf("axes: x(3)=%v x(-1)=%v y(2)=%v y(0)=%v", l.x(3), l.x(-1), l.y(2), l.y(0))
	}
	for _, want := range []string{`stroke-dasharray`, ">t = 2<", ">mean 1<", ">← Left<", ">Right →<", ">temperature<", "<title>thermograph of {3|-1}</title>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	// The ticks of the value axis are dyadic: 1/2 steps for the small span.
	if !strings.Contains(svg, ">3<") || !strings.Contains(svg, ">-1<") {
		t.Errorf("the value axis lacks the labels 3 and -1:\n%s", svg)
	}
}

// A number's thermograph is drawn from -1: the walls of 1/2 meet at its
// temperature -1/2.
func TestThermographNumber(t *testing.T) {
	half := Thermograph{Left: []ThermoPoint{{1, -1}, {0.5, -0.5}}, Right: []ThermoPoint{{0, -1}, {0.5, -0.5}}, Mast: 0.5, Temperature: -0.5}
	var b bytes.Buffer
	if err := WriteThermographSVG(&b, half, ThermographOptions{}); err != nil {
		t.Fatal(err)
	}
	l, _ := newThermoLayout(half)
	got := pathPoints(t, b.String(), "left-wall")
	if !near(got[0], [2]float64{l.x(1), l.y(-1)}) || !near(got[1], [2]float64{l.x(0.5), l.y(-0.5)}) {
		t.Errorf("left wall of 1/2: %v", got)
	}
	if !strings.Contains(b.String(), ">t = -1/2<") {
		t.Errorf("no label t = -1/2")
	}
}

// The PNG picture has the SVG's size and Left's wall in its colour.
func TestThermographPNG(t *testing.T) {
	var b bytes.Buffer
	if err := WriteThermographPNG(&b, thermo31, ThermographOptions{Scale: 2}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := newThermoLayout(thermo31)
	if img.Bounds().Dx() != 2*l.width || img.Bounds().Dy() != 2*l.height {
		t.Errorf("size %v, want %dx%d", img.Bounds(), 2*l.width, 2*l.height)
	}
	// The middle of the left wall, at temperature 1 and value 2.
	r, g, bl, _ := img.At(int(2*l.x(2)), int(2*l.y(1))).RGBA()
	if got := [3]uint32{r >> 8, g >> 8, bl >> 8}; got != [3]uint32{uint32(LeftColor.R), uint32(LeftColor.G), uint32(LeftColor.B)} {
		t.Errorf("the left wall's middle has colour %v, want %v", got, LeftColor)
	}
}

func TestDyadicLabel(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 3: "3", -1: "-1", 0.5: "1/2", -0.75: "-3/4", 2.625: "21/8"} {
		if got := DyadicLabel(x); got != want {
			t.Errorf("DyadicLabel(%v) = %q, want %q", x, got, want)
		}
	}
}
