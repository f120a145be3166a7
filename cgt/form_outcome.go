package cgt

// Outcome is g's outcome class, as its Space's Outcome gives it: for code that
// holds a form but not the Space it lives in.
func (g *Form) Outcome() Outcome { return g.sp.Outcome(g) }
