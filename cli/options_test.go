package cli

import (
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestEveryOptionEverywhere gives every option of every command, before and
// after the command, as --opt v and --opt=v (a switch as --opt and
// --opt=true), and checks that each form parses to the same options, not the
// defaults, and leaves the command's other arguments alone.
func TestEveryOptionEverywhere(t *testing.T) {
	for _, cmd := range commands {
		opts := commandOptions(cmd)
		if len(opts) == 0 {
			continue
		}
		rest := []string{"Nim(3)"}
		switch cmd {
		case "run", "check", "repl":
			rest = []string{"f.game"}
		case "serve":
			rest = nil
		}
		for _, opt := range opts {
			flag := "--" + opt.name
			spaced, joined := []string{flag, opt.example}, []string{flag + "=" + opt.example}
			if opt.value == "" {
				spaced, joined = []string{flag}, []string{flag + "=true"}
			} else if opt.example == "" {
				t.Fatalf("option --%s has no example value", opt.name)
			}
			forms := map[string][]string{
				"before, spaced":  concat(spaced, []string{cmd}, rest),
				"before, joined":  concat(joined, []string{cmd}, rest),
				"after, spaced":   concat([]string{cmd}, rest, spaced),
				"after, joined":   concat([]string{cmd}, rest, joined),
				"right after cmd": concat([]string{cmd}, spaced, rest),
			}
			var first *options
			for form, args := range forms {
				t.Run(cmd+" "+opt.name+" "+form, func(t *testing.T) {
					moved, err := commandFirst(args)
					if err != nil {
						t.Fatalf("grundy %s: %v", strings.Join(args, " "), err)
					}
					if moved[0] != cmd {
						t.Fatalf("grundy %s: the command is %q, want %q", strings.Join(args, " "), moved[0], cmd)
					}
					var stderr strings.Builder
					r := &runner{stdout: io.Discard, stderr: &stderr}
					o, words, ok := r.parseFlags(cmd, moved[1:])
					if !ok {
						t.Fatalf("grundy %s: %s", strings.Join(args, " "), stderr.String())
					}
					if !slices.Equal(words, rest) {
						t.Errorf("grundy %s: arguments %q, want %q", strings.Join(args, " "), words, rest)
					}
					if reflect.DeepEqual(o, defaultOptions()) {
						t.Errorf("grundy %s: the option changed nothing", strings.Join(args, " "))
					}
					if first == nil {
						first = o
					} else if !reflect.DeepEqual(o, first) {
						t.Errorf("grundy %s: options %+v, another form gave %+v", strings.Join(args, " "), *o, *first)
					}
				})
			}
		}
	}
}

func concat(parts ...[]string) []string { return slices.Concat(parts...) }

// TestHelpListsEveryOption checks that each command's help names each of its
// options, and the general help the limits.
func TestHelpListsEveryOption(t *testing.T) {
	for _, opt := range optionTable {
		for _, cmd := range opt.commands {
			name := "--" + opt.name
			if len(opt.name) == 1 {
				name = "-" + opt.name
			}
			if help := commandHelp(cmd); !strings.Contains(help, "\n  "+name+" ") {
				t.Errorf("grundy %s --help does not list %s:\n%s", cmd, name, help)
			}
		}
	}
	for _, name := range []string{"--max-positions", "--max-memory", "--timeout"} {
		if !strings.Contains(usage, "\n  "+name+" ") {
			t.Errorf("grundy help does not list %s", name)
		}
	}
}
