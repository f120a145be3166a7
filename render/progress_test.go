package render

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
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

func newFake(terminal bool) (*Progress, *bytes.Buffer, *fakeClock) {
	var buf bytes.Buffer
	clk := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	return newProgress(&buf, terminal, clk.now), &buf, clk
}

func TestProgressLine(t *testing.T) {
	p, buf, clk := newFake(true)
	p.Update(10, "early")
	if buf.Len() != 0 {
		t.Fatalf("drew %q in the first tenth of a second", buf.String())
	}
	clk.advance(2 * time.Second)
	p.Update(1234567, "Kayles(1000)")
	if want := "\r1,234,567 positions, 617,283/s  Kayles(1000)"; buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	clk.advance(50 * time.Millisecond)
	p.Update(1300000, "too soon")
	if buf.Len() != 0 {
		t.Fatalf("redrew after 50ms: %q", buf.String())
	}
	// A shorter line blanks out the rest of the longer one.
	clk.advance(50 * time.Millisecond)
	p.Update(2000000, "")
	if want := "\r2,000,000 positions, 952,380/s" + strings.Repeat(" ", 14); buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	p.Done()
	if want := "\r" + strings.Repeat(" ", 30) + "\r"; buf.String() != want {
		t.Fatalf("Done wrote %q, want %q", buf.String(), want)
	}
	buf.Reset()
	clk.advance(time.Second)
	p.Update(3000000, "after")
	p.Done()
	if buf.Len() != 0 {
		t.Fatalf("wrote %q after Done", buf.String())
	}
}

func TestProgressRateLimit(t *testing.T) {
	p, buf, clk := newFake(true)
	for i := range 3000 { // three seconds of updates every millisecond
		clk.advance(time.Millisecond)
		p.Update(int64(i), "detail with  spaces\tand\nnewlines")
	}
	draws := strings.Count(buf.String(), "\r")
	if draws < 25 || draws > 30 {
		t.Errorf("%d redraws in 3 seconds, want about 10 a second", draws)
	}
	if strings.Contains(buf.String(), "\n") || strings.Contains(buf.String(), "\t") {
		t.Errorf("detail breaks the line: %q", buf.String())
	}
}

func TestProgressLongDetail(t *testing.T) {
	p, buf, clk := newFake(true)
	clk.advance(time.Second)
	p.Update(5, strings.Repeat("é", 200))
	line := strings.TrimPrefix(buf.String(), "\r")
	if n := len([]rune(line)); n != progressWidth || !strings.HasSuffix(line, "…") {
		t.Errorf("line of %d runes: %q", n, line)
	}
}

func TestProgressNotTerminal(t *testing.T) {
	p, buf, clk := newFake(false)
	for range 100 {
		clk.advance(time.Second)
		p.Update(1000, "x")
	}
	p.Done()
	if buf.Len() != 0 {
		t.Errorf("wrote %q to a non-terminal", buf.String())
	}
}

func TestProgressConcurrent(t *testing.T) {
	var buf syncBuffer
	p := NewProgress(&buf, true)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int64(0); ; i++ {
				select {
				case <-stop:
					return
				default:
					p.Update(i, "racing")
				}
			}
		}()
	}
	time.Sleep(250 * time.Millisecond)
	p.Done()
	// After Done, nothing more may be written, even by running updaters.
	n := buf.Len()
	time.Sleep(150 * time.Millisecond)
	close(stop)
	wg.Wait()
	if buf.Len() != n {
		t.Errorf("output grew after Done")
	}
	if s := buf.String(); n > 0 && !strings.HasSuffix(s, "\r") {
		t.Errorf("line not cleared at the end: %q", s)
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

func TestGroupDigits(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", 100000: "100,000"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}
