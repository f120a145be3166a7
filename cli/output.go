package cli

import (
	"errors"
	"io"
	"math"
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
