package quotient

import (
	"fmt"
	"slices"
	"strings"
)

// Presentation describes a quotient by generators and relations, in the style of
// Plambeck and Siegel: generators a, b, c, ... are the elements of the first heaps that
// are not products of earlier ones; every element has a normal form, its least word in
// the graded order where more of an earlier letter comes first (ab before b²); the
// relations equate each least word that is not a normal form with its normal form. They
// rewrite every word to its normal form, so they present the quotient.
type Presentation struct {
	Generators []string // "a", "b", ...
	GenHeaps   []int    // the heap each generator is the element of
	Relations  []string // "a² = 1", "bc = ab", ...
	Words      []string // the normal form of every element
}

// Present computes the presentation of the quotient of the heaps computed.
func (q *Quotient) Present() Presentation {
	var pr Presentation
	var gens []int32
	closure := []int32{0}
	for h := 1; h < len(q.elem) && len(closure) < q.m.n; h++ {
		e := q.elem[h]
		if slices.Contains(closure, e) {
			continue
		}
		gens = append(gens, e)
		pr.GenHeaps = append(pr.GenHeaps, h)
		pr.Generators = append(pr.Generators, genName(len(gens)-1))
		var ls []letter
		for _, g := range gens {
			ls = append(ls, letter{elem: g})
		}
		closure = span(q.m, ls, nil)
	}
	pr.Words = make([]string, q.m.n)
	normal := map[string]bool{}
	zero := make([]int, len(gens))
	pr.Words[0] = "1"
	normal[fmt.Sprint(zero)] = true
	type mono struct {
		exp  []int
		elem int32
	}
	level := []mono{{zero, 0}}
	for len(level) > 0 {
		var next []mono
		for _, w := range level {
			last := 0
			for i, k := range w.exp {
				if k > 0 {
					last = i
				}
			}
			for j := last; j < len(gens); j++ {
				c := slices.Clone(w.exp)
				c[j]++
				if !divisorsNormal(c, normal) {
					continue // a multiple of a relation's left side
				}
				x := q.m.mul(w.elem, gens[j])
				if pr.Words[x] == "" {
					pr.Words[x] = word(c, pr.Generators)
					normal[fmt.Sprint(c)] = true
					next = append(next, mono{c, x})
				} else {
					pr.Relations = append(pr.Relations, word(c, pr.Generators)+" = "+pr.Words[x])
				}
			}
		}
		level = next
	}
	return pr
}

// divisorsNormal reports whether every word c less one letter is a normal form.
func divisorsNormal(c []int, normal map[string]bool) bool {
	for i, k := range c {
		if k == 0 {
			continue
		}
		c[i]--
		ok := normal[fmt.Sprint(c)]
		c[i]++
		if !ok {
			return false
		}
	}
	return true
}

func genName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("g%d", i)
}

var superscripts = []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")

// word writes a monomial: letters in order, exponents above 1 as superscripts.
func word(exp []int, gens []string) string {
	var b strings.Builder
	for i, k := range exp {
		if k == 0 {
			continue
		}
		b.WriteString(gens[i])
		if k > 1 {
			for _, d := range fmt.Sprint(k) {
				b.WriteRune(superscripts[d-'0'])
			}
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}
