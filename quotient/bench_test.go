package quotient

import (
	"context"
	"testing"
)

// BenchmarkKaylesTo1000 computes the misère quotient of Kayles heap by heap up to heap
// 1000 (without the periodicity shortcut).
func BenchmarkKaylesTo1000(b *testing.B) {
	for b.Loop() {
		q := New(parseCode(".77"), 1000)
		if err := q.Grow(context.Background(), 1001); err != nil {
			b.Fatal(err)
		}
	}
}
