package gcfloor

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// The pace puts the next collection at the floor, by either bound, and is the
// default's from half the floor on.
func TestPace(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		floor, live uint64
		want        int
	}{
		{32 * mb, 0, 800},      // before any collection: the least heap is the floor
		{32 * mb, 1 * mb, 800}, // 4 MB * 8 = 32 MB, while 1 MB * 9 is less
		{32 * mb, 8 * mb, 300}, // 8 MB * 4 = 32 MB
		{32 * mb, 10 * mb, 220},
		{32 * mb, 16 * mb, base},
		{32 * mb, 100 * mb, base},
	} {
		if got := pace(c.floor, c.live); got != c.want {
			t.Errorf("pace(%d MB, %d MB) = %d, want %d", c.floor/mb, c.live/mb, got, c.want)
		}
	}
}

// gogc reads GOGC's percent.
func gogc() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

// Keep raises the pace while the live heap is small, gives the default back
// while it is past half the floor, and raises it again once it is small again.
func TestKeep(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(base))
	runtime.GC()
	Keep(64 << 20)
	if p := gogc(); p <= base {
		t.Fatalf("GOGC %d with a small heap, want more than %d", p, base)
	}
	live := make([][]byte, 0, 40)
	for range 40 {
		live = append(live, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(10 * time.Second)
	for gogc() != base {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC %d with %d MB live, want %d", gogc(), len(live), base)
		}
		runtime.GC() // the finalizer runs after a collection
		runtime.Gosched()
	}
	runtime.KeepAlive(live) // then collected
	for gogc() <= base {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC %d with the peak collected, want more than %d", gogc(), base)
		}
		runtime.GC()
		runtime.Gosched()
	}
}

// A GOGC in the environment stands.
func TestKeepLeavesTheUsersGOGC(t *testing.T) {
	t.Setenv("GOGC", "50")
	defer debug.SetGCPercent(debug.SetGCPercent(50))
	Keep(64 << 20)
	if p := gogc(); p != 50 {
		t.Errorf("GOGC %d, want the environment's 50", p)
	}
}
