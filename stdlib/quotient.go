package stdlib

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/grundy-lang/grundy/budget"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/internal/atomicfile"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/quotient"
	"github.com/grundy-lang/grundy/solver"
	"github.com/grundy-lang/grundy/stdlib/native"
)

// Misère quotients of the library's heap games (the quotient package), one per code
// and size bound for the session: quotient(G) shows one, and misère outcome, winning
// and explain use them for sums of heaps of one game (Game.MisereHeap).
const (
	quotientBound = 256  // the largest quotient computed unless quotient(G, bound) asks
	quotientHeaps = 1024 // quotient(G) grows to this many heaps at most
	maxBound      = 1 << 16
	maxWork       = 1 << 40 // the work per heap quotient(G, bound, work) may allow
	unprovedHeaps = 4096    // a misère query grows a quotient without a period this far
)

type quotientKey struct {
	code  native.Code
	bound int
}

// heapQuotient is the misère quotient of one take-and-break code, or its proof of
// tameness when the code has one (then the quotient is infinite and never grown).
type heapQuotient struct {
	code native.Code
	q    *quotient.Quotient
	tame *tameCode
	lib  *library
}

// tameCode is the tameness of a code, shared by its quotients: proof is nil when the
// code was not proved tame (err says why).
type tameCode struct {
	tried bool
	proof *quotient.Tameness
	err   error
}

// tameHeaps bounds the heaps ProveTame looks at.
const tameHeaps = 256

// codeRules gives a code's moves to the quotient package.
type codeRules struct{ c native.Code }

func (r codeRules) Options(n int) [][]int {
	opts := r.c.Options(n)
	out := make([][]int, len(opts))
	for i, o := range opts {
		out[i] = o.Heaps
	}
	return out
}

// EachOption gives the moves one at a time (quotient.OptionIterator): a general
// code's moves grow as the partitions of the heap, too many to list whole.
func (r codeRules) EachOption(n int, yield func(heaps []int) bool) bool {
	return r.c.EachOption(n, func(_ int, heaps []int) bool { return yield(heaps) })
}

// TakeAnyFrom makes codes that take any number of tokens quotient.TakeAny.
func (r codeRules) TakeAnyFrom() (int, bool) { return r.c.TakeAnyFrom() }

func (r codeRules) Shift() (int, int, bool) {
	if !r.c.IsFinite() || r.c.Marked() || r.c.IsGeneral() {
		return 0, 0, false
	}
	return r.c.MaxRemove(), r.c.MaxHeaps(), true
}

func (lib *library) quotientOf(code native.Code, bound int) *heapQuotient {
	key := quotientKey{code, bound}
	h, ok := lib.quotients[key]
	if !ok {
		t := lib.tames[code]
		if t == nil {
			t = &tameCode{}
			lib.tames[code] = t
		}
		h = &heapQuotient{code: code, q: quotient.New(codeRules{code}, bound), tame: t, lib: lib}
		h.q.Memory = func(extra int64) error { return lib.in.Config.Memory(extra) }
		h.q.Report = func(heap, order, candidate int) {
			status := lib.in.Config.OnStatus
			switch {
			case status == nil:
			case candidate > 0:
				status(fmt.Sprintf("heap %d of %s, order %d, trying %d", heap, code, order, candidate))
			default:
				status(fmt.Sprintf("heap %d of %s, order %d", heap, code, order))
			}
		}
		lib.quotients[key] = h
	}
	return h
}

// proveTame returns the proof that every heap of the code is tame, or nil.
func (h *heapQuotient) proveTame(ctx context.Context) (*quotient.Tameness, error) {
	t := h.tame
	if !t.tried {
		t.proof, t.err = quotient.ProveTame(ctx, codeRules{h.code}, tameHeaps)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t.tried = true
	}
	return t.proof, nil
}

// tameGenus is the genus of heap n of a tame code.
func (h *heapQuotient) tameGenus(ctx context.Context, t *quotient.Tameness, n int64) (quotient.TameHeap, error) {
	if n < int64(len(t.Heaps)) || t.Period.Period > 0 {
		return t.Heap(int(n), 0), nil
	}
	g, _, err := h.lib.codes.value(ctx, h.code, n)
	return t.Heap(int(n), int(g)), err
}

// queryQuotient is the quotient misère queries use for a code: the one of the session
// that reaches furthest (proved for all heaps, else the most heaps), so that a
// quotient grown with quotient(G, bound, work) answers the queries that follow.
func (lib *library) queryQuotient(code native.Code) *heapQuotient {
	best := lib.quotientOf(code, quotientBound)
	reach := func(h *heapQuotient) int {
		if _, ok := h.q.Proved(); ok {
			return math.MaxInt
		}
		return h.q.Heaps()
	}
	for key, h := range lib.quotients {
		if key.code == code && (reach(h) > reach(best) || reach(h) == reach(best) && key.bound > best.q.Bound()) {
			best = h
		}
	}
	return best
}

// IsP answers a misère sum of heaps: by tame genus arithmetic when the code is proved
// tame, else growing the quotient to the largest heap unless its heap map is proved
// periodic.
func (h *heapQuotient) IsP(ctx context.Context, heaps []int64) (bool, error) {
	tame, err := h.proveTame(ctx)
	if err != nil {
		return false, err
	}
	if tame != nil {
		sum, err := h.tameSum(ctx, tame, heaps)
		return err == nil && sum.Misere() == 0, err
	}
	x, err := h.element(ctx, heaps)
	return err == nil && h.q.IsP(x), err
}

// tameSum is the tame genus of a sum of heaps of a tame code.
func (h *heapQuotient) tameSum(ctx context.Context, t *quotient.Tameness, heaps []int64) (quotient.TameHeap, error) {
	var parts []quotient.TameHeap
	for _, n := range heaps {
		if n < 0 {
			return quotient.TameHeap{}, fmt.Errorf("a heap has at least 0 tokens, not %d", n)
		}
		g, err := h.tameGenus(ctx, t, n)
		if err != nil {
			return quotient.TameHeap{}, err
		}
		parts = append(parts, g)
	}
	return quotient.AddTame(parts...), nil
}

// element is the quotient element of a sum of heaps, growing the quotient to the
// largest heap unless its heap map is proved periodic.
func (h *heapQuotient) element(ctx context.Context, heaps []int64) (int32, error) {
	sizes := make([]int, len(heaps))
	need := 0
	for i, n := range heaps {
		if n < 0 {
			return 0, fmt.Errorf("a heap has at least 0 tokens, not %d", n)
		}
		sizes[i] = int(n)
		need = max(need, sizes[i])
	}
	if _, proved := h.q.Proved(); !proved && need >= h.q.Heaps() {
		if need >= unprovedHeaps {
			return 0, fmt.Errorf("heap %d is past the %d heaps computed without a proved period", need, unprovedHeaps)
		}
		if _, err := h.q.Prove(ctx, need+1); err != nil {
			return 0, err
		}
	}
	return h.q.Sum(ctx, sizes...)
}

// Genus is the genus of a sum of heaps: by tame arithmetic for a tame code, else by the
// quotient's misère values when they are proved for its elements and some heap is *2
// (quotient.Quotient.Genus). ok is false when neither applies, or the quotient does not
// reach the heaps.
func (h *heapQuotient) Genus(ctx context.Context, heaps []int64) (g solver.Genus, ok bool, err error) {
	tame, err := h.proveTame(ctx)
	if err != nil {
		return solver.Genus{}, false, err
	}
	if tame != nil {
		sum, err := h.tameSum(ctx, tame, heaps)
		return solver.TameGenus(int64(sum.G), sum.Fickle), err == nil, err
	}
	x, err := h.element(ctx, heaps)
	if err != nil {
		return solver.Genus{}, false, ctx.Err()
	}
	star, ok := h.q.StarTwo(ctx)
	if !ok {
		return solver.Genus{}, false, ctx.Err()
	}
	two, err := h.q.Element(ctx, star)
	if err != nil {
		return solver.Genus{}, false, ctx.Err()
	}
	seq, err := h.q.Genus(x, two)
	if err != nil {
		return solver.Genus{}, false, ctx.Err()
	}
	for _, n := range heaps {
		v, _, err := h.lib.codes.value(ctx, h.code, n)
		if err != nil {
			return solver.Genus{}, false, err
		}
		g.G ^= v
	}
	for _, v := range seq {
		g.Seq = append(g.Seq, int64(v))
	}
	return g, true, nil
}

// Method is MethodTame once the code is proved tame, else MethodQuotient.
func (h *heapQuotient) Method() interp.MisereMethod {
	if h.tame.proof != nil {
		return interp.MethodTame
	}
	return interp.MethodQuotient
}

// Reason says how the sum of these heaps is decided: by the tame rule, with the heaps'
// values, or by the quotient, named with the heaps it is proved for (for a partial
// quotient, what its order counts and why it grows).
func (h *heapQuotient) Reason(ctx context.Context, heaps []int64) (string, error) {
	if t := h.tame.proof; t != nil {
		var values []string
		var parts []quotient.TameHeap
		for _, n := range heaps {
			g, err := h.tameGenus(ctx, t, n)
			if err != nil {
				return "", err
			}
			values = append(values, strconv.Itoa(g.G))
			parts = append(parts, g)
		}
		sum := quotient.AddTame(parts...)
		here := fmt.Sprintf("the heaps' normal values are %s: some heap is firm, so as in normal play", strings.Join(values, ", "))
		switch {
		case len(values) == 1 && sum.Fickle:
			here = fmt.Sprintf("the heap's normal value is %s: it is fickle, so unlike normal play", values[0])
		case len(values) == 1:
			here = fmt.Sprintf("the heap's normal value is %s: it is firm, so as in normal play", values[0])
		case sum.Fickle:
			here = fmt.Sprintf("the heaps' normal values are %s: every heap is fickle, so unlike normal play", strings.Join(values, ", "))
		}
		return fmt.Sprintf("Misère values do not add up like nim-sums, but every part is a heap of the take-and-break game %s, a tame game (Conway; proved for every heap, see quotient(G)). %s Here %s it is a P-position exactly when the nim-sum, %d, is %d.", h.code, h.tameRule(t), here, sum.G, map[bool]int{true: 1, false: 0}[sum.Fickle]), nil
	}
	what := fmt.Sprintf("the misère quotient of %s (order %d, %s)", h.code, h.q.Order(), h.scope())
	if _, ok := h.q.Proved(); !ok {
		n := h.q.Heaps() - 1
		what = fmt.Sprintf("the misère quotient of %s as far as heap %d, of order %d: the classes that the sums of heaps up to %d fall into. A larger heap can tell apart sums that smaller heaps cannot, so the quotient grows with the heaps it covers; quotient(G) shows it for as many heaps as it reaches", h.code, n, h.q.Order(), n)
	}
	return fmt.Sprintf("Misère values do not add up like nim-sums; every part is a heap of one game, so the game's misère quotient decides: each heap stands for an element of that commutative monoid, and the sum is a P-position exactly when the product of its heaps' elements lies in the quotient's P-portion (see quotient(G)). Here it is %s.", what), nil
}

// tameRule says what the tameness of a code means for its sums, in a student's words.
func (h *heapQuotient) tameRule(t *quotient.Tameness) string {
	heaps := len(t.Heaps)
	if p := t.Period; p.Period > 0 {
		heaps = p.Preperiod + p.Period
	}
	var fickle []string
	for n, g := range t.Heaps[:heaps] {
		if g.Fickle {
			fickle = append(fickle, strconv.Itoa(n))
		}
	}
	which := "here a heap of " + strings.Join(fickle[:len(fickle)-1], ", ") + " or " + fickle[len(fickle)-1] + " tokens"
	if p := t.Period; p.Period > 0 {
		which += fmt.Sprintf("; from heap %d on, heap n + %d is fickle when heap n is", p.Preperiod, p.Period)
	}
	return fmt.Sprintf("A sum of its heaps plays in misère as in normal play, a P-position exactly when the nim-sum of the heaps' normal values is 0, except when every heap is fickle (plays like a Nim heap of 0 or 1: %s): then it is a P-position exactly when the nim-sum is 1.", which)
}

// scope says which sums the quotient answers.
func (h *heapQuotient) scope() string {
	if p, ok := h.q.Proved(); ok {
		return fmt.Sprintf("for all heaps: heap n + %d acts as heap n from heap %d on", p.Period, p.Preperiod)
	}
	n := h.q.Heaps() - 1
	return fmt.Sprintf("for heaps up to %d: it answers every sum of heaps of at most %d tokens", n, n)
}

// attachQuotients makes the heaps of the library's take-and-break games use their
// codes' quotients in misère play (Nim has Bouton's rule).
func (lib *library) attachQuotients(game func(string) *interp.Game) {
	for g, code := range lib.gameCodes {
		if g.Natives.NimHeap != nil {
			continue
		}
		g.Natives.MisereHeap = func(args []interp.Value) (interp.HeapQuotient, int64, bool) {
			return lib.queryQuotient(code), args[0].N, args[0].K == interp.KInt && args[0].N >= 0
		}
	}
	game("TakeBreak").Natives.MisereHeap = func(args []interp.Value) (interp.HeapQuotient, int64, bool) {
		code, err := lib.codes.parse(args[0])
		ok := err == nil && args[1].K == interp.KInt && args[1].N >= 0
		return lib.queryQuotient(code), args[1].N, ok
	}
	for name, allBut := range map[string]bool{"Subtract": false, "AllBut": true} {
		game(name).Natives.MisereHeap = func(args []interp.Value) (interp.HeapQuotient, int64, bool) {
			set, n := args[0], args[1]
			if n.K != interp.KInt || n.N < 0 || (set.K != interp.KSet && set.K != interp.KList) {
				return nil, 0, false
			}
			s, ok := subtractionCode(set.Seq(), allBut)
			if !ok {
				return nil, 0, false
			}
			code, err := lib.codes.parse(interp.Str(s))
			return lib.queryQuotient(code), n.N, err == nil
		}
	}
}

// quotient answers quotient(G) and quotient(G, bound): the misère quotient of a
// take-and-break game or code, as a record.
func (lib *library) quotient(ctx context.Context, args []interp.Value) (interp.Value, error) {
	var code native.Code
	switch arg := args[0]; arg.K {
	case interp.KGame:
		c, ok := lib.gameCodes[arg.R.(*interp.Game)]
		if !ok {
			return interp.Value{}, fmt.Errorf("quotient(%s): only heap games with a take-and-break code (Kayles, DawsonsKayles, GrundysGame, Lasker, Nim) have a quotient here; give a code such as \"0.75\" for others", arg.Repr())
		}
		code = c
	case interp.KStr:
		c, err := lib.codes.parse(arg)
		if err != nil {
			return interp.Value{}, err
		}
		code = c
	default:
		return interp.Value{}, fmt.Errorf("expected a heap game (Kayles...) or a take-and-break code (\"0.75\"), not %s %s", arg.K, arg.Repr())
	}
	bound := quotientBound
	if len(args) > 1 {
		if args[1].K != interp.KInt || args[1].N < 1 || args[1].N > maxBound {
			return interp.Value{}, fmt.Errorf("the size bound must be an integer from 1 to %d, not %s", maxBound, args[1].Repr())
		}
		bound = int(args[1].N)
	}
	h := lib.quotientOf(code, bound)
	file := ""
	if len(args) > 3 {
		if args[3].K != interp.KStr || args[3].Str() == "" {
			return interp.Value{}, fmt.Errorf("the file to save the quotient in must be a file name, not %s", args[3].Repr())
		}
		file = args[3].Str()
		if why := lib.in.Config.NoFiles; why != "" {
			return interp.Value{}, fmt.Errorf("quotient(G, bound, work, file) reads and writes the file %s, which this session does not allow (%s)", file, why)
		}
		if dir := filepath.Dir(file); !isDir(dir) {
			return interp.Value{}, fmt.Errorf("cannot save the quotient in %s: there is no folder %s", file, dir)
		}
		if err := h.resume(ctx, file); err != nil {
			return interp.Value{}, err
		}
	}
	if len(args) > 2 {
		if args[2].K != interp.KInt || args[2].N < 1 || args[2].N > maxWork {
			return interp.Value{}, fmt.Errorf("the work per heap must be an integer from 1 to %d, not %s", int64(maxWork), args[2].Repr())
		}
		h.q.RaiseLimits(quotient.LimitsFor(int(args[2].N)))
	}
	tame, err := h.proveTame(ctx)
	if err != nil {
		return interp.Value{}, err
	}
	if tame != nil && tame.From > 0 {
		return h.tameRecord(ctx, tame)
	}
	_, err = h.q.Prove(ctx, quotientHeaps)
	if file != "" {
		if err := h.save(file); err != nil {
			if pe, ok := errors.AsType[*fs.PathError](err); ok {
				err = pe.Err
			}
			return interp.Value{}, fmt.Errorf("cannot save the quotient in %s: %v", file, err)
		}
	}
	if ctx.Err() != nil {
		return interp.Value{}, ctx.Err()
	}
	if mem, ok := errors.AsType[*budget.MemoryError](err); ok { // as the time limit stops it
		return interp.Value{}, mem
	}
	status := h.scope()
	var limits *quotient.LimitsError
	var tooLarge *quotient.TooLargeError
	const searched = "so a sum with a larger heap is searched position by position"
	switch {
	case errors.As(err, &tooLarge):
		larger := fmt.Sprintf("quotient(%q, %d)", code.String(), min(max(tooLarge.Order, 4*bound), maxBound))
		if w := h.q.Limits().Work; w > quotient.DefaultLimits.Work {
			larger = fmt.Sprintf("quotient(%q, %d, %d)", code.String(), min(max(tooLarge.Order, 4*bound), maxBound), w)
		}
		status += fmt.Sprintf("; it stops at heap %d, where it would grow to %d elements, past the bound %d, %s (a larger bound, %s, goes further)", tooLarge.Heap, tooLarge.Order, tooLarge.Bound, searched, larger)
	case errors.As(err, &limits):
		room := min(max(bound, 4*h.q.Order()), maxBound) // a grown quotient may need it
		more := fmt.Sprintf("quotient(%q, %d, %d)", code.String(), room, min(4*h.q.Limits().Work, maxWork))
		status += fmt.Sprintf("; it stops at %v, %s (more work per heap searches further: %s)", err, searched, more)
	case err != nil:
		status += fmt.Sprintf("; it stops at %v, %s", err, searched)
	}
	if tame != nil {
		status += ". The game is tame (Conway's genus theory; its genera repeat as its quotient does). " + h.tameRule(tame)
	}
	return h.record(status, tame != nil), nil
}

// resume replaces the quotient by the one saved in file when that reaches further (see
// quotient.Load, which checks it), within the call's bound and limits, never the
// file's; a file that does not exist yet is not an error.
func (h *heapQuotient) resume(ctx context.Context, file string) error {
	f, err := os.Open(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	var s savedQuotient
	if err := json.NewDecoder(f).Decode(&s); err != nil || s.Code == "" {
		return fmt.Errorf("%s: not a saved misère quotient", file)
	}
	if s.Code != h.code.String() {
		return fmt.Errorf("%s holds the quotient of %s, not of %s", file, s.Code, h.code)
	}
	q, err := quotient.Load(ctx, codeRules{h.code}, bytes.NewReader(s.Quotient), h.q.Bound(), h.q.Limits())
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if q.Heaps() > h.q.Heaps() {
		q.Report, q.Memory = h.q.Report, h.q.Memory
		h.q = q
	}
	return nil
}

// savedQuotient is the file quotient(G, bound, work, file) writes: the code and the
// quotient as quotient.Save writes it.
type savedQuotient struct {
	Code     string          `json:"code"`
	Quotient json.RawMessage `json:"quotient"`
}

// isDir reports whether path is a folder.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// save writes the quotient to file, through a temporary file in the same directory, so
// that a stop while it writes leaves the old file whole.
func (h *heapQuotient) save(file string) error {
	var q bytes.Buffer
	if err := h.q.Save(&q); err != nil {
		return err
	}
	data, err := json.Marshal(savedQuotient{Code: h.code.String(), Quotient: q.Bytes()})
	if err != nil {
		return err
	}
	return atomicfile.Write(file, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// record shows a quotient: whether the game is proved tame, order, generators (the heaps they come from), relations,
// P-portion, the heap map (to the end of the first period when proved) and status.
func (h *heapQuotient) record(status string, tame bool) interp.Value {
	pr := h.q.Present()
	strs := func(ss []string) interp.Value {
		out := make([]interp.Value, len(ss))
		for i, s := range ss {
			out[i] = interp.Str(s)
		}
		return interp.List(out)
	}
	var gens, ps, heaps []string
	for i, g := range pr.Generators {
		gens = append(gens, fmt.Sprintf("%s = heap %d", g, pr.GenHeaps[i]))
	}
	for x, w := range pr.Words {
		if h.q.IsP(int32(x)) {
			ps = append(ps, w)
		}
	}
	shown := min(h.q.Heaps(), 64)
	if p, ok := h.q.Proved(); ok {
		shown = p.Preperiod + p.Period
	}
	ctx := context.Background() // the heaps shown are computed
	for n := range shown {
		x, _ := h.q.Element(ctx, n)
		heaps = append(heaps, pr.Words[x])
	}
	return interp.NewRecord(
		[]string{"tame", "order", "generators", "relations", "pportion", "heaps", "status"},
		[]interp.Value{interp.Bool(tame), interp.Int(int64(h.q.Order())), strs(gens), strs(pr.Relations), strs(ps), strs(heaps), interp.Str(status)},
		[]bool{false, false, false, false, false, false, false})
}

// tameRecord shows a code proved tame: the genera of its first heaps (to two past
// where the proof takes over) and a status that says what tameness means.
func (h *heapQuotient) tameRecord(ctx context.Context, t *quotient.Tameness) (interp.Value, error) {
	var genera []interp.Value
	for n := range max(t.From+2, 8) {
		g, err := h.tameGenus(ctx, t, int64(n))
		if err != nil {
			return interp.Value{}, err
		}
		genera = append(genera, interp.Str(solver.TameGenus(int64(g.G), g.Fickle).String()))
	}
	status := fmt.Sprintf("tame for all heaps (Conway's genus theory). %s Proof: the heaps below %d are computed, and every larger heap can take all its tokens or leave heap %d (genus 1^031), which makes it firm. The game has no finite misère quotient: two heaps of different normal values of 2 or more are told apart (each added to the first gives a P-position only once), so its sums are decided by their genus instead", h.tameRule(t), t.From, t.Fickle1)
	return interp.NewRecord([]string{"tame", "genera", "status"},
		[]interp.Value{interp.Bool(true), interp.List(genera), interp.Str(status)},
		[]bool{false, false, false}), nil
}
