//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package repl

// setInterruptKey does nothing here: the line editor handles Ctrl-C itself.
func setInterruptKey(signal bool) {}
