package render

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
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
}

// Graph is a game graph: positions and the moves between them.
type Graph struct {
	Title string // caption; may be empty
	Nodes []Node
	Edges []Edge
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
	bw.WriteString("digraph game {\n  fontname=\"Helvetica\";\n")
	if g.Title != "" {
		fmt.Fprintf(bw, "  label=%s;\n  labelloc=t;\n", dotQuote(g.Title))
	}
	bw.WriteString("  node [shape=ellipse, style=filled, fillcolor=white, fontname=\"Helvetica\"];\n")
	bw.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
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

// ErrNoGraphviz is the error (wrapped) of [RenderWithGraphviz] when
// the Graphviz "dot" program is not installed.
//
//lint:ignore ST1005 the message starts with a name, Graphviz.
var ErrNoGraphviz = errors.New("Graphviz is not installed: the \"dot\" program was not found in PATH")

// RenderWithGraphviz turns DOT source into a picture in format ("svg" or
// "png") by running Graphviz's "dot -T<format>". If dot is not on the PATH
// the error wraps [ErrNoGraphviz] and tells how to install Graphviz, or to
// ask for the DOT text with --format dot and render it elsewhere. The
// command is stopped when ctx is done; if dot fails, the error quotes what
// it wrote on stderr.
func RenderWithGraphviz(ctx context.Context, dot []byte, format string) ([]byte, error) {
	if format != "svg" && format != "png" {
		return nil, fmt.Errorf("render: graphviz format %q: use svg or png", format)
	}
	path, err := exec.LookPath("dot")
	if err != nil {
		return nil, fmt.Errorf("%w; install it (for example \"apt-get install graphviz\" or \"brew install graphviz\"), or use --format dot to get the graph as DOT text and render it elsewhere", ErrNoGraphviz)
	}
	cmd := exec.CommandContext(ctx, path, "-T"+format)
	cmd.Stdin = bytes.NewReader(dot)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("render: graphviz: %w", ctx.Err())
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return nil, fmt.Errorf("render: graphviz dot failed: %w", err)
		}
		return nil, fmt.Errorf("render: graphviz dot failed: %w: %s", err, msg)
	}
	return out.Bytes(), nil
}
