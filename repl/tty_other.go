//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package repl

import (
	"context"
	"os"
)

// ttyMode stands for a terminal mode; here the line editor keeps the terminal
// in the right mode itself, so there is nothing to remember.
type ttyMode struct{}

func currentMode() ttyMode               { return ttyMode{} }
func (m ttyMode) apply()                 {}
func (m ttyMode) keyInterrupts() ttyMode { return m }

// restoreOnTermination does nothing here.
func restoreOnTermination(m ttyMode) (stop func()) { return func() {} }

// stdinUntil reads standard input; here a read cannot be cut short.
type stdinUntil struct{ ctx context.Context }

func (r stdinUntil) Read(p []byte) (int, error) { return os.Stdin.Read(p) }
