package repl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/words"
	"github.com/grundy-lang/grundy/lang"
)

// loadedFile is a file loaded into the session, with the declarations it made
// the last time it loaded without error (for :reload to compare against).
type loadedFile struct {
	path  string // as the user gave it
	decls map[string]*decl
}

// decl is a top-level game, fn or let of a file.
type decl struct {
	kind       string // "game", "fn" or "let"
	name       string
	text       string // doc and code without comments, whitespace collapsed
	refs       []string
	start, end int // byte offsets of its code in the file
}

func (s *Session) load(ctx context.Context, inv invocation) error {
	path := strings.Trim(inv.arg, `"'`)
	if path == "" {
		return errors.New("write :load FILE, e.g. :load examples/kayles.game")
	}
	return s.loadFile(ctx, expandHome(path))
}

// loadFile runs a file in the session and remembers it for :reload.
func (s *Session) loadFile(ctx context.Context, path string) error {
	f := s.file(path)
	if f == nil {
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("cannot read %s: %v", path, errors.Unwrap(err))
		}
		// Remembered even if it fails to run, so that :reload tries again.
		f = &loadedFile{path: path}
		s.files = append(s.files, f)
	}
	decls, err := s.runFile(ctx, f, nil)
	if err != nil {
		return err
	}
	var games, fns, lets int
	for _, d := range decls {
		switch d.kind {
		case "game":
			games++
		case "fn":
			fns++
		default:
			lets++
		}
	}
	var parts []string
	for _, p := range []struct {
		n    int
		noun string
	}{{games, "game"}, {fns, "function"}, {lets, "variable"}} {
		if p.n > 0 {
			parts = append(parts, words.Plural(p.n, p.noun))
		}
	}
	if len(parts) == 0 {
		parts = []string{"no definitions"}
	}
	fmt.Fprintf(s.out, "loaded %s: %s\n", path, strings.Join(parts, ", "))
	return nil
}

// file returns the loaded file with the given path, if any.
func (s *Session) file(path string) *loadedFile {
	for _, f := range s.files {
		if f.path == path {
			return f
		}
	}
	return nil
}

// runFile reads and runs f. Declarations in keep are left out of the run (their
// text is blanked, so positions stay true): they are unchanged and still defined.
// On success it records and returns the file's declarations.
func (s *Session) runFile(ctx context.Context, f *loadedFile, keep map[string]bool) (map[string]*decl, error) {
	src, err := lang.ReadSource(f.path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot read %s: %v", f.path, err)
	}
	prog, err := lang.Parse(f.path, src)
	if err != nil {
		return nil, err
	}
	decls := declarations(prog, src)
	run := src
	if len(keep) > 0 {
		b := []byte(src)
		for name := range keep {
			d := decls[name]
			for i := d.start; i < d.end; i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
		}
		run = string(b)
	}
	before := s.in.Checks
	err = s.in.Run(ctx, f.path, run)
	s.checkSummary(before)
	if err != nil {
		return nil, lang.Relocate(err, run, src, 0)
	}
	f.decls = decls
	return decls, nil
}

// reload loads every loaded file again. Declarations whose text is unchanged,
// that are still defined by that file and that depend on nothing changed, are
// not run again, so games keep their memoized values.
func (s *Session) reload(ctx context.Context, inv invocation) error {
	if err := inv.noArgs("reload"); err != nil {
		return err
	}
	if len(s.files) == 0 {
		return errors.New("no file is loaded yet; :load FILE loads one")
	}
	var failed error
	for _, f := range s.files {
		old := f.decls
		src, err := lang.ReadSource(f.path)
		if err != nil {
			s.report(fmt.Errorf("cannot read %s: %v", f.path, errors.Unwrap(err)))
			failed = errors.New(":reload failed")
			continue
		}
		keep, changed, added, removed := s.compare(f, old, src)
		if _, err := s.runFile(ctx, f, keep); err != nil {
			s.report(err)
			failed = fmt.Errorf(":reload failed: the definitions of %s are as before", f.path)
			continue
		}
		var parts []string
		if len(changed) > 0 {
			parts = append(parts, "changed "+strings.Join(changed, ", "))
		}
		if len(added) > 0 {
			parts = append(parts, "added "+strings.Join(added, ", "))
		}
		if len(removed) > 0 {
			parts = append(parts, "gone from the file (still defined): "+strings.Join(removed, ", "))
		}
		if len(parts) == 0 {
			parts = append(parts, "no changes")
		}
		if len(keep) > 0 {
			parts = append(parts, fmt.Sprintf("%d unchanged", len(keep)))
		}
		fmt.Fprintf(s.out, "reloaded %s: %s\n", f.path, strings.Join(parts, "; "))
	}
	return failed
}

// compare sorts the declarations of a file's new text against the old ones. keep
// holds the unchanged names that need not run again.
func (s *Session) compare(f *loadedFile, old map[string]*decl, src string) (keep map[string]bool, changed, added, removed []string) {
	prog, err := lang.Parse(f.path, src)
	if err != nil {
		return nil, nil, nil, nil // runFile reports the error
	}
	decls := declarations(prog, src)
	dirty := map[string]bool{}
	for name, d := range decls {
		o := old[name]
		g, defined := s.in.Lookup(name)
		switch {
		case o == nil:
			added = append(added, name)
			dirty[name] = true
		case o.text != d.text || o.kind != d.kind:
			changed = append(changed, name)
			dirty[name] = true
		case !defined || g.Pos.Filename != f.path:
			dirty[name] = true // redefined elsewhere since: the file's version comes back
		}
	}
	for name := range old {
		if decls[name] == nil {
			removed = append(removed, name)
		}
	}
	// A let is a value computed once: it must run again when anything it
	// mentions changed. Games and functions read other names when they run.
	for grew := true; grew; {
		grew = false
		for name, d := range decls {
			if d.kind != "let" || dirty[name] {
				continue
			}
			for _, r := range d.refs {
				if dirty[r] {
					dirty[name], grew = true, true
					break
				}
			}
		}
	}
	keep = map[string]bool{}
	for name := range decls {
		if !dirty[name] {
			keep[name] = true
		}
	}
	slices.Sort(changed)
	slices.Sort(added)
	slices.Sort(removed)
	return keep, changed, added, removed
}

// declarations lists the games, functions and lets of a parsed file.
func declarations(prog *lang.Program, src string) map[string]*decl {
	out := map[string]*decl{}
	for i, st := range prog.Stmts {
		var d *decl
		switch x := st.(type) {
		case *lang.GameDecl:
			d = &decl{kind: "game", name: x.Name, start: x.Pos.Offset, text: x.Doc}
		case *lang.FnDecl:
			d = &decl{kind: "fn", name: x.Name, start: x.Pos.Offset, text: x.Doc}
		case *lang.LetStmt:
			d = &decl{kind: "let", name: x.Name, start: x.Pos.Offset}
		default:
			continue
		}
		next := len(src)
		if i+1 < len(prog.Stmts) {
			next = prog.Stmts[i+1].Start().Offset
		}
		d.end = d.start + len(codeOf(src[d.start:next]))
		d.text += "\n" + strings.Join(strings.Fields(historyItem(src[d.start:d.end])), " ")
		lang.Walk(st, func(e lang.Expr) {
			if id, ok := e.(*lang.Ident); ok && !slices.Contains(d.refs, id.Name) {
				d.refs = append(d.refs, id.Name)
			}
		})
		out[d.name] = d
	}
	return out
}

// codeOf drops the comment and blank lines at the end of a statement's text
// (they belong to the next statement, as its doc).
func codeOf(text string) string {
	lines := strings.Split(text, "\n")
	for len(lines) > 1 {
		l := strings.TrimSpace(lines[len(lines)-1])
		if l != "" && !strings.HasPrefix(l, "#") {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// expandHome replaces a leading ~/ by the home directory.
func expandHome(path string) string {
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return path
}
