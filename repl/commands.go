package repl

import (
	"context"
	"fmt"
	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/render"
	"slices"
	"sort"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
)

// command is one :command of the shell.
type command struct {
	name  string
	args  string // the argument's shape for the help, "" when it takes none
	help  string // one line
	more  string // what :help :name adds
	timed bool   // whether :time reports its duration
	// waits says the command waits for the person while it runs (:play), so
	// no progress line is drawn: it would count their thinking time.
	waits bool
	run   func(s *Session, ctx context.Context, inv invocation) error
}

// invocation is a parsed :command line.
type invocation struct {
	line   string // the whole entry
	arg    string // the argument, trimmed
	argOff int    // byte offset of arg in line
}

// commands lists the commands in the order :help shows them. It is filled in
// init because the help command reads it.
var commands []*command

func init() {
	commands = []*command{
		{name: "help", args: "[NAME]", help: "this help, or the doc of a game or function", run: (*Session).help},
		{name: "load", args: "FILE", help: "run a file and keep its definitions", timed: true, run: (*Session).load,
			more: "The file's prints and checks run as with grundy run; its games, functions and lets\nstay defined. :reload loads it again."},
		{name: "reload", help: "load the loaded files again and say what changed", timed: true, run: (*Session).reload,
			more: "Declarations whose text did not change are kept, with their memoized values;\nchanged ones are redefined, which forgets the values of every game that depends on them."},
		{name: "games", help: "list the games, functions and variables defined", run: (*Session).games},
		{name: "options", args: "POS [misere]", help: "the moves from POS, with values and outcomes", timed: true, run: (*Session).options,
			more: "POS is a position or a sum, e.g. :options Nim(3) + Nim(5). Moves to a P-position\n(winning moves) are marked; with misere, outcomes are those of misère play."},
		{name: "explain", args: "POS [misere]", help: "who wins POS and why, in plain words", timed: true, run: (*Session).explain,
			more: "The outcome and value of a position or sum, the options' values and their mex, and\nthe winning moves; with misere, under misère play (the last player to move loses)."},
		{name: "play", args: "POS [as left|right]", help: "play POS against the computer", waits: true, run: (*Session).play,
			more: "Choose moves by number or name; hint shows a winning move, quit stops the game.\nThe computer plays a winning move when it has one. In a partizan game you play\nLeft or Right: say which after the position (:play G as left), or answer at the start.\nWith misere after the position (before as), the last player to move loses."},
		{name: "table", args: "EXPR for n in RANGE", help: "a table of values; two generators make a grid", timed: true, run: (*Session).table,
			more: "Examples:\n  :table sg(Kayles(n)) for n in 0..30\n  :table sg(Kayles(n)), outcome(Kayles(n)) for n in 0..10\n  :table sg(Wythoff(a, b)) for a in 0..7, b in 0..7"},
		{name: "draw", args: "FILE EXPR", help: "write a picture (thermograph) to .svg or .png", timed: true, run: (*Session).draw,
			more: "The shell prints a picture in words; :draw writes it as a file to open, e.g.\n  :draw t.svg thermograph(cg(\"{3|-1}\"))"},
		{name: "time", args: "[on|off]", help: "toggle timing of each evaluation", run: (*Session).time},
		{name: "stats", help: "positions memoized and memory used", run: (*Session).stats},
		{name: "clear", help: "drop the memoized values (definitions stay)", run: (*Session).clear},
		{name: "quit", help: "leave the shell (Ctrl-D does too)", run: (*Session).quitCmd},
	}
}

// commandNames lists the command names with their colons.
func commandNames() []string {
	out := make([]string, len(commands))
	for i, c := range commands {
		out[i] = ":" + c.name
	}
	return out
}

// parseCommand splits a :command line and finds its command, accepting any
// unambiguous prefix (":q", ":ta").
func parseCommand(line string) (*command, invocation, error) {
	inv := invocation{line: line}
	start := strings.Index(line, ":") + 1
	end := start
	for end < len(line) && line[end] != ' ' && line[end] != '\t' {
		end++
	}
	name := line[start:end]
	rest := line[end:]
	inv.arg = strings.TrimSpace(rest)
	inv.argOff = end + len(rest) - len(strings.TrimLeft(rest, " \t"))
	if name == "" {
		return nil, inv, fmt.Errorf("a command name must follow the colon; :help lists the commands")
	}
	var found []*command
	for _, c := range commands {
		if c.name == name {
			return c, inv, nil
		}
		if strings.HasPrefix(c.name, name) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 1:
		return found[0], inv, nil
	case 0:
		msg := fmt.Sprintf("unknown command :%s", name)
		if sug := lang.Closest(":"+name, commandNames()); sug != "" {
			msg += fmt.Sprintf("; did you mean %s?", sug)
		} else {
			msg += "; :help lists the commands"
		}
		return nil, inv, fmt.Errorf("%s", msg)
	}
	names := make([]string, len(found))
	for i, c := range found {
		names[i] = ":" + c.name
	}
	return nil, inv, fmt.Errorf("ambiguous command :%s: %s", name, strings.Join(names, " or "))
}

// noArgs fails when a command that takes no argument is given one.
func (inv invocation) noArgs(name string) error {
	if inv.arg != "" {
		return fmt.Errorf(":%s takes no argument", name)
	}
	return nil
}

func (s *Session) quitCmd(_ context.Context, inv invocation) error {
	if err := inv.noArgs("quit"); err != nil {
		return err
	}
	s.quit = true
	return nil
}

func (s *Session) time(_ context.Context, inv invocation) error {
	switch inv.arg {
	case "":
		s.timing = !s.timing
	case "on":
		s.timing = true
	case "off":
		s.timing = false
	default:
		return fmt.Errorf(":time takes on, off or nothing (to toggle), not %q", inv.arg)
	}
	if s.timing {
		fmt.Fprintln(s.out, "timing on")
	} else {
		fmt.Fprintln(s.out, "timing off")
	}
	return nil
}

func (s *Session) stats(_ context.Context, inv invocation) error {
	if err := inv.noArgs("stats"); err != nil {
		return err
	}
	st := s.in.SolverStats()
	var games int
	for _, g := range s.in.Globals() {
		if g.V.K == interp.KGame {
			games++
		}
	}
	rows := [][]string{
		{"positions memoized", thousands(st.Positions)},
		{"memo hits", thousands(st.Hits)},
		{"memory", bytesize(s.in.MemoryBytes())},
		{"games defined", thousands(games)},
		{"files loaded", thousands(len(s.files))},
	}
	if sc := s.in.ScoreStats(); sc.Nodes > 0 {
		rows = append(rows, [][]string{
			{"scoring positions searched", thousands(sc.Positions)},
			{"search nodes", thousands(sc.Nodes)},
			{"alpha-beta cutoffs", thousands(sc.Cutoffs)},
			{"search table hits", thousands(sc.TableHits)},
		}...)
	}
	render.WriteColumns(s.out, "", rows, []bool{false, false})
	return nil
}

func (s *Session) clear(_ context.Context, inv invocation) error {
	if err := inv.noArgs("clear"); err != nil {
		return err
	}
	n := s.in.SolverStats().Positions
	s.in.ClearMemo()
	fmt.Fprintf(s.out, "dropped %s memoized (definitions stay)\n", words.Plural(n, "value"))
	return nil
}

// games lists what is defined, grouped by kind: in detail what came from the
// prompt and from loaded files, by name what was there before (a library).
func (s *Session) games(_ context.Context, inv invocation) error {
	if err := inv.noArgs("games"); err != nil {
		return err
	}
	var games, fns, vars [][]string
	library := map[string]map[string][]string{} // file -> kind -> names
	var libFiles []string
	globals := s.in.Globals()
	sort.Slice(globals, func(i, j int) bool { return globals[i].Name < globals[j].Name })
	for _, g := range globals {
		if g.Builtin {
			continue
		}
		file := g.Pos.Filename
		if file != "" && file != filename && s.file(file) == nil {
			if library[file] == nil {
				library[file] = map[string][]string{}
				libFiles = append(libFiles, file)
			}
			library[file][g.V.K.String()] = append(library[file][g.V.K.String()], g.Name)
			continue
		}
		where := ""
		if file != "" && file != filename {
			where = "(" + file + ")"
		}
		switch g.V.K {
		case interp.KGame:
			games = append(games, []string{s.signature(g.Name), words.Abbreviate(firstLine(g.Doc), 56), where})
		case interp.KFunc:
			fns = append(fns, []string{s.signature(g.Name), words.Abbreviate(firstLine(g.Doc), 56), where})
		default:
			vars = append(vars, []string{g.Name, "= " + words.Abbreviate(g.V.Repr(), 56), where})
		}
	}
	if len(games)+len(fns)+len(vars) == 0 {
		fmt.Fprintln(s.out, "nothing defined at the prompt yet; try  game Take(n) { move take k in 1..min(3, n) -> Take(n - k) }")
	}
	for _, sec := range []struct {
		title string
		rows  [][]string
	}{{"games", games}, {"functions", fns}, {"variables", vars}} {
		if len(sec.rows) > 0 {
			fmt.Fprintln(s.out, sec.title)
			render.WriteColumns(s.out, "  ", sec.rows, nil)
		}
	}
	slices.Sort(libFiles)
	for _, file := range libFiles {
		fmt.Fprintf(s.out, "from %s (:help NAME for any of them)\n", file)
		for _, kind := range []interp.Kind{interp.KGame, interp.KFunc} {
			if names := library[file][kind.String()]; len(names) > 0 {
				text := words.Wrap(kind.String()+"s: "+strings.Join(names, " "), 76)
				fmt.Fprint(s.out, "  "+strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n    ")+"\n")
			}
		}
	}
	return nil
}

// signature writes a game or function with its parameters, e.g. "Kayles(n)".
func (s *Session) signature(name string) string {
	if ps, ok := s.in.Params(name); ok {
		return name + "(" + strings.Join(ps, ", ") + ")"
	}
	return name
}

// firstLine is the first line of a doc comment.
func firstLine(doc string) string {
	line, _, _ := strings.Cut(doc, "\n")
	return line
}

// names lists every name that completion and suggestions may offer: globals
// (games, functions, built-ins, variables) and keywords.
func (s *Session) names() []string {
	var out []string
	for _, g := range s.in.Globals() {
		out = append(out, g.Name)
	}
	out = append(out, lang.Keywords()...)
	slices.Sort(out)
	return slices.Compact(out)
}
