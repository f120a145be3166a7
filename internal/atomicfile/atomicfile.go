// Package atomicfile writes a file so that it is never seen half written: the
// data goes to a temporary file beside it, which is synced and renamed over it.
package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write calls write with a buffered writer to a temporary file in path's
// directory and, when everything succeeded, renames it to path (mode 0644).
// A stop or a full disk leaves the old file whole, and a symbolic link at
// path is replaced rather than followed. An error names path, not the
// temporary file, as an *fs.PathError.
func Write(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return named(path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			err = named(path, err)
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// named gives err the path the caller asked to write.
func named(path string, err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return &fs.PathError{Op: "write", Path: path, Err: pe.Err}
	}
	if le, ok := errors.AsType[*os.LinkError](err); ok {
		return &fs.PathError{Op: "write", Path: path, Err: le.Err}
	}
	return err
}
