package quotient

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A saved quotient resumes where it stopped: loaded, it answers as the original, and
// grown further with more work it reaches what a quotient grown in one go reaches.
// A file changed by hand, or saved for other rules, is refused.
func TestSaveAndResume(t *testing.T) {
	ctx := context.Background()
	c := parseCode(".07")
	q := New(c, 4096)
	if err := q.Grow(ctx, 30); err == nil {
		t.Fatal("0.07 passed heap 25 within the default limits")
	}
	var buf bytes.Buffer
	if err := q.Save(&buf); err != nil {
		t.Fatal(err)
	}
	file := buf.String()
	r, err := Load(ctx, c, strings.NewReader(file))
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
	more := LimitsFor(1 << 22)
	r.RaiseLimits(more)
	fresh := New(c, 4096)
	fresh.RaiseLimits(more)
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
		if _, err := Load(ctx, rules, strings.NewReader(bad)); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}
