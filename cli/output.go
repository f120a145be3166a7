package cli

import (
	"io"
	"os"
	"path/filepath"
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
