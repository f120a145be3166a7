package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/budget"
	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/octal"
	"github.com/grundy-lang/grundy/stdlib/native"
)

// octalReport is what grundy octal prints, and its --json form.
type octalReport struct {
	octal.Summary
	Seconds  float64 `json:"seconds"`  // this invocation's computing time
	Resumed  int     `json:"resumed"`  // values read from the checkpoint (0: none)
	Complete bool    `json:"complete"` // the run reached --to (or its proof)
	Stopped  string  `json:"stopped,omitempty"`
	Out      string  `json:"out,omitempty"`
}

// octal runs grundy octal CODE [--to N]: a code's nim sequence at research
// scale (see docs/octal.md).
func (r *runner) octal(ctx context.Context, args []string) int {
	o, rest, ok := r.parseFlags("octal", args)
	if !ok {
		return exitError
	}
	text := strings.Join(rest, " ")
	if strings.TrimSpace(text) == "" {
		fmt.Fprintln(r.stderr, "grundy octal: give a code, e.g. grundy octal '4!.0' --to 1000000 (Grundy's game)")
		return exitError
	}
	code, err := native.ParseCode(text)
	if err != nil {
		fmt.Fprintln(r.stderr, "grundy octal:", err)
		return exitError
	}
	if o.to == 0 && native.Unprovable(code) != "" {
		fmt.Fprintf(r.stderr, "grundy octal: give --to N: %s, so the run would not end at a proof\n", native.Unprovable(code))
		return exitError
	}
	if o.out != "" && !strings.HasSuffix(o.out, ".bin") && !strings.HasSuffix(o.out, ".csv") {
		fmt.Fprintf(r.stderr, "grundy octal: --out %s: the file name must end in .bin (binary) or .csv\n", o.out)
		return exitError
	}
	run, err := r.startOctal(code, o)
	if err != nil {
		fmt.Fprintln(r.stderr, "grundy octal:", err)
		return exitError
	}
	mem := &budget.Budget{MaxMemory: int64(o.maxMemory), MemoryHint: "raise it with --max-memory"}
	run.SetMemory(mem.Memory)
	// The table is one big slice that grows by copying: the collector frees an
	// outgrown copy soon (the run allocates little else), and a run to a known
	// N makes room for it at once, asking for its memory before it starts.
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	if o.to > 0 {
		if err := run.Reserve(o.to); err != nil {
			fmt.Fprintln(r.stderr, "grundy octal:", err)
			return exitError
		}
	}
	target := o.to
	if target == 0 {
		run.StopAtProof()
		target = native.MaxHeap
	}
	rep := octalReport{Resumed: run.Len()}
	if rep.Resumed == 1 {
		rep.Resumed = 0
	}
	ctx, cancel := o.limit(ctx)
	defer cancel()
	start := time.Now()
	err = r.extendOctal(ctx, run, target, o)
	rep.Seconds = time.Since(start).Seconds()
	_, proved := run.Proof()
	rep.Complete = err == nil && (run.Len() > o.to || proved)
	if err != nil {
		rep.Stopped = stopText(err)
	}
	if o.checkpoint != "" {
		if cerr := octal.SaveCheckpoint(o.checkpoint, run); cerr != nil {
			fmt.Fprintf(r.stderr, "grundy octal: cannot write the checkpoint %s: %v\n", o.checkpoint, unwrapPath(cerr))
			return exitError
		}
	}
	n := run.Len() // the values described and written: to --to, when given
	if o.to > 0 {
		n = min(n, o.to+1)
	}
	if rep.Complete && o.out != "" {
		write := octal.WriteBinary
		if strings.HasSuffix(o.out, ".csv") {
			write = octal.WriteCSV
		}
		if werr := write(o.out, run, n); werr != nil {
			fmt.Fprintf(r.stderr, "grundy octal: cannot write %s: %v\n", o.out, unwrapPath(werr))
			return exitError
		}
		rep.Out = o.out
	}
	rep.Summary = octal.Summarize(run, n)
	if o.json {
		enc := json.NewEncoder(r.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		printOctal(r.stdout, rep)
	}
	if err != nil {
		msg := "grundy octal: " + rep.Stopped
		if o.checkpoint != "" {
			msg += fmt.Sprintf("; the checkpoint %s holds heaps 0 to %s: the same command goes on from there", o.checkpoint, words.Thousands(run.Len()-1))
		}
		fmt.Fprintln(r.stderr, msg)
		return exitError
	}
	return exitOK
}

// startOctal reads --checkpoint when the file exists, or starts a new run.
func (r *runner) startOctal(code native.Code, o *options) (*native.Run, error) {
	if o.checkpoint == "" {
		return native.NewRun(code), nil
	}
	if _, err := os.Stat(o.checkpoint); errors.Is(err, os.ErrNotExist) {
		if _, err := os.Stat(filepath.Dir(o.checkpoint)); err != nil {
			return nil, fmt.Errorf("--checkpoint %s: %v", o.checkpoint, unwrapPath(err))
		}
		return native.NewRun(code), nil
	}
	run, err := octal.LoadCheckpoint(o.checkpoint, code)
	if err != nil {
		return nil, fmt.Errorf("%w; remove it or give another --checkpoint to start afresh", err)
	}
	return run, nil
}

// extendOctal computes the run to heap target in steps of about a second,
// drawing the progress line and writing the checkpoint between steps.
func (r *runner) extendOctal(ctx context.Context, run *native.Run, target int, o *options) error {
	show := o.progress || isTerminal(r.stderr)
	onTerminal := isTerminal(r.stderr)
	start, from := time.Now(), run.Len()
	lastSave, lastShow := start, start
	step := 4096
	shown := false
	defer func() {
		if shown && onTerminal {
			fmt.Fprint(r.stderr, "\r\033[K")
		}
	}()
	for run.Len() <= target {
		t := time.Now()
		err := run.Extend(ctx, min(target, run.Len()-1+step))
		if err != nil {
			return err
		}
		if _, proved := run.Proof(); proved && o.to == 0 {
			return nil
		}
		switch d := time.Since(t); {
		case d < 500*time.Millisecond:
			step *= 2
		case d > 2*time.Second && step > 4096:
			step /= 2
		}
		now := time.Now()
		if o.checkpoint != "" && now.Sub(lastSave) >= o.checkpointEvery {
			if err := octal.SaveCheckpoint(o.checkpoint, run); err != nil {
				return fmt.Errorf("cannot write the checkpoint %s: %v", o.checkpoint, unwrapPath(err))
			}
			lastSave = time.Now()
		}
		if show && (onTerminal && now.Sub(lastShow) >= time.Second || now.Sub(lastShow) >= 10*time.Second) {
			line := progressLine(run, target, o.to == 0, run.Len()-from, now.Sub(start))
			if onTerminal {
				fmt.Fprint(r.stderr, "\r\033[K"+line)
			} else {
				fmt.Fprintln(r.stderr, line)
			}
			shown, lastShow = true, now
		}
	}
	return nil
}

// progressLine is "4.0 unequal: 1,234,567 of 100,000,000 heaps (1.2%), 45,678/s, ETA 35m".
func progressLine(run *native.Run, target int, untilProof bool, done int, elapsed time.Duration) string {
	rate := float64(done) / max(elapsed.Seconds(), 1e-3)
	line := fmt.Sprintf("%v: %s", run.Code(), words.Thousands(run.Len()))
	if untilProof {
		return line + fmt.Sprintf(" heaps, %s/s, no proof yet", words.Thousands(int(rate)))
	}
	left := time.Duration(float64(target+1-run.Len()) / max(rate, 1e-9) * float64(time.Second))
	return line + fmt.Sprintf(" of %s heaps (%.1f%%), %s/s, ETA %v", words.Thousands(target+1),
		100*float64(run.Len())/float64(target+1), words.Thousands(int(rate)), left.Round(time.Second))
}

// stopText says why a run stopped.
func stopText(err error) string {
	switch {
	case errors.Is(err, context.Canceled):
		return "interrupted"
	case errors.Is(err, context.DeadlineExceeded):
		return "stopped: the time limit was reached (--timeout)"
	}
	return err.Error()
}

// printOctal writes the summary as text.
func printOctal(w io.Writer, rep octalReport) {
	s := rep.Summary
	row := func(name, format string, a ...any) { fmt.Fprintf(w, "%-15s %s\n", name, fmt.Sprintf(format, a...)) }
	row("code", "%s", s.Code)
	row("heaps", "0 to %s (%s values, %s a value)", words.Thousands(s.Heaps-1), words.Thousands(s.Heaps), budget.FormatSize(int64(s.Width)))
	row("largest value", "%d, first at heap %s", s.MaxValue, words.Thousands(s.MaxAt))
	if s.Mask != 0 {
		row("rare values", "%s (mask %#x), the last at heap %s", words.Thousands(s.Rare), s.Mask, words.Thousands(s.LastRare))
	} else {
		row("rare values", "none: the rare-value method is not in use")
	}
	row("fletcher-32", "%08x", s.Fletcher32)
	row("periodicity", "%s", s.Status)
	t := fmt.Sprintf("%.1f s", rep.Seconds)
	if rep.Resumed > 0 {
		t += fmt.Sprintf(" (resumed at heap %s)", words.Thousands(rep.Resumed))
	}
	row("time", "%s", t)
	if rep.Out != "" {
		row("written", "%s", rep.Out)
	}
}
