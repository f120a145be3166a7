package interp_test

import (
	"fmt"
	"testing"
)

// A misère sum of a user-defined Kayles, which neither Bouton's rule, genus theory
// nor the library's misère quotients decide: the misère search walks its sums.
// go test -run XXX -bench MisereKaylesSum ./interp
const misereKaylesSumSrc = `
game K(n) { move k in 1..2, i in 0..(n - k) / 2 -> K(i) + K(n - k - i) }
print outcome(%s, misere)
`

func BenchmarkMisereKaylesSum(b *testing.B) {
	benchProgram(b, fmt.Sprintf(misereKaylesSumSrc, "K(19) + K(18) + K(17)"))
}
