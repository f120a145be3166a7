package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/teach"
)

// Machine-readable output (--json): the schema is documented in docs/json.md,
// and the tests check that the two agree.

// jsonValue is the JSON form of a value: numbers, booleans and strings as
// themselves, outcomes and play modes as the strings "P", "N", "D", "normal"
// and "misere", lists, tuples and sets as arrays, and the other kinds as objects
// named by their kind.
func jsonValue(v interp.Value) any {
	switch v.K {
	case interp.KInt:
		return v.N
	case interp.KBool:
		return v.Bool()
	case interp.KStr:
		return v.Str()
	case interp.KOutcome, interp.KMode:
		return v.String()
	case interp.KList, interp.KTuple, interp.KSet:
		out := make([]any, len(v.Seq()))
		for i, e := range v.Seq() {
			out[i] = jsonValue(e)
		}
		return out
	case interp.KInf:
		ks := make([]int64, len(v.Seq()))
		for i, k := range v.Seq() {
			ks[i] = k.N
		}
		return map[string]any{"infinite": ks, "value": v.String()}
	case interp.KRange:
		r := v.R.(*interp.RangeVal)
		return map[string]any{"range": []int64{r.Lo, r.Hi}}
	case interp.KPos:
		e := v.Pos()
		args := make([]any, len(e.Args))
		for i, a := range e.Args {
			args[i] = jsonValue(a)
		}
		return map[string]any{"position": v.String(), "game": e.Game.Name, "args": args}
	case interp.KSum:
		parts := make([]any, len(v.Seq()))
		for i, p := range v.Seq() {
			parts[i] = jsonValue(p)
		}
		return map[string]any{"sum": v.String(), "parts": parts}
	case interp.KMove:
		m := v.R.(*interp.Move)
		bindings := map[string]any{}
		for _, b := range m.Bindings {
			bindings[b.Name] = jsonValue(b.Value)
		}
		out := map[string]any{"move": m.String(), "label": m.Label, "bindings": bindings,
			"part": jsonValue(m.Part), "to": jsonValue(m.To)}
		if m.Side != lang.Both {
			out["side"] = map[lang.Side]string{lang.Left: "L", lang.Right: "R"}[m.Side]
		}
		if m.Part.Pos().Game.IsScoring() {
			out["gain"], out["again"] = m.Gain, m.Again
		}
		return out
	case interp.KValue:
		f := v.Form()
		var number any // null unless the value is a number
		if x, ok := f.Number(); ok {
			number = x.String()
		}
		return map[string]any{"value": f.String(), "outcome": f.Outcome().String(), "number": number}
	case interp.KPicture:
		return map[string]any{"picture": v.String()}
	case interp.KRecord:
		r := v.R.(*interp.Record)
		fields := map[string]any{}
		for i, name := range r.Names {
			fields[name] = jsonValue(r.Values[i])
		}
		return map[string]any{"record": fields}
	}
	return map[string]any{v.K.String(): v.String()} // functions and games
}

// jsonError is the JSON form of an error: where it is, when it has a place,
// and its full text as grundy prints it.
type jsonError struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
	Text    string `json:"text"`
}

// jsonErrors converts an error, which may hold several located errors.
func jsonErrors(err error) []jsonError {
	var les lang.Errors
	var le *lang.Error
	switch {
	case errors.As(err, &les):
		var out []jsonError
		for _, e := range les {
			out = append(out, jsonErrors(e)...)
		}
		return out
	case errors.As(err, &le):
		text, _ := lang.ErrorText(le, timeHint)
		return []jsonError{{File: le.Pos.Filename, Line: le.Pos.Line, Column: le.Pos.Column, Message: le.Msg, Text: text}}
	}
	msg := lang.StopMessage(err, timeHint) // the text, as report prints it
	return []jsonError{{Message: msg, Text: "grundy: " + msg}}
}

// writeJSON writes one JSON object and a newline to standard output, with
// "<", ">" and "&" as they are (moves are written "take 2 -> Nim(1)").
func (r *runner) writeJSON(v any) {
	enc := json.NewEncoder(r.stdout)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // the values above always encode
}

// jsonError reports an error as {"errors": [...]} on standard output.
func (r *runner) jsonError(err error) int {
	r.writeJSON(map[string]any{"errors": jsonErrors(err)})
	return exitError
}

// evalJSON is grundy eval --json: the value of one expression.
func (r *runner) evalJSON(ctx context.Context, o *options, expr string) int {
	in := r.newInterp(o)
	if o.file != "" {
		if err := r.loadDefinitions(ctx, in, o.file); err != nil {
			return r.jsonError(err)
		}
	}
	v, err := in.Eval(ctx, "eval", expr)
	if err != nil {
		return r.jsonError(err)
	}
	r.writeJSON(map[string]any{"expr": expr, "kind": v.K.String(), "value": jsonValue(v), "text": v.String()})
	return exitOK
}

// recorder keeps each write as one entry: print and check write a whole
// line (or several, for a multi-line value) at once.
type recorder struct{ entries []string }

func (w *recorder) Write(b []byte) (int, error) {
	w.entries = append(w.entries, strings.TrimSuffix(string(b), "\n"))
	return len(b), nil
}

// runJSON is grundy run --json: what the file printed, its checks and its
// error, as one object.
func (r *runner) runJSON(ctx context.Context, o *options, file string) int {
	in := r.newInterp(o)
	var out, failures recorder
	in.Out, in.Diag = &out, &failures
	err := r.load(ctx, in, file)
	result := map[string]any{
		"file":     file,
		"output":   append([]string{}, out.entries...),
		"checks":   checkCounts(in.Checks),
		"failures": append([]string{}, failures.entries...),
		"errors":   []jsonError{},
	}
	status := exitOK
	if in.Checks.Failed > 0 {
		status = exitFailed
	}
	if err != nil {
		result["errors"] = jsonErrors(err)
		status = exitError
	}
	r.writeJSON(result)
	return status
}

// tableJSON is the JSON form of a table: one row per case, with the
// variables' values and then the expressions' (see docs/json.md).
type tableJSON struct {
	Title   string   `json:"title"`
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
}

// writeTableJSON writes a table as one JSON object and a newline.
func writeTableJSON(w io.Writer, t *teach.Table) error {
	j := tableJSON{Title: t.Title, Columns: t.Columns(), Rows: [][]any{}}
	t.Cases(func(args, values []interp.Value) {
		var row []any
		for _, v := range append(append([]interp.Value{}, args...), values...) {
			row = append(row, jsonValue(v))
		}
		j.Rows = append(j.Rows, row)
	})
	return json.NewEncoder(w).Encode(j)
}
