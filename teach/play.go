package teach

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// PlayOptions sets up a game of play mode.
type PlayOptions struct {
	Mode          interp.Mode
	ComputerFirst bool // the computer makes the first move
	// As is the side the person plays in a partizan game: lang.Left or
	// lang.Right; lang.Both asks at the start.
	As lang.Side
	// Echo writes each line read after its prompt, so that a transcript made
	// from input that is not a terminal reads as a dialogue.
	Echo bool
	// ReadLine, when set, shows prompt and reads the person's line itself,
	// with line editing and history (the command line and the shell give
	// liner's on a terminal), in place of reading r. It returns io.EOF at the
	// end of the input and ErrStopped when the person pressed Ctrl-C.
	ReadLine func(prompt string) (string, error)
	// OnPrompt, when set, is called each time the person is asked for a move,
	// with the position and its moves as numbered in the dialogue (the page in
	// the browser shows them as buttons).
	OnPrompt func(pos interp.Value, moves []*interp.Move)
}

// Play lets a person play start (a position or sum) against the computer,
// reading the person's commands line by line from r and writing the game to
// w. The person chooses a move by its number or its name (such as "take 2
// from Nim(5)"), and may ask for a hint, the list of moves, an explanation of
// the position, or quit. The computer plays a winning move when there is one
// (in normal play the one that wins soonest, so that a loopy game cannot escape
// into a loop), keeps a draw when it cannot win and says so, and otherwise plays
// the move that leaves the most moves, to make the game last.
// When the game ends, Play says who won and why. It returns nil when the game
// ends, the person quits or the input ends, and an error only when a position
// cannot be computed.
func Play(ctx context.Context, in *interp.Interp, start interp.Value, opts PlayOptions, r io.Reader, w io.Writer) error {
	if _, ok := interp.Components(start); !ok {
		return fmt.Errorf("play needs a game position or a sum of positions, not %s %s", start.K, start.Repr())
	}
	// A *bufio.Reader is used as it is, so that a shell reading its own entries from
	// it can hand it over without losing what it had buffered.
	p := &player{judge: judge{ctx, in, opts.Mode}, opts: opts, input: bufio.NewReader(r), w: w}
	if interp.IsPartizan(start) {
		if opts.Mode == interp.MiserePlay {
			return errMiserePartizan
		}
		return p.playPartizan(start)
	}
	if interp.IsScoring(start) {
		if opts.Mode == interp.MiserePlay {
			return errMisereScoring
		}
		return p.playScoring(start)
	}
	return p.play(start)
}

// player is one game of play mode in progress.
type player struct {
	judge
	opts  PlayOptions
	input *bufio.Reader
	w     io.Writer
	turns []turn
	seen  map[string]int // how often each draw (D-position) was reached
}

// turn is one move made in the game.
type turn struct {
	person bool
	m      *interp.Move
	fromP  bool // whether the position moved from was a P-position
	toP    bool // whether the move led to a P-position
}

func (p *player) printf(format string, args ...any) { fmt.Fprintf(p.w, format, args...) }

// say writes a line of prose, wrapped to lineWidth columns.
func (p *player) say(format string, args ...any) {
	fmt.Fprintln(p.w, words.Wrap(fmt.Sprintf(format, args...), lineWidth))
}

// errQuit ends the game at the person's request or at the end of the input.
var errQuit = errors.New("quit")

// ErrStopped is what PlayOptions.ReadLine returns when the person pressed
// Ctrl-C at the prompt: the game stops, as if they had typed quit.
var ErrStopped = errors.New("stopped at the prompt")

// play runs the game from start.
func (p *player) play(start interp.Value) error {
	first := "You move first."
	if p.opts.ComputerFirst {
		first = "The computer moves first."
	}
	p.say("%s, in %s: %s. %s", start.Repr(), p.mode, rule(p.mode), first)
	p.say("Choose a move by its number or its name. Type hint for a winning move, moves to list the moves, explain to see why the position is won or lost, or quit.")
	pos, person := start, !p.opts.ComputerFirst
	for {
		ms, err := p.moves(pos)
		var tooMany *interp.TooManyMovesError
		if errors.As(err, &tooMany) {
			p.say("\n%s has more than %d moves: too many to play here.", tooMany.Pos.Repr(), tooMany.Limit)
			return nil
		}
		if err != nil {
			return err
		}
		if len(ms) == 0 {
			p.end(pos, person)
			return nil
		}
		from, err := p.outcomeOf(pos)
		if err != nil {
			return err
		}
		fromP := from == 'P'
		// A draw that comes back: offered the second time, declared the third.
		repeats := 0
		if from == 'D' {
			if p.seen == nil {
				p.seen = map[string]int{}
			}
			p.seen[key(pos)]++
			repeats = p.seen[key(pos)]
		}
		if repeats >= drawRepeats {
			p.showPosition(pos, "")
			p.say("This position has come back a third time: the game is a draw by repetition. Neither player can force a win from it, so with best play the game would go on forever.")
			return nil
		}
		var m *interp.Move
		if person {
			m, err = p.personMove(pos, ms, from, repeats > 1)
		} else {
			m, err = p.computerMove(pos, ms, from)
		}
		if errors.Is(err, errQuit) {
			return nil
		}
		if err != nil {
			return err
		}
		toP, err := p.isP(m.To)
		if err != nil {
			return err
		}
		p.turns = append(p.turns, turn{person: person, m: m, fromP: fromP, toP: toP})
		if pos, err = p.tidy(m.To); err != nil {
			return err
		}
		person = !person
	}
}

// drawRepeats is how many times a draw (a D-position) must occur for the game
// to end as a draw by repetition; from the time before, the person may agree
// to one.
const drawRepeats = 3

// maxListed is the most moves listed at every turn; more are listed on request.
const maxListed = 24

// personMove asks the person for a move until one is chosen. When repeated,
// the position is a draw that has come back, and the person may agree to a
// draw by repetition.
func (p *player) personMove(pos interp.Value, all []*interp.Move, from byte, repeated bool) (*interp.Move, error) {
	// The same move in equal parts of a sum is listed once.
	var ms []*interp.Move
	for _, d := range distinct(all) {
		ms = append(ms, d.m)
	}
	p.showPosition(pos, "")
	if len(ms) <= maxListed {
		p.listMoves(ms)
	} else {
		p.printf("You have %d moves; type moves to list them.\n", len(ms))
	}
	if repeated {
		p.say("This position has come back, and it is a draw: neither player can force a win. Type draw to agree to a draw by repetition, or play on (a third time ends the game as a draw).")
	}
	for {
		line, err := p.readCommand(pos, ms)
		if err != nil {
			return nil, err
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "draw":
			if repeated {
				p.say("You and the computer agree to a draw by repetition: with best play neither can force a win, and the game would go on forever.")
				return nil, errQuit
			}
			if from == 'D' {
				p.say("The computer plays on: a draw by repetition is agreed once this position comes back.")
			} else {
				p.say("The computer plays on: this is not a draw, so one player can force a win (type hint to see how the game stands).")
			}
			continue
		case "moves", "m", "list":
			p.listMoves(ms)
			continue
		case "hint", "h", "?":
			if err := p.hint(ms, from); err != nil {
				return nil, err
			}
			continue
		}
		if done, err := p.explainOrHelp(line, pos, ms); done || err != nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		m, msg := choose(line, ms)
		if m != nil {
			p.printf("You: %s\n", m)
			return m, nil
		}
		p.say("%s", msg)
	}
}

// readCommand prompts for the person's move among ms and reads one line. It
// returns errQuit when the person quits or the input ends.
func (p *player) readCommand(pos interp.Value, ms []*interp.Move) (string, error) {
	if p.opts.OnPrompt != nil {
		p.opts.OnPrompt(pos, ms)
	}
	var text string
	var err error
	if p.opts.ReadLine != nil {
		text, err = p.opts.ReadLine("Your move> ")
		switch {
		case errors.Is(err, ErrStopped):
			p.printf("You stopped the game.\n")
			return "", errQuit
		case err != nil && !errors.Is(err, io.EOF):
			return "", err
		}
	} else {
		p.printf("Your move> ")
		text, err = p.input.ReadString('\n')
	}
	if err != nil && text == "" {
		if err := p.ctx.Err(); err != nil {
			return "", err // interrupted while waiting for the person
		}
		p.printf("\n(The input ended; the game stops here.)\n")
		return "", errQuit
	}
	line := strings.TrimSpace(text)
	if p.opts.Echo {
		p.printf("%s\n", line)
	}
	switch strings.ToLower(line) {
	case "quit", "q", "exit":
		p.printf("You stopped the game.\n")
		return "", errQuit
	}
	return line, nil
}

// explainOrHelp answers the commands explain and help, which every game has,
// and reports whether line was one of them.
func (p *player) explainOrHelp(line string, pos interp.Value, ms []*interp.Move) (bool, error) {
	switch strings.ToLower(line) {
	case "explain", "why":
		text, err := Explain(p.ctx, p.in, pos, p.mode)
		if err != nil {
			return true, err
		}
		p.printf("%s\n", text)
		return true, nil
	case "help":
		p.say("Type a move's number (1 to %d) or its name, such as %q; or hint, moves, explain, quit.", len(ms), shortName(ms[len(ms)-1]))
		return true, nil
	}
	return false, nil
}

// listMoves writes the moves, numbered from 1.
func (p *player) listMoves(ms []*interp.Move) {
	w := len(strconv.Itoa(len(ms)))
	for i, m := range ms {
		p.printf("  %*d  %s\n", w, i+1, MoveText(m))
	}
}

// MoveText is a move as play lists it: without the position it leads to when
// that position's game draws its boards (the board is drawn after the move).
func MoveText(m *interp.Move) string {
	parts, _ := interp.Components(m.PartTo)
	for _, p := range parts {
		if p.Pos().Game.HasShow() {
			return m.Name()
		}
	}
	return m.String()
}

// hint names a winning move, or says there is none.
func (p *player) hint(ms []*interp.Move, from byte) error {
	if from == 'D' {
		keep, err := p.drawing(ms)
		if err != nil || len(keep) == 0 {
			return err
		}
		others := ""
		if len(keep) < len(ms) {
			others = ", and any move to an N-position loses"
		}
		p.say("Hint: no move wins here, because this is a draw; %s keeps the draw (play can go on forever)%s.", keep[0], others)
		return nil
	}
	if from == 'P' {
		p.say("Hint: there is no winning move, because this is a P-position: every move leads to an N-position, and the computer can answer each one. Play on and hope for a mistake.")
		return nil
	}
	wins, err := p.winning(ms)
	if err != nil || len(wins) == 0 {
		return err
	}
	p.say("Hint: %s leads to a P-position, where whoever moves loses.", wins[0])
	return nil
}

// computerMove picks the computer's move: a winning one if it can (the one
// that wins soonest, when that is cheap to find), the draw if it cannot win,
// otherwise one that makes the game last.
func (p *player) computerMove(pos interp.Value, ms []*interp.Move, from byte) (*interp.Move, error) {
	switch from {
	case 'N':
		wins, err := p.winning(ms)
		if err != nil {
			return nil, err
		}
		if len(wins) > 1 {
			if wins, err = p.soonest(pos, wins); err != nil {
				return nil, err
			}
		}
		if len(wins) > 0 {
			p.printf("Computer: %s\n", wins[0])
			return wins[0], nil
		}
	case 'D':
		keep, err := p.drawing(ms)
		if err != nil {
			return nil, err
		}
		if len(keep) > 0 {
			p.say("Computer: %s (it cannot win from here, so it keeps the draw: play can go on forever)", keep[0])
			return keep[0], nil
		}
	}
	if len(ms) == 1 {
		p.say("Computer: %s (its only move)", ms[0])
		return ms[0], nil
	}
	m, err := p.prolonging(ms)
	if err != nil {
		return nil, err
	}
	p.say("Computer: %s (it has no winning move; this one leaves you the most moves)", m)
	return m, nil
}

// showPosition writes the position, with what note adds after its name, and
// below it the board its game's show clause draws, if it has one.
func (p *player) showPosition(pos interp.Value, note string) {
	p.printf("\nPosition: %s%s\n", pos.Repr(), note)
	if text, drawn, err := p.in.Show(p.ctx, pos); err == nil && drawn {
		for _, line := range strings.Split(text, "\n") {
			p.printf("  %s\n", line)
		}
	}
}

// end announces the winner when the player to move (the person if person is
// true) has no move in pos, and says why.
func (p *player) end(pos interp.Value, person bool) {
	p.showPosition(pos, "")
	personWon := person == (p.mode == interp.MiserePlay) // in misère play the player who cannot move wins
	who := map[bool]string{true: "You", false: "The computer"}
	how := fmt.Sprintf("%s made the last move", who[!person])
	if len(p.turns) == 0 {
		how = fmt.Sprintf("%s cannot move at all", who[person])
	}
	winner := "the computer wins"
	if personWon {
		winner = "you win"
	}
	p.say("No moves are left. %s, so %s (%s: %s).", how, winner, p.mode, rule(p.mode))
	if len(p.turns) > 0 {
		p.say("%s", p.why(personWon))
	}
}

// why explains the result from the moves made: where the loser went wrong,
// or that the loser never had a chance.
func (p *player) why(personWon bool) string {
	if personWon {
		// The first of the person's moves from which every move of theirs led
		// to a P-position.
		from := -1
		for i, t := range p.turns {
			if !t.person {
				continue
			}
			if !t.toP {
				from = -1
			} else if from < 0 {
				from = i
			}
		}
		if from < 0 {
			return "Why: the computer made a mistake you could use."
		}
		first := p.turns[from]
		if from == firstPersonTurn(p.turns) && !first.fromP {
			return "Why: you started from an N-position, and every move you made led to a P-position, so the computer never had a good answer. Well played!"
		}
		return fmt.Sprintf("Why: from your move %s on, every move you made led to a P-position, so the computer never had a good answer. Well played!", first.m)
	}
	for _, t := range p.turns {
		if t.person && !t.fromP && !t.toP {
			return fmt.Sprintf("Why: your move %s left an N-position, from which the computer could win. From then on the computer always moved to a P-position. (Type hint before a move to see a winning one.)", t.m)
		}
	}
	return "Why: every time it was your turn, the position was a P-position: every move you had led to an N-position, and the computer answered each with a move back to a P-position."
}

// firstPersonTurn returns the index of the person's first move, or -1.
func firstPersonTurn(ts []turn) int {
	for i, t := range ts {
		if t.person {
			return i
		}
	}
	return -1
}

// choose finds the move that the person typed: its number, its full name,
// its name without the position it leads to, or its label and values alone
// (such as "take 2" or "knock 1, 3") when that is unambiguous. It returns the
// move, or a message saying what is wrong.
func choose(line string, ms []*interp.Move) (*interp.Move, string) {
	if n, err := strconv.Atoi(line); err == nil {
		if n >= 1 && n <= len(ms) {
			return ms[n-1], ""
		}
		return nil, fmt.Sprintf("There is no move %d: choose 1 to %d.", n, len(ms))
	}
	want := squash(line)
	var found []*interp.Move
	for _, m := range ms {
		for _, name := range moveNames(m) {
			if squash(name) == want {
				found = append(found, m)
				break
			}
		}
	}
	switch {
	case len(found) == 0:
		return nil, fmt.Sprintf("%q is not a move here. Type a move's number (1 to %d) or its name, such as %q; or hint, moves, explain, quit.", line, len(ms), shortName(ms[0]))
	case len(found) == 1:
		return found[0], ""
	}
	for _, m := range found[1:] {
		if key(m.To) != key(found[0].To) {
			var names []string
			for _, m := range found[:min(len(found), 4)] {
				names = append(names, strconv.Quote(shortName(m)))
			}
			return nil, fmt.Sprintf("%q could be %d moves, such as %s: say which.", line, len(found), strings.Join(names, " or "))
		}
	}
	return found[0], "" // the same move in equal parts
}

// moveNames lists the ways a person may write a move: in full, without where
// it leads, with commas between its variables ("k=1, i=0"), and by its label
// and the values of its variables (in a sum, with or without the part it is
// made in).
func moveNames(m *interp.Move) []string {
	short := shortName(m)
	names := []string{m.String(), short}
	var vals, named []string
	for _, b := range m.Bindings {
		vals = append(vals, b.Value.Repr())
		named = append(named, b.Name+"="+b.Value.Repr())
	}
	if len(named) > 1 {
		names = append(names, strings.TrimSpace(m.Label+" "+strings.Join(named, ", ")))
	}
	bare := strings.TrimSpace(m.Label + " " + strings.Join(vals, ", "))
	if bare != "" {
		names = append(names, bare)
		if m.InSum {
			names = append(names, bare+" from "+m.Part.Repr())
		}
	}
	if m.InSum {
		if label, _, ok := strings.Cut(short, " from "); ok {
			names = append(names, label)
		}
	}
	return names
}

// shortName names a move without the position it leads to, such as "take 2
// from Nim(5)".
func shortName(m *interp.Move) string {
	short, _, _ := strings.Cut(m.String(), " -> ")
	return short
}

// squash lowercases s and drops its spaces, so that "Take 2 from nim(5)"
// matches "take 2 from Nim(5)".
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}
