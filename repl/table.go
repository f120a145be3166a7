package repl

import (
	"context"
	"errors"
	"fmt"
	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/render"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/teach"
)

// piece is a part of a command line: its text and its byte offset in the line,
// so that errors in it point at the right column.
type piece struct {
	text string
	off  int
}

// eval evaluates a piece of a command line as an expression; errors point into
// the line.
func (s *Session) eval(ctx context.Context, inv invocation, p piece) (interp.Value, error) {
	// The padding keeps the piece at its column, which counts characters.
	src := strings.Repeat(" ", lang.Column(inv.line, p.off)-1) + p.text
	v, err := s.in.Eval(ctx, filename, src)
	return v, lang.Relocate(err, src, inv.line, 0)
}

// errorAt makes an error pointing at a piece of the command line.
func errorAt(inv invocation, p piece, format string, args ...any) error {
	col := lang.Column(inv.line, p.off)
	return &lang.Error{Pos: lang.Position{Filename: filename, Offset: p.off, Line: 1, Column: col}, Msg: fmt.Sprintf(format, args...), Src: inv.line}
}

func (s *Session) table(ctx context.Context, inv invocation) error {
	spec, err := teach.ParseTable(filename, inv.line, inv.argOff)
	if err != nil {
		return err
	}
	t, err := teach.ComputeTable(ctx, s.in, spec)
	t.WriteText(s.out, render.TextOptions{}) // the rows before an error, too
	return err
}

// options lists the moves from a position with the value and outcome of each;
// with "misere" after the position, the outcomes of misère play.
func (s *Session) options(ctx context.Context, inv invocation) error {
	if inv.arg == "" {
		return errors.New("write :options POS, e.g. :options Nim(3) + Nim(5)")
	}
	p, mode := splitMode(piece{inv.arg, inv.argOff})
	pos, err := s.position(ctx, inv, p, "options")
	if err != nil {
		return err
	}
	if interp.IsScoring(pos) {
		return s.scoringOptions(ctx, pos)
	}
	if interp.IsPartizan(pos) {
		return s.partizanOptions(ctx, pos, mode)
	}
	// judge gives the value (normal play only) and the outcome of a position or
	// sum: P, N, or D for a draw in a loopy game.
	judge := func(v interp.Value) (string, string, error) {
		if mode == interp.MiserePlay {
			isP, _, err := s.in.MisereOutcome(ctx, v)
			return "", outcomeName(isP), err
		}
		g, err := s.in.Grundy(ctx, v)
		return g.String(), string(g.Outcome()), err
	}
	value, out, err := judge(pos)
	if err != nil {
		return err
	}
	moves, err := s.in.Moves(ctx, pos, 0)
	if err != nil {
		return err
	}
	rows := [][]string{{"move", "", "to", "sg", "outcome"}}
	if mode == interp.MiserePlay {
		rows[0][3] = ""
	}
	winning := 0
	for _, m := range moves {
		v, o, err := judge(m.To)
		if err != nil {
			return err
		}
		label := m.Name()
		row := []string{label, "->", m.To.Repr(), v, o}
		switch {
		case o == "P":
			row = append(row, "winning")
			winning++
		case o == "D" && out == "D":
			row = append(row, "keeps the draw")
		}
		rows = append(rows, row)
	}
	if mode == interp.MiserePlay {
		fmt.Fprintf(s.out, "%s: misère outcome %s", pos.Repr(), out)
	} else {
		fmt.Fprintf(s.out, "%s: sg %s, outcome %s", pos.Repr(), value, out)
	}
	switch {
	case len(moves) == 0:
		fmt.Fprintln(s.out, ", no moves")
		return nil
	case winning == 0:
		fmt.Fprintf(s.out, ", %s, none winning\n", words.Plural(len(moves), "move"))
	default:
		fmt.Fprintf(s.out, ", %s, %d winning\n", words.Plural(len(moves), "move"), winning)
	}
	shown := capOptions(rows)
	render.WriteColumns(s.out, "  ", shown, []bool{false, false, false, true, false, false})
	if hidden := len(rows) - len(shown); hidden > 0 {
		fmt.Fprintf(s.out, "  ... and %s, none of them winning\n", words.Plural(hidden, "more move"))
	}
	return nil
}

// maxOptionRows is the most moves :options lists when it does not list all:
// every winning move is listed, and the others up to this many rows.
const maxOptionRows = 24

// capOptions returns the header and the rows of :options to show: all of
// them when there are at most maxOptionRows, otherwise the winning moves and
// the first others, in their order, up to maxOptionRows.
func capOptions(rows [][]string) [][]string {
	if len(rows)-1 <= maxOptionRows {
		return rows
	}
	winning := 0
	for _, r := range rows[1:] {
		if len(r) > 5 {
			winning++
		}
	}
	others := max(maxOptionRows-winning, 0)
	out := rows[:1:1]
	for _, r := range rows[1:] {
		if len(r) > 5 {
			out = append(out, r)
		} else if others > 0 {
			out = append(out, r)
			others--
		}
	}
	return out
}

// scoringOptions lists the moves of a scoring game with what each earns, the
// score of where it leads (for the opponent, unless the move gives another
// move) and what the move is worth; the best are marked.
func (s *Session) scoringOptions(ctx context.Context, pos interp.Value) error {
	moves, value, err := s.in.ScoredMoves(ctx, pos)
	if err != nil {
		return err
	}
	outcome := map[bool]string{true: "N", false: "P"}[value > 0]
	if value == 0 {
		outcome = "D"
	}
	fmt.Fprintf(s.out, "%s: score %d, outcome %s", pos.Repr(), value, outcome)
	if len(moves) == 0 {
		fmt.Fprintln(s.out, ", no moves")
		return nil
	}
	rows := [][]string{{"move", "", "to", "gain", "", "next", "worth"}}
	best := 0
	for _, m := range moves {
		again := ""
		if m.Again {
			again = "again"
		}
		label := m.Name()
		row := []string{label, "->", m.To.Repr(), fmt.Sprint(m.Gain), again, fmt.Sprint(m.Next), fmt.Sprint(m.Value)}
		if m.Value == value {
			row = append(row, "best")
			best++
		}
		rows = append(rows, row)
	}
	fmt.Fprintf(s.out, ", %s, %d best\n", words.Plural(len(moves), "move"), best)
	render.WriteColumns(s.out, "  ", rows, []bool{false, false, false, true, false, true, true, false})
	return nil
}

// outcomeName is "P" for a P-position and "N" otherwise.
func outcomeName(isP bool) string {
	if isP {
		return "P"
	}
	return "N"
}

// example writes a position of g for messages, e.g. "Nim(3)" or "Wythoff(3, 3)".
func example(g *interp.Game) string {
	args := make([]string, len(g.Params))
	for i := range args {
		args[i] = "3"
	}
	return g.Name + "(" + strings.Join(args, ", ") + ")"
}
