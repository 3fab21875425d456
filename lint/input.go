package lint

// Reading input: every input file of a run (model, graph document,
// config, scenario) and stdin go through one size limit, and files only
// when they are regular: a FIFO, a device (/dev/zero), a socket or a
// directory is refused without being opened, so that a hostile tree
// cannot hang or exhaust a run. SECURITY.md documents the limits.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxInputSize is the largest input file (graph document, model, config,
// scenario) and the largest stdin buffer read: 64 MiB, the BPMN loader's
// limit. No real model, graph document or config comes near it.
const MaxInputSize = 64 << 20

// ErrNotRegular is the cause of refusing a FIFO, a device, a socket or a
// directory.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is the cause of refusing an input over the limit.
type TooLargeError struct {
	// Limit is the limit in bytes.
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the file is too large: over the %s limit", sizeString(e.Limit))
}

func sizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d-byte", n)
}

// ReadInput reads the regular file at path, following symbolic links, when
// it holds at most limit bytes. Anything else is a *fs.PathError whose
// cause is ErrNotRegular or a *TooLargeError; a FIFO or a device is never
// opened, and the file opened is checked to be the one examined.
func ReadInput(path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrNotRegular}
	}
	if info.Size() > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &TooLargeError{Limit: limit}}
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	// A file only read from has nothing to report on close.
	defer func() { _ = f.Close() }()
	// The path may have been swapped for a FIFO between the Stat and the
	// open; the open did not block (O_NONBLOCK), and this check refuses it.
	opened, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !opened.Mode().IsRegular() || !os.SameFile(info, opened) {
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrNotRegular}
	}
	data, err := readLimited(f, limit, opened.Size())
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: unwrapPath(err)}
	}
	return data, nil
}

// ReadAllLimited reads r to its end when it holds at most limit bytes; past the
// limit it stops reading and returns a *TooLargeError.
func ReadAllLimited(r io.Reader, limit int64) ([]byte, error) {
	return readLimited(r, limit, 0)
}

// readLimited reads at most limit+1 bytes of r, sized by hint.
func readLimited(r io.Reader, limit, hint int64) ([]byte, error) {
	buf := make([]byte, 0, min(max(hint, 0), limit)+1)
	for {
		if int64(len(buf)) > limit {
			return nil, &TooLargeError{Limit: limit}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		room := min(int64(cap(buf)), limit+1)
		n, err := r.Read(buf[len(buf):room])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			if int64(len(buf)) > limit {
				return nil, &TooLargeError{Limit: limit}
			}
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
