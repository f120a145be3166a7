package lang

import (
	"fmt"
	"io"
	"os"
)

// MaxSourceSize bounds the source text of one file: 16 MB, far more than any
// program, so that a wrong file (a device such as /dev/zero, a disk image) is
// refused at once instead of read until memory runs out.
const MaxSourceSize = 16 << 20

// ReadSource reads a source file. Its errors are *os.PathError, also when the
// file is larger than MaxSourceSize.
func ReadSource(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSourceSize+1))
	if err != nil {
		return "", err // the file's *os.PathError
	}
	if len(data) > MaxSourceSize {
		return "", &os.PathError{Op: "read", Path: path, Err: errTooLarge}
	}
	return string(data), nil
}

var errTooLarge = fmt.Errorf("larger than %d MB, too large for a program", MaxSourceSize>>20)
