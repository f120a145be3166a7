package interp

import (
	"context"
	"strings"
)

// How positions look to a person: a game may declare show EXPR, a string or a list
// of rows (each a string, or a list of cells), which play, graphs and show(G)
// draw instead of Name(args).

// HasShow reports whether g declares how its positions look.
func (g *Game) HasShow() bool { return g.show != nil }

// Show returns how a position or sum looks: each part by its game's show clause,
// or as written (Name(args)) when its game has none; the parts of a sum are
// joined by " + " on one line, or by a line "+" when any of them has several
// lines. drawn is false when no part has a show clause.
func (in *Interp) Show(ctx context.Context, v Value) (text string, drawn bool, err error) {
	err = in.runUnder(ctx, func() error {
		text, drawn = in.show(v)
		return nil
	})
	return text, drawn, err
}

// show is Show for the evaluator: errors panic.
func (in *Interp) show(v Value) (string, bool) {
	parts, ok := Components(v)
	if !ok || len(parts) == 0 {
		return v.Repr(), false
	}
	texts := make([]string, len(parts))
	drawn, multi := false, false
	for i, p := range parts {
		e := p.Pos()
		if e.Game.show == nil {
			texts[i] = p.Repr()
			continue
		}
		drawn = true
		fr := newFrame(e.Game.frameSize, nil)
		copy(fr.slots, e.Args)
		texts[i] = in.showText(e.Game, e.Game.show(fr))
		multi = multi || strings.Contains(texts[i], "\n")
	}
	if multi {
		return strings.Join(texts, "\n+\n"), drawn
	}
	return strings.Join(texts, " + "), drawn
}

// showText turns what a show clause gave into text: a string as it is, a list of
// rows one per line, a row of cells written side by side.
func (in *Interp) showText(g *Game, v Value) string {
	switch v.K {
	case KStr:
		return v.Str()
	case KList, KTuple:
		rows := make([]string, len(v.Seq()))
		for i, r := range v.Seq() {
			switch r.K {
			case KStr:
				rows[i] = r.Str()
			case KList, KTuple:
				var b strings.Builder
				for _, c := range r.Seq() {
					b.WriteString(c.String())
				}
				rows[i] = b.String()
			default:
				g.fail("the show clause of %s must give a string or a list of rows (strings or lists of cells), but row %d is %s %s", g.Name, i, r.K, r.Repr())
			}
		}
		return strings.Join(rows, "\n")
	}
	g.fail("the show clause of %s must give a string or a list of rows (strings or lists of cells), but it gave %s %s", g.Name, v.K, v.Repr())
	return ""
}

func biShow(s *callSite, args []Value) Value {
	s.components(args[0], "show")
	text, _ := s.c.in.show(args[0])
	return Str(text)
}
