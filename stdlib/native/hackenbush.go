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
	// Dense vertex ids; the ground is 0.
	id := map[int]int{0: 0}
	vid := func(v int) int {
		if i, ok := id[v]; ok {
			return i
		}
		id[v] = len(id)
		return len(id) - 1
	}
	type edge struct{ u, v int }
	es := make([]edge, len(edges))
	for i, e := range edges {
		es[i] = edge{vid(e[0]), vid(e[1])}
	}
	n := len(id)
	// Adjacency as compressed lists of (neighbour, edge index).
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

	// Iterative DFS from the ground: discovery times, low links, bridges.
	// Unreached vertices (and their edges) are not grounded: dropped.
	tin := make([]int, n)
	low := make([]int, n)
	for i := range tin {
		tin[i] = -1
	}
	bridge := make([]bool, len(es))
	type frame struct{ v, parentEdge, next int }
	stack := []frame{{0, -1, start[0]}}
	tin[0], low[0] = 0, 0
	timer := 1
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < start[f.v+1] {
			w, ei := adjV[f.next], adjE[f.next]
			f.next++
			switch {
			case ei == f.parentEdge:
			case tin[w] < 0:
				tin[w], low[w] = timer, timer
				timer++
				stack = append(stack, frame{w, ei, start[w]})
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

	// 2-edge-connected components: union the ends of every non-bridge edge.
	parent := make([]int, n)
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
	for i, e := range es {
		if tin[e.u] >= 0 && !bridge[i] {
			parent[find(e.u)] = find(e.v)
		}
	}
	loops := make([]int, n) // per component root: non-bridge edges mod 2
	for i, e := range es {
		if tin[e.u] >= 0 && !bridge[i] {
			loops[find(e.u)] ^= 1
		}
	}

	// The bridge tree: DFS from the ground's component, then fold the
	// colon principle from the leaves up.
	treeStart := make([]int, n+1)
	for i, e := range es {
		if bridge[i] {
			treeStart[find(e.u)+1]++
			treeStart[find(e.v)+1]++
		}
	}
	for i := 0; i < n; i++ {
		treeStart[i+1] += treeStart[i]
	}
	tree := make([]int, treeStart[n])
	fill = append(fill[:0], treeStart[:n]...)
	for i, e := range es {
		if bridge[i] {
			a, b := find(e.u), find(e.v)
			tree[fill[a]] = b
			fill[a]++
			tree[fill[b]] = a
			fill[b]++
		}
	}
	root := find(0)
	order := []int{root}
	up := make([]int, n) // parent component in the tree
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
