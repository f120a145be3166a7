package teach

import (
	"fmt"
	"slices"

	"github.com/grundy-lang/grundy/interp"
)

// maxValueColours is the most different game values a heat map shows, one
// colour each with its name in the legend (the heat maps' legend lists up to
// 16 values one by one).
const maxValueColours = 16

// gameValueColours numbers the different game values of a table whose cells
// are game values (value(G), cg) and integers, for a heat map: the value 0 is
// 0 (black, as P-positions are: a game of value 0 is a P-position), the
// others 1, 2, ... with the numbers first from the lowest to the highest, so
// that the colours follow the numbers, then the other values in the order of
// their names. names[k] names colour k. ok is false when the cells are not all
// game values and integers, or none is a game value.
func gameValueColours(cells [][]interp.Value) (index map[string]int64, names []string, ok bool, err error) {
	type entry struct {
		name   string
		number bool
		x      float64
	}
	seen := map[string]entry{}
	anyValue := false
	for _, row := range cells {
		for _, v := range row {
			var e entry
			switch v.K {
			case interp.KValue:
				anyValue = true
				f := v.Form()
				e.name = f.String()
				if x, isNum := f.Number(); isNum {
					e.number, e.x = true, x.Float()
				}
			case interp.KInt:
				e = entry{name: v.Repr(), number: true, x: float64(v.N)}
			default:
				return nil, nil, false, nil
			}
			seen[e.name] = e
		}
	}
	if !anyValue {
		return nil, nil, false, nil
	}
	var others []entry
	for _, e := range seen {
		if e.name != "0" {
			others = append(others, e)
		}
	}
	if len(others)+1 > maxValueColours {
		return nil, nil, true, fmt.Errorf("a picture of game values gives each value its own colour, and shows at most %d; this table has %d different values: see it as text", maxValueColours, len(others)+1)
	}
	slices.SortFunc(others, func(a, b entry) int {
		switch {
		case a.number != b.number:
			if a.number {
				return -1
			}
			return 1
		case a.number && a.x != b.x:
			if a.x < b.x {
				return -1
			}
			return 1
		}
		if a.name < b.name {
			return -1
		}
		return 1
	})
	index = map[string]int64{"0": 0}
	names = []string{"0"}
	for i, e := range others {
		index[e.name] = int64(i + 1)
		names = append(names, e.name)
	}
	return index, names, true, nil
}

// valueKey names a game value or an integer as gameValueColours does.
func valueKey(v interp.Value) string {
	if v.K == interp.KValue {
		return v.Form().String()
	}
	return v.Repr()
}

// partizanOutcomes reports whether a grid of outcomes has L or R among them
// (interp.OutcomeL and OutcomeR, numbered 3 and 4).
func partizanOutcomes(cells [][]int64) bool {
	for _, row := range cells {
		for _, v := range row {
			if v == interp.OutcomeL.N || v == interp.OutcomeR.N {
				return true
			}
		}
	}
	return false
}
