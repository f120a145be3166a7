package render

import (
	"bufio"
	"fmt"
	"strings"
)

// Colours of partizan game graphs: Left's moves in blue and Right's in red
// (as the walls of thermographs), moves either player may make in grey; the
// positions Left wins whoever starts (outcome L) light blue, those Right wins
// light red, P-positions (value 0) black.
const (
	dotLeft      = "#1f5fbf"
	dotRight     = "#c0392b"
	dotBoth      = "#555555"
	dotLeftFill  = "#dce8f8"
	dotRightFill = "#f8dedb"
)

// writePartizanDOT writes a partizan game graph: each node labelled with its
// position and a second line such as "±1, N" (its value and outcome), each
// edge coloured by the side that makes the move, a winning move (Left's to a
// position of outcome L or P, that is of value >= 0; Right's to R or P) drawn
// thick, and a legend of the colours.
func writePartizanDOT(bw *bufio.Writer, g Graph, byID map[int]Node) {
	writeDOTHeader(bw, g)
	for _, n := range g.Nodes {
		label := n.Label
		if label != "" {
			label += "\n"
		}
		label += n.ValueText
		if n.Outcome != "" {
			label += ", " + n.Outcome
		}
		fmt.Fprintf(bw, "  %s [label=%s", dotID(n.ID), dotQuote(label))
		switch n.Outcome {
		case "P":
			bw.WriteString(", fillcolor=black, fontcolor=white")
		case "L":
			bw.WriteString(`, fillcolor="` + dotLeftFill + `"`)
		case "R":
			bw.WriteString(`, fillcolor="` + dotRightFill + `"`)
		}
		bw.WriteString("];\n")
	}
	for _, e := range g.Edges {
		colour := dotBoth
		switch e.Side {
		case "L":
			colour = dotLeft
		case "R":
			colour = dotRight
		}
		attrs := []string{fmt.Sprintf(`color="%s"`, colour), fmt.Sprintf(`fontcolor="%s"`, colour)}
		if e.Label != "" {
			attrs = append(attrs, "label="+dotQuote(e.Label))
		}
		to := byID[e.To].Outcome
		if e.Side == "L" && (to == "L" || to == "P") || e.Side == "R" && (to == "R" || to == "P") {
			attrs = append(attrs, "penwidth=2.5")
		}
		fmt.Fprintf(bw, "  %s -> %s [%s];\n", dotID(e.From), dotID(e.To), strings.Join(attrs, ", "))
	}
	// The legend.
	bw.WriteString(`  subgraph cluster_legend {
    label="legend"; fontsize=10; style=dashed; color="#999999";
    node [shape=point, width=0.05, label=""];
    legendL1 -> legendL2 [label="Left's move", color="` + dotLeft + `", fontcolor="` + dotLeft + `"];
    legendR1 -> legendR2 [label="Right's move", color="` + dotRight + `", fontcolor="` + dotRight + `"];
    legendW1 -> legendW2 [label="thick: a winning move", penwidth=2.5];
  }
`)
	bw.WriteString("}\n")
}
