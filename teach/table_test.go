package teach

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

func TestParseTable(t *testing.T) {
	spec, err := ParseTable("sg(Wythoff(a, b)) for a in 0..3, b in [x * 2 for x in 0..2]")
	if err != nil {
		t.Fatal(err)
	}
	if spec.Expr.text != "sg(Wythoff(a, b))" || strings.Join(spec.Vars, " ") != "a b" ||
		spec.Ranges[0].text != "0..3" || spec.Ranges[1].text != "[x * 2 for x in 0..2]" {
		t.Errorf("parsed %+v", spec)
	}
	if got := spec.Text[spec.Ranges[1].off:]; got != spec.Ranges[1].text {
		t.Errorf("the second range's offset points at %q", got)
	}
	for _, bad := range []string{
		"sg(Nim(n))",                            // no for
		"for n in 0..3",                         // no expression
		"sg(Nim(n)) for n 0..3",                 // no in
		"sg(Nim(n)) for 1 in 0..3",              // not a name
		"a for a in 0..1, a in 0..1",            // the same name twice
		"a for a in 0..1, b in 0..1, c in 0..1", // three variables
	} {
		if _, err := ParseTable(bad); err == nil {
			t.Errorf("ParseTable(%q) succeeded", bad)
		}
	}
}

func TestTable(t *testing.T) {
	in := stdlib.New()
	ctx := context.Background()
	table := func(text string) (string, error) {
		spec, err := ParseTable(text)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Table(ctx, in, spec)
		return g.Title + " " + fmt.Sprint(g.Cells), err
	}
	got, err := table("sg(Wythoff(a, b)) for a in 0..2, b in 0..2")
	if err != nil || got != "sg(Wythoff(a, b)) [[0 1 2] [1 2 0] [2 0 1]]" {
		t.Errorf("Wythoff: %q, %v", got, err)
	}
	got, err = table("outcome(Nim(n) + Nim(2)) for n in [1, 2, 3]")
	if err != nil || got != "outcome(Nim(n) + Nim(2))  (0 = P, 1 = N) [[1 0 1]]" {
		t.Errorf("outcomes: %q, %v", got, err)
	}
	// Errors point into the request's text.
	for text, want := range map[string]string{
		"sg(Nmi(n)) for n in 0..3":   "table:1:4: undefined name Nmi; did you mean Nim?",
		"sg(Nim(n)) for n in 0..x":   "table:1:24: undefined name x",
		"10 / (n - 2) for n in 0..3": "table:1:4: division by zero",
		"[n] for n in 0..3":          "at n = 0, [n] is list [0]; a table needs integers (or outcomes, P or N)",
		"n for n in 3..2":            "3..2 is empty: the table would have no cells",
		"n for n in [1, true]":       "[1, true] must hold integers, but it holds bool true",
	} {
		_, err := table(text)
		if err == nil {
			t.Errorf("%s: no error", text)
			continue
		}
		msg := err.Error()
		if le, ok := err.(*lang.Error); ok {
			msg = le.Error()
			if !strings.Contains(le.Format(), text) {
				t.Errorf("%s: the error does not show the request:\n%s", text, le.Format())
			}
		}
		if !strings.HasPrefix(msg, want) {
			t.Errorf("%s: error %q, want %q", text, msg, want)
		}
	}
}
