package repl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/render"
)

// draw writes the picture an expression gives (such as thermograph(G)) to a
// file, as SVG or PNG by the file's extension: the shell prints pictures in
// words, and this is how it shows them.
func (s *Session) draw(ctx context.Context, inv invocation) error {
	file, rest, _ := strings.Cut(inv.arg, " ")
	rest = strings.TrimSpace(rest)
	ext := strings.ToLower(filepath.Ext(file))
	if file == "" || rest == "" || (ext != ".svg" && ext != ".png") {
		return errors.New(`write :draw FILE EXPR, FILE ending in .svg or .png, e.g. :draw t.svg thermograph(cg("{3|-1}"))`)
	}
	p := piece{rest, inv.argOff + len(inv.arg) - len(rest)}
	v, err := s.eval(ctx, inv, p)
	if err != nil {
		return err
	}
	pic, ok := v.R.(render.Picture)
	if v.K != interp.KPicture || !ok {
		hint := ""
		if _, isGame := interp.Components(v); isGame || v.K == interp.KValue {
			hint = fmt.Sprintf("; for its thermograph, write :draw %s thermograph(%s)", file, rest)
		}
		return errorAt(inv, p, ":draw needs a picture, such as thermograph(G), but this is %s %s%s", v.K, words.Abbreviate(v.Repr(), 40), hint)
	}
	var data []byte
	if ext == ".svg" {
		data, err = pic.SVG()
	} else {
		data, err = pic.PNG(2) // sharp on a screen with high density
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "wrote %s: %s\n", file, v.String())
	return nil
}

// shown is how the shell shows the value of an expression: as written, and a
// picture that can draw itself with characters (a thermograph) drawn so, with
// its words below, and a string of several lines (explain(G), show(G)) as text.
func shown(v interp.Value) string {
	if v.K == interp.KPicture {
		if t, ok := v.R.(interface{ Text() string }); ok {
			if art := t.Text(); art != "" {
				_, words, _ := strings.Cut(v.String(), ": ")
				return strings.TrimRight(art, "\n") + "\n" + words
			}
		}
	}
	if v.K == interp.KStr && strings.Contains(v.Str(), "\n") {
		return v.Str() // text of several lines, such as explain(G) or show(G), as a person reads it
	}
	return v.Repr()
}
