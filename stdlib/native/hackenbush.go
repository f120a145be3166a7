package native

// HackenbushSG returns the nim value of a Green Hackenbush position: an
// undirected multigraph given as a list of edges (pairs of vertices, any
// ints), grounded at vertex 0. A move cuts one edge; whatever is no longer
// connected to the ground falls away. Edges not connected to the ground are
// dropped first; a self-loop (v, v) is an edge; parallel edges are allowed.
//
// The method (Winning Ways ch. 7): by the fusion principle the vertices of
// each 2-edge-connected component (the parts left when the bridges are
// removed) fuse into one vertex, every non-bridge edge becoming a loop worth
// *1; what remains is a tree of bridges rooted at the ground's component,
// and by the colon principle the value at a vertex is the XOR of
// (value(child) + 1) over its children, XOR 1 for each loop. Linear time,
// and no recursion (a path of a million edges is fine).
func HackenbushSG(edges [][2]int) int {
	g := newMultigraph(edges)
	tin, bridge := g.bridges()
	comp, loops := g.fuse(tin, bridge)
	return g.colon(comp, loops, bridge)
}

// A multigraph is the graph of a Hackenbush position with dense vertex ids,
// the ground 0, and its adjacency as compressed lists of (neighbour, edge).
type multigraph struct {
	n          int    // vertices
	es         []edge // the edges, by dense ids
	start      []int  // the neighbours of v are at start[v]:start[v+1]
	adjV, adjE []int  // a neighbour and the edge that joins it
}

type edge struct{ u, v int }

func newMultigraph(edges [][2]int) *multigraph {
	id := map[int]int{0: 0}
	vid := func(v int) int {
		if i, ok := id[v]; ok {
			return i
		}
		id[v] = len(id)
		return len(id) - 1
	}
	es := make([]edge, len(edges))
	for i, e := range edges {
		es[i] = edge{vid(e[0]), vid(e[1])}
	}
	n := len(id)
	start := make([]int, n+1)
	for _, e := range es {
		start[e.u+1]++
		if e.v != e.u {
			start[e.v+1]++
		}
	}
	for i := 0; i < n; i++ {
		start[i+1] += start[i]
	}
	adjV, adjE := make([]int, start[n]), make([]int, start[n])
	fill := append([]int(nil), start[:n]...)
	for i, e := range es {
		adjV[fill[e.u]], adjE[fill[e.u]] = e.v, i
		fill[e.u]++
		if e.v != e.u {
			adjV[fill[e.v]], adjE[fill[e.v]] = e.u, i
			fill[e.v]++
		}
	}
	return &multigraph{n: n, es: es, start: start, adjV: adjV, adjE: adjE}
}

// bridges runs an iterative DFS from the ground and returns each vertex's
// discovery time (-1 for a vertex not reached, which is not grounded and is
// dropped with its edges) and which edges are bridges.
func (g *multigraph) bridges() (tin []int, bridge []bool) {
	tin = make([]int, g.n)
	low := make([]int, g.n)
	for i := range tin {
		tin[i] = -1
	}
	bridge = make([]bool, len(g.es))
	type frame struct{ v, parentEdge, next int }
	stack := []frame{{0, -1, g.start[0]}}
	tin[0], low[0] = 0, 0
	timer := 1
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < g.start[f.v+1] {
			w, ei := g.adjV[f.next], g.adjE[f.next]
			f.next++
			switch {
			case ei == f.parentEdge:
			case tin[w] < 0:
				tin[w], low[w] = timer, timer
				timer++
				stack = append(stack, frame{w, ei, g.start[w]})
			default:
				low[f.v] = min(low[f.v], tin[w])
			}
			continue
		}
		v, pe := f.v, f.parentEdge
		stack = stack[:len(stack)-1]
		if len(stack) > 0 {
			p := stack[len(stack)-1].v
			low[p] = min(low[p], low[v])
			if low[v] > tin[p] {
				bridge[pe] = true
			}
		}
	}
	return tin, bridge
}

// fuse applies the fusion principle: the ends of every grounded edge that is
// not a bridge are one vertex (its 2-edge-connected component), and the edge
// a loop worth *1. It returns each vertex's component (a representative
// vertex) and, per component, its loops mod 2.
func (g *multigraph) fuse(tin []int, bridge []bool) (comp, loops []int) {
	parent := make([]int, g.n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for i, e := range g.es {
		if tin[e.u] >= 0 && !bridge[i] {
			parent[find(e.u)] = find(e.v)
		}
	}
	comp = make([]int, g.n)
	for v := range comp {
		comp[v] = find(v)
	}
	loops = make([]int, g.n)
	for i, e := range g.es {
		if tin[e.u] >= 0 && !bridge[i] {
			loops[comp[e.u]] ^= 1
		}
	}
	return comp, loops
}

// colon folds the colon principle over the tree of bridges between the
// components, from the leaves up to the ground's: a component is worth the
// XOR of its loops and of (value(child) + 1) over its children.
func (g *multigraph) colon(comp, loops []int, bridge []bool) int {
	treeStart := make([]int, g.n+1)
	for i, e := range g.es {
		if bridge[i] {
			treeStart[comp[e.u]+1]++
			treeStart[comp[e.v]+1]++
		}
	}
	for i := 0; i < g.n; i++ {
		treeStart[i+1] += treeStart[i]
	}
	tree := make([]int, treeStart[g.n])
	fill := append([]int(nil), treeStart[:g.n]...)
	for i, e := range g.es {
		if bridge[i] {
			a, b := comp[e.u], comp[e.v]
			tree[fill[a]] = b
			fill[a]++
			tree[fill[b]] = a
			fill[b]++
		}
	}
	root := comp[0]
	order := []int{root}
	up := make([]int, g.n) // parent component in the tree
	up[root] = -1
	for i := 0; i < len(order); i++ {
		c := order[i]
		for _, d := range tree[treeStart[c]:treeStart[c+1]] {
			if d != up[c] {
				up[d] = c
				order = append(order, d)
			}
		}
	}
	val := loops
	for i := len(order) - 1; i > 0; i-- {
		c := order[i]
		val[up[c]] ^= val[c] + 1
	}
	return val[root]
}
