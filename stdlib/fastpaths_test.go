package stdlib_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/interp"
	"github.com/grundy-lang/grundy/stdlib"
)

// Every native hook of a library game is a fast path listed in interp.FastPaths
// (with the tests that guard it), and every listed hook is one a game has.
func TestNativesAreListed(t *testing.T) {
	var attached []string
	for _, gl := range stdlib.New().Globals() {
		if gl.V.K != interp.KGame {
			continue
		}
		g := gl.V.R.(*interp.Game)
		for hook, set := range map[string]bool{
			"Native":        g.Natives.Native != nil,
			"NativeOutcome": g.Natives.NativeOutcome != nil,
			"NativeMovesTo": g.Natives.NativeMovesTo != nil,
			"NimHeap":       g.Natives.NimHeap != nil,
			"MisereHeap":    g.Natives.MisereHeap != nil,
		} {
			if set {
				attached = append(attached, g.Name+"."+hook)
			}
		}
	}
	var listed []string
	for _, fp := range interp.FastPaths {
		if strings.Contains(fp.Name, ".") { // Game.Hook; the interpreter's own are words
			listed = append(listed, fp.Name)
		}
	}
	slices.Sort(attached)
	slices.Sort(listed)
	if !slices.Equal(attached, listed) {
		t.Errorf("the library's games have the hooks\n %v\nbut interp.FastPaths lists\n %v", attached, listed)
	}
	if len(attached) < 20 {
		t.Errorf("only %d hooks found", len(attached))
	}
}
