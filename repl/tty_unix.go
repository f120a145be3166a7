//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package repl

import (
	"os"

	"golang.org/x/sys/unix"
)

// setInterruptKey makes the terminal on standard input turn Ctrl-C into an
// interrupt signal (signal true) or pass it to the program as a key (false).
// Nothing happens if standard input is not a terminal.
func setInterruptKey(signal bool) {
	fd := int(os.Stdin.Fd())
	t, err := unix.IoctlGetTermios(fd, getTermios)
	if err != nil {
		return
	}
	if signal {
		t.Lflag |= unix.ISIG
	} else {
		t.Lflag &^= unix.ISIG
	}
	unix.IoctlSetTermios(fd, setTermios, t)
}
