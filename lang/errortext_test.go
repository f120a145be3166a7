package lang

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// TestErrorText checks the one wording of errors for a person: located errors
// with their line and caret, stops by what stopped, anything else as it is.
func TestErrorText(t *testing.T) {
	located := &Error{Pos: Position{Filename: "f.game", Line: 1, Column: 7}, Msg: "here", Src: "print (1"}
	stop := &Error{Pos: Position{Filename: "f.game", Line: 1, Column: 1}, Msg: "interrupted", Src: "print (1", Cause: context.Canceled}
	for _, c := range []struct {
		err     error
		hint    string
		want    string
		located bool
	}{
		{located, "", "f.game:1:7: here\n    print (1\n          ^", true},
		{Errors{located, located}, "", "f.game:1:7: here\n    print (1\n          ^\nf.game:1:7: here\n    print (1\n          ^", true},
		{fmt.Errorf("running: %w", located), "", "f.game:1:7: here\n    print (1\n          ^", true},
		{stop, "", "f.game:1:1: interrupted\n    print (1\n    ^", true},
		{context.Canceled, "raise it", "interrupted", false},
		{fmt.Errorf("table: %w", context.Canceled), "", "interrupted", false},
		{context.DeadlineExceeded, "", "stopped: the time limit was reached", false},
		{context.DeadlineExceeded, "raise it with --timeout", "stopped: the time limit was reached; raise it with --timeout", false},
		{errors.New("internal error: boom"), "raise it", "internal error: boom", false},
	} {
		text, located := ErrorText(c.err, c.hint)
		if text != c.want || located != c.located {
			t.Errorf("ErrorText(%v, %q) = %q, %v; want %q, %v", c.err, c.hint, text, located, c.want, c.located)
		}
	}
}
