package native

import (
	"math/rand/v2"
	"testing"
)

// plainHackenbush is the definition: a memoized mex over edge subsets, where
// cutting an edge keeps only the edges still connected to the ground.
func plainHackenbush(edges [][2]int) int {
	memo := map[uint32]int{}
	grounded := func(set uint32) uint32 {
		reached := map[int]bool{0: true}
		for changed := true; changed; {
			changed = false
			for i, e := range edges {
				if set&(1<<i) != 0 && reached[e[0]] != reached[e[1]] {
					reached[e[0]], reached[e[1]] = true, true
					changed = true
				}
			}
		}
		var out uint32
		for i, e := range edges {
			if set&(1<<i) != 0 && reached[e[0]] {
				out |= 1 << i
			}
		}
		return out
	}
	var sg func(set uint32) int
	sg = func(set uint32) int {
		if v, ok := memo[set]; ok {
			return v
		}
		seen := map[int]bool{}
		for i := range edges {
			if set&(1<<i) != 0 {
				seen[sg(grounded(set&^(1<<i)))] = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		memo[set] = v
		return v
	}
	return sg(grounded(1<<len(edges) - 1))
}

func TestHackenbushKnown(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		edges [][2]int
		want  int
	}{
		{"nothing", nil, 0},
		{"one edge", [][2]int{{0, 1}}, 1},
		{"colon principle (DESIGN.md)", [][2]int{{0, 1}, {1, 2}, {1, 3}}, 1},
		{"triangle on the ground", [][2]int{{0, 1}, {1, 2}, {2, 0}}, 1},
		{"square on the ground", [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 0},
		{"loop at the ground", [][2]int{{0, 0}}, 1},
		{"two parallel edges", [][2]int{{0, 1}, {1, 0}}, 0},
		{"floating edges dropped", [][2]int{{0, 1}, {5, 6}, {6, 6}}, 1},
		{"vertex names are any ints", [][2]int{{0, -7}, {-7, 1000}}, 2},
		{"lollipop", [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 1}}, 2},
	}
	for _, c := range cases {
		if got := HackenbushSG(c.edges); got != c.want {
			t.Errorf("%s: HackenbushSG = %d, want %d", c.name, got, c.want)
		}
		if len(c.edges) <= 12 {
			if p := plainHackenbush(c.edges); p != c.want {
				t.Errorf("%s: plain = %d, want %d", c.name, p, c.want)
			}
		}
	}
	// A path of n edges is *n; a long one must not overflow anything.
	path := make([][2]int, 1_000_000)
	for i := range path {
		path[i] = [2]int{i, i + 1}
	}
	if got := HackenbushSG(path); got != 1_000_000 {
		t.Errorf("long path = %d", got)
	}
}

func TestHackenbushAgainstPlain(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	trials := 1500
	if testing.Short() {
		trials = 300
	}
	for i := range trials {
		nv := 1 + rng.IntN(6)
		ne := rng.IntN(11)
		edges := make([][2]int, ne)
		for j := range edges {
			if i%3 == 0 && j > 0 { // a tree: attach to an earlier vertex
				edges[j] = [2]int{rng.IntN(j + 1), j + 1}
			} else {
				edges[j] = [2]int{rng.IntN(nv), rng.IntN(nv)}
			}
		}
		if i%3 == 0 && ne > 0 {
			edges[0] = [2]int{0, 1}
		}
		if got, want := HackenbushSG(edges), plainHackenbush(edges); got != want {
			t.Fatalf("%v: HackenbushSG = %d, plain %d", edges, got, want)
		}
	}
}
