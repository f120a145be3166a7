package budget

import (
	"context"
	"errors"
	"os"
	"testing"
)

// The default follows the machine: half of the smaller of its memory and its
// cgroup's limit, and a fallback where neither is known.
func TestDefaultMemoryFollowsTheMachine(t *testing.T) {
	files := func(m map[string]string) func(string) (string, error) {
		return func(name string) (string, error) {
			if s, ok := m[name]; ok {
				return s, nil
			}
			return "", os.ErrNotExist
		}
	}
	const meminfo = "MemTotal:        8048576 kB\nMemFree:         1000 kB\n" // a student's 8 GB laptop
	for _, c := range []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"laptop", map[string]string{"/proc/meminfo": meminfo}, 3840 << 20},
		{"cgroup v2 below", map[string]string{"/proc/meminfo": meminfo, "/sys/fs/cgroup/memory.max": "1073741824\n"}, 512 << 20},
		{"cgroup v2 without limit", map[string]string{"/proc/meminfo": meminfo, "/sys/fs/cgroup/memory.max": "max\n"}, 3840 << 20},
		{"cgroup v1 below", map[string]string{"/proc/meminfo": meminfo, "/sys/fs/cgroup/memory/memory.limit_in_bytes": "2147483648\n"}, 1 << 30},
		{"cgroup v1 without limit", map[string]string{"/proc/meminfo": meminfo, "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"}, 3840 << 20},
		{"tiny cgroup", map[string]string{"/sys/fs/cgroup/memory.max": "100000000\n"}, 256 << 20},
		{"nothing to read (a browser)", nil, FallbackMemory},
	} {
		if got := defaultMemory(files(c.files)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, FormatBytes(got), FormatBytes(c.want))
		}
	}
}

func TestLimits(t *testing.T) {
	b := &Budget{MaxPositions: 10, PositionsHint: "raise it with --max-positions"}
	if err := b.Positions(10); err != nil {
		t.Fatal(err)
	}
	var le *LimitError
	if err := b.Positions(11); !errors.As(err, &le) || err.Error() != "stopped: the positions limit (10) was reached; raise it with --max-positions" {
		t.Fatalf("Positions(11) = %v", err)
	}
	b = &Budget{MaxMemory: 1 << 20, MemoryHint: "raise it with --max-memory"}
	var me *MemoryError
	if err := b.Memory(1 << 20); !errors.As(err, &me) || err.Error() != "stopped: the memory budget (1MB) is used up; raise it with --max-memory" {
		t.Fatalf("Memory = %v", err)
	}
	b.MaxMemory = 0
	if err := b.Memory(1 << 40); err != nil {
		t.Fatalf("no budget: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b.Poll(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Poll of a cancelled context = %v", err)
	}
}

func BenchmarkMemory(b *testing.B) {
	bg := &Budget{MaxMemory: 1 << 40}
	for b.Loop() {
		bg.Memory(0)
	}
}
