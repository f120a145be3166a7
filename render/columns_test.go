package render

import (
	"strings"
	"testing"
)

func TestWriteColumns(t *testing.T) {
	var b strings.Builder
	rows := [][]string{{"n", "sg(G(n))", "outcome"}, {"0", "0", "P"}, {"10", "12", "N"}}
	WriteColumns(&b, "  ", rows, []bool{true, true, false})
	want := "   n  sg(G(n))  outcome\n   0         0  P\n  10        12  N\n"
	if b.String() != want {
		t.Errorf("WriteColumns:\n%s\nwant:\n%s", b.String(), want)
	}
}
