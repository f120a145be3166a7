package native

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestProvePeriodKnown(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		code  string
		want  Periodicity
		maxTo int // proof found by this n at the latest
	}{
		{"0.77", Periodicity{71, 12, 0}, 200},  // Kayles: last exception at n = 70
		{"0.07", Periodicity{53, 34, 0}, 400},  // Dawson's Kayles
		{"0.137", Periodicity{52, 34, 0}, 400}, // Dawson's chess
		{"4.0", Periodicity{1, 2, 0}, 40},
		{"0.1", Periodicity{2, 1, 0}, 40},
		{"0.333", Periodicity{0, 4, 0}, 40}, // Bash, take 1..3
	}
	for _, c := range cases {
		pp, err := ProvePeriod(ctx, MustParseCode(c.code), 5000)
		if err != nil {
			t.Fatal(err)
		}
		if !pp.Proved || pp.Periodicity != c.want || pp.CheckedTo > c.maxTo || pp.Needed > pp.CheckedTo {
			t.Errorf("%s: %+v, want %v by n = %d", c.code, pp, c.want, c.maxTo)
		}
	}
	if pp, _ := ProvePeriod(ctx, MustParseCode("0.77"), 5000); pp.Needed != 2*(71+12)+2-1 {
		t.Errorf("Kayles needs values to n = 2(s+p)+t-1 = 167, got %d", pp.Needed)
	}
	// 0.6 is a famous open octal game: no proof is expected.
	if pp, _ := ProvePeriod(ctx, MustParseCode("0.6"), 5000); pp.Proved {
		t.Errorf("0.6 proved periodic? %v", pp)
	}
	for _, code := range []string{"0.[3]", "4.[3]", "4.0 unequal"} {
		pp, err := ProvePeriod(ctx, MustParseCode(code), 1000)
		if err != nil || pp.Proved || pp.Reason == "" {
			t.Errorf("%s: %+v, %v: want a reason why the theorem does not apply", code, pp, err)
		}
	}
	pp, _ := ProvePeriod(ctx, MustParseCode("0.16"), 3000)
	if pp.Proved || pp.CheckedTo != 3000 || pp.String() != "not proved; no period observed up to n = 3000" {
		t.Errorf("0.16 to 3000: %+v %q", pp, pp)
	}
	// Nim is not periodic, but arithmetically periodic: g(n+1) = g(n) + 1.
	pp, _ = ProvePeriod(ctx, MustParseCode("0.[3]"), 1000)
	if want := (Periodicity{Preperiod: 0, Period: 1, Saltus: 1}); pp.Observed != want || pp.CheckedTo != 1000 ||
		pp.String() != "not proved (the code 0.[3] has a repeating digit; the periodicity theorem needs a largest number t of tokens removed); observed preperiod 0, period 1, saltus 1 up to n = 1000" {
		t.Errorf("0.[3]: %+v %q", pp, pp)
	}
	ctx2, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := ProvePeriod(ctx2, MustParseCode("0.16"), 3000); err == nil {
		t.Error("canceled context: no error")
	}
}

// Every proof must hold on as many values as the plain loop gives: random
// octal, hexadecimal and subtraction codes, proved, then checked far beyond.
func TestProvePeriodHoldsBeyond(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	proved := map[int]int{}
	for i := 0; i < 300; i++ {
		var digits string
		if rng.IntN(4) == 0 {
			digits = "0123"
		} else if rng.IntN(3) == 0 {
			digits = "0123456789ABCDEF"
		} else {
			digits = "01234567"
		}
		s := "0."
		if rng.IntN(4) == 0 {
			s = "4."
		}
		for k := 1 + rng.IntN(4); k > 0; k-- {
			s += string(digits[rng.IntN(len(digits))])
		}
		c := MustParseCode(s)
		pp, err := ProvePeriod(ctx, c, 600)
		if err != nil {
			t.Fatal(err)
		}
		if !pp.Proved {
			continue
		}
		proved[c.MaxHeaps()]++
		n := 3 * (pp.CheckedTo + 1)
		if c.MaxHeaps() == 3 {
			n = min(n, 400)
		} else {
			n = max(n, 1500)
		}
		g := PlainSequence(c, n)
		per := pp.Periodicity
		for m := per.Preperiod; m+per.Period <= n; m++ {
			if g[m+per.Period] != g[m] {
				t.Fatalf("%v proved %v but g(%d) != g(%d)", c, per, m+per.Period, m)
			}
		}
		if per.Preperiod > 0 && g[per.Preperiod-1+per.Period] == g[per.Preperiod-1] {
			t.Errorf("%v: preperiod %d is not the smallest", c, per.Preperiod)
		}
		if got := Period(g); per.Preperiod <= n/2 && got != per {
			t.Errorf("%v: proved %v, Period sees %v", c, per, got)
		}
	}
	for h := 1; h <= 3; h++ {
		if proved[h] < 5 {
			t.Errorf("only %d proofs for codes leaving up to %d heaps", proved[h], h)
		}
	}
	t.Log(fmt.Sprint("proofs by max heaps: ", proved))
}

// Codes whose heaps cost O(n^2) each (three-heap splits) or whose values never
// repeat stop when the work is spent, with what they observed.
func TestProvePeriodBoundedWork(t *testing.T) {
	for _, code := range []string{"0.3F", "0.FF", "0.7F", "0.1F", "0.37"} {
		pp, err := provePeriod(context.Background(), MustParseCode(code), ProofLimits{MaxN: 1 << 20, Work: 1 << 22})
		if err != nil || pp.Proved || pp.CheckedTo >= 1<<20 || pp.CheckedTo < 100 {
			t.Errorf("%s: %+v, %v", code, pp, err)
		}
		t.Logf("%s: %v", code, pp)
	}
	// Values that grow: an arithmetic period is observed.
	pp, _ := provePeriod(context.Background(), MustParseCode("0.3F"), ProofLimits{MaxN: 1 << 20, Work: 1 << 22})
	if want := (Periodicity{Period: 6, Saltus: 3}); pp.Observed != want {
		t.Errorf("0.3F: observed %v, want %v", pp.Observed, want)
	}
}

// TestProvePeriodGeneralCodes checks proofs for general codes (tokens added,
// four or more heaps) against the plain sequence well past what the proof
// needed, and that codes the theorem does not cover are not proved.
func TestProvePeriodGeneralCodes(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	proved := 0
	for i := 0; i < 60; i++ {
		s := "0."
		switch rng.IntN(3) {
		case 0:
			s = "80."
		case 1:
			s = "G0."
		}
		for k := 1 + rng.IntN(3); k > 0; k-- {
			s += string("0123456789ABCDEFGH"[rng.IntN(18)])
		}
		c := MustParseCode(s)
		pp, err := ProvePeriod(ctx, c, 300)
		if err != nil {
			t.Fatal(err)
		}
		if !pp.Proved {
			continue
		}
		proved++
		n := max(2*(pp.CheckedTo+1), 200)
		g := PlainSequence(c, n)
		per := pp.Periodicity
		for m := per.Preperiod; m+per.Period <= n; m++ {
			if g[m+per.Period] != g[m] {
				t.Fatalf("%v proved %v but g(%d) != g(%d)", c, per, m+per.Period, m)
			}
		}
	}
	if proved < 10 {
		t.Errorf("only %d proofs for general codes", proved)
	}
	for _, s := range []string{"0.*", "0.{2+}", "0.G!", "4!.8?"} {
		if pp, err := ProvePeriod(ctx, MustParseCode(s), 200); err != nil || pp.Proved || pp.Reason == "" {
			t.Errorf("%s: %v, %v; want not proved, with a reason", s, pp, err)
		}
	}
}

// A period the values show before the theorem can prove it is reported
// with the heaps the proof needs, and computing them proves that period:
// 0.16 (preperiod 105,351, period 149,459) seen at 450,000 heaps, proved
// with 509,622.
func TestObservedPeriodThenProved(t *testing.T) {
	r := newRun(MustParseCode("0.16"), engineOptions{sparseFrom: defaultOptions.sparseFrom, prove: true})
	r.StopAtProof()
	if err := r.Extend(context.Background(), 450_000); err != nil {
		t.Fatal(err)
	}
	if _, proved := r.Proof(); proved {
		t.Fatal("proved with 450,000 values")
	}
	obs, needed, ok := r.Observed()
	if !ok || obs != (Periodicity{Preperiod: 105_351, Period: 149_459}) || needed != 2*(105_351+149_459)+2-1 {
		t.Fatalf("observed %v (%v), needs %d", obs, ok, needed)
	}
	if err := r.Extend(context.Background(), needed-1); err != nil {
		t.Fatal(err)
	}
	if r.CheckProof() {
		t.Fatalf("proved with values to %d", needed-1)
	}
	if err := r.Extend(context.Background(), needed); err != nil {
		t.Fatal(err)
	}
	if !r.CheckProof() {
		t.Fatalf("not proved with values to %d", r.Len()-1)
	}
	if p, _ := r.Proof(); p != obs {
		t.Fatalf("proved %v, observed %v", p, obs)
	}
	if _, _, ok := r.Observed(); ok {
		t.Error("an observed period reported once proved")
	}
	// Nothing periodic in the first values of Grundy's game; and the theorem
	// does not cover it, so no heap count is named for an observation.
	g := NewRun(GrundysGame())
	if err := g.Extend(context.Background(), 5000); err != nil {
		t.Fatal(err)
	}
	if p, _, ok := g.Observed(); ok {
		t.Errorf("Grundy's game to 5000 looks periodic: %v", p)
	}
}
