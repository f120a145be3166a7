package paged

import (
	"errors"
	"testing"
)

// An array set element by element across many pages reads back what was set,
// and the address of an element taken before growing still holds it.
func TestArrayKeepsElementsAndAddresses(t *testing.T) {
	var a Array[int64]
	const n = 5<<PageBits + 17
	if err := a.Grow(0, nil); err != nil {
		t.Fatal(err)
	}
	first := a.At(0)
	for i := 0; i < n; i++ {
		if err := a.Grow(i, nil); err != nil {
			t.Fatal(err)
		}
		*a.At(i) = int64(i*i + 1)
	}
	if a.Len() != 6<<PageBits || a.Bytes() != 6*8<<PageBits {
		t.Fatalf("len %d, bytes %d for %d elements", a.Len(), a.Bytes(), n)
	}
	for i := 0; i < a.Len(); i++ {
		want := int64(0) // not set
		if i < n {
			want = int64(i*i + 1)
		}
		if got := *a.At(i); got != want {
			t.Fatalf("element %d: %d, want %d", i, got, want)
		}
	}
	if first != a.At(0) || *first != 1 {
		t.Fatal("element 0 moved")
	}
}

func TestGrowAsksForEachPage(t *testing.T) {
	var a Array[int32]
	var asked []int64
	full := errors.New("full")
	reserve := func(bytes int64) error {
		if asked = append(asked, bytes); len(asked) == 3 {
			return full
		}
		return nil
	}
	if err := a.Grow(3<<PageBits, reserve); err != full {
		t.Fatalf("got %v, want the reserve's error", err)
	}
	if len(asked) != 3 || asked[0] != 4<<PageBits || a.Len() != 2<<PageBits {
		t.Fatalf("asked %v, holds %d", asked, a.Len())
	}
}

// A sparse array holds the pages of the elements placed and no others: an
// element far out costs one page, Find reads nil elsewhere, and what was
// placed reads back.
func TestArraySparse(t *testing.T) {
	var a Array[int32]
	far := 5_000_000
	for _, i := range []int{far, far + 1, 3, far + 3<<PageBits} {
		p, err := a.Place(i, nil)
		if err != nil {
			t.Fatal(err)
		}
		*p = int32(i % 1000)
	}
	if a.Bytes() != 3*4<<PageBits {
		t.Errorf("%d bytes, want three pages", a.Bytes())
	}
	for _, i := range []int{far, far + 1, 3, far + 3<<PageBits} {
		if p := a.Find(i); p == nil || *p != int32(i%1000) {
			t.Errorf("element %d reads %v", i, p)
		}
	}
	if a.Find(far+2) == nil || *a.Find(far + 2) != 0 {
		t.Error("an element not placed, on a page made, is not zero")
	}
	for _, i := range []int{far + 1<<PageBits, 2 << PageBits, far + 10<<PageBits} {
		if a.Find(i) != nil {
			t.Errorf("element %d found on a page not made", i)
		}
	}
	refused := errors.New("no room")
	if _, err := a.Place(far+20<<PageBits, func(int64) error { return refused }); err != refused {
		t.Errorf("Place past the budget: %v", err)
	}
}
