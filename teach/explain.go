package teach

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/solver"
)

// Explain tells in plain words who wins v (a position or a sum) and why, in
// the given mode. In normal play it gives the Sprague-Grundy value: for one
// position, the mex of its options' values; for a sum, the nim-sum of its
// parts' values; then the winning moves, or why every move loses. In misère
// play, where values do not add up, it gives the rule that decided the outcome
// and the moves' outcomes. Positions with many moves are summarized.
func Explain(ctx context.Context, in *interp.Interp, v interp.Value, mode interp.Mode) (string, error) {
	parts, ok := interp.Components(v)
	if !ok && v.K != interp.KValue {
		return "", fmt.Errorf("explain needs a game position or a sum of positions, not %s %s", v.K, v.Repr())
	}
	e := &explainer{judge: judge{ctx, in, mode}, name: v.Repr()}
	if interp.IsPartizan(v) {
		if mode == interp.MiserePlay {
			return "", errMiserePartizan
		}
		err := e.explainPartizan(v, parts)
		return strings.TrimRight(e.b.String(), "\n"), err
	}
	var err error
	loopy, scoring := false, interp.IsScoring(v)
	if mode == interp.NormalPlay && !scoring {
		loopy, err = e.loopy(v, parts, false)
	}
	switch {
	case scoring:
		err = e.scoring(v)
	case loopy || err != nil:
	case mode == interp.MiserePlay:
		err = e.byOutcomes(v, e.misereReason)
	case len(parts) == 1:
		err = e.position(v, parts[0])
	default:
		err = e.sum(v, parts)
	}
	var infinite *solver.InfiniteError
	if errors.As(err, &infinite) {
		// A part's move leads into a loop: explain by outcomes and generalized values.
		e.b.Reset()
		_, err = e.loopy(v, parts, true)
	}
	var tooMany *interp.TooManyMovesError
	if errors.As(err, &tooMany) {
		e.b.Reset()
		err = e.tooManyMoves(v, tooMany)
	}
	return strings.TrimRight(e.b.String(), "\n"), err
}

// explainer writes one explanation.
type explainer struct {
	judge
	name string // the position explained, as written
	b    strings.Builder
}

// printf writes prose, wrapped at lineWidth columns; table lines (indented)
// are written as they are.
func (e *explainer) printf(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, " ") {
			e.b.WriteString(line)
			continue
		}
		e.b.WriteString(words.Wrap(line, lineWidth))
	}
}

// lineWidth is the width prose is wrapped to, for a terminal or a projector.
const lineWidth = 80

// Limits on what an explanation lists one by one.
const (
	listAll     = 12 // moves listed one by one; more are grouped by value
	listExample = 3  // example moves shown for a group
	listParts   = 16 // parts of a sum listed one by one
)

// verdict writes the first line: the outcome and what it means.
func (e *explainer) verdict(isP bool) {
	in := ""
	if e.mode == interp.MiserePlay {
		in = " in misère play (" + rule(e.mode) + ")"
	}
	if isP {
		e.printf("%s is a P-position%s: the player to move loses, whatever they do, if the other player plays well.\n", e.name, in)
	} else {
		e.printf("%s is an N-position%s: the player to move wins by playing well.\n", e.name, in)
	}
}

// position explains a single position in normal play by the mex of its
// options' values.
func (e *explainer) position(v, pos interp.Value) error {
	ms, err := e.moves(v)
	if err != nil {
		return err
	}
	var val int64
	optVals := make([]int64, len(ms))
	compute := func() error {
		var err error
		if val, err = e.in.SG(e.ctx, v); err != nil {
			return err
		}
		for i, m := range ms {
			if optVals[i], err = e.in.SG(e.ctx, m.To); err != nil {
				return err
			}
		}
		return nil
	}
	if e.in.NativesOf(pos.Pos().Game).NativeOutcome != nil {
		ok, err := e.in.WithinPositions(valueBudget/(len(ms)+1), compute)
		if err != nil {
			return err
		}
		if !ok {
			return e.byOutcomes(v, e.nativeReason(pos))
		}
	} else if err := compute(); err != nil {
		return err
	}

	e.verdict(val == 0)
	if len(ms) == 0 {
		e.printf("It has no moves, so the player to move cannot move and loses. Its Sprague-Grundy value is 0, the mex of no values at all.\n")
		return nil
	}
	of := "the values of its " + words.Plural(len(ms), "option")
	if len(ms) == 1 {
		of = "the value of its only option"
	}
	e.printf("Its Sprague-Grundy value is %d: the mex (the least value not reached) of %s.\n", val, of)
	if len(ms) <= listAll {
		if err := e.optionTable(ms, optVals); err != nil {
			return err
		}
		if len(ms) == 1 {
			e.printf("The option's value is %s; the least value missing is %d.\n", valueSet(optVals), val)
		} else {
			e.printf("The options' values are %s; the least value missing is %d.\n", valueSet(optVals), val)
		}
	} else {
		e.valueGroups(ms, optVals, val)
	}
	if err := e.sumNote(ms); err != nil {
		return err
	}
	e.printf("\n")
	if val != 0 {
		var wins []*interp.Move
		for i, m := range ms {
			if optVals[i] == 0 {
				wins = append(wins, m)
			}
		}
		e.winningMoves(wins, "to value 0, a P-position, where the opponent is the one who loses")
		return nil
	}
	return e.losingMoves(ms, "No option has value 0: every move leads to an N-position, from which the opponent has a winning reply")
}

// optionTable lists moves with the values they lead to.
func (e *explainer) optionTable(ms []*interp.Move, vals []int64) error {
	rows := make([][2]string, len(ms))
	for i, m := range ms {
		note, err := e.partsNote(m.To, vals[i])
		if err != nil {
			return err
		}
		rows[i] = [2]string{m.String(), "value " + strconv.FormatInt(vals[i], 10) + note}
	}
	e.table(rows)
	return nil
}

// partsNote shows how the value of a sum of two or more parts is made, such
// as " (1 XOR 4)"; it is empty for a single position.
func (e *explainer) partsNote(v interp.Value, val int64) (string, error) {
	parts, _ := interp.Components(v)
	if len(parts) < 2 || len(parts) > 4 {
		return "", nil
	}
	vals := make([]string, len(parts))
	for i, p := range parts {
		x, err := e.in.SG(e.ctx, p)
		if err != nil {
			return "", err
		}
		vals[i] = strconv.FormatInt(x, 10)
	}
	return " (" + strings.Join(vals, " XOR ") + ")", nil
}

// sumNote explains, once, that an option which is a sum has the nim-sum of
// its parts' values, with the first such option as the example.
func (e *explainer) sumNote(ms []*interp.Move) error {
	for _, m := range ms {
		parts, _ := interp.Components(m.To)
		if len(parts) < 2 {
			continue
		}
		val, err := e.in.SG(e.ctx, m.To)
		if err != nil {
			return err
		}
		note, err := e.partsNote(m.To, val)
		if err != nil {
			return err
		}
		if note == "" {
			note = " (the XOR of its parts' values)"
		}
		e.printf("An option that is a sum of games has the nim-sum of their values: %s has value %d%s.\n", m.To.Repr(), val, note)
		return nil
	}
	return nil
}

// valueGroups summarizes many options by the value they reach: each value
// below the mex with one example move, the mex as missing, and the larger
// values together.
func (e *explainer) valueGroups(ms []*interp.Move, vals []int64, mex int64) {
	byVal := map[int64][]*interp.Move{}
	var above []int64
	for i, m := range ms {
		byVal[vals[i]] = append(byVal[vals[i]], m)
		if vals[i] > mex {
			above = append(above, vals[i])
		}
	}
	e.printf("By the value they lead to:\n")
	var rows [][2]string
	const maxRows = 12
	for x := int64(0); x < mex; x++ {
		if x == maxRows-1 && mex > maxRows {
			rows = append(rows, [2]string{fmt.Sprintf("values %d to %d", x, mex-1), "each reached by some move"})
			break
		}
		rows = append(rows, [2]string{fmt.Sprintf("value %d", x), fmt.Sprintf("%s, such as %s", words.Plural(len(byVal[x]), "move"), byVal[x][0])})
	}
	rows = append(rows, [2]string{fmt.Sprintf("value %d", mex), "no move: this is the mex"})
	if len(above) > 0 {
		rows = append(rows, [2]string{fmt.Sprintf("above %d", mex),
			fmt.Sprintf("%s, to values %s (they do not change the mex)", words.Plural(len(above), "move"), valueSet(above))})
	}
	e.table(rows)
}

// winningMoves lists the winning moves with what they achieve.
func (e *explainer) winningMoves(wins []*interp.Move, why string) {
	switch len(wins) {
	case 0:
		e.printf("(No winning move was found.)\n")
	case 1:
		e.printf("The winning move is %s. It leads %s.\n", wins[0], why)
	default:
		e.printf("There are %s. Each leads %s:\n", words.Plural(len(wins), "winning move"), why)
		e.list(wins)
	}
}

// list writes moves one per line, at most listAll of them.
func (e *explainer) list(ms []*interp.Move) {
	ds := distinct(ms)
	for _, d := range ds[:min(len(ds), listAll)] {
		e.printf("  %s\n", d)
	}
	if len(ds) > listAll {
		e.printf("  and %d more\n", len(ds)-listAll)
	}
}

// sameMoves is a move and how many moves of a sum are written the same way:
// the same move in equal parts.
type sameMoves struct {
	m *interp.Move
	n int
}

func (d sameMoves) String() string {
	if d.n == 1 {
		return d.m.String()
	}
	return fmt.Sprintf("%s, in any of the %d parts %s", d.m, d.n, d.m.Part.Repr())
}

// distinct merges the moves written the same way, keeping the first of each.
func distinct(ms []*interp.Move) []sameMoves {
	var out []sameMoves
	at := map[string]int{}
	for _, m := range ms {
		k := m.String()
		if i, ok := at[k]; ok {
			out[i].n++
			continue
		}
		at[k] = len(out)
		out = append(out, sameMoves{m, 1})
	}
	return out
}

// losingMoves explains a P-position: every move leads to an N-position, shown
// with the opponent's winning reply (for a few moves when there are many).
func (e *explainer) losingMoves(ms []*interp.Move, why string) error {
	ds := distinct(ms)
	shown := ds
	if len(ds) > listAll {
		shown = ds[:listExample]
		e.printf("%s. For example:\n", why)
	} else {
		e.printf("%s:\n", why)
	}
	rows := make([][2]string, len(shown))
	for i, d := range shown {
		r, err := e.reply(d.m.To)
		if err != nil {
			return err
		}
		answer := "answered by " + moveName(r)
		if r == nil && e.mode == interp.MiserePlay {
			answer = "(the opponent cannot move, so they win)"
		}
		rows[i] = [2]string{d.String(), answer}
	}
	e.table(rows)
	if len(ds) > len(shown) {
		e.printf("  and %d more moves, each with such an answer\n", len(ms)-len(shown))
	}
	return nil
}

// moveName names a move, or says there is none.
func moveName(m *interp.Move) string {
	if m == nil {
		return "(no winning reply found)"
	}
	return m.String()
}

// sum explains a sum in normal play by the nim-sum of its parts' values.
func (e *explainer) sum(v interp.Value, parts []interp.Value) error {
	vals := make([]int64, len(parts))
	var total int64
	for i, p := range parts {
		x, err := e.in.SG(e.ctx, p)
		if err != nil {
			return err
		}
		vals[i] = x
		total ^= x
	}
	// The moves of a sum small enough to go through: a move into a loop (an
	// option of infinite value) makes Explain explain by outcomes instead.
	// A sum with too many moves is explained part by part.
	ms, err := e.moves(v)
	var tooMany *interp.TooManyMovesError
	switch {
	case errors.As(err, &tooMany):
		ms = nil
	case err != nil:
		return err
	}
	for _, m := range ms {
		if _, err := e.in.SG(e.ctx, m.PartTo); err != nil {
			return err
		}
	}
	e.verdict(total == 0)
	e.printf("It is a sum of %d games: each move is made in one of them. By the Sprague-Grundy theorem its value is the nim-sum of the parts' values: their XOR, that is binary addition without carries.\n", len(parts))
	e.nimSumTable(parts, vals, total)
	e.printf("\n")
	if total == 0 {
		e.printf("The nim-sum is 0, so the player to move loses: a move changes the value of one part, which makes the nim-sum non-zero, and the opponent can then make it 0 again.\n")
		if len(ms) == 0 {
			return nil
		}
		r, err := e.reply(ms[0].To)
		if err != nil {
			return err
		}
		after, err := e.in.SG(e.ctx, ms[0].To)
		if err != nil {
			return err
		}
		e.printf("For example, %s makes it %d, and the answer %s makes it 0.\n", ms[0], after, moveName(r))
		return nil
	}
	// Part by part, the moves to the value that makes the nim-sum 0, found
	// without listing every move of every part.
	wins, err := e.in.Winning(e.ctx, v)
	if err != nil {
		return err
	}
	var rows [][2]string
	ds := distinct(wins)
	for _, d := range ds[:min(len(ds), listAll)] {
		v := vals[d.m.Index]
		rows = append(rows, [2]string{d.String(), fmt.Sprintf("value %d -> %d", v, v^total)})
	}
	e.printf("The nim-sum is %d, not 0, so the player to move wins by making it 0: in one part, move from a value v to v XOR %d.\n", total, total)
	switch len(ds) {
	case 0:
		e.printf("(No winning move was found.)\n")
	case 1:
		e.printf("The winning move:\n")
	default:
		e.printf("The %d winning moves:\n", len(wins))
	}
	e.table(rows)
	if len(ds) > len(rows) {
		e.printf("  and %d more\n", len(ds)-len(rows))
	}
	e.printf("Such a move always exists: in a part whose value has a 1 where the nim-sum has its highest 1, v XOR %d is smaller than v, and a position of value v has options of every smaller value.\n", total)
	return nil
}

// nimSumTable writes the parts' values in decimal and binary and their nim-sum.
func (e *explainer) nimSumTable(parts []interp.Value, vals []int64, total int64) {
	top := total
	for _, x := range vals {
		top = max(top, x)
	}
	bits := len(strconv.FormatInt(top, 2))
	binary := bits <= 24
	row := func(name string, x int64) [2]string {
		s := strconv.FormatInt(x, 10)
		if binary {
			b := strconv.FormatInt(x, 2)
			s = fmt.Sprintf("%*s   %s%s", len(strconv.FormatInt(top, 10)), s, strings.Repeat("0", bits-len(b)), b)
		}
		return [2]string{name, s}
	}
	var rows [][2]string
	for i, p := range parts[:min(len(parts), listParts)] {
		rows = append(rows, row(p.Repr(), vals[i]))
	}
	if len(parts) > listParts {
		var rest int64
		for _, x := range vals[listParts:] {
			rest ^= x
		}
		rows = append(rows, row(fmt.Sprintf("%d more parts", len(parts)-listParts), rest))
	}
	rows = append(rows, row("nim-sum", total))
	e.table(rows)
}

// byOutcomes explains v by outcomes alone: a position is a P-position exactly
// when every move leads to an N-position. It is used in misère play, where
// values do not add up, and for positions whose value is too costly to find
// but whose outcome a native rule gives. reason writes why the outcome is
// what it is.
func (e *explainer) byOutcomes(v interp.Value, reason func(v interp.Value, isP bool) error) error {
	isP, err := e.isP(v)
	if err != nil {
		return err
	}
	ms, err := e.moves(v)
	if err != nil {
		return err
	}
	e.verdict(isP)
	if len(ms) > 0 {
		if err := reason(v, isP); err != nil {
			return err
		}
	}
	if len(ms) == 0 {
		if e.mode == interp.MiserePlay {
			e.printf("It has no moves: the player to move cannot move, so the other player made the last move and lost.\n")
		} else {
			e.printf("It has no moves, so the player to move cannot move and loses.\n")
		}
		return nil
	}
	e.printf("\n")
	if isP {
		why := fmt.Sprintf("Each of its %d moves leads to an N-position, where the opponent wins", len(ms))
		if len(ms) == 1 {
			why = "Its only move leads to an N-position, where the opponent wins"
		}
		return e.losingMoves(ms, why)
	}
	wins, err := e.winning(ms)
	if err != nil {
		return err
	}
	e.winningMoves(wins, "to a P-position, where the opponent is the one who loses")
	if rest := len(ms) - len(wins); rest > 0 {
		e.printf("The other %s lead to N-positions.\n", words.Plural(rest, "move"))
	}
	return nil
}

// nativeReason says that a native rule gave the outcome of pos, whose value
// would cost too much to compute.
func (e *explainer) nativeReason(pos interp.Value) func(interp.Value, bool) error {
	return func(interp.Value, bool) error {
		g := pos.Pos().Game
		e.printf("Its Sprague-Grundy value is not computed here, as that would take long; the outcome comes from the known rule for the P-positions of %s (see the doc of %s).\n", g.Name, g.Name)
		return nil
	}
}

// misereReason says which rule decided a misère outcome, with the numbers
// when it is misère Nim.
func (e *explainer) misereReason(v interp.Value, isP bool) error {
	_, method, err := e.in.MisereOutcome(e.ctx, v)
	if err != nil {
		return err
	}
	if q, heaps, ok := e.in.QuotientOf(v); ok && (method == interp.MethodQuotient || method == interp.MethodTame && q.Method() == interp.MethodTame) {
		why, err := q.Reason(e.ctx, heaps)
		if err != nil {
			return err
		}
		e.printf("%s\n", why)
		return nil
	}
	if parts, _ := interp.Components(v); len(parts) == 1 && method != interp.MethodNim {
		e.printf("In misère play a position is a P-position exactly when every move leads to an N-position, and a position without moves is an N-position.\n")
		return nil
	}
	switch method {
	case interp.MethodNim:
		what := "Every part plays"
		if parts, _ := interp.Components(v); len(parts) == 1 {
			what = "It plays"
		}
		e.printf("%s like a Nim heap, so Bouton's rule for misère Nim decides: when some heap has 2 or more tokens, the player to move loses exactly when the nim-sum is 0, as in normal play; when every heap has 0 or 1, they lose exactly when the number of 1s is odd.\n", what)
		return e.misereNimNumbers(v, isP)
	case interp.MethodTame:
		e.printf("Every part is tame (Conway), so the sum plays like the misère Nim position given by the parts' genus.\n")
	case interp.MethodGenus:
		e.printf("Misère values do not add up like nim-sums; the outcome follows from Conway's genus of the parts.\n")
	default:
		e.printf("Misère values do not add up like nim-sums, so the outcome comes from searching the moves: a position is a P-position exactly when every move leads to an N-position.\n")
	}
	return nil
}

// misereNimNumbers shows Bouton's rule applied to the heap sizes (the parts'
// normal-play values), when that agrees with the solver's verdict.
func (e *explainer) misereNimNumbers(v interp.Value, isP bool) error {
	parts, _ := interp.Components(v)
	var heaps []string
	var total int64
	big, ones := false, 0
	for _, p := range parts {
		x, err := e.in.SG(e.ctx, p)
		if err != nil {
			return err
		}
		heaps = append(heaps, strconv.FormatInt(x, 10))
		total ^= x
		big = big || x >= 2
		if x == 1 {
			ones++
		}
	}
	var why string
	var p bool
	if big {
		why, p = fmt.Sprintf("some heap has 2 or more and the nim-sum is %d", total), total == 0
	} else {
		why, p = fmt.Sprintf("every heap has 0 or 1, and %s of 1", map[bool]string{true: "there is 1 heap", false: "there are " + words.Plural(ones, "heap")}[ones == 1]), ones%2 == 1
	}
	switch {
	case p != isP || len(parts) > listParts:
	case len(parts) == 1:
		e.printf("Here the heap has %s: %s.\n", heaps[0], strings.Replace(why, "some heap has", "it has", 1))
	default:
		e.printf("Here the heaps are %s: %s.\n", strings.Join(heaps, ", "), why)
	}
	return nil
}

// tooManyMoves explains a position with more moves than can be listed: its
// outcome and value, without going through its moves.
func (e *explainer) tooManyMoves(v interp.Value, err *interp.TooManyMovesError) error {
	isP, qerr := e.isP(v)
	if qerr != nil {
		return qerr
	}
	e.verdict(isP)
	if e.mode == interp.NormalPlay {
		// The value may be out of reach where a native rule gave the outcome.
		var val int64
		known, qerr := e.in.WithinPositions(valueBudget, func() (err error) {
			val, err = e.in.SG(e.ctx, v)
			return err
		})
		if qerr != nil {
			return qerr
		}
		if known {
			e.printf("Its Sprague-Grundy value is %d.\n", val)
		} else if v.K == interp.KPos {
			if err := e.nativeReason(v)(v, isP); err != nil {
				return err
			}
		}
	}
	e.printf("%s has more than %d moves, too many to go through one by one here.\n", err.Pos.Brief(), err.Limit)
	if e.mode == interp.NormalPlay && !isP {
		// The games' fast paths may still name the winning moves.
		if wins, werr := e.in.Winning(e.ctx, v); werr == nil && len(wins) > 0 {
			e.printf("The winning moves, found without listing the others:\n")
			for i, m := range wins {
				if i == listAll {
					e.printf("  ... and %d more\n", len(wins)-i)
					break
				}
				e.printf("  %s\n", m)
			}
		}
	}
	return nil
}

// table writes rows of two columns, the first padded to a common width.
func (e *explainer) table(rows [][2]string) {
	w := 0
	for _, r := range rows {
		if n := len([]rune(r[0])); n <= 60 {
			w = max(w, n)
		}
	}
	for _, r := range rows {
		e.printf("  %-*s  %s\n", w, r[0], r[1])
	}
}

// valueSet writes distinct values in increasing order, shortening long runs.
func valueSet(vals []int64) string {
	seen := map[int64]bool{}
	var xs []int64
	for _, x := range vals {
		if !seen[x] {
			seen[x] = true
			xs = append(xs, x)
		}
	}
	slices.Sort(xs)
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		switch {
		case j-i >= 3:
			parts = append(parts, fmt.Sprintf("%d to %d", xs[i], xs[j]))
		default:
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.FormatInt(xs[k], 10))
			}
		}
		i = j + 1
	}
	if len(parts) > 16 {
		parts = append(parts[:15], "...", parts[len(parts)-1])
	}
	return strings.Join(parts, ", ")
}
