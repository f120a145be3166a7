package cli

import (
	"runtime/debug"
	"testing"
)

func TestDescribeBuild(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "b5ba1a8c0ffee0123456789abcdef0123456789a"},
		{Key: "vcs.time", Value: "2026-11-23T22:01:02Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, c := range []struct {
		mod      string
		settings []debug.BuildSetting
		want     string
	}{
		{"v0.3.0", vcs, "v0.3.0 (go1.26.8)"},
		{"(devel)", vcs, "devel b5ba1a8c0ffe (2026-11-23, with uncommitted changes, go1.26.8)"},
		{"(devel)", vcs[:2], "devel b5ba1a8c0ffe (2026-11-23, go1.26.8)"},
		{"(devel)", nil, "devel (go1.26.8, built without version control information)"},
	} {
		if got := describeBuild(c.mod, "go1.26.8", c.settings); got != c.want {
			t.Errorf("describeBuild(%q, %v) = %q, want %q", c.mod, c.settings, got, c.want)
		}
	}
}
