package native

import (
	"context"
	"testing"
)

func TestLaskerSG(t *testing.T) {
	if LaskerCode() != MustParseCode("4.[3]") {
		t.Fatal("LaskerCode")
	}
	n := 1500
	if testing.Short() {
		n = 600
	}
	plain := PlainSequence(LaskerCode(), n) // the game's own definition, O(n^3)
	fast, err := Sequence(context.Background(), LaskerCode(), 20000)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fast {
		want := fast[i]
		if i <= n && plain[i] != want {
			t.Fatalf("plain g(%d) = %d, fast %d", i, plain[i], want)
		}
		if got := LaskerSG(int64(i)); got != int64(want) {
			t.Fatalf("LaskerSG(%d) = %d, want %d", i, got, want)
		}
	}
	if LaskerSG(-5) != 0 || LaskerSG(1<<62+3) != 1<<62+4 || LaskerSG(1<<62) != 1<<62-1 {
		t.Error("edge values")
	}
}
