package repl

import (
	"context"
	"fmt"
	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/render"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// cheatSheet is the language summary :help prints under the commands.
const cheatSheet = `The language:
  game Nim(n) {                        a game; its positions are Nim(0), ...
    move take k in 1..n -> Nim(n - k)  a move: label, generators, result
  }
  move k in 1..2, i in 0..n-k where i > 0 -> Kayles(i) + Kayles(n - k - i)
  fn f(n) = n % 4     let S = {1, 3, 4}     fn(x) => x + 1  (a function value)
  sg(G)  outcome(G)  winning(G)  moves(G)   G + H is a sum, *3 a nimber
  move m score pts again -> G  (scoring)  score(G)  best(G)  search(G)
  left cut i in 1..w-1 -> ...  (partizan; also right)  value(G)  winning(G, L)
  [f(n) for n in 0..10 where n % 2 == 0]    a..b is inclusive, ^ is XOR
  print EXPR    check COND for n in 0..100  _ is the last value
An entry continues on a "..." line while a brace or bracket is open.
A comment just above a game or fn is its doc, shown by :help NAME.
:games lists what is defined, the standard library's games too.
Tab completes names; Ctrl-C stops a computation; Ctrl-D leaves.`

// keywordHelp explains the keywords :help accepts.
var keywordHelp = map[string]string{
	"game":  "game Name(params) { move ... }  declares a game; Name(args) is one of its positions",
	"move":  "move [label] x in xs, y in ys [where cond] [score pts] [again] -> result  is one move clause of a game",
	"again": "again  after a move's score: the player who made the move moves again (a scoring game)",
	"where": "where cond  keeps only the generator values for which cond is true",
	"fn":    "fn name(params) = expr  declares a function; fn(x) => expr  is a function value",
	"let":   "let name = expr  defines a variable",
	"print": "print expr  prints a value on one line",
	"check": "check cond for n in 0..100  proves cond on every case, or names the first counterexample",
	"for":   "[expr for x in xs where cond]  is a list comprehension; check ... for x in xs  a check over cases",
	"in":    "x in xs  tests membership; in a generator, x in xs binds x to each element",
	"if":    "if cond then a else b  chooses a value",
}

// constantHelp explains the predeclared values.
var constantHelp = map[string]string{
	"P":      "P is the outcome of a position the previous player wins (value 0)",
	"N":      "N is the outcome of a position the next player (the one to move) wins",
	"misere": "misere is the play mode where the player who cannot move wins: sg(G, misere)",
	"normal": "normal is the usual play mode, where the player who cannot move loses",
}

func (s *Session) help(_ context.Context, inv invocation) error {
	if inv.arg == "" {
		s.helpOverview()
		return nil
	}
	name := inv.arg
	if cmdName, ok := strings.CutPrefix(name, ":"); ok {
		c, _, err := parseCommand(":" + cmdName)
		if err != nil {
			return err
		}
		s.helpCommand(c)
		return nil
	}
	if g, ok := s.in.Lookup(name); ok {
		s.helpGlobal(g)
		return nil
	}
	if h, ok := keywordHelp[name]; ok {
		fmt.Fprintln(s.out, h)
		return nil
	}
	if lang.IsKeyword(name) {
		fmt.Fprintf(s.out, "%s is a keyword of the language (:help lists them in use)\n", name)
		return nil
	}
	if c, _, err := parseCommand(":" + name); err == nil {
		s.helpCommand(c)
		return nil
	}
	msg := fmt.Sprintf("nothing is called %s", name)
	if sug := lang.Closest(name, append(s.names(), commandNames()...)); sug != "" {
		msg += fmt.Sprintf("; did you mean %s?", sug)
	}
	return fmt.Errorf("%s", msg)
}

func (s *Session) helpOverview() {
	fmt.Fprintln(s.out, "Commands (any unambiguous prefix works, e.g. :q):")
	rows := make([][]string, len(commands))
	for i, c := range commands {
		rows[i] = []string{strings.TrimSpace(":" + c.name + " " + c.args), c.help}
	}
	render.WriteColumns(s.out, "  ", rows, []bool{false, false})
	fmt.Fprintln(s.out)
	fmt.Fprintln(s.out, cheatSheet)
	var builtins []string
	for _, g := range s.in.Globals() {
		if g.Builtin && g.V.K == interp.KFunc {
			builtins = append(builtins, g.Name)
		}
	}
	slices.Sort(builtins)
	fmt.Fprintln(s.out)
	fmt.Fprint(s.out, words.Wrap("Built-in functions: "+strings.Join(builtins, " ")+". :help NAME says more.\n", 78))
}

func (s *Session) helpCommand(c *command) {
	fmt.Fprintf(s.out, "%s\n  %s\n", strings.TrimSpace(":"+c.name+" "+c.args), c.help)
	if c.more != "" {
		for line := range strings.SplitSeq(c.more, "\n") {
			fmt.Fprintln(s.out, "  "+line)
		}
	}
}

// helpWidth is the width :help wraps prose to.
const helpWidth = 78

func (s *Session) helpGlobal(g *interp.Global) {
	where := ""
	if g.Pos.Filename != "" && g.Pos.Filename != filename {
		where = fmt.Sprintf("  (%s:%d)", g.Pos.Filename, g.Pos.Line)
	}
	doc := g.Doc
	switch {
	case g.Builtin && g.V.K == interp.KFunc:
		fmt.Fprintln(s.out, "built-in function "+g.Name)
	case g.Builtin:
		fmt.Fprintln(s.out, constantHelp[g.Name])
		return
	case g.V.K == interp.KGame:
		fmt.Fprintln(s.out, "game "+s.signature(g.Name)+where)
	case g.V.K == interp.KFunc:
		fmt.Fprintln(s.out, "fn "+s.signature(g.Name)+where)
	default:
		fmt.Fprintf(s.out, "%s = %s%s\n", g.Name, words.Abbreviate(g.V.Repr(), 200), where)
		return
	}
	switch {
	case doc != "":
		// Prose is wrapped to the terminal; an indented line (an example)
		// is written as it is.
		for line := range strings.SplitSeq(doc, "\n") {
			if !strings.HasPrefix(line, " ") {
				line = strings.ReplaceAll(words.Wrap(line, helpWidth-2), "\n", "\n  ")
			}
			fmt.Fprintln(s.out, "  "+line)
		}
	case g.V.K == interp.KGame || g.V.K == interp.KFunc:
		fmt.Fprintln(s.out, "  (no doc comment: write # lines just above the declaration)")
	}
}
