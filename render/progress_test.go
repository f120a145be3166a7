package render

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/words"
)

// fakeClock is a clock that moves only when told to.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newFake(label string) (*Progress, *bytes.Buffer, *fakeClock) {
	var buf bytes.Buffer
	clk := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	return newProgress(&buf, label, clk.now), &buf, clk
}

func TestProgressLine(t *testing.T) {
	p, buf, clk := newFake("sg(K(12000))")
	clk.advance(900 * time.Millisecond)
	p.tick()
	if buf.Len() != 0 {
		t.Fatalf("drew %q in the first second", buf.String())
	}
	// After a second the line shows, even before any position is solved: a
	// few positions with many moves each take long too.
	clk.advance(200 * time.Millisecond)
	p.tick()
	if want := "\rsg(K(12000)): 1s (Ctrl-C stops)"; buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	clk.advance(900 * time.Millisecond)
	p.Solved(1234567)
	p.tick()
	if want := "\rsg(K(12000)): 2s, 1,234,567 positions, 617,283/s (Ctrl-C stops)"; buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	p.tick() // nothing changed: nothing drawn
	if buf.Len() != 0 {
		t.Fatalf("redrew the same line: %q", buf.String())
	}
	// Output clears the line; it comes back after a second of quiet, and a
	// shorter line blanks out the rest of the longer one.
	w := p.Writer(buf)
	w.Write([]byte("42\n"))
	const long = "sg(K(12000)): 2s, 1,234,567 positions, 617,283/s (Ctrl-C stops)"
	if want := "\r" + strings.Repeat(" ", len(long)+2) + "\r42\n"; buf.String() != want { // +2: a "^C" echo
		t.Fatalf("output: got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	clk.advance(500 * time.Millisecond)
	p.tick()
	if buf.Len() != 0 {
		t.Fatalf("drew %q half a second after output", buf.String())
	}
	clk.advance(600 * time.Millisecond)
	p.tick()
	if !strings.HasPrefix(buf.String(), "\rsg(K(12000)): 3s, 1,234,567 positions") {
		t.Fatalf("not redrawn after output: %q", buf.String())
	}
	buf.Reset()
	p.Stop()
	if !strings.HasPrefix(buf.String(), "\r   ") || !strings.HasSuffix(buf.String(), "\r") {
		t.Fatalf("Stop wrote %q", buf.String())
	}
	buf.Reset()
	clk.advance(time.Second)
	p.tick()
	p.Stop()
	if buf.Len() != 0 {
		t.Fatalf("wrote %q after Stop", buf.String())
	}
	if Underlying(w) != buf {
		t.Error("Underlying does not find the stream")
	}
}

// One position is a position.
func TestProgressOnePosition(t *testing.T) {
	p, buf, clk := newFake("x")
	clk.advance(2 * time.Second)
	p.Solved(1)
	p.tick()
	if want := "\rx: 2s, 1 position, 0/s (Ctrl-C stops)"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// A status says what the computation is at, after the positions.
func TestProgressStatus(t *testing.T) {
	p, buf, clk := newFake("quotient")
	clk.advance(2 * time.Second)
	p.Status("heap 27 of 0.07, order 240")
	p.tick()
	if want := "\rquotient: 2s, heap 27 of 0.07, order 240 (Ctrl-C stops)"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// A native table's heaps show with their rate since the table was first
// told, as it may hold heaps computed before; another table starts anew; a
// label that names the table, as the shell's entry does, is not repeated.
func TestProgressHeaps(t *testing.T) {
	p, buf, clk := newFake("grundy eval")
	for _, step := range []struct {
		label       string // a new line with this label, when set
		wait        time.Duration
		table       string
		heaps, then int // told before and after the wait (then 0: not told again)
		solved      int64
		want        string
	}{
		{"", 3 * time.Second, "GrundysGame", 1_000_000, 0, 0, "grundy eval: 3s, GrundysGame: 1,000,000 heaps (Ctrl-C stops)"},
		{"", 2 * time.Second, "GrundysGame", 1_000_000, 1_220_000, 0, "grundy eval: 5s, GrundysGame: 1,220,000 heaps, 44,000/s (Ctrl-C stops)"}, // 220,000 in 5s,
		{"", time.Second, "0.354", 4096, 1_004_096, 12, words.Abbreviate("grundy eval: 6s, 12 positions, 2/s, 0.354: 1,004,096 heaps, 1,000,000/s (Ctrl-C stops)", progressWidth)},
		{`period("0.354", 60)`, 2 * time.Second, "0.354", 8192, 0, 0, `period("0.354", 60): 2s, 8,192 heaps (Ctrl-C stops)`},
	} {
		if step.label != "" {
			p, buf, clk = newFake(step.label)
		}
		buf.Reset()
		p.Solved(step.solved)
		p.Heaps(step.table, step.heaps)
		clk.advance(step.wait)
		if step.then > 0 {
			p.Heaps(step.table, step.then)
		}
		p.tick()
		if buf.String() != "\r"+step.want {
			t.Fatalf("got %q, want %q", buf.String(), "\r"+step.want)
		}
	}
}

func TestProgressLongLabel(t *testing.T) {
	p, buf, clk := newFake(strings.Repeat("é", 200) + "\n\t")
	clk.advance(time.Second)
	p.tick()
	line := strings.TrimPrefix(buf.String(), "\r")
	if n := len([]rune(line)); n != progressWidth || !strings.HasSuffix(line, "…") || strings.ContainsAny(line, "\n\t") {
		t.Errorf("line of %d runes: %q", n, line)
	}
}

func TestProgressConcurrent(t *testing.T) {
	var buf syncBuffer
	p := NewProgress(&buf, "racing")
	var wg sync.WaitGroup
	var writes atomic.Int64
	stop := make(chan struct{})
	// waitWrites waits until the writers have written n more times.
	waitWrites := func(n int64) {
		t.Helper()
		want := writes.Load() + n
		for deadline := time.Now().Add(10 * time.Second); writes.Load() < want; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the writers wrote %d times in 10s, want %d", writes.Load(), want)
			}
		}
	}
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := p.Writer(io.Discard)
			for i := int64(0); ; i++ {
				select {
				case <-stop:
					return
				default:
					p.Solved(i)
					w.Write(nil)
					writes.Add(1)
				}
			}
		}()
	}
	waitWrites(1000)
	p.Stop()
	n := buf.Len()
	waitWrites(1000)
	close(stop)
	wg.Wait()
	if buf.Len() != n {
		t.Errorf("output grew after Stop")
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
