//go:build linux

package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputErrors checks that output which cannot be written fails the
// command, and that -o replaces a file (or a dangling link) by renaming.
func TestOutputErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here:", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"eval", "1+1"}, {"table", "sg(Nim(n)) for n in 0..3"}} {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1")
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(stderr.String(), "grundy: cannot write the output: no space left on device") {
			t.Errorf("grundy %q > /dev/full: exit %d, stderr %q", args, code, stderr.String())
		}
	}

	dir := t.TempDir()
	link, target := filepath.Join(dir, "table.csv"), filepath.Join(dir, "elsewhere.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "table", "sg(Nim(n)) for n in 0..3", "-o", link)
	cmd.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Errorf("the dangling link was followed to %s", target)
	}
	cmd = exec.Command(os.Args[0], "table", "sg(Nim(n)) for n in 0..3", "--format", "csv")
	cmd.Env = append(os.Environ(), "GRUNDY_CLI_CHILD=1")
	want, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(link)
	if fi, _ := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink != 0 || string(data) != string(want) {
		t.Errorf("table.csv: %q, %v; want a file with %q", data, err, want)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
