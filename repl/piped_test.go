package repl

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

// cancelOnTiming cancels a context when the shell writes an entry's timing,
// the last thing it does for an entry that ended well: an interrupt that comes
// after the entry has run.
type cancelOnTiming struct {
	bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelOnTiming) Write(p []byte) (int, error) {
	if bytes.HasPrefix(p, []byte("time ")) {
		w.cancel()
	}
	return w.Buffer.Write(p)
}

// An interrupt while a script's entry runs stops the script with status 2 and
// says so, also when the entry ends well before the interrupt is seen (the
// shell said nothing then, and CLI's interrupt test failed once).
func TestPipedInterruptAfterAnEntry(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	out := &cancelOnTiming{cancel: cancel}
	var errw bytes.Buffer
	s := New(stdlib.New(), out, &errw)
	status := s.Piped(ctx, strings.NewReader(":time on\nprint \"started\"\nprint \"not run\"\n"))
	if status != 2 || !strings.Contains(out.String(), "started\n") || strings.Contains(out.String(), "not run") || !strings.Contains(errw.String(), "interrupted") {
		t.Errorf("status %d, out %q, err %q; want 2, the first entry's line, and interrupted", status, out.String(), errw.String())
	}
}
