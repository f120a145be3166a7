package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/render"
)

// draw is grundy draw: the picture an expression gives (such as
// thermograph(G)), as SVG or PNG.
func (r *runner) draw(ctx context.Context, args []string) int {
	o, expr, ok := r.parseTeachFlags("draw", args)
	if !ok {
		return exitError
	}
	if expr == "" {
		fmt.Fprintln(r.stderr, `grundy draw: give a picture, e.g. grundy draw 'thermograph(cg("{3|-1}"))' -o t.svg`)
		return exitError
	}
	format := o.format
	if format == "" && o.output != "" {
		if format = map[string]string{".svg": "svg", ".png": "png"}[strings.ToLower(filepath.Ext(o.output))]; format == "" {
			fmt.Fprintf(r.stderr, "grundy draw: cannot tell the format of %s from its extension; use .svg or .png, or --format\n", o.output)
			return exitError
		}
	}
	if format == "" {
		format = "svg"
	}
	if format != "svg" && format != "png" {
		fmt.Fprintf(r.stderr, "grundy draw: unknown format %q; use svg or png\n", format)
		return exitError
	}
	if o.scale > maxScale {
		fmt.Fprintf(r.stderr, "grundy draw: --scale is at most %d, not %d\n", maxScale, o.scale)
		return exitError
	}
	if format == "png" && o.output == "" && isTerminal(r.stdout) {
		fmt.Fprintln(r.stderr, "grundy draw: a PNG picture is not text; write it to a file with -o FILE.png")
		return exitError
	}
	ctx, cancel := o.limit(ctx)
	defer cancel()
	in, err := r.session(ctx, o)
	if err != nil {
		return r.report(err)
	}
	v, err := in.Eval(ctx, "draw", expr)
	if err != nil {
		return r.report(err)
	}
	pic, ok := v.R.(render.Picture)
	if v.K != interp.KPicture || !ok {
		hint := ""
		if _, isGame := interp.Components(v); isGame || v.K == interp.KValue {
			hint = fmt.Sprintf("; for its thermograph, write thermograph(%s)", expr)
		}
		return r.report(fmt.Errorf("draw needs a picture, such as thermograph(G), but %s is %s %s%s", expr, v.K, v.Brief(), hint))
	}
	var data []byte
	if format == "svg" {
		data, err = pic.SVG()
	} else {
		data, err = pic.PNG(o.scale)
	}
	if err != nil {
		return r.report(err)
	}
	return r.write(o.output, data)
}
