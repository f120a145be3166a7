// Package cli is the grundy command line: it parses arguments, runs files and
// queries through an interp.Interp, and turns errors into located messages and
// exit codes. main.go is a thin wrapper around Main.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/render"
	"github.com/grundy-lang/grundy/teach"
)

// defaultMaxPositions bounds how many positions a run may make. Memory is the
// memory budget's job (--max-memory); at about 65 bytes a position for small
// integer arguments, this many fit in it. A game with no end is named by the
// runaway check long before.
const defaultMaxPositions = 100_000_000

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // a check failed
	exitError  = 2 // an error in the input, or a limit reached
)

// commandUsage says what each command does; the options come from
// optionTable.
const commandUsage = `grundy: values, outcomes and winning moves of combinatorial games, impartial and partizan.

Usage:
  grundy run FILE...              run files, each in its own session: print their
                                  prints, check their checks
  grundy run --html OUT.html FILE, grundy run --markdown OUT.md FILE
                                  write a worksheet: the program, what each
                                  statement printed, the checks, tables drawn
  grundy serve [--addr ADDR] [--build]
                                  the page in the browser (default localhost:8080)
  grundy check FILE...            run only the checks and print a summary
  grundy eval [-f FILE] [--misere] EXPR
                                  print one value (after loading FILE); with
                                  --misere, queries default to misère play
  grundy [repl [FILE...]]         the interactive shell (after loading the FILEs)
  grundy explain [-f FILE] [--misere] EXPR
                                  who wins EXPR and why, in plain words
  grundy play [-f FILE] [--misere] [--computer-first] [--as left|right] EXPR
                                  play EXPR against the computer
  grundy table [-f FILE] EXPR for a in RANGE[, b in RANGE]
         [--format text|csv|json|svg|png] [-o FILE] [--title T] [--numbers on|off]
         [--scale N]              a table of values; a heat map as svg or png
  grundy graph [-f FILE] EXPR [--format dot|svg|png] [-o FILE] [--max-nodes N]
                                  the game graph of a small position, drawn as svg
                                  or png with a legend, or dot for Graphviz
  grundy draw [-f FILE] EXPR [--format svg|png] [-o FILE] [--scale N]
                                  a picture, such as thermograph(G), as svg or png
  grundy fmt [-l] [-w] [-d] [FILE...]
                                  lay files (or standard input) out the one
                                  canonical way, comments kept
  grundy lsp                      the language server, for editors (standard
                                  input and output)
  grundy octal CODE [--to N] [--checkpoint FILE] [--out FILE.bin|FILE.csv]
         [--timeout D] [--json] [--progress]
                                  a take-and-break code's nim values at research
                                  scale: largest and rare values, a checksum, the
                                  period proved or seen; resumable (docs/octal.md)
  grundy help [COMMAND]           this message, or one command's
  grundy version                  the version of grundy (also --version)
`

// usage is grundy's help: the commands and the options they share.
var usage = commandUsage + `
Options of every command that computes (run, check, eval, repl, explain, play,
table, graph), before or after its files or expression:
` + optionHelp(sharedOptions()) + `Options may also come before the command: grundy --timeout 30s run FILE.
grundy COMMAND --help shows one command's usage and all its options.

Exit status: 0 on success, 1 when a check fails, 2 on an error.
`

// commands are the commands of grundy, for suggestions and help.
var commands = []string{"run", "check", "eval", "repl", "explain", "play", "table", "graph", "draw", "octal", "serve", "fmt", "lsp", "help", "version"}

// Main runs the command line and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	args, err := commandFirst(args)
	if err != nil {
		fmt.Fprintln(stderr, "grundy:", err)
		return exitError
	}
	if len(args) == 0 {
		args = []string{"repl"}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := &checkedWriter{w: stdout}
	status := dispatch(ctx, args, stdin, out, stderr)
	if out.err != nil {
		fmt.Fprintln(stderr, "grundy: cannot write the output:", unwrapPath(out.err))
		return exitError
	}
	return status
}

// unwrapPath drops the operation and file name from an error about a file,
// which the message that shows it says itself.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// dispatch runs the command args[0].
func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd, rest := args[0], args[1:]
	r := &runner{stdout: stdout, stderr: stderr}
	if slices.Contains(commands, cmd) && asksHelp(rest) {
		fmt.Fprint(stdout, commandHelp(cmd))
		return exitOK
	}
	// A progress line shows while a command computes; the shell draws its own,
	// and play and serve wait for a person, so a clock would only mislead.
	// octal draws its own, in heaps.
	if !slices.Contains([]string{"repl", "play", "serve", "fmt", "lsp", "octal"}, cmd) {
		defer r.showProgress("grundy " + cmd)()
	}
	switch cmd {
	case "run":
		return r.run(ctx, rest)
	case "check":
		return r.check(ctx, rest)
	case "eval":
		return r.eval(ctx, rest)
	case "repl":
		return r.repl(ctx, rest, stdin)
	case "explain":
		return r.explain(ctx, rest)
	case "play":
		return r.play(ctx, rest, stdin)
	case "table":
		return r.table(ctx, rest)
	case "graph":
		return r.graph(ctx, rest)
	case "draw":
		return r.draw(ctx, rest)
	case "octal":
		return r.octal(ctx, rest)
	case "serve":
		return r.serve(ctx, rest)
	case "fmt":
		return r.formatFiles(rest, stdin)
	case "lsp":
		return r.languageServer(ctx, rest, stdin)
	case "help", "-h", "--help", "-help":
		if len(rest) > 0 && slices.Contains(commands, rest[0]) {
			fmt.Fprint(stdout, commandHelp(rest[0]))
			return exitOK
		}
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, "grundy", version())
		return exitOK
	}
	msg := fmt.Sprintf("grundy: unknown command %q", cmd)
	if _, err := os.Stat(cmd); err == nil || strings.HasSuffix(cmd, ".game") {
		msg += fmt.Sprintf("; to run a file, write grundy run %s", cmd)
	} else if s := lang.Closest(cmd, commands); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	fmt.Fprintln(stderr, msg)
	fmt.Fprintln(stderr, "grundy help lists the commands.")
	return exitError
}

// asksHelp reports whether a command's arguments ask for its usage: -h or
// --help among its options (before a "--").
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// commandHelp is the part of the usage about one command, with its options.
func commandHelp(cmd string) string {
	var b strings.Builder
	b.WriteString("Usage:\n")
	lines := strings.Split(commandUsage, "\n")
	// Every entry of the command (run has two: files, and worksheets).
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "  grundy "+cmd+" ") && lines[i] != "  grundy "+cmd &&
			!(cmd == "repl" && strings.HasPrefix(lines[i], "  grundy [repl")) {
			continue
		}
		b.WriteString(lines[i] + "\n")
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "         ") {
			i++
			b.WriteString(lines[i] + "\n")
		}
	}
	if opts := commandOptions(cmd); len(opts) > 0 {
		b.WriteString("\nOptions, before or after the other arguments (or before the command):\n" + optionHelp(opts))
	}
	return b.String()
}

// version is the version grundy was built as: the module's version when
// installed with go install; for a build from a checkout, "devel" and the
// commit, its date and whether the tree had changes, when Go recorded them
// (it does unless built with -buildvcs=false).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return describeBuild(bi.Main.Version, bi.GoVersion, bi.Settings)
}

// describeBuild is version's text for a module version, Go version and build
// settings.
func describeBuild(modVersion, goVersion string, settings []debug.BuildSetting) string {
	if modVersion != "" && modVersion != "(devel)" {
		return modVersion + " (" + goVersion + ")"
	}
	var rev, date, dirty string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.time":
			date = s.Value[:min(10, len(s.Value))]
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", with uncommitted changes"
			}
		}
	}
	if rev == "" {
		return "devel (" + goVersion + ", built without version control information)"
	}
	return "devel " + rev + " (" + date + dirty + ", " + goVersion + ")"
}

// commandFirst moves options given before the command after it, so that
// grundy --timeout 30s run FILE is grundy run --timeout 30s FILE; options
// alone are the shell's.
func commandFirst(args []string) ([]string, error) {
	i := 0
	for i < len(args) {
		name, hasValue, isFlag := flagName(args[i])
		if !isFlag || name == "h" || name == "help" || name == "version" {
			break
		}
		i++
		if takesValue(name) && !hasValue {
			if i == len(args) {
				return nil, fmt.Errorf("the option %s needs a value", args[i-1])
			}
			i++
		}
	}
	if i == 0 {
		return args, nil
	}
	if i == len(args) { // grundy alone is the shell
		return append([]string{"repl"}, args...), nil
	}
	return append(append([]string{args[i]}, args[:i]...), args[i+1:]...), nil
}

// runner carries the output streams of one invocation.
type runner struct {
	stdout, stderr io.Writer
	progress       *render.Progress // the progress line on a terminal, or nil
}

// limit bounds ctx by the --timeout option, if one was given.
func (o *options) limit(ctx context.Context) (context.Context, context.CancelFunc) {
	if o.timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, o.timeout)
}

// parseFlags parses the options of command name wherever they are among args
// and returns the other arguments (files, or an expression's words).
func (r *runner) parseFlags(name string, args []string) (*options, []string, bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	o := defaultOptions()
	define(fs, name, o)
	words, ok := r.separate(name, fs, args)
	return o, words, ok && r.valid(name, fs)
}

// valid reports whether the numeric options given are in range, and says why not.
func (r *runner) valid(name string, fs *flag.FlagSet) bool {
	ok := true
	fs.Visit(func(f *flag.Flag) {
		bad := ""
		switch g := f.Value.(flag.Getter).Get().(type) {
		case int:
			zeroOK := f.Name == "max-positions" || f.Name == "cell" // no limit; the default size
			if g < 0 && zeroOK {
				bad = "0 (no limit) or more"
			} else if g <= 0 && !zeroOK {
				bad = "a positive number"
			}
		case time.Duration:
			if g < 0 {
				bad = "0 (no limit) or a duration such as 30s or 5m"
			}
		}
		if bad != "" && ok {
			fmt.Fprintf(r.stderr, "grundy %s: --%s must be %s, not %s\n", name, f.Name, bad, f.Value)
			ok = false
		}
	})
	return ok
}

// separate parses the options of fs wherever they are among args and returns
// the other arguments. Only a dash followed by a letter starts an option, so an
// expression such as -7 / 2 is a word; "--" ends the options.
func (r *runner) separate(name string, fs *flag.FlagSet, args []string) ([]string, bool) {
	fs.SetOutput(r.stderr)
	var flags, words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			words = append(words, args[i+1:]...)
			break
		}
		fname, hasValue, isFlag := flagName(a)
		if !isFlag {
			words = append(words, a)
			continue
		}
		f := fs.Lookup(fname)
		if f == nil {
			fmt.Fprintf(r.stderr, "grundy %s: unknown option %s (put -- before an expression that starts with -)\n", name, a)
			fs.Usage()
			return nil, false
		}
		flags = append(flags, a)
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	if err := fs.Parse(flags); err != nil {
		return nil, false
	}
	return words, true
}

// flagName returns the name of an argument that looks like an option ("-f",
// "--format=png"), and whether it carries its value after "=".
func flagName(a string) (name string, hasValue, ok bool) {
	s := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	if s == a || s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return "", false, false
	}
	name, _, hasValue = strings.Cut(s, "=")
	return name, hasValue, true
}

func (r *runner) newInterp(o *options) *interp.Interp {
	cfg := interp.DefaultConfig()
	cfg.MaxPositions, cfg.PositionsHint = o.maxPositions, "raise it with --max-positions"
	cfg.MaxMemory, cfg.MemoryHint = int64(o.maxMemory), "raise it with --max-memory"
	cfg.TimeHint = timeHint
	if o.misere {
		cfg.Mode = interp.MiserePlay
	}
	if p := r.progress; p != nil {
		cfg.OnProgress = func(n int) { p.Solved(int64(n)) }
		cfg.OnStatus = p.Status
		cfg.OnHeaps = p.Heaps
	}
	if o.maxMemory > 0 {
		debug.SetMemoryLimit(int64(o.maxMemory)) // the collector works harder as the budget nears
	}
	in := teach.NewSession(cfg)
	in.Out, in.Diag = r.stdout, r.stderr
	return in
}

// timeHint says how to raise the time limit, after the message of a run the
// limit stopped.
const timeHint = "raise it with --timeout"

// report prints an error the way a person should see it (lang.ErrorText, with
// the command's name before an error that names no place) and returns the
// exit code.
func (r *runner) report(err error) int {
	text, located := lang.ErrorText(err, timeHint)
	if !located {
		text = "grundy: " + text
	}
	fmt.Fprintln(r.stderr, text)
	return exitError
}

// load runs a whole file in in.
func (r *runner) load(ctx context.Context, in *interp.Interp, file string) error {
	return r.loadFile(ctx, in, file, false)
}

// loadDefinitions loads -f's file into in: its games, functions and lets, not
// its prints, checks and bare expressions, which are the file's own business.
func (r *runner) loadDefinitions(ctx context.Context, in *interp.Interp, file string) error {
	return r.loadFile(ctx, in, file, true)
}

func (r *runner) loadFile(ctx context.Context, in *interp.Interp, file string, definitionsOnly bool) error {
	src, err := lang.ReadSource(file)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", file, errors.Unwrap(err))
	}
	prog, err := lang.Parse(file, src)
	if err != nil {
		return err
	}
	if definitionsOnly {
		prog = prog.Definitions()
	}
	return in.Exec(ctx, prog)
}

func (r *runner) run(ctx context.Context, args []string) int {
	o, files, ok := r.parseFlags("run", args)
	if !ok {
		return exitError
	}
	ctx, cancel := o.limit(ctx)
	defer cancel()
	if len(files) == 0 {
		fmt.Fprintln(r.stderr, "grundy run: give one or more files, e.g. grundy run examples/tour.game")
		return exitError
	}
	if o.html != "" || o.markdown != "" {
		if len(files) != 1 {
			fmt.Fprintln(r.stderr, "grundy run: a worksheet is made from one file")
			return exitError
		}
		return r.runWorksheet(ctx, o, files[0])
	}
	status := exitOK
	for _, f := range files {
		if len(files) > 1 && !o.json {
			fmt.Fprintf(r.stdout, "==> %s <==\n", f)
		}
		if o.json {
			status = max(status, r.runJSON(ctx, o, f))
		} else {
			status = max(status, r.runFile(ctx, o, f))
		}
		if ctx.Err() != nil {
			break
		}
	}
	return status
}

// runFile runs one file in a session of its own and returns its exit status.
func (r *runner) runFile(ctx context.Context, o *options, file string) int {
	in := r.newInterp(o)
	if err := r.load(ctx, in, file); err != nil {
		return r.report(err)
	}
	// Say that the checks ran, on standard error so that the output stays the file's.
	if c := in.Checks; c.Passed+c.Failed > 0 {
		fmt.Fprintf(r.stderr, "checks: %d passed, %d failed (%s)\n", c.Passed, c.Failed, words.Plural(c.Cases, "case"))
	}
	if in.Checks.Failed > 0 {
		return exitFailed
	}
	return exitOK
}

func (r *runner) check(ctx context.Context, args []string) int {
	o, files, ok := r.parseFlags("check", args)
	if !ok {
		return exitError
	}
	ctx, cancel := o.limit(ctx)
	defer cancel()
	if len(files) == 0 {
		fmt.Fprintln(r.stderr, "grundy check: give one or more files")
		return exitError
	}
	status := exitOK
	var total interp.CheckStats
	var results []any
	for _, f := range files {
		in := r.newInterp(o)
		in.Out = io.Discard
		var failures recorder
		if o.json {
			in.Diag = &failures
		}
		err := r.load(ctx, in, f)
		c := in.Checks
		total.Passed += c.Passed
		total.Failed += c.Failed
		total.Cases += c.Cases
		verdict := "ok"
		switch {
		case err != nil:
			verdict = "error"
			status = exitError
		case c.Failed > 0:
			verdict = "fail"
			status = max(status, exitFailed)
		}
		if o.json {
			result := map[string]any{"file": f, "status": verdict, "checks": checkCounts(c),
				"failures": append([]string{}, failures.entries...), "errors": []jsonError{}}
			if err != nil {
				result["errors"] = jsonErrors(err)
			}
			results = append(results, result)
			continue
		}
		switch verdict {
		case "error":
			r.report(err)
			fmt.Fprintf(r.stdout, "ERROR %s\n", f)
		case "fail":
			fmt.Fprintf(r.stdout, "FAIL  %s: %d of %s failed\n", f, c.Failed, words.Plural(c.Passed+c.Failed, "check"))
		default:
			fmt.Fprintf(r.stdout, "ok    %s: %s passed (%s)\n", f, words.Plural(c.Passed, "check"), words.Plural(c.Cases, "case"))
		}
	}
	switch {
	case o.json:
		r.writeJSON(map[string]any{"files": results, "checks": checkCounts(total)})
	case len(files) > 1:
		fmt.Fprintf(r.stdout, "%d passed, %d failed, in %d files\n", total.Passed, total.Failed, len(files))
	}
	return status
}

// checkCounts is the JSON form of check counts.
func checkCounts(c interp.CheckStats) map[string]int {
	return map[string]int{"passed": c.Passed, "failed": c.Failed, "cases": c.Cases}
}

func (r *runner) eval(ctx context.Context, args []string) int {
	o, rest, ok := r.parseFlags("eval", args)
	if !ok {
		return exitError
	}
	ctx, cancel := o.limit(ctx)
	defer cancel()
	if strings.TrimSpace(strings.Join(rest, "")) == "" {
		fmt.Fprintln(r.stderr, "grundy eval: give an expression, e.g. grundy eval 'sg(*3 + *5)'")
		return exitError
	}
	if o.json {
		return r.evalJSON(ctx, o, strings.Join(rest, " "))
	}
	in := r.newInterp(o)
	if o.file != "" {
		if err := r.loadDefinitions(ctx, in, o.file); err != nil {
			return r.report(err)
		}
	}
	if err := in.Run(ctx, "eval", strings.Join(rest, " ")); err != nil {
		return r.report(err)
	}
	if in.Checks.Failed > 0 {
		return exitFailed
	}
	return exitOK
}
