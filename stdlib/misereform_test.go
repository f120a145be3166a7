package stdlib_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/stdlib"
)

// Misère canonical forms of sums of library positions decide the sums' misère
// outcomes as the solver's search does (the session without natives), and the
// MisereGame positions mcg makes play as their forms say.
func TestMisereFormsAgree(t *testing.T) {
	plain := plainSession()
	const pool = "[Kayles(n) for n in 0..7] + [DawsonsKayles(n) for n in 0..9] + [GrundysGame(n) for n in 0..9] + [Subtract({1, 3, 4}, n) for n in 0..6]"
	byForm := eval(t, plain, "[misereinfo(a + b).miseresg == 0 for a in "+pool+", b in "+pool+"]")
	bySearch := eval(t, plain, "[outcome(a + b, misere) == P for a in "+pool+", b in "+pool+"]")
	if byForm != bySearch {
		t.Errorf("forms and search disagree on misère outcomes of sums:\n form   %s\n search %s", byForm, bySearch)
	}
	// Each form read back from its options plays as the form: mcg of the game of
	// its options' forms, compared by outcome in sums with nim heaps.
	// Misère games cancel: b is what is left of a + b after a is taken away.
	left := eval(t, plain, "[misereform(misereminus(a + b, a)) for a in "+pool+", b in "+pool+"]")
	whole := eval(t, plain, "[misereform(b) for a in "+pool+", b in "+pool+"]")
	if left != whole {
		t.Errorf("misereminus(a + b, a) is not b:\n got  %s\n want %s", left, whole)
	}
	byForm = eval(t, plain, "[misereinfo(a + *k).miseresg == 0 for a in "+pool+", k in 0..3]")
	byGame := eval(t, plain, "[outcome(MisereGame(misereform(a)) + *k, misere) == P for a in "+pool+", k in 0..3]")
	if byForm != byGame {
		t.Errorf("forms and MisereGame positions disagree:\n form %s\n game %s", byForm, byGame)
	}
}

// The CGSuite cases (misere/cgsuite_test.go) through the language: the form
// printed, the genus and tameness CGSuite gives (genus abbreviated there).
func TestMisereFormsInTheLanguage(t *testing.T) {
	in := stdlib.New()
	for src, want := range map[string]string{
		`misereform(mcg("*[[2],0]"))`:                                        `"*[2#0]"`,
		`misereform(mcg("*[[[2]],[[2],1]]"))`:                                `"*[(2#1)2##]"`,
		`misereform(*2 + *2)`:                                                `"*[2[2]]"`,
		`misereform(Nim(2))`:                                                 `"*[2]"`,
		`misereform(Nim(3) + *3) == misereform(*3 + *3)`:                     `true`,
		`misereform(Nim(3) + *3) == misereform(Nim(3) + Kayles(3))`:          `true`,
		`misereform(Kayles(2))`:                                              `"*[2]"`,
		`misereform(0)`:                                                      `"*[0]"`,
		`mcg("*[[2],0]")`:                                                    `MisereGame("*[2#0]")`,
		`genus(mcg("*[[2],1]"))`:                                             `"2^1420"`,
		`tame(mcg("*[[[2]],[[2],1]]"))`:                                      `false`,
		`tame(mcg("*[[[2]],[[2],1]]") + *1)`:                                 `false`,
		`sg(mcg("*[[2],0]"), misere)`:                                        `2`,
		`outcome(mcg("*[[2]]"), misere)`:                                     `P`,
		`misereinfo(mcg("*[[2],0]")).mate`:                                   `"*[2#1]"`,
		`misereinfo(mcg("*[[[2]]]")).birthday`:                               `4`,
		`misereinfo(mcg("*[2]")).nimheap`:                                    `true`,
		`misereinfo(mcg("*[[2]]+*[1]")).even`:                                `false`,
		`misereoptions("*[2#0]")`:                                            `["*[0]", "*[2#]"]`,
		`[misereform(m.to) for m in moves(mcg("*[[2],0]"))]`:                 `["*[0]", "*[2#]"]`,
		`misereinfo(mcg("*[[2],0]")).phylum`:                                 `"restive"`,
		`misereinfo(mcg("*[[2],1]")).restless`:                               `true`,
		`misereinfo(mcg("*[[[2]],[[2],1]]")).generallytame`:                  `true`,
		`misereinfo(mcg("*[[[2]],[[2],1]]")).tame`:                           `false`,
		`misereinfo(mcg("*[[2],0]")).halftame`:                               `true`,
		`misereinfo(*2).prime`:                                               `true`,
		`misereinfo(Kayles(8)).prime`:                                        `false`,
		`misereinfo(mcg("*[[2]]")).extraverted`:                              `true`,
		`misereinfo(*1).introverted`:                                         `true`,
		`[misereinfo(Kayles(20)).form, misereinfo(Kayles(20)).birthday]`:     `["(longer than 1048576 characters)", 20]`,
		`misereparts(mcg("*[[*[4]+*[2]]]"))`:                                 `["*[2]", "*[4]", "*[4[2#-2]]", "*[4[2#-4]]"]`,
		`miserepartitions(mcg("*[[*[4]+*[2]]]"))`:                            `[["*[2]", "*[4[2#-2]]"], ["*[4]", "*[4[2#-4]]"]]`,
		`miserepartitions(Kayles(8))`:                                        `[["*[2]", "*[2]", "*[1]"]]`,
		`outcome(Kayles(5) + miseredistinguisher(Kayles(5), *2), misere)`:    `P`,
		`outcome(*2 + miseredistinguisher(Kayles(5), *2), misere)`:           `N`,
		`outcome(*2 + miserelink(*2, mcg("*[[2],0]")), misere)`:              `P`,
		`outcome(mcg("*[[2],0]") + miserelink(*2, mcg("*[[2],0]")), misere)`: `P`,
		`[genus(*2 + *2), genus(mcg("*[[2]]"))]`:                             `["0^02", "0^02"]`,
		`[genus(Kayles(5) + *2 + *2), genus(Kayles(5) + mcg("*[[2]]"))]`:     `["4^64", "4^57"]`,
		`misereinfo(Kayles(5)).phylum`:                                       `"restless"`,
		`miserepartitions(0)`:                                                `[[]]`,
		`misereparts(Kayles(5) + Kayles(7))`:                                 `["*[2[2]321]", "*[(2[2]321)[1](2[2]321)2[3]2[2]30]"]`,
		`misereform(misereminus(mcg("*[[*[4]+*[2]]]"), *4) + *4)`:            `"*[4[2#]]"`,
	} {
		if got := eval(t, in, src); got != want {
			t.Errorf("%s = %s, want %s", src, got, want)
		}
	}
	for src, want := range map[string]string{
		`mcg("*[2,")`:                        "at character 5: expected a game at the end",
		`mcg(5)`:                             "mcg needs a string",
		`mcg("*[5000]")`:                     "at character 3: nim heaps here go up to *1024",
		`mcg("*[2#]")`:                       `is a form as CGSuite prints it, which mcg does not read (the two notations differ: *[20] is *20 here, {*2, 0} printed): write MisereGame("*[2#]")`,
		`misereform(Cutcake(2, 2))`:          "Cutcake is not impartial",
		`misereform(Token([[1], [0]], 0))`:   "can return to itself",
		`misereform(Nim(70000))`:             "misère canonical forms here go up to *1024",
		`misereform(Kayles(20000))`:          "too large for its misère canonical form",
		`moves(MisereGame("*[9x]"))`:         `MisereGame("*[9x]"): at character 4: expected a digit`,
		`moves(MisereGame("*[2[-2]]"))`:      "marks -n",
		`misereminus(*2 + *2, *4)`:           "*[4] is not a part of *[2[2]]",
		`misereparts(Cutcake(2, 2))`:         "Cutcake is not impartial",
		`miserelink(*2, *3)`:                 "*[2] and *[3] are not linked: one is an option of the other",
		`miseredistinguisher(Kayles(2), *2)`: "*[2] and *[2] are the same misère game",
	} {
		_, err := in.Eval(context.Background(), "test", src)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", src, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: error %v, want one saying %q", src, err, want)
		}
	}
	// A heap too large is not taken for the printed notation (*[5000] is not
	// {*5, 0, 0, 0}): the error gives no MisereGame(...) to try instead.
	if _, err := in.Eval(context.Background(), "test", `mcg("*[5000]")`); err == nil || strings.Contains(err.Error(), "MisereGame") {
		t.Errorf(`mcg("*[5000]"): %v`, err)
	}
}
