package interp_test

import (
	"strings"
	"testing"
)

func TestMisereQueries(t *testing.T) {
	cases := map[string]string{
		"outcome(*1, misere)":                                  "P",
		"outcome(Nim(1), misere)":                              "P",
		"outcome(Nim(2), misere)":                              "N",
		"outcome(Nim(1) + Nim(1), misere)":                     "N",
		"outcome(*1 + *1 + *1, misere)":                        "P",
		"outcome(*2 + *2, misere)":                             "P",
		"outcome(*3 + *5, misere)":                             "N",
		"outcome(Nim(3) + Nim(5), normal)":                     "N",
		"winning(Nim(1) + Nim(1) + Nim(2), misere)":            "[take 1 from Nim(2) -> Nim(1)]",
		"winning(Nim(2) + Nim(2) + Nim(1), misere)":            "[take 1 from Nim(1) -> Nim(0)]",
		"winning(*2 + *3, misere)":                             "[to 2 from *3 -> *2]",
		"winning(Nim(2))":                                      "[take 2 -> Nim(0)]",
		"winning(Nim(2), misere)":                              "[take 1 -> Nim(1)]",
		"sg(Nim(0), misere)":                                   "1",
		"sg(Nim(1), misere)":                                   "0",
		"sg(Nim(5), misere)":                                   "5",
		"[sg(Kayles(n), misere) for n in 0..8]":                "[1, 0, 2, 3, 0, 1, 3, 2, 1]",
		"genus(Kayles(5))":                                     "4^146",
		"genus(Nim(0))":                                        "0^120",
		"genus(Nim(1))":                                        "1^031",
		"genus(Nim(2) + Nim(2))":                               "0^02",
		"tame(Nim(4))":                                         "true",
		"tame(Kayles(8))":                                      "false",
		"[outcome(Subtract({1, 2}, n), misere) for n in 0..7]": "[N, P, N, N, P, N, N, P]",
	}
	for src, want := range cases {
		out, errs := run(t, "print "+src)
		if errs != "" || strings.TrimSuffix(out, "\n") != want {
			t.Errorf("print %s:\n got %q %s\nwant %q", src, strings.TrimSuffix(out, "\n"), errs, want)
		}
	}
}

// The Anti-Nim rule: the first player wins misère Nim iff (every heap is at most 1
// and the nim-sum is 0) or (some heap is larger than 1 and the nim-sum is not 0).
func TestAntiNimRule(t *testing.T) {
	src := `check (outcome(Nim(a) + Nim(b) + Nim(c) + Nim(d), misere) == N) == ((max(a, b, c, d) <= 1 and a ^ b ^ c ^ d == 0) or (max(a, b, c, d) > 1 and a ^ b ^ c ^ d != 0)) for a in 0..7, b in 0..7, c in 0..7, d in 0..7 where a <= b and b <= c and c <= d`
	_, errs := run(t, src)
	if errs != "" {
		t.Fatal(errs)
	}
}

func TestMisereDefaultMode(t *testing.T) {
	in := newSession()
	in.DefaultMisere = true
	v, err := evalIn(in, "outcome(Nim(1))")
	if err != nil || v != "P" {
		t.Fatalf("outcome(Nim(1)) with misère by default = %s, %v", v, err)
	}
	v, _ = evalIn(in, "outcome(Nim(1), normal)")
	if v != "N" {
		t.Errorf("an explicit normal mode wins over the default: %s", v)
	}
}
