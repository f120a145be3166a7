package teach

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
)

// Scoring games: explain and play by points, not by the last move.

// errMisereScoring refuses misère play of a scoring game.
var errMisereScoring = errors.New("misère play is a rule about who moves last; a scoring game is won by points, so it has no misère form")

// lead says how a final difference ends for the player it belongs to.
func lead(v int64) string {
	switch {
	case v > 0:
		return fmt.Sprintf("ahead by %s", words.Plural(int(v), "point"))
	case v < 0:
		return fmt.Sprintf("behind by %s", words.Plural(int(-v), "point"))
	}
	return "level (a draw)"
}

// outcomeOf is the outcome letter of a score.
func outcomeOf(v int64) string {
	switch {
	case v > 0:
		return "N"
	case v < 0:
		return "P"
	}
	return "D"
}

// worth says how a move's value is made: its points, then the score of where it
// leads, which belongs to the opponent unless the move gives another move.
func worth(m interp.ScoredMove) string {
	if m.Again {
		return fmt.Sprintf("scores %d and moves again, then %d more: %d + %s = %d", m.Gain, m.Next, m.Gain, signed(m.Next), m.Value)
	}
	return fmt.Sprintf("scores %d, then the opponent's best is %d: %d - %s = %d", m.Gain, m.Next, m.Gain, signed(m.Next), m.Value)
}

// signed writes a number as the second operand of a sum: negative ones in
// parentheses.
func signed(v int64) string {
	if v < 0 {
		return fmt.Sprintf("(%d)", v)
	}
	return strconv.FormatInt(v, 10)
}

// scoring explains a scoring game: the value of each move and why the best is best.
func (e *explainer) scoring(v interp.Value) error {
	if e.mode == interp.MiserePlay {
		return errMisereScoring
	}
	ms, value, err := e.in.ScoredMoves(e.ctx, v)
	if err != nil {
		return err
	}
	if len(ms) == 0 {
		e.printf("%s has no move: the game is over and nothing more is scored (score 0, outcome D).\n", e.name)
		return nil
	}
	e.printf("%s is a scoring game. With best play on both sides, the player to move ends %s: score %d, outcome %s.\n", e.name, lead(value), value, outcomeOf(value))
	e.printf("A move is worth its points minus the score of the position it leads to, where the opponent moves; after a move that gives another move, plus that score instead.\n")
	sorted := slices.Clone(ms)
	slices.SortStableFunc(sorted, func(a, b interp.ScoredMove) int { return cmp.Compare(b.Value, a.Value) })
	var rows [][2]string
	for i, m := range sorted {
		if i == listAll {
			rows = append(rows, [2]string{fmt.Sprintf("... and %d more", len(sorted)-i), fmt.Sprintf("each worth at most %d", m.Value)})
			break
		}
		rows = append(rows, [2]string{m.String(), worth(m)})
	}
	e.table(rows)
	var best []string
	for _, m := range ms {
		if m.Value == value {
			best = append(best, m.String())
		}
	}
	if len(best) == len(ms) {
		e.printf("Every move is worth %d, so every move is best.\n", value)
		return nil
	}
	next := sorted[len(best)].Value
	e.printf("Best: %s, worth %d. The next best move is worth %d: %d less, which the opponent would keep.\n", strings.Join(best, "; "), value, next, value-next)
	return nil
}

// scoreTurn is one move of a scoring game in play mode.
type scoreTurn struct {
	person bool
	m      interp.ScoredMove
	best   int64 // the value of the best move from the same position
}

// playScoring runs a game of a scoring game: points are kept, the computer plays
// a best move, and a move that gives another move keeps the turn.
func (p *player) playScoring(start interp.Value) error {
	first := "You move first."
	if p.opts.ComputerFirst {
		first = "The computer moves first."
	}
	p.say("%s is a scoring game: each move earns the points shown, a move marked again gives its player another move, and when no move is left whoever has more points wins. %s", start.Repr(), first)
	p.say("Choose a move by its number or its name. Type hint for a best move, moves to list the moves, explain to see what each move is worth, or quit.")
	pos, person := start, !p.opts.ComputerFirst
	points := map[bool]int64{}
	var turns []scoreTurn
	for {
		ms, value, err := p.in.ScoredMoves(p.ctx, pos)
		if err != nil {
			return err
		}
		if len(ms) == 0 {
			p.scoringEnd(pos, points, turns)
			return nil
		}
		var m interp.ScoredMove
		if person {
			m, err = p.personScoringMove(pos, ms, value, points)
		} else {
			m = bestMove(ms, value)
			p.say("Computer: %s%s", m.Move, gainNote(m.Move))
		}
		if errors.Is(err, errQuit) {
			return nil
		}
		if err != nil {
			return err
		}
		turns = append(turns, scoreTurn{person: person, m: m, best: value})
		points[person] += m.Gain
		if pos, err = p.tidy(m.To); err != nil {
			return err
		}
		if !m.Again {
			person = !person
		}
	}
}

// bestMove returns the first move worth value.
func bestMove(ms []interp.ScoredMove, value int64) interp.ScoredMove {
	for _, m := range ms {
		if m.Value == value {
			return m
		}
	}
	return ms[0]
}

// gainNote marks what a move earns, for lists of moves.
func gainNote(m *interp.Move) string {
	switch {
	case m.Gain != 0 && m.Again:
		return fmt.Sprintf("  (+%d, again)", m.Gain)
	case m.Gain != 0:
		return fmt.Sprintf("  (+%d)", m.Gain)
	case m.Again:
		return "  (again)"
	}
	return ""
}

// personScoringMove asks the person for a move of a scoring game.
func (p *player) personScoringMove(pos interp.Value, ms []interp.ScoredMove, value int64, points map[bool]int64) (interp.ScoredMove, error) {
	moves := make([]*interp.Move, len(ms))
	for i, m := range ms {
		moves[i] = m.Move
	}
	list := func() {
		w := len(strconv.Itoa(len(ms)))
		for i, m := range ms {
			p.printf("  %*d  %s%s\n", w, i+1, m.Move, gainNote(m.Move))
		}
	}
	p.printf("\nPosition: %s   Score: you %d, computer %d\n", pos.Repr(), points[true], points[false])
	if len(ms) <= maxListed {
		list()
	} else {
		p.printf("You have %d moves; type moves to list them.\n", len(ms))
	}
	for {
		line, err := p.readCommand(pos, moves)
		if err != nil {
			return interp.ScoredMove{}, err
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "moves", "m", "list":
			list()
			continue
		case "hint", "h", "?":
			b := bestMove(ms, value)
			p.say("Hint: %s is best: with best play from here you end %s.", b.Move, lead(value))
			continue
		}
		if done, err := p.explainOrHelp(line, pos, moves); done || err != nil {
			if err != nil {
				return interp.ScoredMove{}, err
			}
			continue
		}
		m, msg := choose(line, moves)
		if m != nil {
			i := slices.Index(moves, m)
			p.printf("You: %s%s\n", m, gainNote(m))
			return ms[i], nil
		}
		p.say("%s", msg)
	}
}

// scoringEnd gives the final score, the winner, and the person's costliest move.
func (p *player) scoringEnd(pos interp.Value, points map[bool]int64, turns []scoreTurn) {
	you, it := points[true], points[false]
	p.printf("\nPosition: %s\n", pos.Repr())
	result := "it is a draw"
	switch {
	case you > it:
		result = fmt.Sprintf("you win by %s", words.Plural(int(you-it), "point"))
	case you < it:
		result = fmt.Sprintf("the computer wins by %s", words.Plural(int(it-you), "point"))
	}
	p.say("No moves are left. Final score: you %d, computer %d: %s.", you, it, result)
	worst := -1
	for i, t := range turns {
		if t.person && t.best-t.m.Value > 0 && (worst < 0 || t.best-t.m.Value > turns[worst].best-turns[worst].m.Value) {
			worst = i
		}
	}
	if worst >= 0 {
		t := turns[worst]
		p.say("Why: your costliest move was %s, worth %d where the best move was worth %d: it gave away %s. (Type hint before a move to see a best one.)", t.m.Move, t.m.Value, t.best, words.Plural(int(t.best-t.m.Value), "point"))
		return
	}
	for _, t := range turns {
		if t.person {
			p.say("Why: every move you made was a best move, so this is the score that best play gives.")
			return
		}
	}
	if len(turns) > 0 {
		p.say("Why: the computer's moves each gave it another move, so you never had one.")
	}
}
