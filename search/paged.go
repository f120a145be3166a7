package search

import (
	"unsafe"

	"github.com/grundy-lang/grundy/budget"
)

// pageBits sets the size of the pages the searcher's tables grow by: 1024
// elements, 32 KB of entries (a session's small searches hold little).
const pageBits = 10

// paged is an array that grows by whole pages: growing copies nothing and
// leaves no garbage, and an element's address stays valid.
type paged[T any] struct {
	pages []*[1 << pageBits]T
}

// at returns the address of element i, which must be below len.
func (p *paged[T]) at(i int) *T { return &p.pages[i>>pageBits][i&(1<<pageBits-1)] }

// len is how many elements the pages hold.
func (p *paged[T]) len() int { return len(p.pages) << pageBits }

// grow adds pages, zeroed, until element i is held, asking b for their memory.
func (p *paged[T]) grow(i int, b *budget.Budget) error {
	for i >= p.len() {
		if err := b.Memory(int64(p.pageBytes())); err != nil {
			return err
		}
		p.pages = append(p.pages, new([1 << pageBits]T))
	}
	return nil
}

// bytes is the memory the pages hold.
func (p *paged[T]) bytes() int { return len(p.pages) * p.pageBytes() }

func (p *paged[T]) pageBytes() int {
	var x T
	return int(unsafe.Sizeof(x)) << pageBits
}
