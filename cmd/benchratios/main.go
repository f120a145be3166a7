//go:build unix

// Command benchratios measures games written in the grundy language against the
// hand-written plain mex loop in ../shared/bench/plain, in one run, and prints the
// table of issue 12: CPU time ratios, positions per second and bytes per position.
//
// Both programs are built first and then run as whole processes, several times
// each, taking turns (so that a program and its baseline meet the same load);
// each figure is the median of the CPU time (user + system) and the peak
// resident memory the kernel reports, and each ratio the median of the ratios
// of the runs taken in turn (a pair meets the same load, which on a shared
// machine can move the speed of both by 1.5x within a minute), with the least
// and the greatest of them. Grundy's start-up (loading the standard
// library) is measured on an empty program and subtracted. The misère row's
// baseline is grundy itself as of -misere-base, the last commit whose misère
// search keyed its sums by strings (built from this repository's history).
//
//	go run ./cmd/benchratios [-plain ../shared/bench/plain] [-runs 3] [-big] [-misere-base COMMIT] [-only REGEXP]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

// A workload is a program in the language fed to the shell's script mode; it
// ends with :stats so that the number of positions memoized can be read back.
type workload struct {
	name  string
	src   string
	args  []string // extra command-line flags for grundy
	plain []string // the plain loop's arguments, or nil for no baseline
	base  string   // or a grundy binary to compare with, whole process against whole process
	twin  string   // or another program in the language to compare with (its CPU less start-up)
	elems int64    // the elements of the lists it builds, for bytes per element
}

const kayles = `game K(n) {
  move k in 1..2, i in 0..(n - k) / 2 -> K(i) + K(n - k - i)
}
sg(K(20000))
`

const grundys = `game G(n) {
  move a in 1..(n - 1) / 2 -> G(a) + G(n - a)
}
sg(G(20000))
`

const wgame = `game W(a, b) {
  move where a > 0 -> W(a - 1, b)
  move where b > 0 -> W(a, b - 1)
  move where a > 1 and b > 0 -> W(a - 2, b - 1)
}
sg(W(2000, 2000))
`

const chain = `game C(n) {
  move where n > 0 -> C(n - 1)
}
sg(C(%d))
`

// threeHeaps is a three-heap game (take one or two from a heap), with or without
// a canonical form that sorts the heaps.
const threeHeaps = `game T(a, b, c) {
  %s
  move k in 1..min(2, a) -> T(a - k, b, c)
  move k in 1..min(2, b) -> T(a, b - k, c)
  move k in 1..min(2, c) -> T(a, b, c - k)
}
[sg(T(a, 90, 90)) for a in 0..90]
`

// misere is a misère sum of a Kayles written in the language, which neither
// genus theory nor the library's misère quotients decide (the library's Kayles
// would be answered by its quotient at once): the misère search walks its sums.
const misere = `game K(n) { move k in 1..2, i in 0..(n - k) / 2 -> K(i) + K(n - k - i) }
outcome(K(19) + K(18) + K(17), misere)
`

// wythoff is Wythoff's game as DESIGN.md writes it (a user's game: the library's
// own Wythoff has native hooks).
const wythoff = `game Wythoff(a, b) {
  move left  k in 1..a          -> Wythoff(a - k, b)
  move right k in 1..b          -> Wythoff(a, b - k)
  move both  k in 1..min(a, b)  -> Wythoff(a - k, b - k)
}
sg(Wythoff(1000, 1000))
`

// triangles is DESIGN.md's triangle game, a scoring game searched by alpha-beta.
const triangles = `let tri = [7, 152, 52, 352, 34304, 3200, 71680, 12544, 155648]
fn gain(S, e) = len([t for t in tri where (S & t) != t and ((S | (1 << e)) & t) == t])
game Triangles(S) {
  move draw e in 0..17 where (S >> e) & 1 == 0 and gain(S, e) > 0 score gain(S, e) again -> Triangles(S | (1 << e))
  move draw e in 0..17 where (S >> e) & 1 == 0 and gain(S, e) == 0 -> Triangles(S | (1 << e))
}
score(Triangles(0))
`

// cram is Cram on an h x w board written with set positions (%[1]d = h - 1,
// %[2]d = w - 1).
const cram = `game Cram(B) {
  move across (r, c) in B where (r, c + 1) in B -> Cram(B - {(r, c), (r, c + 1)})
  move down   (r, c) in B where (r + 1, c) in B -> Cram(B - {(r, c), (r + 1, c)})
}
sg(Cram({(r, c) for r in 0..%[1]d, c in 0..%[2]d}))
`

// domineering is DESIGN.md's Domineering on a 4 x 6 board: a partizan game over
// sets of cells, valued by canonical forms (no plain loop to compare with).
const domineering = `game Domineering(B) {
  left  place (r, c) in B where (r + 1, c) in B -> Domineering(B - {(r, c), (r + 1, c)})
  right place (r, c) in B where (r, c + 1) in B -> Domineering(B - {(r, c), (r, c + 1)})
}
value(Domineering({(r, c) for r in 0..3, c in 0..5}))
`

// bigList is four lists of 16M integers, for the bytes an element costs. The
// list of them is made whole to be indexed: len of a comprehension alone
// counts its elements, dropping each list once made.
const bigList = `len([[x for x in 0..15999999] for y in 0..3][3])
`

// loopyH is a loopy game of 200,003 positions, every one queried, and
// acyclicTwin an acyclic game of the same size and shape (two moves, the same
// where, the same question asked of every value): the price of loopiness is the
// ratio of the two.
const loopyH = `game H(v) {
  move w in [(3 * v + 1) % 200003, (5 * v + 2) % 200003] where v % 7 != 0 -> H(w)
}
len([x for x in [sg(H(v)) for v in 0..200002] where str(x)[0] == "∞"])
`

const acyclicTwin = `game A(v) {
  move w in [v / 3, v / 5] where v % 7 != 0 -> A(w)
}
len([x for x in [sg(A(v)) for v in 0..200002] where str(x)[0] == "∞"])
`

// measure is one figure: the median over runs.
type measure struct {
	cpu       time.Duration
	rssKB     int64
	positions int64
	err       string
}

func main() {
	plainDir := flag.String("plain", "../shared/bench/plain", "the plain mex loop's package directory")
	runs := flag.Int("runs", 3, "runs of each program; the median is reported")
	big := flag.Bool("big", false, "also solve Chain(10^8) with a raised position limit (minutes, ~2 GB+)")
	only := flag.String("only", "", "run only the workloads whose names match this regular expression")
	misereBase := flag.String("misere-base", "b4257fd", "the commit whose grundy is the misère row's baseline (\"\": none)")
	flag.Parse()

	dir, err := os.MkdirTemp("", "benchratios")
	check(err)
	defer os.RemoveAll(dir)
	grundy, plain := filepath.Join(dir, "grundy"), filepath.Join(dir, "plain")
	check(build(".", grundy))
	check(build(*plainDir, plain))

	startup := run(*runs, grundy, nil, ":stats\n")
	fmt.Printf("grundy start-up (subtracted below): %v CPU, %d MB\n\n", startup.cpu.Round(time.Millisecond), startup.rssKB/1024)

	tw := tabwriter.NewWriter(os.Stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "workload\tplain CPU\tgrundy CPU\tratio\tpositions\tpositions/s\tbytes/position\tpeak RSS\tnote")
	match, err := regexp.Compile(*only)
	check(err)
	line := func(w workload) measure {
		if !match.MatchString(w.name) {
			return measure{}
		}
		// The program and its baseline take turns, so that both meet the
		// same load on a shared machine.
		var baseline func() measure
		switch {
		case w.plain != nil:
			baseline = func() measure { return runOnce(plain, w.plain, "") }
		case w.twin != "":
			baseline = func() measure { return runOnce(grundy, w.args, w.twin) }
		case w.base != "":
			baseline = func() measure { return runOnce(w.base, w.args, w.src) }
		}
		var ms, ps []measure
		for range *runs {
			ms = append(ms, runOnce(grundy, w.args, w.src+":stats\n"))
			if baseline != nil {
				ps = append(ps, baseline())
			}
		}
		// The CPU of a run of the program and of its baseline, as compared.
		work := func(m measure) time.Duration { return max(m.cpu-startup.cpu, time.Millisecond) }
		whole := func(m measure) time.Duration { return max(m.cpu, time.Millisecond) }
		m := median(ms)
		cpu := work(m)
		ratio, plainCPU := "", ""
		switch {
		case w.plain != nil:
			plainCPU = median(ps).cpu.Round(time.Millisecond).String()
			ratio = pairRatios(ms, ps, work, whole)
		case w.twin != "":
			plainCPU = work(median(ps)).Round(time.Millisecond).String() + " (twin)"
			ratio = pairRatios(ms, ps, work, work)
		case w.base != "":
			plainCPU = median(ps).cpu.Round(time.Millisecond).String() + " (base)"
			ratio = pairRatios(ms, ps, whole, whole)
		}
		perSec, perPos := "", ""
		if m.positions > 0 {
			perSec = fmt.Sprintf("%.2f M", float64(m.positions)/cpu.Seconds()/1e6)
			perPos = fmt.Sprintf("%.0f", float64((m.rssKB-startup.rssKB)*1024)/float64(m.positions))
		}
		note := m.err
		if w.elems > 0 && note == "" {
			note = fmt.Sprintf("%.1f bytes/element", float64((m.rssKB-startup.rssKB)*1024)/float64(w.elems))
		}
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\t%d\t%s\t%s\t%d MB\t%s\n", w.name, plainCPU, cpu.Round(time.Millisecond), ratio,
			m.positions, perSec, perPos, m.rssKB/1024, note)
		return m
	}
	line(workload{name: "Kayles 0..20000", src: kayles, plain: []string{"kayles", "20000"}})
	line(workload{name: "Grundy's game 0..20000", src: grundys, plain: []string{"grundy", "20000"}})
	line(workload{name: "W(2000, 2000)", src: wgame})
	line(workload{name: "Chain(10^7), default limits", src: fmt.Sprintf(chain, 10_000_000)})
	if *big {
		line(workload{name: "Chain(10^8), --max-positions 0", src: fmt.Sprintf(chain, 100_000_000), args: []string{"--max-positions", "0"}})
	}
	line(workload{name: "Wythoff W(1000, 1000)", src: wythoff, plain: []string{"wythoff", "1000"}})
	line(workload{name: "triangle game", src: triangles, plain: []string{"triangles"}})
	line(workload{name: "Cram 4x5, set positions", src: fmt.Sprintf(cram, 3, 4), plain: []string{"cram", "4", "5"}})
	line(workload{name: "Cram 5x5, set positions", src: fmt.Sprintf(cram, 4, 4), plain: []string{"cram", "5", "5"}})
	line(workload{name: "Domineering 4x6, set positions", src: domineering})
	line(workload{name: "4 lists of 16M integers", src: bigList, elems: 4 * 16_000_000})
	line(workload{name: "loopy H(v), 200,003 positions", src: loopyH, twin: acyclicTwin})
	plainHeaps := line(workload{name: "3 heaps, no canonical form", src: fmt.Sprintf(threeHeaps, "")})
	sorted := line(workload{name: "3 heaps, canonical tuple(sorted(...))", src: fmt.Sprintf(threeHeaps, "canonical tuple(sorted([a, b, c]))")})
	const misereName = "misère K(19)+K(18)+K(17), K written in the language"
	base := ""
	if *misereBase != "" && match.MatchString(misereName) {
		base = filepath.Join(dir, "grundy-base")
		if err := buildCommit(*misereBase, base); err != nil {
			fmt.Fprintf(os.Stderr, "benchratios: no misère baseline: %v\n", err)
			base = ""
		}
	}
	line(workload{name: misereName, src: misere, base: base})
	check(tw.Flush())
	if plainHeaps.positions > 0 && sorted.positions > 0 {
		per := func(m measure) float64 { return float64(m.cpu-startup.cpu) / float64(m.positions) }
		fmt.Printf("\ncost per position, canonical against none: %.1fx\n", per(sorted)/per(plainHeaps))
	}
}

// build compiles the main package in dir to out.
func build(dir, out string) error {
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir, cmd.Stderr = dir, os.Stderr
	return cmd.Run()
}

// buildCommit builds grundy as of commit into out, from a temporary worktree.
func buildCommit(commit, out string) error {
	tree, err := os.MkdirTemp("", "benchratios-base")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tree)
	add := exec.Command("git", "worktree", "add", "--detach", tree, commit)
	if msg, err := add.CombinedOutput(); err != nil {
		return fmt.Errorf("git worktree add %s: %v: %s", commit, err, msg)
	}
	defer exec.Command("git", "worktree", "remove", "--force", tree).Run()
	return build(tree, out)
}

// run starts prog n times with args and stdin, and returns the median figures.
func run(n int, prog string, args []string, stdin string) measure {
	var ms []measure
	for range n {
		ms = append(ms, runOnce(prog, args, stdin))
	}
	return median(ms)
}

// runOnce runs prog once and measures it.
func runOnce(prog string, args []string, stdin string) measure {
	cmd := exec.Command(prog, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	m := measure{positions: positions(out.String())}
	if st := cmd.ProcessState; st != nil {
		m.cpu = st.UserTime() + st.SystemTime()
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			m.rssKB = ru.Maxrss
		}
	}
	if err != nil {
		// The message's first clause: "repl:1:1: stopped: the positions limit (N) was reached"
		m.err, _, _ = strings.Cut(firstLine(errOut.String()+" "+err.Error()), ";")
	}
	return m
}

// pairRatios is the median, least and greatest of the ratios num(ms[i]) /
// den(ps[i]) of the runs taken in turn, as "2.10x (1.90-2.40)".
func pairRatios(ms, ps []measure, num, den func(measure) time.Duration) string {
	rs := make([]float64, len(ms))
	for i := range ms {
		rs[i] = float64(num(ms[i])) / float64(den(ps[i]))
	}
	sort.Float64s(rs)
	return fmt.Sprintf("%.2fx (%.2f-%.2f)", rs[len(rs)/2], rs[0], rs[len(rs)-1])
}

// median is the measure of median CPU time.
// ms keeps its order: its runs are paired with a baseline's by index.
func median(ms []measure) measure {
	sorted := slices.Clone(ms)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].cpu < sorted[j].cpu })
	return sorted[len(sorted)/2]
}

// positions reads "positions memoized  N" from the shell's :stats.
func positions(out string) int64 {
	for l := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(l, "positions memoized"); ok {
			n, _ := strconv.ParseInt(strings.ReplaceAll(strings.TrimSpace(rest), ",", ""), 10, 64)
			return n
		}
	}
	return 0
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return first
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchratios:", err)
		os.Exit(2)
	}
}
