package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/teach"
)

// options are the values of every command's options; each command sets those
// of optionTable that name it.
type options struct {
	maxPositions int
	maxMemory    byteSize
	timeout      time.Duration
	file         string
	misere       bool
	json         bool
	html         string // run: write a worksheet here
	markdown     string // run: write a Markdown worksheet here
	addr         string // serve
	build        bool   // serve: build the page from this binary's source
	fmtList      bool   // fmt -l
	fmtWrite     bool   // fmt -w
	fmtDiff      bool   // fmt -d

	// octal
	to              int
	checkpoint      string
	checkpointEvery time.Duration
	out             string
	progress        bool

	// table and graph
	format        string
	output        string
	computerFirst bool
	as            string // play: the side the person plays in a partizan game
	maxNodes      int
	numbers       string
	title         string
	cell          int
	scale         int
}

// defaultOptions are the options of a command given none.
func defaultOptions() *options {
	return &options{maxPositions: defaultMaxPositions, maxMemory: byteSize(budget.DefaultMaxMemory),
		addr: "localhost:8080", checkpointEvery: time.Minute, maxNodes: teach.DefaultMaxNodes, numbers: "auto", scale: 1}
}

// An option is one command-line option: optionTable is the one place that
// says which commands have it, whether it takes a value, and its help.
type option struct {
	name     string   // without dashes: "max-memory", "f"
	value    string   // what its value is, in the help ("N", "SIZE"); "" for a switch
	example  string   // a value it takes, which the tests give it
	commands []string // the commands that have it
	help     string
	field    func(o *options) any // the field it sets: *int, *string, *bool, *time.Duration or a flag.Value
}

// computing are the commands that compute, which all have the limits.
var computing = []string{"run", "check", "eval", "repl", "explain", "play", "table", "graph", "draw"}

// optionTable lists every option of every command. A name may appear twice
// with different commands when its help differs between them.
var optionTable = []option{
	{name: "max-positions", value: "N", example: "1000", commands: computing,
		help:  fmt.Sprintf("stop after N positions in a table: positions interned, sums of a misère search, states of a scoring search or of remoteness (default %d; 0: no limit)", defaultMaxPositions),
		field: func(o *options) any { return &o.maxPositions }},
	{name: "max-memory", value: "SIZE", example: "512MB", commands: computing,
		help:  "stop when the process holds more than SIZE of memory, e.g. 512MB or 2GB (default: " + budget.DefaultMemoryShare + ", here " + budget.FormatBytes(budget.DefaultMaxMemory) + "; 0: no limit)",
		field: func(o *options) any { return &o.maxMemory }},
	{name: "timeout", value: "D", example: "30s", commands: computing,
		help:  "stop after D, e.g. 30s or 5m (default: no limit)",
		field: func(o *options) any { return &o.timeout }},
	{name: "json", commands: []string{"run", "check", "eval"},
		help:  "machine-readable output (see docs/json.md)",
		field: func(o *options) any { return &o.json }},
	{name: "json", commands: []string{"table"},
		help:  "the same as --format json",
		field: func(o *options) any { return &o.json }},
	{name: "html", value: "FILE", example: "sheet.html", commands: []string{"run"},
		help:  "write a worksheet: the program and what each statement showed, as HTML",
		field: func(o *options) any { return &o.html }},
	{name: "markdown", value: "FILE", example: "sheet.md", commands: []string{"run"},
		help:  "write the worksheet as Markdown",
		field: func(o *options) any { return &o.markdown }},
	{name: "f", value: "FILE", example: "defs.game", commands: []string{"eval", "explain", "play", "table", "graph", "draw"},
		help:  "load this file first",
		field: func(o *options) any { return &o.file }},
	{name: "misere", commands: []string{"eval", "explain", "play"},
		help:  "misère play (whoever makes the last move loses) when a query names no mode",
		field: func(o *options) any { return &o.misere }},
	{name: "misère", commands: []string{"eval", "explain", "play"},
		help:  "the same as --misere",
		field: func(o *options) any { return &o.misere }},
	{name: "computer-first", commands: []string{"play"},
		help:  "the computer makes the first move",
		field: func(o *options) any { return &o.computerFirst }},
	{name: "as", value: "SIDE", example: "left", commands: []string{"play"},
		help:  "a partizan game: play left or right (default: asked at the start)",
		field: func(o *options) any { return &o.as }},
	{name: "format", value: "F", example: "csv", commands: []string{"table"},
		help:  "text, csv, json, svg or png (default: from -o's extension, else text)",
		field: func(o *options) any { return &o.format }},
	{name: "format", value: "F", example: "svg", commands: []string{"graph"},
		help:  "dot, svg or png (default: from -o's extension, else dot); svg and png are drawn by grundy, dot is for Graphviz",
		field: func(o *options) any { return &o.format }},
	{name: "format", value: "F", example: "png", commands: []string{"draw"},
		help:  "svg or png (default: from -o's extension, else svg)",
		field: func(o *options) any { return &o.format }},
	{name: "o", value: "FILE", example: "out.txt", commands: []string{"table", "graph", "draw"},
		help:  "write to this file instead of standard output",
		field: func(o *options) any { return &o.output }},
	{name: "numbers", value: "on|off|auto", example: "on", commands: []string{"table"},
		help:  "svg and png: print the values in the cells (auto: when the grid is at most 20 by 20, or a strip)",
		field: func(o *options) any { return &o.numbers }},
	{name: "title", value: "T", example: "Wythoff", commands: []string{"table"},
		help:  "the title of the table (default: the expression)",
		field: func(o *options) any { return &o.title }},
	{name: "cell", value: "N", example: "12", commands: []string{"table"},
		help:  "svg and png: the side of a cell in pixels (default: about 800 pixels in all)",
		field: func(o *options) any { return &o.cell }},
	{name: "scale", value: "N", example: "2", commands: []string{"table", "draw"},
		help:  "png: multiply every length, text included (2 or 3 for a projector)",
		field: func(o *options) any { return &o.scale }},
	{name: "max-nodes", value: "N", example: "50", commands: []string{"graph"},
		help:  "draw at most N positions",
		field: func(o *options) any { return &o.maxNodes }},
	{name: "to", value: "N", example: "5000", commands: []string{"octal"},
		help:  "compute the values of heaps 0 to N (default: until a period is proved, for codes the periodicity theorem covers)",
		field: func(o *options) any { return &o.to }},
	{name: "checkpoint", value: "FILE", example: "run.ck", commands: []string{"octal"},
		help:  "keep the run in FILE as it goes, and go on from FILE when it exists (a damaged file, or one of another code, is refused)",
		field: func(o *options) any { return &o.checkpoint }},
	{name: "checkpoint-every", value: "D", example: "30s", commands: []string{"octal"},
		help:  "write the checkpoint every D (default 1m), and when the run stops",
		field: func(o *options) any { return &o.checkpointEvery }},
	{name: "out", value: "FILE", example: "values.csv", commands: []string{"octal"},
		help:  "write the values to FILE: FILE.bin as little-endian integers of 1, 2 or 4 bytes (the summary's width), FILE.csv as lines n,g",
		field: func(o *options) any { return &o.out }},
	{name: "progress", commands: []string{"octal"},
		help:  "a progress line on standard error even when it is not a terminal (one line every 10 s)",
		field: func(o *options) any { return &o.progress }},
	{name: "timeout", value: "D", example: "30s", commands: []string{"octal"},
		help:  "stop after D, e.g. 30s or 5m, writing the checkpoint (default: no limit)",
		field: func(o *options) any { return &o.timeout }},
	{name: "max-memory", value: "SIZE", example: "512MB", commands: []string{"octal"},
		help:  "stop when the process would hold more than SIZE (default: " + budget.DefaultMemoryShare + ", here " + budget.FormatBytes(budget.DefaultMaxMemory) + "; 0: no limit)",
		field: func(o *options) any { return &o.maxMemory }},
	{name: "json", commands: []string{"octal"},
		help:  "the summary as a JSON object (see docs/octal.md)",
		field: func(o *options) any { return &o.json }},
	{name: "addr", value: "ADDR", example: "localhost:0", commands: []string{"serve"},
		help:  "the address to serve on, HOST:PORT (port 0 picks a free one; default localhost:8080)",
		field: func(o *options) any { return &o.addr }},
	{name: "l", commands: []string{"fmt"},
		help:  "list the files whose layout differs from grundy fmt's, instead of printing them",
		field: func(o *options) any { return &o.fmtList }},
	{name: "w", commands: []string{"fmt"},
		help:  "rewrite the files whose layout differs, instead of printing them",
		field: func(o *options) any { return &o.fmtWrite }},
	{name: "d", commands: []string{"fmt"},
		help:  "print the changes as a diff, instead of the files",
		field: func(o *options) any { return &o.fmtDiff }},
	{name: "build", commands: []string{"serve"},
		help:  "build the page's WebAssembly from the source this grundy was compiled from (needs Go) instead of serving the page embedded in the binary",
		field: func(o *options) any { return &o.build }},
}

// commandOptions are the entries of optionTable that command has.
func commandOptions(command string) []option {
	var opts []option
	for _, opt := range optionTable {
		if slices.Contains(opt.commands, command) {
			opts = append(opts, opt)
		}
	}
	return opts
}

// sharedOptions are the entries of optionTable that every computing command has.
func sharedOptions() []option {
	var opts []option
	for _, opt := range optionTable {
		if slices.Equal(opt.commands, computing) {
			opts = append(opts, opt)
		}
	}
	return opts
}

// takesValue reports whether the option name takes a value (for options
// written before the command, whose command is not known yet).
func takesValue(name string) bool {
	for _, opt := range optionTable {
		if opt.name == name && opt.value != "" {
			return true
		}
	}
	return false
}

// define declares command's options in fs, bound to the fields of o.
func define(fs *flag.FlagSet, command string, o *options) {
	for _, opt := range commandOptions(command) {
		switch p := opt.field(o).(type) {
		case *int:
			fs.IntVar(p, opt.name, *p, opt.help)
		case *string:
			fs.StringVar(p, opt.name, *p, opt.help)
		case *bool:
			fs.BoolVar(p, opt.name, *p, opt.help)
		case *time.Duration:
			fs.DurationVar(p, opt.name, *p, opt.help)
		case flag.Value:
			fs.Var(p, opt.name, opt.help)
		default:
			panic(fmt.Sprintf("option --%s: a field of type %T", opt.name, p))
		}
	}
}

// optionHelp writes the help of opts, one option a paragraph.
func optionHelp(opts []option) string {
	var b strings.Builder
	for _, opt := range opts {
		head := "  -" + opt.name
		if len(opt.name) > 1 {
			head = "  --" + opt.name
		}
		if opt.value != "" {
			head += " " + opt.value
		}
		lines := wrapWords(opt.help, 46)
		if len(head) > 33 {
			b.WriteString(head + "\n")
			head = ""
		}
		for _, line := range lines {
			fmt.Fprintf(&b, "%-34s%s\n", head, line)
			head = ""
		}
	}
	return b.String()
}

// wrapWords breaks text into lines of at most width bytes, between words.
func wrapWords(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}
