package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Node is one position of a game graph.
type Node struct {
	ID      int    // unique within the graph
	Label   string // the position, e.g. "Nim(3) + Nim(5)"
	Value   int64  // Sprague-Grundy value; negative if unknown
	Outcome string // "P", "N", or another outcome class such as "D" (draw); may be empty
	// ValueText, when not empty, is written in place of Value: the generalized
	// value of a loopy position, such as "∞{0}".
	ValueText string
}

// Edge is one move of a game graph, from the node with ID From to the node
// with ID To.
type Edge struct {
	From, To int
	Label    string // the move, e.g. "take 2"; may be empty
	Loop     bool   // the move is on a cycle of the graph: drawn dashed and blue
	// Side is who makes the move in a partizan game: "L" (Left) or "R"
	// (Right); "" for a move either player may make.
	Side string
}

// Graph is a game graph: positions and the moves between them.
type Graph struct {
	Title string // caption; may be empty
	Nodes []Node
	Edges []Edge
	// Partizan says the graph is of a partizan game: nodes carry game values
	// (ValueText) and outcomes L, R, N or P, and edges the side that moves
	// (see [WriteDOT]).
	Partizan bool
	// NoLegend leaves the legend out of the drawing, for a page that shows its
	// own beside it.
	NoLegend bool
}

// IsP reports whether n is a P-position: its Outcome is "P", or it has no
// Outcome and its Value is 0.
func (n Node) IsP() bool {
	return n.Outcome == "P" || (n.Outcome == "" && n.Value == 0)
}

// WriteDOT writes g in the Graphviz DOT language, nodes and edges in the
// order given. Each node is labelled with its Label and a second line such
// as "g = 3, N" (the value, then the outcome; "?" for an unknown value).
// P-positions are filled black with white text and draws (outcome "D") grey; a
// move into a P-position (a winning move, when made from an N-position) is drawn
// thick and red, and a move on a cycle (Loop) dashed and blue.
// A partizan graph (Partizan) is drawn as [writePartizanDOT] says.
// Labels are escaped, so any text is safe. An edge that names a missing
// node, or two nodes with one ID, is an error.
func WriteDOT(w io.Writer, g Graph) error {
	byID := make(map[int]Node, len(g.Nodes))
	for _, n := range g.Nodes {
		if _, dup := byID[n.ID]; dup {
			return fmt.Errorf("render: graph has two nodes with ID %d", n.ID)
		}
		byID[n.ID] = n
	}
	for _, e := range g.Edges {
		for _, id := range []int{e.From, e.To} {
			if _, ok := byID[id]; !ok {
				return fmt.Errorf("render: graph edge %d -> %d names node %d, which is not in the graph", e.From, e.To, id)
			}
		}
	}

	bw := bufio.NewWriter(w)
	if g.Partizan {
		writePartizanDOT(bw, g, byID)
		return bw.Flush()
	}
	writeDOTHeader(bw, g)
	for _, n := range g.Nodes {
		label := n.Label
		if label != "" {
			label += "\n"
		}
		switch {
		case n.ValueText != "":
			label += "g = " + n.ValueText
		case n.Value >= 0:
			label += "g = " + strconv.FormatInt(n.Value, 10)
		default:
			label += "g = ?"
		}
		outcome := n.Outcome
		if outcome == "" && n.Value == 0 {
			outcome = "P"
		}
		if outcome != "" {
			label += ", " + outcome
		}
		fmt.Fprintf(bw, "  %s [label=%s", dotID(n.ID), dotQuote(label))
		if n.IsP() {
			bw.WriteString(", fillcolor=black, fontcolor=white")
		} else if n.Outcome == "D" {
			bw.WriteString(`, fillcolor="#c8c8c8"`)
		}
		bw.WriteString("];\n")
	}
	for _, e := range g.Edges {
		fmt.Fprintf(bw, "  %s -> %s", dotID(e.From), dotID(e.To))
		var attrs []string
		if e.Label != "" {
			attrs = append(attrs, "label="+dotQuote(e.Label))
		}
		if byID[e.To].IsP() {
			attrs = append(attrs, `color="#c0392b"`, "penwidth=2")
		} else if e.Loop {
			attrs = append(attrs, `color="#2c6fbb"`, "style=dashed")
		}
		if len(attrs) > 0 {
			fmt.Fprintf(bw, " [%s]", strings.Join(attrs, ", "))
		}
		bw.WriteString(";\n")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// dotID returns the DOT identifier of node id.
func dotID(id int) string {
	if id < 0 {
		return "m" + strconv.Itoa(-id)
	}
	return "n" + strconv.Itoa(id)
}

// dotQuote returns s as a DOT quoted string to be read as a label: quotes
// and backslashes are escaped (so that Graphviz's own escapes such as \N
// do not apply), a newline becomes a centred line break and other control
// characters are dropped.
func dotQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			// dropped
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// writeDOTHeader opens a DOT graph: its title and the default look of nodes
// and edges.
func writeDOTHeader(bw *bufio.Writer, g Graph) {
	bw.WriteString("digraph game {\n  fontname=\"Helvetica\";\n")
	if g.Title != "" {
		fmt.Fprintf(bw, "  label=%s;\n  labelloc=t;\n", dotQuote(g.Title))
	}
	bw.WriteString("  node [shape=ellipse, style=filled, fillcolor=white, fontname=\"Helvetica\"];\n")
	bw.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
}
