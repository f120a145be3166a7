package interp

// RememberNoCalls makes in evaluate every function call, as the plain definition does.
func (in *Interp) RememberNoCalls() { in.noMemo = true }
