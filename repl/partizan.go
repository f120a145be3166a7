package repl

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/teach"
)

// partizanOptions lists Left's and Right's moves from a position of a partizan
// game, with the value and outcome of each; the moves that win for the player
// who makes them (to a value >= 0 for Left, <= 0 for Right) are marked.
func (s *Session) partizanOptions(ctx context.Context, pos interp.Value, mode interp.Mode) error {
	if mode == interp.MiserePlay {
		return errors.New(":options: misère play of partizan games is not covered; :options POS lists Left's and Right's moves in normal play, with their values")
	}
	f, err := s.in.GameValue(ctx, pos)
	if err != nil {
		return err
	}
	sides := [2][]teach.SideOption{}
	for i, side := range []lang.Side{lang.Left, lang.Right} {
		if sides[i], err = teach.SideOptions(ctx, s.in, pos, side); err != nil {
			return err
		}
	}
	fmt.Fprintf(s.out, "%s: value %s, outcome %s\n", pos.Repr(), f, teach.OutcomeOf(s.in.Space(), f))
	for i, who := range []string{"Left", "Right"} {
		opts := sides[i]
		winning := 0
		for _, o := range opts {
			if o.Wins {
				winning++
			}
		}
		switch {
		case len(opts) == 0:
			fmt.Fprintf(s.out, "%s: no moves\n", who)
			continue
		case winning == 0:
			fmt.Fprintf(s.out, "%s: %s, none winning\n", who, words.Plural(len(opts), "move"))
		default:
			fmt.Fprintf(s.out, "%s: %s, %d winning\n", who, words.Plural(len(opts), "move"), winning)
		}
		rows := [][]string{{"move", "", "to", "value", "outcome"}}
		for _, o := range opts {
			m := o.Move
			label := m.Name()
			row := []string{label, "->", m.To.Repr(), o.Value.String(), o.Outcome}
			if o.Wins {
				row = append(row, "winning")
			}
			rows = append(rows, row)
		}
		shown := capOptions(rows)
		render.WriteColumns(s.out, "  ", shown, []bool{false, false, false, true, false, false})
		if hidden := len(rows) - len(shown); hidden > 0 {
			fmt.Fprintf(s.out, "  ... and %s, none of them winning\n", words.Plural(hidden, "more move"))
		}
	}
	return nil
}
