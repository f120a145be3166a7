package teach

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/cgt"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// Partizan games: Left and Right have different moves, and a position is
// explained by its value, a canonical form in CGSuite's notation. Left wins
// moving second exactly when the value is >= 0, Right when it is <= 0.

// errMiserePartizan refuses misère play of a partizan game.
var errMiserePartizan = errors.New("misère play of partizan games is not covered: grundy explains and plays partizan games in normal play (the last player to move wins), by their values")

// sideName is "Left" or "Right".
func sideName(s lang.Side) string {
	if s == lang.Right {
		return "Right"
	}
	return "Left"
}

// other is the other player.
func other(s lang.Side) lang.Side {
	if s == lang.Right {
		return lang.Left
	}
	return lang.Right
}

// winsSecond reports whether side wins a game of value f when the other player
// moves first: f >= 0 for Left, f <= 0 for Right.
func winsSecond(sp *cgt.Space, f cgt.Game, side lang.Side) bool {
	if side == lang.Left {
		return sp.LessEq(sp.Zero(), f)
	}
	return sp.LessEq(f, sp.Zero())
}

// outcomeWords says who wins a game of value f, in words.
func outcomeWords(sp *cgt.Space, f cgt.Game) string {
	switch sp.Outcome(f) {
	case cgt.L:
		return "Left wins, whoever moves first"
	case cgt.R:
		return "Right wins, whoever moves first"
	case cgt.N:
		return "whoever moves first wins"
	}
	return "whoever moves first loses (the value is 0)"
}

// outcomeLetter is the outcome class of f: L, R, N or P.
func outcomeLetter(sp *cgt.Space, f cgt.Game) string {
	return [...]string{cgt.P: "P", cgt.N: "N", cgt.L: "L", cgt.R: "R"}[sp.Outcome(f)]
}

// sideMove is one player's move with the value it leads to.
type sideMove struct {
	m   *interp.Move
	val cgt.Game
	win bool // the move wins for the player who makes it
}

// sideMoves lists side's moves from v with the values they lead to.
func (j judge) sideMoves(v interp.Value, side lang.Side) ([]sideMove, error) {
	sp := j.in.Space()
	if v.K == interp.KValue {
		// A game value's moves are to its canonical form's options.
		opts := v.Form().LeftOptions()
		if side == lang.Right {
			opts = v.Form().RightOptions()
		}
		out := make([]sideMove, len(opts))
		for i, o := range opts {
			to := interp.Canon(o)
			m := &interp.Move{Side: side, Label: "to " + o.String(), From: v, Part: v, PartTo: to, To: to}
			out[i] = sideMove{m: m, val: o, win: winsSecond(sp, o, side)}
		}
		return out, nil
	}
	ms, err := j.in.SideMoves(j.ctx, v, side)
	if err != nil {
		return nil, err
	}
	out := make([]sideMove, len(ms))
	for i, m := range ms {
		f, err := j.in.GameValue(j.ctx, m.To)
		if err != nil {
			return nil, err
		}
		out[i] = sideMove{m: m, val: f, win: winsSecond(sp, f, side)}
	}
	return out, nil
}

// explainPartizan explains a position or sum of a partizan game by its value.
func (e *explainer) explainPartizan(v interp.Value, parts []interp.Value) error {
	sp := e.in.Space()
	f, err := e.in.GameValue(e.ctx, v)
	if err != nil {
		return err
	}
	if v.K == interp.KValue {
		e.printf("The game %s: %s.\n", f, outcomeWords(sp, f))
	} else {
		e.printf("%s has value %s: %s.\n", e.name, f, outcomeWords(sp, f))
	}
	if len(parts) > 1 {
		vals := make([]string, 0, len(parts))
		for _, p := range parts[:min(len(parts), listParts)] {
			pf, err := e.in.GameValue(e.ctx, p)
			if err != nil {
				return err
			}
			vals = append(vals, parenthesize(pf.String()))
		}
		if len(parts) > listParts {
			vals = append(vals, "...")
		}
		e.printf("It is a sum of %d games: each move is made in one of them, and its value is the sum of theirs: %s = %s.\n", len(parts), strings.Join(vals, " + "), f)
	}
	e.valueNote(f)
	e.printf("Left wins moving second exactly when the value is >= 0, and Right when it is <= 0: a move wins for Left when it leads to a value >= 0, for Right to a value <= 0.\n")
	for _, side := range []lang.Side{lang.Left, lang.Right} {
		ms, err := e.sideMoves(v, side)
		if err != nil {
			return err
		}
		e.printf("\n")
		e.sideTable(f, side, ms)
	}
	return nil
}

// valueNote says what kind of value f is: a number, an infinitesimal, or a hot
// game with its mean and temperature.
func (e *explainer) valueNote(f cgt.Game) {
	sp := e.in.Space()
	if x, ok := f.Number(); ok {
		switch x.Sign() {
		case 0:
		case 1:
			e.printf("Its value is a number: Left is %s %s ahead, and a number is never worth moving in.\n", x, pluralMoves(x))
		default:
			e.printf("Its value is a number: Right is %s %s ahead, and a number is never worth moving in.\n", x.Neg(), pluralMoves(x.Neg()))
		}
		return
	}
	t := sp.Temperature(f)
	if t.Sign() > 0 {
		e.printf("It is hot (temperature %s): both players are eager to move. Left moving first can reach %s, Right moving first %s; its mean is %s.\n",
			t, sp.LeftStop(f), sp.RightStop(f), sp.Mean(f))
	} else if m := sp.Mean(f); t.Sign() == 0 && m.Sign() == 0 {
		e.printf("It is an infinitesimal (temperature 0): it lies between every negative and every positive number.\n")
	} else if t.Sign() == 0 {
		e.printf("It is %s plus an infinitesimal (temperature 0): it lies between every number below %s and every number above.\n", m, m)
	}
}

// pluralMoves is "move" or "moves" after a number x, or "of a move" after
// a fraction less than 1 ("1/4 of a move").
func pluralMoves(x cgt.Dyadic) string {
	switch {
	case x == cgt.Int(1):
		return "move"
	case x.Less(cgt.Int(1)):
		return "of a move"
	}
	return "moves"
}

// parenthesize puts a value with a sign or a plus inside parentheses, for a sum.
func parenthesize(s string) string {
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "±") {
		return "(" + s + ")"
	}
	return s
}

// sideTable lists one player's moves with the values they lead to, marking
// the winning ones.
func (e *explainer) sideTable(from cgt.Game, side lang.Side, ms []sideMove) {
	sp := e.in.Space()
	who := sideName(side)
	if len(ms) == 0 {
		e.printf("%s has no move: %s moving first loses at once.\n", who, who)
		return
	}
	var wins []sideMove
	for _, m := range ms {
		if m.win {
			wins = append(wins, m)
		}
	}
	e.printf("%s's moves (%d), with the value each leads to:\n", who, len(ms))
	shown := ms
	if len(ms) > listAll {
		shown = wins[:min(len(wins), listAll)]
		if len(wins) == 0 {
			shown = ms[:listExample]
		}
	}
	// Each row reads "±1 -> 1 (L)": from the value to the option's, the
	// first left out when it is too long to repeat on every row.
	fromText := from.String() + " "
	if len([]rune(fromText)) > 12 {
		fromText = ""
	}
	rows := make([][2]string, len(shown))
	for i, m := range shown {
		mark := ""
		if m.win {
			mark = "  wins"
		}
		rows[i] = [2]string{shortName(m.m), fmt.Sprintf("%s-> %s (%s)%s", fromText, m.val, outcomeLetter(sp, m.val), mark)}
	}
	e.table(rows)
	if len(ms) > len(shown) {
		more := "none of them wins"
		if len(wins) > len(shown) {
			more = "some of them winning"
		} else if len(wins) > 0 {
			more = "none of them winning"
		}
		e.printf("  and %d more, %s\n", len(ms)-len(shown), more)
	}
	switch {
	case len(wins) == 0:
		e.printf("%s has no winning move: every move leads to a value that is not %s 0, from which %s, moving next, wins.\n", who, map[lang.Side]string{lang.Left: ">=", lang.Right: "<="}[side], sideName(other(side)))
	case len(wins) == 1:
		e.printf("%s's winning move is %s: it takes the game from %s to %s, which %s wins moving second.\n", who, shortName(wins[0].m), from, wins[0].val, who)
	default:
		e.printf("%s has %d winning moves; for example %s takes the game from %s to %s, which %s wins moving second.\n", who, len(wins), shortName(wins[0].m), from, wins[0].val, who)
	}
}

// pturn is one move of a partizan game in play mode.
type pturn struct {
	person   bool
	m        sideMove
	from     cgt.Game
	couldWin bool // the player had a winning move
}

// playPartizan runs a game of a partizan position: the person plays Left or
// Right (asked when PlayOptions.As does not say), the computer the other side.
func (p *player) playPartizan(start interp.Value) error {
	sp := p.in.Space()
	side := p.opts.As
	// The question as two moves, for a page that shows moves as buttons.
	choices := []*interp.Move{{Label: "play as Left", From: start, Part: start, PartTo: start, To: start},
		{Label: "play as Right", From: start, Part: start, PartTo: start, To: start}}
	for side == lang.Both {
		if p.opts.OnPrompt != nil {
			p.opts.OnPrompt(start, choices)
		}
		p.printf("Play as Left or Right? ")
		text, err := p.input.ReadString('\n')
		if err != nil && text == "" {
			p.printf("\n(The input ended; the game stops here.)\n")
			return nil
		}
		line := strings.ToLower(strings.TrimSpace(text))
		if p.opts.Echo {
			p.printf("%s\n", line)
		}
		switch line {
		case "l", "left", "1":
			side = lang.Left
		case "r", "right", "2":
			side = lang.Right
		case "q", "quit", "exit":
			return nil
		default:
			p.say("Type left or right (l or r).")
		}
	}
	f, err := p.in.GameValue(p.ctx, start)
	if err != nil {
		return err
	}
	mover := side
	first := "You move first."
	if p.opts.ComputerFirst {
		mover, first = other(side), "The computer moves first."
	}
	p.say("%s has value %s: %s. You play %s, the computer plays %s. %s", start.Repr(), f, outcomeWords(sp, f), sideName(side), sideName(other(side)), first)
	p.say("Choose a move by its number or its name. Type hint for a winning move, moves to list your moves, explain to see the values of every move, or quit.")
	pos := start
	var turns []pturn
	for {
		ms, err := p.sideMoves(pos, mover)
		if err != nil {
			return err
		}
		if f, err = p.in.GameValue(p.ctx, pos); err != nil {
			return err
		}
		if len(ms) == 0 {
			p.partizanEnd(pos, f, mover, side, turns)
			return nil
		}
		couldWin := false
		for _, m := range ms {
			couldWin = couldWin || m.win
		}
		var m sideMove
		if mover == side {
			m, err = p.personSideMove(pos, f, side, ms)
		} else {
			m = bestSideMove(sp, mover, ms)
			p.say("Computer (%s): %s, from %s to %s", sideName(mover), shortName(m.m), f, m.val)
		}
		if errors.Is(err, errQuit) {
			return nil
		}
		if err != nil {
			return err
		}
		turns = append(turns, pturn{person: mover == side, m: m, from: f, couldWin: couldWin})
		if pos, err = p.tidy(m.m.To); err != nil {
			return err
		}
		mover = other(mover)
	}
}

// personSideMove asks the person for a move among ms until one is chosen.
func (p *player) personSideMove(pos interp.Value, f cgt.Game, side lang.Side, ms []sideMove) (sideMove, error) {
	moves := make([]*interp.Move, len(ms))
	for i, m := range ms {
		moves[i] = m.m
	}
	p.showPosition(pos, fmt.Sprintf(", value %s (you are %s, to move)", f, sideName(side)))
	if len(moves) <= maxListed {
		p.listMoves(moves)
	} else {
		p.printf("You have %d moves; type moves to list them.\n", len(moves))
	}
	for {
		line, err := p.readCommand(pos, moves)
		if err != nil {
			return sideMove{}, err
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "moves", "m", "list":
			p.listMoves(moves)
			continue
		case "hint", "h", "?":
			p.sideHint(f, side, ms)
			continue
		}
		if done, err := p.explainOrHelp(line, pos, moves); done || err != nil {
			if err != nil {
				return sideMove{}, err
			}
			continue
		}
		m, msg := choose(line, moves)
		if m == nil {
			p.say("%s", msg)
			continue
		}
		for _, sm := range ms {
			if sm.m == m {
				p.say("You (%s): %s, from %s to %s", sideName(side), shortName(m), f, sm.val)
				return sm, nil
			}
		}
	}
}

// sideHint names a winning move for side, or says why there is none.
func (p *player) sideHint(f cgt.Game, side lang.Side, ms []sideMove) {
	sp := p.in.Space()
	for _, m := range ms {
		if m.win {
			p.say("Hint: %s takes the game from %s to %s, which you win with %s to move (%s).", shortName(m.m), f, m.val, sideName(other(side)), winReason(side))
			return
		}
	}
	best := bestSideMove(sp, side, ms)
	p.say("Hint: no move wins here: every move leads to a value that %s wins moving first (%s). The least bad is %s, to %s; play on and hope for a mistake.", sideName(other(side)), winReason(side), shortName(best.m), best.val)
}

// winReason says which values side wins moving second.
func winReason(side lang.Side) string {
	if side == lang.Left {
		return "Left wins moving second exactly when the value is >= 0"
	}
	return "Right wins moving second exactly when the value is <= 0"
}

// bestSideMove picks side's move: a winning one when there is one, and among
// those (or among all, when none wins) the one best for side: the highest
// right stop for Left (Right moves next), the lowest left stop for Right, then
// the best mean.
func bestSideMove(sp *cgt.Space, side lang.Side, ms []sideMove) sideMove {
	better := func(a, b sideMove) bool { // a is better than b for side
		if a.win != b.win {
			return a.win
		}
		if side == lang.Left {
			if c := sp.RightStop(a.val).Cmp(sp.RightStop(b.val)); c != 0 {
				return c > 0
			}
			return sp.Mean(b.val).Less(sp.Mean(a.val))
		}
		if c := sp.LeftStop(a.val).Cmp(sp.LeftStop(b.val)); c != 0 {
			return c < 0
		}
		return sp.Mean(a.val).Less(sp.Mean(b.val))
	}
	best := ms[0]
	for _, m := range ms[1:] {
		if better(m, best) {
			best = m
		}
	}
	return best
}

// partizanEnd announces the winner when mover cannot move in pos, and says why.
func (p *player) partizanEnd(pos interp.Value, f cgt.Game, mover, side lang.Side, turns []pturn) {
	p.showPosition(pos, ", value "+f.String())
	winner := "the computer wins"
	if mover != side {
		winner = "you win"
	}
	if len(turns) == 0 {
		p.say("%s cannot move at all, so %s loses: %s (whoever makes the last move wins).", sideName(mover), sideName(mover), winner)
		return
	}
	p.say("%s has no move left, so %s loses: %s (whoever makes the last move wins).", sideName(mover), sideName(mover), winner)
	if mover != side {
		p.say("Why: every move you made kept a value you win. Well played!")
		for _, t := range turns {
			if !t.person && t.couldWin && !t.m.win {
				p.say("(The computer's move %s, from %s to %s, was a mistake you could use.)", shortName(t.m.m), t.from, t.m.val)
				break
			}
		}
		return
	}
	for _, t := range turns {
		if t.person && t.couldWin && !t.m.win {
			p.say("Why: your move %s took the game from %s to %s, which %s wins moving first; from then on the computer kept a winning value. (Type hint before a move to see a winning one.)",
				shortName(t.m.m), t.from, t.m.val, sideName(other(side)))
			return
		}
	}
	p.say("Why: at each of your turns no move won: every move you had led to a value that %s wins moving first.", sideName(other(side)))
}

// SideOption is one player's move in a partizan game, with the value it leads
// to, that value's outcome (L, R, N or P) and whether the move wins for the
// player who makes it.
type SideOption struct {
	Move    *interp.Move
	Value   cgt.Game
	Outcome string
	Wins    bool
}

// SideOptions lists side's moves from v (a position or sum with a partizan
// part) with the values they lead to: what :options shows.
func SideOptions(ctx context.Context, in *interp.Interp, v interp.Value, side lang.Side) ([]SideOption, error) {
	ms, err := judge{ctx: ctx, in: in}.sideMoves(v, side)
	if err != nil {
		return nil, err
	}
	out := make([]SideOption, len(ms))
	for i, m := range ms {
		out[i] = SideOption{Move: m.m, Value: m.val, Outcome: outcomeLetter(in.Space(), m.val), Wins: m.win}
	}
	return out, nil
}

// OutcomeOf is the outcome class of a game value: L, R, N or P.
func OutcomeOf(sp *cgt.Space, f cgt.Game) string { return outcomeLetter(sp, f) }
