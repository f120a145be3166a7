package cgt

// maxUpPower bounds the powers of ↑ that Parse builds (↑<n>, ↑[n]).
const maxUpPower = 64

// UpPower is ↑ to the n-th power (n >= 1), ↑<n> in CGSuite's plain text: ↑<1> = ↑ and
// ↑<n+1> = {0 | ↓<n>*}.
func (s *Space) UpPower(n int) Game {
	if n < 1 {
		rangePanic("power of up")
	}
	g := s.Up(1)
	for i := 2; i <= n; i++ {
		g = s.Make([]*Form{s.Zero()}, []*Form{s.Add(s.Neg(g), s.Nimber(1))})
	}
	return g
}

// UpSum is ↑ + ↑<2> + ... + ↑<n>, ↑[n] in CGSuite's plain text.
func (s *Space) UpSum(n int) Game {
	g := s.Zero()
	p := s.Up(1)
	for i := 1; i <= n; i++ {
		if i > 1 {
			p = s.Make([]*Form{s.Zero()}, []*Form{s.Add(s.Neg(p), s.Nimber(1))})
		}
		g = s.Add(g, p)
	}
	return g
}
