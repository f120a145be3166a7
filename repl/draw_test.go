package repl

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
	"github.com/grundy-lang/grundy/teach"
)

// :draw writes a picture to a file; other values are refused with a hint.
func TestDraw(t *testing.T) {
	in := stdlib.New()
	teach.Register(in)
	var out bytes.Buffer
	s := New(in, &out, &out)
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "t.svg"), filepath.Join(dir, "t.png")
	input := `thermograph(cg("{3|-1}"))` + "\n:draw " + svg + ` thermograph(cg("{3|-1}"))` + "\n:draw " + png + " thermograph(cg(\"+-1\"))\n:draw " + svg + " Nim(3)\n:draw x.txt 3\n"
	s.Piped(t.Context(), strings.NewReader(input))
	got := out.String()
	for _, want := range []string{"thermograph of {3|-1}\n3 |                    |  mean 1\n", "\n   ← Left                            Right →\nmast at 1 from temperature 2; left wall",
		"wrote " + svg + ": thermograph of {3|-1}: mast at 1", "wrote " + png + ": thermograph of ±1",
		":draw needs a picture, such as thermograph(G), but this is position Nim(3); for its thermograph, write :draw " + svg + " thermograph(Nim(3))",
		"write :draw FILE EXPR, FILE ending in .svg or .png"} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(data, []byte(`class="left-wall"`)) {
		t.Errorf("%s: %v\n%s", svg, err, data)
	}
	if data, err := os.ReadFile(png); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("%s: %v", png, err)
	}
}
