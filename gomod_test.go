package main

import (
	"encoding/json"
	"go/version"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// go.mod requires the lowest Go version that builds: the highest one that a
// dependency requires. A higher one refuses older toolchains for nothing and
// bumps the go line of every program that imports grundy.
func TestGoVersionIsTheLowestThatBuilds(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-json", "all").Output()
	if err != nil {
		t.Fatalf("go list -m all: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var main, need string
	for {
		var m struct {
			Path      string
			Main      bool
			GoVersion string
		}
		if err := dec.Decode(&m); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		switch {
		case m.Main:
			main = m.GoVersion
		case m.GoVersion != "" && version.Compare("go"+m.GoVersion, "go"+need) > 0:
			need = m.GoVersion
		}
	}
	if main != need {
		t.Errorf("go.mod says go %s; the dependencies need go %s", main, need)
	}
}
