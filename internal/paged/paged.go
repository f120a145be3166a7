// Package paged provides an array that grows by pages of a fixed size:
// growing copies nothing and leaves no garbage behind, and an element's
// address stays valid as the array grows. Large tables that grow one element
// at a time (a search's entries, a session's states) keep their memory at
// what they hold.
package paged

import "unsafe"

// PageBits sets the size of a page: 1024 elements, so that a small table holds
// little.
const PageBits = 10

// Array is an array of T in pages, its elements zero until set. Grown by Grow
// it is dense: every page below Len is made. Grown by Place it is sparse: only
// the pages of the elements placed are made, and Find reads it.
type Array[T any] struct {
	pages []*[1 << PageBits]T
	made  int // pages made
}

// At returns the address of element i, which must be below Len and, in a
// sparse array, on a page made.
func (a *Array[T]) At(i int) *T { return &a.pages[i>>PageBits][i&(1<<PageBits-1)] }

// Len is how many elements the pages hold.
func (a *Array[T]) Len() int { return len(a.pages) << PageBits }

// Grow adds pages until element i is held. Before each, it asks reserve
// (when not nil) for the page's bytes, and stops with reserve's error.
func (a *Array[T]) Grow(i int, reserve func(bytes int64) error) error {
	for i >= a.Len() {
		if reserve != nil {
			if err := reserve(int64(a.pageBytes())); err != nil {
				return err
			}
		}
		a.pages = append(a.pages, new([1 << PageBits]T))
		a.made++
	}
	return nil
}

// Place makes the page of element i if it is not made, asking reserve (when
// not nil) for its bytes first, and returns the element's address. The pages
// before it that were never made stay unmade: an array indexed by numbers
// that start high, or lie far apart, holds only the pages it uses.
func (a *Array[T]) Place(i int, reserve func(bytes int64) error) (*T, error) {
	p := i >> PageBits
	for p >= len(a.pages) {
		a.pages = append(a.pages, nil)
	}
	if a.pages[p] == nil {
		if reserve != nil {
			if err := reserve(int64(a.pageBytes())); err != nil {
				return nil, err
			}
		}
		a.pages[p] = new([1 << PageBits]T)
		a.made++
	}
	return &a.pages[p][i&(1<<PageBits-1)], nil
}

// Find returns the address of element i, or nil when its page is not made.
func (a *Array[T]) Find(i int) *T {
	p := i >> PageBits
	if p >= len(a.pages) || a.pages[p] == nil {
		return nil
	}
	return &a.pages[p][i&(1<<PageBits-1)]
}

// Bytes is the memory the pages hold.
func (a *Array[T]) Bytes() int { return a.made * a.pageBytes() }

func (a *Array[T]) pageBytes() int {
	var x T
	return int(unsafe.Sizeof(x)) << PageBits
}
