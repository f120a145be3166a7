package search

import (
	"context"
	"slices"
	"strconv"
	"testing"
)

// triangles is the triangle game of POJ 1085 written in Go: 18 edges, 9 small
// triangles (bit masks of their edges); completing a triangle scores it and gives
// another move.
type triangles struct{}

var triangleMasks = [9]int{7, 152, 52, 352, 34304, 3200, 71680, 12544, 155648}

func (triangles) Moves(s State, out []Move) ([]Move, error) {
	for e := 0; e < 18; e++ {
		if int(s)>>e&1 == 1 {
			continue
		}
		next := int(s) | 1<<e
		gain := 0
		for _, t := range triangleMasks {
			if int(s)&t != t && next&t == t {
				gain++
			}
		}
		out = append(out, Move{To: State(next), Gain: int64(gain), Again: gain > 0})
	}
	return out, nil
}

func (triangles) Describe(s State) string { return "Triangles(" + strconv.Itoa(int(s)) + ")" }

func TestTrianglesFromTheEmptyBoard(t *testing.T) {
	s := New(triangles{}, Table, nil)
	v, err := s.Value(context.Background(), 0)
	if err != nil || v != -3 {
		t.Fatalf("got %d (%v), want -3", v, err)
	}
}

// The sample games of POJ 1085 (the moves made so far, A first): the published
// winners are B, A, A, B; examples/14_scoring.game claims the margins below.
func TestTrianglesSampleGames(t *testing.T) {
	lines := [][2]int{{1, 2}, {1, 3}, {2, 3}, {2, 4}, {2, 5}, {3, 5}, {3, 6}, {4, 5}, {5, 6},
		{4, 7}, {4, 8}, {5, 8}, {5, 9}, {6, 9}, {6, 10}, {7, 8}, {8, 9}, {9, 10}}
	games := [][][2]int{
		{{2, 4}, {4, 5}, {5, 9}, {3, 6}, {2, 5}, {3, 5}},
		{{2, 4}, {4, 5}, {5, 9}, {3, 6}, {2, 5}, {3, 5}, {7, 8}},
		{{1, 2}, {2, 3}, {1, 3}, {2, 4}, {2, 5}, {4, 5}},
		{{1, 2}, {2, 5}, {3, 6}, {5, 8}, {4, 7}, {6, 10}, {2, 4}, {4, 5}, {4, 8}, {7, 8}},
	}
	want := []int64{-5, 3, 3, -7}
	s := New(triangles{}, Table, nil)
	for i, g := range games {
		state, lead, side := 0, int64(0), int64(1) // side: 1 when A is to move
		for _, m := range g {
			e := slices.Index(lines, m)
			before := completed(state)
			state |= 1 << e
			if gained := completed(state) - before; gained > 0 {
				lead += side * int64(gained)
			} else {
				side = -side
			}
		}
		v, err := s.Value(context.Background(), State(state))
		if err != nil || lead+side*v != want[i] {
			t.Errorf("game %d: A's lead %d (%v), want %d", i+1, lead+side*v, err, want[i])
		}
	}
}

// completed counts the triangles whose three edges are all in state.
func completed(state int) int {
	n := 0
	for _, t := range triangleMasks {
		if state&t == t {
			n++
		}
	}
	return n
}

// BenchmarkTrianglesGo is the search itself, with the moves listed by Go code
// (BenchmarkTriangles in package interp lists them through the language), with
// and without the table.
func BenchmarkTrianglesGo(b *testing.B) {
	for _, m := range []Method{Table, AlphaBeta} {
		b.Run(m.String(), func(b *testing.B) {
			var st Stats
			for b.Loop() {
				s := New(triangles{}, m, nil)
				if _, err := s.Value(context.Background(), 0); err != nil {
					b.Fatal(err)
				}
				st = s.Stats
			}
			b.ReportMetric(float64(st.Nodes), "nodes")
			b.ReportMetric(float64(st.Cutoffs), "cutoffs")
			b.ReportMetric(float64(st.Positions), "positions")
			b.ReportMetric(float64(st.Nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
