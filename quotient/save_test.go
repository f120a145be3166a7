package quotient

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// A saved quotient resumes where it stopped: loaded, it answers as the original, and
// grown further with a larger bound it reaches what a quotient grown in one go reaches.
// A file changed by hand, or saved for other rules, is refused.
func TestSaveAndResume(t *testing.T) {
	ctx := context.Background()
	c := parseCode(".07")
	q := New(c, 100)
	if err := q.Grow(ctx, 30); err == nil {
		t.Fatal("0.07 passed heap 25 within the bound 100")
	}
	var buf bytes.Buffer
	if err := q.Save(&buf); err != nil {
		t.Fatal(err)
	}
	file := buf.String()
	r, err := Load(ctx, c, strings.NewReader(file), q.Bound(), q.Limits())
	if err != nil {
		t.Fatal(err)
	}
	if r.Heaps() != q.Heaps() || r.Order() != q.Order() || r.Limits() != q.Limits() {
		t.Fatalf("loaded %d heaps, order %d, %+v; saved %d, %d, %+v", r.Heaps(), r.Order(), r.Limits(), q.Heaps(), q.Order(), q.Limits())
	}
	s := &search{c: c, memo: map[string]bool{}}
	sums(24, 26, func(hs []int) {
		x, _ := r.Sum(ctx, hs...)
		if r.IsP(x) != s.isP(hs) {
			t.Fatalf("%v: the loaded quotient says P=%v", hs, r.IsP(x))
		}
	})
	r.RaiseBound(4096)
	fresh := New(c, 4096)
	errR, errF := r.Grow(ctx, 28), fresh.Grow(ctx, 28)
	if r.Heaps() != fresh.Heaps() || r.Order() != fresh.Order() || (errR == nil) != (errF == nil) {
		t.Errorf("resumed: %d heaps, order %d, %v; in one go: %d, %d, %v", r.Heaps(), r.Order(), errR, fresh.Heaps(), fresh.Order(), errF)
	}
	for name, bad := range map[string]string{
		"a P-portion changed": strings.Replace(file, `"p":[false,`, `"p":[true,`, 1),
		"not JSON":            "order 24",
		"other rules":         file,
	} {
		rules := Rules(c)
		if name == "other rules" {
			rules = parseCode(".77")
		}
		if _, err := Load(ctx, rules, strings.NewReader(bad), 100, DefaultLimits); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

// A saved table that is commutative but not associative is refused by Light's
// test, and one larger than its own bound before any table is checked.
func TestLoadRefusesBadTables(t *testing.T) {
	ctx, c, s := context.Background(), parseCode(".07"), saved07(t)
	load := func(s saved) error {
		b, _ := json.Marshal(s)
		_, err := Load(ctx, c, bytes.NewReader(b), 100, DefaultLimits)
		return err
	}
	big := s
	big.Bound = s.Order - 1
	if err := load(big); err == nil || !strings.Contains(err.Error(), "more than its bound") {
		t.Errorf("a table above its bound: %v", err)
	}
	n := s.Order
	nonAssociative := 0
	for a := 1; a < n; a++ {
		for b := a + 1; b < n; b++ {
			bad := s
			bad.Prod = append([]int32(nil), s.Prod...)
			v := (s.Prod[a*n+b] + 1) % int32(n)
			bad.Prod[a*n+b], bad.Prod[b*n+a] = v, v
			err := load(bad)
			if err == nil {
				t.Fatalf("a*b changed for %d, %d: loaded", a, b)
			}
			if strings.Contains(err.Error(), "not associative") {
				nonAssociative++
			}
		}
	}
	if nonAssociative == 0 {
		t.Error("no changed table was refused as not associative")
	}
}

// A file does not raise the caller's bound and limits: a quotient saved with larger
// ones (here written past any cap) grows within the caller's, and one with more
// elements than the caller's bound is refused.
func TestLoadKeepsTheCallersLimits(t *testing.T) {
	ctx, c, s := context.Background(), parseCode(".07"), saved07(t)
	s.Bound, s.Limits = 1<<40, Limits{Trial: 1 << 40, Rounds: 1 << 40, Work: 1 << 62}
	b, _ := json.Marshal(s)
	r, err := Load(ctx, c, bytes.NewReader(b), 100, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if r.Bound() != 100 || r.Limits() != DefaultLimits {
		t.Errorf("loaded with bound %d and %+v; the caller's are 100 and %+v", r.Bound(), r.Limits(), DefaultLimits)
	}
	if _, err := Load(ctx, c, bytes.NewReader(b), s.Order-1, DefaultLimits); err == nil || !strings.Contains(err.Error(), "more than the bound") {
		t.Errorf("a quotient of %d elements loaded within the bound %d: %v", s.Order, s.Order-1, err)
	}
}

// saved07 is the quotient of 0.07 within the bound 100, as Save writes it.
func saved07(t *testing.T) saved {
	q := New(parseCode(".07"), 100)
	q.Grow(context.Background(), 30)
	var buf bytes.Buffer
	if err := q.Save(&buf); err != nil {
		t.Fatal(err)
	}
	var s saved
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	return s
}
