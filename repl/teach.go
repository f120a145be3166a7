package repl

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/teach"
)

// splitMode takes a trailing "misere" (or "normal") off a command's argument.
func splitMode(p piece) (piece, interp.Mode) {
	for word, mode := range map[string]interp.Mode{"misere": interp.MiserePlay, "misère": interp.MiserePlay, "normal": interp.NormalPlay} {
		if rest, ok := strings.CutSuffix(p.text, word); ok && strings.HasSuffix(rest, " ") {
			return piece{strings.TrimSpace(rest), p.off}, mode
		}
	}
	return p, interp.NormalPlay
}

// splitSide takes a trailing "as left", "as right", "left" or "right" off
// :play's argument: the side the person plays in a partizan game.
func splitSide(p piece) (piece, lang.Side) {
	for word, side := range map[string]lang.Side{"left": lang.Left, "right": lang.Right} {
		rest, ok := strings.CutSuffix(p.text, word)
		if !ok || !strings.HasSuffix(rest, " ") {
			continue
		}
		rest = strings.TrimSpace(rest)
		if r, ok := strings.CutSuffix(rest, " as"); ok {
			rest = strings.TrimSpace(r)
		}
		return piece{rest, p.off}, side
	}
	return p, lang.Both
}

// position evaluates a command's POS argument, which must be a position or a sum.
func (s *Session) position(ctx context.Context, inv invocation, p piece, cmd string) (interp.Value, error) {
	pos, err := s.eval(ctx, inv, p)
	if err != nil {
		return pos, err
	}
	switch pos.K {
	case interp.KPos, interp.KSum:
		return pos, nil
	case interp.KGame:
		g := pos.R.(*interp.Game)
		return pos, errorAt(inv, p, "%s is a game; :%s needs one of its positions, such as %s", g.Name, cmd, example(g))
	}
	return pos, errorAt(inv, p, ":%s needs a game position or a sum, but this is %s %s", cmd, pos.K, words.Abbreviate(pos.Repr(), 40))
}

func (s *Session) explain(ctx context.Context, inv invocation) error {
	if inv.arg == "" {
		return errors.New("write :explain POS, e.g. :explain Nim(3) + Nim(5)")
	}
	p, mode := splitMode(piece{inv.arg, inv.argOff})
	pos, err := s.position(ctx, inv, p, "explain")
	if err != nil {
		return err
	}
	text, err := teach.Explain(ctx, s.in, pos, mode)
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, text)
	return nil
}

func (s *Session) play(ctx context.Context, inv invocation) error {
	if inv.arg == "" {
		return errors.New("write :play POS, e.g. :play Nim(3) + Nim(5)")
	}
	if s.moves == nil {
		return errors.New(":play needs the shell's input to read your moves from")
	}
	p, side := splitSide(piece{inv.arg, inv.argOff})
	p, mode := splitMode(p)
	pos, err := s.position(ctx, inv, p, "play")
	if err != nil {
		return err
	}
	// A script's moves are echoed, so that the transcript reads like a session.
	input, script := s.moves(ctx)
	opts := teach.PlayOptions{Mode: mode, As: side, Echo: script}
	if s.playLines != nil && !script {
		read, done := s.playLines()
		defer done()
		opts.ReadLine = read
	}
	return teach.Play(ctx, s.in, pos, opts, input, s.out)
}
