package render

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// nimGraph is the game graph of Nim(2) + Nim(1), with a label that needs
// escaping.
func nimGraph() Graph {
	return Graph{
		Title: `Nim(2) + Nim(1)`,
		Nodes: []Node{
			{ID: 0, Label: "Nim(2) + Nim(1)", Value: 3, Outcome: "N"},
			{ID: 1, Label: "Nim(1) + Nim(1)", Value: 0, Outcome: "P"},
			{ID: 2, Label: "Nim(1)", Value: 1, Outcome: "N"},
			{ID: 3, Label: "Nim(2)", Value: 2, Outcome: "N"},
			{ID: 4, Label: "", Value: 0}, // the empty sum; P from its value
			{ID: -1, Label: "say \"hi\" \\N\tnew\nline", Value: NotComputed, Outcome: "D"},
		},
		Edges: []Edge{
			{From: 0, To: 1, Label: "take 1 from the first heap"},
			{From: 0, To: 2, Label: "take 2 from the first heap"},
			{From: 0, To: 3, Label: "take 1 from the second heap"},
			{From: 1, To: 2, Label: ""},
			{From: 2, To: 4, Label: "take 1"},
			{From: 3, To: 2, Label: "take 1"},
			{From: 3, To: 4, Label: "take 2"},
			{From: -1, To: -1, Label: `loop "\"`},
		},
	}
}

func TestWriteDOTGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteDOT(&buf, nimGraph()); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "nim.dot")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("DOT output differs from %s (run go test -update to accept):\n%s", golden, buf.String())
	}
}

func TestWriteDOTErrors(t *testing.T) {
	for name, g := range map[string]Graph{
		"duplicate": {Nodes: []Node{{ID: 1}, {ID: 1}}},
		"dangling":  {Nodes: []Node{{ID: 1}}, Edges: []Edge{{From: 1, To: 2}}},
	} {
		if err := WriteDOT(&bytes.Buffer{}, g); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestDOTQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain":        `"plain"`,
		`a "b"`:        `"a \"b\""`,
		`back\slash\N`: `"back\\slash\\N"`,
		"two\nlines":   `"two\nlines"`,
		"tab\there\r":  `"tabhere"`,
		"ünïcode ★":    `"ünïcode ★"`,
	} {
		if got := dotQuote(in); got != want {
			t.Errorf("dotQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// A draw is grey, an infinite value is written as given, a move on a cycle is
// dashed and blue, and a move into a P-position stays red.
func TestWriteDOTLoopy(t *testing.T) {
	g := Graph{
		Nodes: []Node{{ID: 0, Label: "A", Value: -1, ValueText: "∞{}", Outcome: "D"}, {ID: 1, Label: "B", Value: -1, ValueText: "∞{0}", Outcome: "N"}, {ID: 2, Label: "C", Value: 0}},
		Edges: []Edge{{From: 0, To: 1, Loop: true}, {From: 1, To: 0, Loop: true}, {From: 1, To: 2}},
	}
	var buf bytes.Buffer
	if err := WriteDOT(&buf, g); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`n0 [label="A\ng = ∞{}, D", fillcolor="#c8c8c8"];`,
		`n1 [label="B\ng = ∞{0}, N"];`,
		`n0 -> n1 [color="#2c6fbb", style=dashed];`,
		`n1 -> n2 [color="#c0392b", penwidth=2];`,
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("DOT lacks %s:\n%s", want, buf.String())
		}
	}
}
