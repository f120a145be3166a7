package stdlib_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib"
)

// Misère outcomes and winning moves of sums of heaps through the quotient, against the
// solver's search over sums (the session without natives), for every sum listed.
func TestMisereQuotientsAgree(t *testing.T) {
	fast, plain := sessions(t)
	// The quotients of 0.754 and 4.7 grow fast: they are taken to heap 14 only.
	for code, single := range map[string]int{"0.77": 24, "0.75": 24, "0.07": 24, "0.754": 14, "4.7": 14} {
		h := fmt.Sprintf("TakeBreak(%q, ", code)
		same(t, fast, plain, fmt.Sprintf("[outcome(%sa), misere) for a in 0..%d]", h, single))
		same(t, fast, plain, fmt.Sprintf("[outcome(%sa) + %sb), misere) for a in 0..12, b in a..12]", h, h))
		same(t, fast, plain, fmt.Sprintf("[outcome(%sa) + %sb) + %sc), misere) for a in 1..7, b in a..7, c in b..7]", h, h, h))
		same(t, fast, plain, fmt.Sprintf("[[str(m) for m in winning(%sa) + %sb), misere)] for a in 0..8, b in a..8]", h, h))
	}
	same(t, fast, plain, "[outcome(Kayles(a) + Kayles(b) + Kayles(c), misere) for a in 0..9, b in a..9, c in b..9]")
	same(t, fast, plain, "[outcome(DawsonsKayles(a) + TakeBreak(\"0.07\", b), misere) for a in 0..12, b in 0..12]")
	same(t, fast, plain, "[outcome(Subtract({1, 3, 4}, a) + Subtract({1, 3, 4}, b), misere) for a in 0..14, b in 0..14]")
	same(t, fast, plain, "[outcome(Kayles(a) + DawsonsKayles(b), misere) for a in 0..8, b in 0..8]") // mixed: the solver
}

// Tame codes (Lasker's Nim, codes that take any number, finite codes whose genera
// repeat) are decided by tame genus arithmetic: against the search over sums, and on
// sums of large heaps against the local rule (a P-position has no move to a P-position,
// an N-position has one), each move's outcome again by the tame rule.
func TestTameCodes(t *testing.T) {
	fast, plain := sessions(t)
	ctx := context.Background()
	same(t, fast, plain, "[outcome(Lasker(a) + Lasker(b) + Lasker(c), misere) for a in 0..6, b in a..6, c in b..6]")
	same(t, fast, plain, "[[str(m) for m in winning(Lasker(a) + Lasker(b), misere)] for a in 0..7, b in a..7]")
	for _, code := range []string{"0.00[3]", "0.[7]", "0.05", "0.12"} {
		h := fmt.Sprintf("TakeBreak(%q, ", code)
		same(t, fast, plain, fmt.Sprintf("[outcome(%sa) + %sb), misere) for a in 0..9, b in a..9]", h, h))
	}
	local := `[(outcome(G, misere) == P) == all([outcome(m.to, misere) == N for m in moves(G)]) for G in [Lasker(a) + Lasker(b) + Lasker(c) for a in [0, 1, 2, 150, 151, 152, 153], b in [1, 97, 200], c in [0, 1, 64, 255]]]`
	if v, err := fast.Eval(ctx, "test", local); err != nil || strings.Contains(v.Repr(), "false") {
		t.Errorf("the local rule on large sums: %v, %v", v, err)
	}
	for src, want := range map[string]string{
		`quotient(Lasker).tame`:      "true",
		`quotient(Lasker).genera`:    `["0^120", "1^031", "2^20", "4^46", "3^31", "5^57", "6^64", "8^(8,10)"]`,
		`quotient("0.00[3]").genera`: `["0^120", "0^120", "0^120", "1^031", "1^031", "1^031", "2^20", "2^20"]`,
		`quotient("0.05").tame`:      "true",
		`quotient(Kayles).tame`:      "false",
	} {
		if v, err := fast.Eval(ctx, "test", src); err != nil || v.Repr() != want {
			t.Errorf("%s = %v, %v; want %s", src, v, err, want)
		}
	}
	// Genera and misère values of sums through the quotient (0.75, whose values are
	// proved for its quotient's elements) and the tame rule (Lasker's Nim), against the
	// solver's, and for heaps of any size at once.
	same(t, fast, plain, `[str(genus(TakeBreak("0.75", a) + TakeBreak("0.75", b))) for a in 0..9, b in a..9]`)
	same(t, fast, plain, `[sg(TakeBreak("0.75", a) + TakeBreak("0.75", b) + TakeBreak("0.75", c), misere) for a in 1..6, b in a..6, c in b..6]`)
	same(t, fast, plain, "[str(genus(Lasker(a) + Lasker(b))) for a in 0..7, b in a..7]")
	for src, want := range map[string]string{
		`genus(TakeBreak("0.75", 1000) + TakeBreak("0.75", 999))`: `"3^31"`, // heaps 8 and 9: b·ab² = ab
		`genus(Lasker(1000) + Lasker(1))`:                         `"998^(998,996)"`,
	} {
		if v, err := fast.Eval(ctx, "test", src); err != nil || v.Repr() != want {
			t.Errorf("%s = %v, %v; want %s", src, v, err, want)
		}
	}
	if v, err := fast.Eval(ctx, "test", `quotient(Lasker).status`); err != nil || !strings.HasPrefix(v.Str(), "tame for all heaps") || !strings.Contains(v.Str(), "except when every heap is fickle (plays like a Nim heap of 0 or 1: here a heap of 0 or 1 tokens)") {
		t.Errorf("the status of Lasker's Nim: %v, %v", v, err)
	}
}

func TestQuotientMethodAndScope(t *testing.T) {
	in := stdlib.New()
	ctx := context.Background()
	for src, want := range map[string]interp.MisereMethod{
		"Kayles(200) + Kayles(500) + Kayles(1000)":       interp.MethodQuotient,
		"Kayles(30) + DawsonsKayles(9)":                  interp.MethodSearch, // mixed: not the quotient
		"Nim(3) + Nim(5)":                                interp.MethodNim,
		"Lasker(2000) + Lasker(37) + Lasker(1)":          interp.MethodTame, // a tame code
		`TakeBreak("0.05", 1000) + TakeBreak("0.05", 7)`: interp.MethodTame,
	} {
		v, err := in.Eval(ctx, "test", src)
		if err != nil {
			t.Fatal(err)
		}
		if _, method, err := in.MisereOutcome(ctx, v); err != nil || method != want {
			t.Errorf("%s: decided by %q, %v; want %q", src, method, err, want)
		}
	}
	for src, want := range map[string]string{
		`quotient("0.75").order`:         "8",
		`quotient(Kayles).status`:        `"for all heaps: heap n + 12 acts as heap n from heap 71 on"`,
		`quotient("0.07").status`:        `"for heaps up to 29: it answers every sum of heaps of at most 29 tokens; it stops at heap 30: no candidate quotient passes the check within the search's limits (1000 rounds, 16384 elements, 16777216 steps), so a sum with a larger heap is searched position by position (more work per heap searches further: quotient(\"0.07\", 704, 67108864))"`,
		`len(quotient("0.75").pportion)`: "2",
		// heap n + 12 acts as heap n from heap 71 on
		`outcome(Kayles(1000) + Kayles(501) + Kayles(300), misere) == outcome(Kayles(100) + Kayles(81) + Kayles(84), misere)`: "true",
		`outcome(Kayles(1000) + Kayles(502) + Kayles(300), misere) == outcome(Kayles(100) + Kayles(82) + Kayles(84), misere)`: "true",
	} {
		v, err := in.Eval(ctx, "test", src)
		if err != nil || v.Repr() != want {
			t.Errorf("%s = %v, %v; want %s", src, v.Repr(), err, want)
		}
	}
	// A quotient stopped by its bound is shown as far as it got.
	v, err := in.Eval(ctx, "test", `quotient(Kayles, 10)`)
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := in.Eval(ctx, "test", `quotient(Kayles, 10).order`); o.N > 10 || o.N < 2 || !strings.Contains(v.Repr(), "past the bound 10") {
		t.Errorf("bound: order %s, %s", o.Repr(), v.Repr())
	}
	for _, src := range []string{`quotient(Wythoff)`, `quotient(3)`, `quotient("0.7x")`, `quotient(Kayles, 0)`} {
		if _, err := in.Eval(ctx, "test", src); err == nil {
			t.Errorf("%s: no error", src)
		}
	}
}

// BenchmarkMisereKaylesSums decides sums of 3 or 4 Kayles rows of 200-1000 pins in
// misère play through the language, one sum an iteration (the quotient is built once).
func BenchmarkMisereKaylesSums(b *testing.B) {
	in := stdlib.New()
	ctx := context.Background()
	if _, err := in.Eval(ctx, "bench", "outcome(Kayles(1000), misere)"); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		src := fmt.Sprintf("outcome(Kayles(%d) + Kayles(%d) + Kayles(%d) + Kayles(%d), misere)", 200+i%800, 1000-i%700, 300+i%500, 200+(7*i)%800)
		if i%2 == 0 {
			src = fmt.Sprintf("outcome(Kayles(%d) + Kayles(%d) + Kayles(%d), misere)", 200+i%800, 1000-i%700, 300+i%500)
		}
		if _, err := in.Eval(ctx, "bench", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMisereKaylesSearch is the same kind of question answered by the solver's
// search (the quotient removed), on the largest rows it reaches in seconds.
func BenchmarkMisereKaylesSearch(b *testing.B) {
	for b.Loop() {
		if _, err := plainSession().Eval(context.Background(), "bench", "outcome(Kayles(14) + Kayles(13) + Kayles(12), misere)"); err != nil {
			b.Fatal(err)
		}
	}
}

// A quotient grown with more work answers the misère queries that follow, beyond the
// heap where the default search stops (0.754 stops at heap 17), as the plain search does.
func TestQueriesUseTheFurthestQuotient(t *testing.T) {
	fast, plain := sessions(t)
	ctx := context.Background()
	v, err := fast.Eval(ctx, "test", `quotient("0.754", 60, 4194304).status`)
	if err != nil || !strings.HasPrefix(v.Str(), "for heaps up to 18:") {
		t.Fatalf("status %v, %v", v, err)
	}
	const sums = `[outcome(TakeBreak("0.754", a) + TakeBreak("0.754", b), misere) for a in 17..18, b in 0..3]`
	same(t, fast, plain, sums)
	s, err := fast.Eval(ctx, "test", `TakeBreak("0.754", 18) + TakeBreak("0.754", 3)`)
	if err != nil {
		t.Fatal(err)
	}
	if _, method, err := fast.MisereOutcome(ctx, s); err != nil || method != interp.MethodQuotient {
		t.Errorf("decided by %q, %v; want the quotient", method, err)
	}
}

// A quotient that grows says where it is through the session's status callback: each
// heap added with the order, and the candidates a heap tries.
func TestQuotientStatus(t *testing.T) {
	in := stdlib.New()
	var seen []string
	in.Config.OnStatus = func(s string) { seen = append(seen, s) }
	if _, err := in.Eval(context.Background(), "test", `quotient("0.07").order`); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(seen, "\n")
	for _, want := range []string{"heap 1 of 0.07, order 1", "heap 24 of 0.07, order 24", "heap 25 of 0.07, order 24, trying "} {
		if !strings.Contains(all, want) {
			t.Errorf("no status %q among %d:\n%s", want, len(seen), all[:min(len(all), 2000)])
		}
	}
}

// quotient(G, bound, work, file) saves the quotient where it stops and a new session
// resumes from the file: the same record without growing again; a file of another
// code, or changed by hand, is refused with its name.
func TestQuotientFile(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "dk.quotient")
	call := fmt.Sprintf("quotient(\"0.07\", 100, 1000000, %q)", file)
	first, err := stdlib.New().Eval(ctx, "test", call)
	if err != nil {
		t.Fatal(err)
	}
	in := stdlib.New()
	var grown []string
	in.Config.OnStatus = func(s string) { grown = append(grown, s) }
	again, err := in.Eval(ctx, "test", call)
	if err != nil || again.Repr() != first.Repr() {
		t.Fatalf("resumed: %v, %v; first %v", again, err, first)
	}
	hv, err := stdlib.New().Eval(ctx, "test", call+".heaps")
	if err != nil {
		t.Fatal(err)
	}
	heaps := len(hv.Seq()) // the heaps saved
	for _, s := range grown {
		n := 0
		if fmt.Sscanf(s, "heap %d", &n); n < heaps {
			t.Errorf("the resumed quotient computed heap %d again: %q", n, s)
		}
	}
	if _, err := stdlib.New().Eval(ctx, "test", fmt.Sprintf("quotient(\"0.77\", 100, 1000000, %q)", file)); err == nil || !strings.Contains(err.Error(), "holds the quotient of 0.07, not of 0.77") {
		t.Errorf("another code: %v", err)
	}
	data, _ := os.ReadFile(file)
	bad := strings.Replace(string(data), `"p":[false,`, `"p":[true,`, 1)
	if bad == string(data) {
		t.Fatal("the file has no P-portion to change")
	}
	os.WriteFile(file, []byte(bad), 0o644)
	if _, err := stdlib.New().Eval(ctx, "test", call); err == nil || !strings.Contains(err.Error(), "does not give the outcomes") {
		t.Errorf("a changed file: %v", err)
	}
	// A file in a folder that does not exist is refused before the quotient grows.
	missing := filepath.Join(t.TempDir(), "no", "dk.quotient")
	_, err = stdlib.New().Eval(ctx, "test", fmt.Sprintf("quotient(\"0.07\", 100, 1000000, %q)", missing))
	if want := "cannot save the quotient in " + missing + ": there is no folder"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a missing folder: %v, want %q", err, want)
	}
}

// A saved file does not raise the call's bound or work, even past the language's caps:
// resumed from a file whose bound and work were raised by hand, quotient(G, bound,
// work, file) stops where the first call did and suggests the call's work, and a file
// with more elements than the call's bound is refused.
func TestQuotientFileKeepsTheCallsLimits(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "dk.quotient")
	call := fmt.Sprintf("quotient(\"0.07\", 100, 33554432, %q).status", file)
	first, err := stdlib.New().Eval(ctx, "test", call)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	raised := strings.Replace(strings.Replace(string(data), `"bound":100,`, `"bound":1125899906842624,`, 1), `"Work":33554432`, `"Work":4611686018427387904`, 1)
	if strings.Count(raised, "1125899906842624")+strings.Count(raised, "4611686018427387904") != 2 {
		t.Fatalf("the file has no bound and work to raise: %.200s", data)
	}
	os.WriteFile(file, []byte(raised), 0o644)
	again, err := stdlib.New().Eval(ctx, "test", call)
	if err != nil || again.Repr() != first.Repr() || !strings.Contains(first.Str(), ", 33554432)") {
		t.Errorf("resumed from a raised file: %v, %v; first %v", again, err, first)
	}
	small := fmt.Sprintf("quotient(\"0.07\", 8, 33554432, %q)", file)
	if _, err := stdlib.New().Eval(ctx, "test", small); err == nil || !strings.Contains(err.Error(), "more than the bound 8") {
		t.Errorf("a file past the call's bound: %v", err)
	}
}
