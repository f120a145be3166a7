package lang

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

func mustParse(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Parse("t.game", src)
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return p
}

// exprString prints an expression fully parenthesized, to test precedence.
func exprString(e Expr) string {
	switch e := e.(type) {
	case *IntLit:
		return itoa(e.Value)
	case *Ident:
		return e.Name
	case *StrLit:
		return "\"" + e.Value + "\""
	case *BoolLit:
		if e.Value {
			return "true"
		}
		return "false"
	case *Unary:
		return "(" + e.Op + " " + exprString(e.X) + ")"
	case *Binary:
		return "(" + exprString(e.L) + " " + e.Op + " " + exprString(e.R) + ")"
	case *Call:
		return exprString(e.Fn) + "(" + join(e.Args) + ")"
	case *Index:
		return exprString(e.X) + "[" + exprString(e.I) + "]"
	case *Field:
		return exprString(e.X) + "." + e.Name
	case *TupleLit:
		return "tuple(" + join(e.Elems) + ")"
	case *ListLit:
		return "[" + join(e.Elems) + "]"
	case *SetLit:
		return "{" + join(e.Elems) + "}"
	case *Comprehension:
		s := exprString(e.Elem)
		for _, g := range e.Gens {
			s += " for " + g.Var + " in " + exprString(g.In)
		}
		if e.Where != nil {
			s += " where " + exprString(e.Where)
		}
		if e.Set {
			return "{" + s + "}"
		}
		return "[" + s + "]"
	case *Lambda:
		var ps []string
		for _, p := range e.Params {
			ps = append(ps, p.Name)
		}
		return "fn(" + strings.Join(ps, ", ") + ") => " + exprString(e.Body)
	case *LetIn:
		return "(let " + e.Name + " = " + exprString(e.Value) + " in " + exprString(e.Body) + ")"
	case *If:
		return "(if " + exprString(e.Cond) + " then " + exprString(e.Then) + " else " + exprString(e.Else) + ")"
	}
	return "?"
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func join(es []Expr) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, exprString(e))
	}
	return strings.Join(parts, ", ")
}

func TestPrecedence(t *testing.T) {
	cases := map[string]string{
		"1 + 2 * 3":                          "(1 + (2 * 3))",
		"1..n-k":                             "(1 .. (n - k))",
		"1..(n-1)/2":                         "(1 .. ((n - 1) / 2))",
		"a ^ b & c | d":                      "((a ^ (b & c)) | d)",
		"a << 1 + 2":                         "(a << (1 + 2))",
		"not a == b and c or d":              "(((not (a == b)) and c) or d)",
		"x in S and y not in T":              "((x in S) and (y not in T))",
		"*3 + *5":                            "((* 3) + (* 5))",
		"-x[0].f":                            "(- x[0].f)",
		"a - b - c":                          "((a - b) - c)",
		"Kayles(i) + Kayles(n-i)":            "(Kayles(i) + Kayles((n - i)))",
		"(1, 2)":                             "tuple(1, 2)",
		"(1,)":                               "tuple(1)",
		"()":                                 "tuple()",
		"(1)":                                "1",
		"[k * k for k in 1..n]":              "[(k * k) for k in (1 .. n)]",
		"{x for x in S, y in T where x < y}": "{x for x in S for y in T where (x < y)}",
		"[a for a in A for b in B]":          "[a for a in A for b in B]",
		"{}":                                 "{}",
		"{1, 2,}":                            "{1, 2}",
		"fn(x, y) => x + y":                  "fn(x, y) => (x + y)",
		"if a then 1 else 2 + 3":             "(if a then 1 else (2 + 3))",
		"1 + if a then 1 else 2":             "(1 + (if a then 1 else 2))",
		"f(1)(2)":                            "f(1)(2)",
		"\"a\\nb\"":                          "\"a\nb\"",
		"[\n 1,\n 2\n]":                      "[1, 2]",
		"a +\n b":                            "(a + b)",
		"let x = a + 1 in x * x":             "(let x = (a + 1) in (x * x))",
		"let x = y in x in S":                "(let x = y in (x in S))",
	}
	for src, want := range cases {
		p := mustParse(t, "print "+src)
		got := exprString(p.Stmts[0].(*PrintStmt).Value)
		if got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}

func TestLineBreakEndsStatement(t *testing.T) {
	p := mustParse(t, "x\n(1, 2)\n-1\n")
	if len(p.Stmts) != 3 {
		t.Fatalf("got %d statements, want 3", len(p.Stmts))
	}
	if got := exprString(p.Stmts[2].(*ExprStmt).X); got != "(- 1)" {
		t.Errorf("third statement = %s", got)
	}
}

func TestMoveClauses(t *testing.T) {
	p := mustParse(t, `
# Doc line one.
# Doc line two.
game G(a, b) {
  move take k in 1..a -> G(a - k, b)
  move k in 1..2, i in 0..a-k -> G(i, b) + G(a - k - i, b)
  move where a > 0 -> G(a - 1, b)
  move pass -> G(0, 0)
  move -> G(0, 0)
  move swap where a != b -> G(b, a)
}`)
	g := p.Stmts[0].(*GameDecl)
	if g.Doc != "Doc line one.\nDoc line two." {
		t.Errorf("doc = %q", g.Doc)
	}
	want := []struct {
		label string
		gens  int
		where bool
	}{{"take", 1, false}, {"", 2, false}, {"", 0, true}, {"pass", 0, false}, {"", 0, false}, {"swap", 0, true}}
	if len(g.Body.Moves) != len(want) {
		t.Fatalf("%d moves", len(g.Body.Moves))
	}
	for i, w := range want {
		m := g.Body.Moves[i]
		if m.Label != w.label || len(m.Gens) != w.gens || (m.Where != nil) != w.where {
			t.Errorf("move %d: label %q, %d gens, where %v; want %+v", i, m.Label, len(m.Gens), m.Where != nil, w)
		}
	}
}

func TestScoringMoveClauses(t *testing.T) {
	p := mustParse(t, `
game S(n) {
  move first where n > 0 score n % 3 -> S(n - 1)
  move draw e in 0..3 where e < n score gain(n, e) again -> S(n - e)
  move score 2 -> *0
  move again -> S(0)
  move take k in 1..n score k -> S(n - k)
}
print score(S(3)) + len([score for score in 1..2])`)
	want := []struct {
		label        string
		score, again bool
	}{{"first", true, false}, {"draw", true, true}, {"", true, false}, {"", false, true}, {"take", true, false}}
	g := p.Stmts[0].(*GameDecl)
	for i, w := range want {
		m := g.Body.Moves[i]
		if m.Label != w.label || (m.Score != nil) != w.score || m.Again != w.again || !m.Scoring() {
			t.Errorf("move %d: label %q, score %v, again %v; want %+v", i, m.Label, m.Score != nil, m.Again, w)
		}
	}
	if _, ok := p.Stmts[1].(*PrintStmt).Value.(*Binary).L.(*Call); !ok {
		t.Errorf("score(S(3)) outside a move clause is not a call")
	}
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"print sg(Nim(3)", "t.game:1:16: unexpected end of input, expected \")\" to close the argument list"},
		{"print 1 +", "t.game:1:10: unexpected end of input, expected an expression after \"+\""},
		{"game G(n) {\n  move k in -> G(n)\n}", "t.game:2:13: unexpected \"->\", expected an expression"},
		{"print a < b < c", "t.game:1:13: comparisons do not chain"},
		{"print 99999999999999999999", "t.game:1:7: the number 99999999999999999999 is too large"},
		{"print 3k", "t.game:1:7: 3k is not a number: write integers like 42, 1_000, 0x2A or 0b101"},
		{"print 1__000", "t.game:1:7: 1__000 is not a number"},
		{"print 0x", "t.game:1:7: 0x is not a number"},
		{"print $", "t.game:1:7: unexpected character"},
		{"print if a then b", "t.game:1:18: unexpected end of input, expected \"else\""},
		{"print [1, 2", "t.game:1:12: unexpected end of input, expected \"]\" to close the list"},
		{"}", "t.game:1:1: unexpected \"}\", expected a statement"},
		{"let = 3", "t.game:1:5: unexpected \"=\""},
		{"print let x = 1 < 2 in x", "t.game:1:17: unexpected \"<\", expected \"in\""},
		{"x = 3", "t.game:1:3: unexpected \"=\", expected a statement (game, fn, let, print, check or an expression) (a name is defined with let NAME = VALUE; equality is ==)"},
		{"print \"abc", "t.game:1:7: unterminated string"},
		{"print fn(x) x", "t.game:1:13: unexpected name \"x\", expected \"=>\""},
		{"print x.1", "t.game:1:9: unexpected number 1, expected a field name"},
		// Inside a game, the error names the part of the move clause that is missing.
		{"game G(n) {\n  mvoe k in 1..n -> G(n-k)\n}", `t.game:2:3: unexpected name "mvoe", expected move, left, right, canonical, show or "}" to end the game`},
		{"game G(n) {\n  move k in {1, 2} G(n-k)\n}", `t.game:2:20: unexpected name "G", expected "->" and the position the move leads to (or "," and another generator, or where and a condition)`},
		{"game G(n) {\n  move k in 1..n where k > 1 G(n-k)\n}", `t.game:2:30: unexpected name "G", expected "->" and the position the move leads to`},
		{"game G(n) {\n  move take k 1..n -> G(n-k)\n}", `t.game:2:15: unexpected number 1, expected "in" and the generator's values, as in k in 1..n`},
		{"game G(n) {\n  move 3 -> G(n-1)\n}", `t.game:2:8: unexpected number 3, expected a generator such as k in 1..n, or "->"`},
		{"game G(n) {\n  move -> G(n-1) x\n}", `t.game:2:18: unexpected name "x", expected move, left, right or "}" to end the game`},
		{"game G(n)\n  move -> G(n-1)\n}", `t.game:2:3: unexpected keyword "move", expected "{" to begin the game's moves`},
		{"game G(n) {\n  move -> G(n-1)\n", `t.game:2:17: unexpected end of input, expected move, left, right or "}" to end the game`},
		{"game G(n) { move -> G(n) }\nx = 3", "t.game:2:3: unexpected \"=\", expected a statement"},
		{"game G(n) {\n  move k in 1..n\n  move j in 1..n -> G(n - j)\n}", `t.game:3:3: unexpected keyword "move", expected "->" and the position the move leads to`},
		{"game G(n) {\n  move k\n  move j in 1..n -> G(n - j)\n}", `t.game:3:3: unexpected keyword "move", expected "in" and the generator's values`},
		{"game G(n) {\n  canonical\n  move -> G(n)\n}", `t.game:3:3: unexpected keyword "move", expected an expression after "canonical"`},
		{"print " + strings.Repeat("(", 5000) + "1", "the expression is nested too deeply"},
		// Scoring clauses: score needs its points, and comes before again.
		{"game G(n) {\n  move score -> G(n)\n}", `t.game:2:14: unexpected "->", expected an expression after "score" (the points the move earns)`},
		{"game G(n) {\n  move k in 1..n score\n}", `t.game:3:1: unexpected "}", expected an expression after "score"`},
		{"game G(n) {\n  move again score 1 -> G(n)\n}", `t.game:2:14: unexpected name "score", expected "->" (a move clause is written move ... where COND score POINTS again -> ...)`},
		{"game G(n) {\n  move again where n > 0 -> G(n)\n}", `t.game:2:14: unexpected keyword "where", expected "->" (a move clause is written move ... where COND score POINTS again -> ...)`},
		{"game G(n) {\n  move k in 1..n score k where k > 1 -> G(n - k)\n}", `t.game:2:26: unexpected keyword "where", expected "->" (a move clause is written`},
		{"game G(n) {\n  move where n > 0 score 1 again G(n)\n}", `t.game:2:34: unexpected name "G", expected "->" and the position the move leads to`},
		{"game G(n) {\n  move where n > 0 -> G(n - 1)\n", `t.game:2:31: unexpected end of input, expected move, left, right or "}" to end the game`},
		{"game G(n) {\n  move score 1 again\n}", `t.game:3:1: unexpected "}", expected "->" and the position the move leads to`},
		{"print " + strings.Repeat("-", 5000) + "1", "the expression is nested too deeply"},
		// The game body's own parser (gamebody.go) says what the clause needed.
		{"game G(n) {\n  move k in S where k = 1 -> G(n - k)\n}", `t.game:2:23: unexpected "=", expected "->" and the position the move leads to (equality is ==)`},
		{"game G(n) {\n  move k in 1..2,  in 0..n -> G(n)\n}", `t.game:2:20: unexpected keyword "in", expected a variable name for the generator`},
		{"game G(n) {\n  move move k in 1..n -> G(n - k)\n}", `t.game:2:8: unexpected keyword "move", expected a generator such as k in 1..n, or "->"`},
		{"game G(n) {\n  move k in 1..2, i i in 0..n -> G(n)\n}", `t.game:2:21: unexpected name "i", expected "in"`},
		{"game G(n) {\n  move (u) in [(1, 2)] -> G(n)\n}", `t.game:2:10: unexpected ")", expected ",": a pattern has two names or more`},
		{"game G(n) {\n  move take k 3 -> G(n)\n}", `t.game:2:15: unexpected number 3, expected "in"`},
		// What other languages write gets a hint.
		{"print a, b", `t.game:1:8: unexpected ",", expected a statement (game, fn, let, print, check or an expression) (print takes one value: wrap several in ( ) to print a tuple, as in print (a, b))`},
		{"print 2 ** 10", `t.game:1:9: "**" is not an operator: grundy has no power operator`},
		{"print a && b", `t.game:1:9: "&&" is not an operator: use and, as in a and b`},
		{"print a || b", `t.game:1:9: "||" is not an operator: use or, as in a or b`},
		{"print 7 // 2", `t.game:1:9: "//" is not an operator: comments start with #`},
		{"// a comment\nprint 1", `t.game:1:1: unexpected "/", expected a statement (game, fn, let, print, check or an expression) (comments start with #)`},
		{"game G(n) {\n  move -> G(n - 1) where n > 0\n}", `t.game:2:20: unexpected keyword "where" after the move's result, expected move, left, right or "}" to end the game (a condition goes before "->": move ... where COND -> ...)`},
	}
	for _, c := range cases {
		_, err := Parse("t.game", c.src)
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got  %s\n want %s...", c.src, err, c.want)
		}
		e := err.(*Error)
		if f := e.Format(); !strings.Contains(f, "^") {
			t.Errorf("%q: formatted error has no caret:\n%s", c.src, f)
		}
	}
}

func TestIncomplete(t *testing.T) {
	for src, want := range map[string]bool{
		"game G(n) {":          true,
		"print 1 +":            true,
		"print [1,":            true,
		"print (1))":           false,
		"game G(n) { move ->":  true,
		"print 1 $":            false,
		"let x = 1\nprint x }": false,
	} {
		_, err := Parse("t", src)
		if got := IsIncomplete(err); got != want {
			t.Errorf("%q: IsIncomplete = %v, want %v (%v)", src, got, want, err)
		}
	}
}

func TestFormatShowsLineAndCaret(t *testing.T) {
	_, err := Parse("f.game", "let a = 1\nprint (a,\n")
	got := err.(*Error).Format()
	want := "f.game:2:10: unexpected end of input, expected an expression to close the tuple\n    print (a,\n             ^"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Columns count characters, not bytes, and the caret stands under the
// character the column names, after letters of two bytes (é) or three (日).
func TestColumnsCountCharacters(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"print \"éééé\" +\n", "f.game:1:15: unexpected end of input, expected an expression after \"+\"\n    print \"éééé\" +\n                  ^"},
		{"print \"日本\" = 3\n", "f.game:1:12: unexpected \"=\", expected a statement (game, fn, let, print, check or an expression) (a name is defined with let NAME = VALUE; equality is ==)\n    print \"日本\" = 3\n               ^"},
	} {
		_, err := Parse("f.game", c.src)
		if got := err.(*Error).Format(); got != c.want {
			t.Errorf("got\n%s\nwant\n%s", got, c.want)
		}
	}
	e := &Error{Pos: Position{Filename: "f.game", Line: 1, Column: 9}, Msg: "here", Src: "[\"éé\", x]"}
	if got, want := e.Format(), "f.game:1:9: here\n    [\"éé\", x]\n            ^"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if Column("ab日é", 5) != 4 || Column("ab日é", 100) != 5 || Column("ab", -1) != 1 {
		t.Error("Column counts the characters before a byte offset")
	}
}

func check(t *testing.T, src string, u Universe) error {
	t.Helper()
	return Check(mustParse(t, src), u)
}

func TestCheckerResolvesAndReports(t *testing.T) {
	u := Universe{"min": {Callable: true, Min: 1, Max: -1}, "sg": {Callable: true, Min: 1, Max: 2}, "P": {}}
	cases := []struct{ src, want string }{
		{"game Nim(n) {\n  move take k in 1..n -> Nmi(n - k)\n}", "t.game:2:26: undefined name Nmi; did you mean Nim?"},
		{"print sg(1, 2, 3)", "t.game:1:7: sg takes 1 to 2 arguments, but is given 3"},
		{"print min()", "t.game:1:7: min takes at least 1 argument, but is given 0"}, // was "1 arguments"
		{"game G(n) { move -> G(n, 1) }", "t.game:1:21: G takes 1 argument, but is given 2"},
		{"fn f(x) = x\nfn f(y) = y", "t.game:2:1: f is already defined at line 1"},
		{"game G(n, n) { move -> G(0, 0) }", "parameter n is listed twice"},
		{"print x\nlet x = 1", "t.game:1:7: x is used before it is defined (at line 2)"},
		{"print [k for k in 1..3] + [k]", "undefined name k"},
		{"print mn(1)", "did you mean min?"},
		{"game G(in) { move -> G(1) }", "\"in\" is a keyword"},
	}
	for _, c := range cases {
		err := check(t, c.src, u)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.src, err, c.want)
		}
	}
	ok := []string{
		"game A(n) { move -> B(n) }\ngame B(n) { move where n > 0 -> A(n - 1) }",
		"fn f(x) = fn(y) => x + y\nprint f(1)(2)",
		"let x = 1\nprint x",
		"fn f() = later\nlet later = 2",
		"print [(a, b) for a in 1..3, b in a..3 where a != b]",
		"check sg(P) == 0 for P in [1]",
	}
	for _, src := range ok {
		if err := check(t, src, u); err != nil {
			t.Errorf("%q: unexpected error %v", src, err)
		}
	}
}

func TestSlotsAndDepths(t *testing.T) {
	p := mustParse(t, "fn f(x) = fn(y) => [x + y + z for z in 1..3]")
	if err := Check(p, nil); err != nil {
		t.Fatal(err)
	}
	f := p.Stmts[0].(*FnDecl)
	lam := f.Body.(*Lambda)
	comp := lam.Body.(*Comprehension)
	var refs []Ref
	Walk(comp.Elem, func(e Expr) {
		if id, ok := e.(*Ident); ok {
			refs = append(refs, id.Ref)
		}
	})
	want := []Ref{{Local, 1, 0}, {Local, 0, 0}, {Local, 0, 1}}
	if len(refs) != 3 || refs[0] != want[0] || refs[1] != want[1] || refs[2] != want[2] {
		t.Errorf("refs = %v, want %v", refs, want)
	}
	if f.FrameSize != 1 || lam.FrameSize != 2 {
		t.Errorf("frame sizes %d, %d", f.FrameSize, lam.FrameSize)
	}
}

func TestClosest(t *testing.T) {
	cands := []string{"Nim", "min", "Kayles", "sg", "outcome", "N", "P", "D", "xs"}
	for name, want := range map[string]string{"nim": "Nim", "Kayels": "Kayles", "outcom": "outcome", "zzzzz": "",
		// A one-letter name is any other one-letter name with one edit: only a
		// change of case is a likely typo.
		"m": "", "x": "", "p": "P", "Q": ""} {
		if got := Closest(name, cands); got != want {
			t.Errorf("Closest(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestIntegerLiterals(t *testing.T) {
	for src, want := range map[string]int64{
		"42": 42, "1_000_000": 1000000, "0x2A": 42, "0X2a": 42, "0b101": 5, "0o17": 15,
		"017": 17, "0": 0, "00": 0, "9223372036854775807": 9223372036854775807,
		"0_10": 10, "00_10": 10, "0_8": 8, "1_2_3": 123,
	} {
		prog, err := Parse("t.game", "print "+src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if lit, ok := prog.Stmts[0].(*PrintStmt).Value.(*IntLit); !ok || lit.Value != want {
			t.Errorf("%s: got %#v, want %d", src, prog.Stmts[0].(*PrintStmt).Value, want)
		}
	}
}

// Files saved with a byte order mark or Windows line endings parse as usual.
func TestByteOrderMarkAndCRLF(t *testing.T) {
	prog, err := Parse("t.game", "\ufeffprint 1\r\nprint 2\r\n")
	if err != nil || len(prog.Stmts) != 2 {
		t.Fatalf("got %v, %v", prog, err)
	}
	_, err = Parse("t.game", "\ufeffprint (1")
	if err == nil || !strings.HasPrefix(err.Error(), "t.game:1:9: unexpected end of input") {
		t.Errorf("error after a BOM: %v", err)
	}
}

// let x = A in B at the start of a line is read by the syntax alone: the
// expression when B uses x freely and A in B is not parenthesized, otherwise a
// global let of a membership test. Whether x is defined does not matter.
func TestLetInStatement(t *testing.T) {
	src := `let S = {1, 2}
let x = 1 in x + 1
let ok = 3 in S
let y = (4 in [y for y in 1..5])
let z = 4 in [z for z in 1..5]
let found = 3 in map(fn(found) => found * 2, 1..4)
let S = 1 in S`
	for _, universe := range []Universe{{}, {"x": {}, "ok": {}, "S": {}}} {
		prog, err := Parse("t.game", src)
		if err != nil {
			t.Fatal(err)
		}
		universe["map"] = Arity{Callable: true, Min: 2, Max: 2}
		if err := Check(prog, universe); err != nil {
			t.Fatal(err)
		}
		for i, wantExpr := range []bool{false, true, false, false, false, false, true} {
			_, isExpr := prog.Stmts[i].(*ExprStmt)
			if isExpr != wantExpr {
				t.Errorf("statement %d with %d names defined: %T, want an expression: %v", i+1, len(universe), prog.Stmts[i], wantExpr)
			}
		}
	}
}

func TestKeywords(t *testing.T) {
	kws := Keywords()
	if !slices.IsSorted(kws) || !slices.Contains(kws, "canonical") || !slices.Contains(kws, "where") {
		t.Errorf("Keywords() = %q", kws)
	}
	for _, k := range kws {
		if !IsKeyword(k) {
			t.Errorf("%s is listed but is not a keyword", k)
		}
	}
}

// TestErrorLineShown checks how an error shows its source line: control
// characters and bytes that are not UTF-8 escaped, a long line cut around the
// caret, and the caret under the right character in each case.
func TestErrorLineShown(t *testing.T) {
	long := strings.Repeat("a", 300) + "X" + strings.Repeat("b", 300)
	for _, c := range []struct {
		line  string
		col   int // the error's column less 1: characters before it (é is one)
		shown string
	}{
		{"print 1 +\x1b[31m\a )", 9, "    print 1 +\\x1b[31m\\a )\n             ^"},
		{"print \xff x", 8, "    print \\xff x\n               ^"},
		{"\tprint é!", 8, "     print é!\n            ^"},
		{long, 300, "    …" + strings.Repeat("a", 50) + "X" + strings.Repeat("b", 49) + "…\n" + strings.Repeat(" ", 55) + "^"},
	} {
		e := &Error{Pos: Position{Filename: "f", Line: 1, Column: c.col + 1}, Msg: "m", Src: c.line}
		got := strings.TrimPrefix(e.Format(), e.Error()+"\n")
		if got != c.shown {
			t.Errorf("%q at %d:\n%s\nwant:\n%s", c.line, c.col, got, c.shown)
		}
	}
}

// TestSideClauses: left and right begin a clause only where a clause begins;
// after move they are a label, and elsewhere names.
func TestSideClauses(t *testing.T) {
	src := `game C(w, h) {
  left  cut i in 1..w - 1 -> C(i, h) + C(w - i, h)
  right cut j in 1..h - 1 -> C(w, j) + C(w, h - j)
  move left k in 1..w -> C(w - k, h)
  move -> C(0, 0)
}
let left = 1
let right = left + 1
`
	prog, err := Parse("t.game", src)
	if err != nil {
		t.Fatal(err)
	}
	moves := prog.Stmts[0].(*GameDecl).Body.Moves
	want := []struct {
		side  Side
		label string
	}{{Left, "cut"}, {Right, "cut"}, {Both, "left"}, {Both, ""}}
	for i, w := range want {
		if moves[i].Side != w.side || moves[i].Label != w.label {
			t.Errorf("clause %d: side %v label %q, want %v %q", i, moves[i].Side, moves[i].Label, w.side, w.label)
		}
	}
	if err := Check(prog, nil); err != nil {
		t.Errorf("check: %v", err)
	}
}

// TestPartizanScoringRefused: a game cannot be both partizan and scoring.
func TestPartizanScoringRefused(t *testing.T) {
	err := check(t, "game G(n) {\n  left where n > 0 -> G(n - 1)\n  move where n > 0 score 1 -> G(n - 1)\n}\n", nil)
	if err == nil || !strings.Contains(err.Error(), "t.game:2:3: a game cannot have both left moves and moves that score") {
		t.Errorf("got %v", err)
	}
}

// A declaration under 120,000 comment lines (2 MB) gets them as its doc in
// linear time: putting each line in front of the others took minutes.
func TestLongDocComment(t *testing.T) {
	const lines = 120_000
	src := strings.Repeat("# a line of the doc\n", lines-1) + "# the last line\nfn f(x) = x\n"
	done := make(chan *Program, 1)
	go func() {
		p, err := Parse("t.game", src)
		if err != nil {
			t.Error(err)
		}
		done <- p
	}()
	select {
	case p := <-done:
		if p == nil {
			return
		}
		doc := p.Stmts[0].(*FnDecl).Doc
		if n := strings.Count(doc, "\n") + 1; n != lines || !strings.HasSuffix(doc, "a line of the doc\nthe last line") {
			t.Errorf("the doc has %d lines and ends %q", n, doc[max(len(doc)-40, 0):])
		}
	case <-time.After(20 * time.Second): // it takes well under a second
		t.Fatal("parsing 2 MB of comment lines did not end within 20 s")
	}
}

// shownLinePlain is shownLine written the plain way, every rune of the line
// rendered, as the reference for the windowed one.
func shownLinePlain(line string, col int) (string, int) {
	var pieces []string
	caret := 0
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if i < col {
			caret++
		}
		switch {
		case r == '\t':
			pieces = append(pieces, " ")
		case r == utf8.RuneError && size == 1:
			pieces = append(pieces, fmt.Sprintf("\\x%02x", line[i]))
		case unicode.IsControl(r):
			pieces = append(pieces, strings.Trim(strconv.QuoteRune(r), "'"))
		default:
			pieces = append(pieces, string(r))
		}
		i += size
	}
	from, to := 0, len(pieces)
	if to > maxShown {
		from = max(min(caret-maxShown/2, to-maxShown), 0)
		to = from + maxShown
	}
	shown := strings.Join(pieces[from:to], "")
	caretAt := utf8.RuneCountInString(strings.Join(pieces[from:min(max(caret, from), to)], ""))
	if from > 0 {
		shown, caretAt = "…"+shown, caretAt+1
	}
	if to < len(pieces) {
		shown += "…"
	}
	return shown, caretAt
}

// An error's line is cut to the window around its column, control characters
// and bytes that are not UTF-8 written as escapes, as rendering the whole line
// and cutting it does.
func TestShownLineWindow(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", "b", " ", "\t", "é", "日", "\x1b", "\x07", "\xff", "\u2028", "x"}
	for trial := range 5000 {
		var b strings.Builder
		for range r.IntN(300) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		line := b.String()
		col := r.IntN(len(line) + 2)
		if r.IntN(2) == 0 {
			col = byteOffset(line, r.IntN(utf8.RuneCountInString(line)+2)+1)
		}
		got, gotCaret := shownLine(line, col)
		want, wantCaret := shownLinePlain(line, col)
		if got != want || gotCaret != wantCaret {
			t.Fatalf("trial %d, %q at %d: %q caret %d, want %q caret %d", trial, line, col, got, gotCaret, want, wantCaret)
		}
	}
}
