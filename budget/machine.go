package budget

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// DefaultMaxMemory is the memory ceiling a session gets unless told
// otherwise: half of the memory this machine gives the process (its physical
// memory, or its cgroup's limit when that is lower), read once when the
// program starts, rounded down to 256MB; FallbackMemory where neither can be
// read (in a browser, or on a system without /proc).
var DefaultMaxMemory = defaultMemory(readFile)

// FallbackMemory is DefaultMaxMemory where the machine's memory is unknown:
// 2GB, which a browser's WebAssembly and a small laptop can give.
const FallbackMemory = 2 << 30

// DefaultMemoryShare says in words how DefaultMaxMemory is chosen, for help
// texts.
const DefaultMemoryShare = "half of the machine's memory or of its cgroup's limit"

func readFile(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}

// defaultMemory is DefaultMaxMemory, reading files through read.
func defaultMemory(read func(string) (string, error)) int64 {
	total := machineMemory(read)
	if total <= 0 {
		return FallbackMemory
	}
	const step = 256 << 20
	return max(step, total/2/step*step)
}

// machineMemory is the memory the process may use, in bytes: the smaller of
// /proc/meminfo's MemTotal and the cgroup's limit (v2's memory.max, or v1's
// memory.limit_in_bytes), or 0 when none can be read.
func machineMemory(read func(string) (string, error)) int64 {
	var total int64
	if s, err := read("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(strings.NewReader(s))
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
				f := strings.Fields(rest)
				if len(f) == 2 && f[1] == "kB" {
					if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb > 0 {
						total = kb << 10
					}
				}
			}
		}
	}
	for _, name := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		s, err := read(name)
		if err != nil {
			continue
		}
		// "max", or a huge number, means no limit.
		if n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil && n > 0 && n < 1<<50 {
			if total == 0 || n < total {
				total = n
			}
		}
	}
	return total
}
