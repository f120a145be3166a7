//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package repl

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// ttyMode is a mode of the terminal on standard input; the zero ttyMode stands
// for no terminal, and applying it does nothing.
type ttyMode struct{ t *unix.Termios }

// currentMode returns the terminal's mode now.
func currentMode() ttyMode {
	t, err := unix.IoctlGetTermios(int(os.Stdin.Fd()), getTermios)
	if err != nil {
		return ttyMode{}
	}
	return ttyMode{t}
}

// apply puts the terminal in mode m.
func (m ttyMode) apply() {
	if m.t != nil {
		unix.IoctlSetTermios(int(os.Stdin.Fd()), setTermios, m.t)
	}
}

// keyInterrupts returns m with Ctrl-C passed to the program as a key instead
// of raising an interrupt signal.
func (m ttyMode) keyInterrupts() ttyMode {
	if m.t == nil {
		return m
	}
	t := *m.t
	t.Lflag &^= unix.ISIG
	return ttyMode{&t}
}

// stdinUntil reads standard input until ctx ends; a read waiting for input
// then returns ctx's error. It asks every pollInterval whether input is there,
// so that it never reads ahead or leaves a read behind.
type stdinUntil struct{ ctx context.Context }

const pollInterval = 50 // milliseconds

func (r stdinUntil) Read(p []byte) (int, error) {
	fds := []unix.PollFd{{Fd: int32(os.Stdin.Fd()), Events: unix.POLLIN}}
	for {
		if err := r.ctx.Err(); err != nil {
			return 0, err
		}
		n, err := unix.Poll(fds, pollInterval)
		switch {
		case err == unix.EINTR:
		case err != nil:
			return 0, err
		case n > 0:
			return os.Stdin.Read(p)
		}
	}
}

// restoreOnTermination watches for SIGTERM and SIGHUP until stop is called:
// when one comes, it puts the terminal back in mode m and lets the signal end
// the process as it would have, so the shell never leaves the terminal raw.
func restoreOnTermination(m ttyMode) (stop func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			m.apply()
			signal.Reset(sig)
			syscall.Kill(os.Getpid(), sig.(syscall.Signal))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}
