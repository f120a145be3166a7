package cli

import (
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-lang/grundy/budget"
)

// checkedWriter is a command's standard output: it remembers the first error
// writing to it, so that a command whose output was lost (a full disk, a
// closed terminal) ends with an error instead of success.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	if err != nil {
		c.err = err
	}
	return n, err
}

// writeFile writes data to a new file next to path and renames it to path, so
// that path is never left half written (a full disk leaves the old file), and
// a symbolic link at path is replaced rather than followed.
func writeFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// byteSize is the value of --max-memory: a number of bytes written with a unit,
// such as 8GB, 512MB or 0 (no budget).
type byteSize int64

func (b *byteSize) String() string {
	if *b == 0 {
		return "0"
	}
	return budget.FormatBytes(int64(*b))
}

func (b *byteSize) Set(s string) error {
	units := []struct {
		suffix string
		size   int64
	}{{"GB", 1 << 30}, {"G", 1 << 30}, {"MB", 1 << 20}, {"M", 1 << 20}, {"KB", 1 << 10}, {"K", 1 << 10}, {"B", 1}}
	upper := strings.ToUpper(strings.TrimSpace(s))
	size := int64(1)
	for _, u := range units {
		if num, ok := strings.CutSuffix(upper, u.suffix); ok {
			upper, size = strings.TrimSpace(num), u.size
			break
		}
	}
	n, err := strconv.ParseInt(upper, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/size {
		return errors.New("write a size such as 8GB or 512MB (0: no budget)")
	}
	*b = byteSize(n * size)
	return nil
}

func (b *byteSize) Get() any { return int64(*b) }
