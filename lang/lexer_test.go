package lang

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// regexDef is the plain definition of the tokens: participle's lexer over the
// regular expressions lexDef's doc comment gives, in the same order.
var regexDef = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Int", Pattern: `[0-9][0-9A-Za-z_]*`},
	{Name: "Ident", Pattern: `misère|[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Op", Pattern: `\.\.|->|=>|==|!=|<=|>=|<<|>>|[-+*/%^&|~<>=(){}\[\],.:]`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
})

// tokensOf lexes src to the end or the first error, naming each token's type.
func tokensOf(t *testing.T, def lexer.StringDefinition, names map[lexer.TokenType]string, src string) (toks []string, errText string) {
	t.Helper()
	lex, err := def.LexString("f.game", src)
	if err != nil {
		t.Fatal(err)
	}
	for {
		tok, err := lex.Next()
		if err != nil {
			return toks, err.Error()
		}
		toks = append(toks, names[tok.Type]+" "+tok.Value+" "+tok.Pos.String())
		if tok.EOF() {
			return toks, ""
		}
	}
}

// The scanner gives exactly the tokens, positions and errors of the regular
// expressions, on the examples and hostile inputs and on random text made of
// the characters that matter.
func TestScannerMatchesRegexLexer(t *testing.T) {
	inputs := []string{"", "x", "misère", "misèrex", "misere", `"a\"b" "\` + "\n" + `"`, `"ab`, "3k 0x1F 12", "a..b->c=>d!e", "#c\r\n\tx", "\xff", "é", `"é\é"`}
	for _, pattern := range []string{"../examples/*.game", "../interp/testdata/hostile/*.game", "testdata/*.game"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, string(b))
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Z", "_", "0", "9", "misère", "è", "\xff", `"`, `\`, "#", "\n", " ", "\t", "\r", ".", "-", ">", "=", "!", "<", "+", "(", "]", ",", ":", "?", "@", "$"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	names := map[lexer.TokenType]string{}
	for name, typ := range regexDef.Symbols() {
		names[typ] = name
	}
	ours := map[lexer.TokenType]string{}
	for name, typ := range lexDef.Symbols() {
		ours[typ] = name
	}
	for _, src := range inputs {
		want, wantErr := tokensOf(t, regexDef, names, src)
		got, gotErr := tokensOf(t, lexDef, ours, src)
		if strings.Join(got, "\n") != strings.Join(want, "\n") || gotErr != wantErr {
			t.Fatalf("lexing %q:\n got %q, %q\nwant %q, %q", src, got, gotErr, want, wantErr)
		}
	}
}

// BenchmarkLex lexes a 90 KB file with the scanner and with the regular
// expressions it replaced, in the same run: read the ratio of the two.
func BenchmarkLex(b *testing.B) {
	src, err := os.ReadFile("../interp/testdata/hostile/and_chain.game")
	if err != nil {
		b.Fatal(err)
	}
	for _, def := range []struct {
		name string
		def  lexer.StringDefinition
	}{{"scanner", lexDef}, {"regexp", regexDef}} {
		b.Run(def.name, func(b *testing.B) {
			for b.Loop() {
				lex, _ := def.def.LexString("f.game", string(src))
				for tok, err := lex.Next(); err == nil && !tok.EOF(); tok, err = lex.Next() {
				}
			}
		})
	}
}
