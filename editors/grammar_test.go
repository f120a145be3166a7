// Package editors_test checks the editor support in this folder against the
// real language: the VS Code extension's TextMate grammar must colour every
// token of every example as the lexer reads it.
package editors_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

// rule is one of the grammar's patterns. The grammar keeps to what this test
// runs: top-level match patterns with optional captures, in regular
// expressions that Go's regexp reads as Oniguruma does (no look-around, no
// ^, \b only at the edges of words).
type rule struct {
	Name     string                           `json:"name"`
	Match    string                           `json:"match"`
	Captures map[string]struct{ Name string } `json:"captures"`
	re       *regexp.Regexp
}

func loadGrammar(t *testing.T) []*rule {
	t.Helper()
	b, err := os.ReadFile("vscode/syntaxes/grundy.tmLanguage.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		ScopeName string  `json:"scopeName"`
		Patterns  []*rule `json:"patterns"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if g.ScopeName != "source.grundy" {
		t.Errorf("scopeName %q", g.ScopeName)
	}
	for _, r := range g.Patterns {
		if r.Match == "" {
			t.Fatalf("a pattern without match: %+v", r)
		}
		r.re = regexp.MustCompile(r.Match)
	}
	return g.Patterns
}

// span is a piece of a line the grammar gave a scope.
type span struct {
	start, end int // byte offsets in the line
	scope      string
}

// tokenize runs the grammar over one line as a TextMate engine does: at each
// place the rule whose match starts first wins, the earlier rule on a tie.
func tokenize(rules []*rule, line string) []span {
	var out []span
	for pos := 0; pos < len(line); {
		best, bestAt := -1, []int(nil)
		for i, r := range rules {
			if pos > 0 && strings.HasPrefix(r.Match, "^") {
				continue // ^ is the start of the line, not of what is left of it
			}
			m := r.re.FindStringSubmatchIndex(line[pos:])
			if m != nil && m[1] > m[0] && (bestAt == nil || m[0] < bestAt[0]) {
				best, bestAt = i, m
			}
		}
		if best < 0 {
			break
		}
		r := rules[best]
		if r.Name != "" {
			out = append(out, span{pos + bestAt[0], pos + bestAt[1], r.Name})
		}
		for k, c := range r.Captures {
			n := int(k[0] - '0')
			if bestAt[2*n] >= 0 {
				out = append(out, span{pos + bestAt[2*n], pos + bestAt[2*n+1], c.Name})
			}
		}
		pos += bestAt[1]
	}
	slices.SortFunc(out, func(a, b span) int { return a.start - b.start })
	return out
}

// fits reports whether a scope suits a kind of token.
func fits(kind lang.TokenKind, text, scope string) bool {
	prefixes := map[lang.TokenKind][]string{
		lang.TokenComment:  {"comment."},
		lang.TokenString:   {"string."},
		lang.TokenNumber:   {"constant.numeric."},
		lang.TokenKeyword:  {"keyword.control.", "keyword.operator.word.", "constant.language."},
		lang.TokenName:     {"entity.name.", "support.function.", "variable.", "constant.language.", "keyword.other.clause."},
		lang.TokenOperator: {"keyword.operator.", "punctuation."},
	}[kind]
	if kind == lang.TokenKeyword && (text == "true" || text == "false") {
		prefixes = []string{"constant.language."}
	}
	for _, p := range prefixes {
		if strings.HasPrefix(scope, p) {
			return true
		}
	}
	return false
}

// TestGrammarAgreesWithLexer colours every line of the examples and the
// library: each token the lexer reads must be one span of a scope that suits
// its kind, and each of the grammar's scopes must appear.
func TestGrammarAgreesWithLexer(t *testing.T) {
	rules := loadGrammar(t)
	files, _ := filepath.Glob("../examples/*.game")
	files = append(files, "../stdlib/stdlib.game")
	if len(files) < 10 {
		t.Fatal("no examples")
	}
	used := map[string]bool{}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		toks, stop := lang.Tokens(file, src)
		if stop != len(src) {
			t.Fatalf("%s does not lex", file)
		}
		lines := strings.Split(src, "\n")
		spans := make([][]span, len(lines))
		for i, l := range lines {
			spans[i] = tokenize(rules, l)
			for _, s := range spans[i] {
				used[s.scope] = true
			}
		}
		bad := 0
		for _, tok := range toks {
			if tok.Kind == lang.TokenSpace {
				continue
			}
			line := tok.Pos.Line - 1
			start := tok.Pos.Offset - (strings.LastIndex(src[:tok.Pos.Offset], "\n") + 1)
			var got *span
			for k := range spans[line] {
				if s := &spans[line][k]; s.start < start+len(tok.Text) && start < s.end {
					got = s
					break
				}
			}
			switch {
			case got == nil:
				t.Errorf("%s:%d:%d: %s %q has no scope", file, line+1, tok.Pos.Column, tok.Kind, tok.Text)
			case got.start != start || got.end != start+len(tok.Text):
				t.Errorf("%s:%d:%d: %s %q, but the grammar's %s span is %q", file, line+1, tok.Pos.Column, tok.Kind, tok.Text, got.scope, lines[line][got.start:got.end])
			case !fits(tok.Kind, tok.Text, got.scope):
				t.Errorf("%s:%d:%d: %s %q has the scope %s", file, line+1, tok.Pos.Column, tok.Kind, tok.Text, got.scope)
			default:
				continue
			}
			if bad++; bad > 10 {
				t.Fatalf("%s: too many errors", file)
			}
		}
	}
	for _, r := range rules {
		names := []string{r.Name}
		for _, c := range r.Captures {
			names = append(names, c.Name)
		}
		for _, n := range names {
			if n != "" && !used[n] {
				t.Errorf("the scope %s appears nowhere in the examples", n)
			}
		}
	}
}

// TestGrammarKnowsBuiltins: the grammar's built-in functions and constants
// are the interpreter's.
func TestGrammarKnowsBuiltins(t *testing.T) {
	rules := loadGrammar(t)
	for _, g := range stdlib.New().Globals() {
		if !g.Builtin {
			continue
		}
		want := "constant.language."
		if g.V.K == interp.KFunc {
			want = "support.function.builtin."
		}
		if s := tokenize(rules, g.Name); len(s) != 1 || s[0].end != len(g.Name) || !strings.HasPrefix(s[0].scope, want) {
			t.Errorf("the built-in %s is coloured %v, want %s", g.Name, s, want)
		}
	}
	for _, r := range rules {
		if !strings.HasPrefix(r.Name, "support.function.builtin.") {
			continue
		}
		words := strings.Split(strings.TrimSuffix(strings.TrimPrefix(r.Match, `\b(`), `)\b`), "|")
		in := stdlib.New()
		for _, w := range words {
			if g, ok := in.Lookup(w); !ok || !g.Builtin {
				t.Errorf("the grammar colours %s as a built-in, which it is not", w)
			}
		}
	}
}

// TestExtensionManifest: the extension's manifest names files that exist, for
// .game files, and its language configuration knows the comment and brackets.
func TestExtensionManifest(t *testing.T) {
	var pkg struct {
		Main        string `json:"main"`
		Contributes struct {
			Languages []struct {
				ID            string   `json:"id"`
				Extensions    []string `json:"extensions"`
				Configuration string   `json:"configuration"`
			} `json:"languages"`
			Grammars []struct {
				Language, ScopeName, Path string
			} `json:"grammars"`
		} `json:"contributes"`
	}
	readJSON(t, "vscode/package.json", &pkg)
	if len(pkg.Contributes.Languages) != 1 || len(pkg.Contributes.Grammars) != 1 {
		t.Fatalf("%+v", pkg.Contributes)
	}
	lang, gr := pkg.Contributes.Languages[0], pkg.Contributes.Grammars[0]
	if lang.ID != "grundy" || !slices.Equal(lang.Extensions, []string{".game"}) || gr.Language != "grundy" || gr.ScopeName != "source.grundy" {
		t.Errorf("%+v %+v", lang, gr)
	}
	for _, f := range []string{pkg.Main, lang.Configuration, gr.Path} {
		if _, err := os.Stat(filepath.Join("vscode", f)); err != nil {
			t.Error(err)
		}
	}
	var conf struct {
		Comments struct{ LineComment string } `json:"comments"`
		Brackets [][]string                   `json:"brackets"`
		Indent   struct {
			Increase string `json:"increaseIndentPattern"`
			Decrease string `json:"decreaseIndentPattern"`
		} `json:"indentationRules"`
	}
	readJSON(t, filepath.Join("vscode", lang.Configuration), &conf)
	if conf.Comments.LineComment != "#" || len(conf.Brackets) != 3 {
		t.Errorf("%+v", conf)
	}
	inc, dec := regexp.MustCompile(conf.Indent.Increase), regexp.MustCompile(conf.Indent.Decrease)
	if !inc.MatchString("game Nim(n) {") || !inc.MatchString("check x == [  # values") || inc.MatchString("print f(x)") || !dec.MatchString("  }") || dec.MatchString("  move -> G()") {
		t.Error("the indentation rules do not indent after an open bracket and back at a closing one")
	}
}

func readJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// TestGrammarClauseWords: left and right are clause words where a clause begins
// and names elsewhere (Wythoff's move left); score and show are clause words
// before an expression and the built-ins when called.
func TestGrammarClauseWords(t *testing.T) {
	rules := loadGrammar(t)
	for _, c := range []struct{ line, word, want string }{
		{"  left cut k in 1..a -> G(a - k)", "left", "keyword.other.clause."},
		{"right k in 1..b -> G(b - k)", "right", "keyword.other.clause."},
		{"  move left k in 1..a -> W(a - k, b)", "left", "variable."},
		{"  move first where i <= j score row[i] -> C(i + 1, j)", "score", "keyword.other.clause."},
		{"  show board(b)", "show", "keyword.other.clause."},
		{"print show(G)", "show", "support.function.builtin."},
		{"print score(Coins(0, 3))", "score", "support.function.builtin."},
	} {
		at := strings.Index(c.line, c.word)
		var got string
		for _, s := range tokenize(rules, c.line) {
			if s.start == at && s.end == at+len(c.word) {
				got = s.scope
			}
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: %s is coloured %q, want %s", c.line, c.word, got, c.want)
		}
	}
}
