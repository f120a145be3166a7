package teach

import (
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib"
)

// NewSession returns a full session, the one the command line, the shell and
// the page run programs in: the standard library loaded, cfg as its
// configuration (limits, the hints that say how to raise them, the default
// play mode, the progress callback) and the teaching built-ins registered
// (explain and thermograph, see [Register]). Start cfg from
// interp.DefaultConfig. The library is loaded before cfg applies, so its
// limits and mode bound what the program asks, not the library's loading.
// The caller sets where the session writes (Out, Diag).
func NewSession(cfg interp.Config) *interp.Interp {
	in := stdlib.New()
	in.Config = cfg
	Register(in)
	return in
}
