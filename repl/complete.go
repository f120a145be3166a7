package repl

import (
	"os"
	"path/filepath"
	"strings"
)

// complete is liner's word completer: the word before the cursor is a command
// at the start of a line, a file name after :load, and otherwise a name (game,
// function, built-in, variable or keyword). A name with no match in its case is
// matched ignoring case, so "kay" finds "Kayles".
func (s *Session) complete(line string, pos int) (head string, completions []string, tail string) {
	before, tail := line[:pos], line[pos:]
	trimmed := strings.TrimLeft(before, " \t")
	if strings.HasPrefix(trimmed, ":") && !strings.ContainsAny(trimmed, " \t") {
		head = before[:len(before)-len(trimmed)]
		for _, c := range commandNames() {
			if strings.HasPrefix(c, trimmed) {
				completions = append(completions, c+" ")
			}
		}
		return head, completions, tail
	}
	if cmd, arg, ok := strings.Cut(trimmed, " "); ok && strings.HasPrefix(":load", cmd) && len(cmd) >= 2 {
		arg = strings.TrimLeft(arg, " ")
		head = before[:len(before)-len(arg)]
		return head, completeFile(arg), tail
	}
	start := len(before)
	for start > 0 && isIdentByte(before[start-1]) {
		start--
	}
	word := before[start:]
	if word == "" || word[0] >= '0' && word[0] <= '9' {
		return before, nil, tail
	}
	names := s.names()
	for _, fold := range []bool{false, true} {
		for _, n := range names {
			if strings.HasPrefix(n, word) || fold && strings.HasPrefix(strings.ToLower(n), strings.ToLower(word)) {
				completions = append(completions, n)
			}
		}
		if len(completions) > 0 {
			break
		}
	}
	return before[:start], completions, tail
}

// completeFile lists the files and directories (with a slash) that start with
// prefix; hidden ones only when the prefix asks for them.
func completeFile(prefix string) []string {
	dir, base := filepath.Split(prefix)
	list := dir
	if list == "" {
		list = "."
	}
	entries, err := os.ReadDir(expandHome(list))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if e.IsDir() {
			name += "/"
		}
		out = append(out, dir+name)
	}
	return out
}

// isIdentByte reports whether c may be part of a name.
func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
