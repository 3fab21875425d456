//go:build unix

package lint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test when f does not return within a few seconds: a
// read that opens a FIFO blocks forever.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the read blocked")
	}
}

func TestReadInputRefusesFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.bpmn")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	within(t, func() {
		_, err := ReadInput(p, MaxInputSize)
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadInput(FIFO) = %v, want ErrNotRegular", err)
		}
	})
}

func TestReadInputRefusesDevicesAndDirectories(t *testing.T) {
	for _, p := range []string{"/dev/zero", "/dev/null", t.TempDir()} {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		within(t, func() {
			_, err := ReadInput(p, MaxInputSize)
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("ReadInput(%s) = %v, want ErrNotRegular", p, err)
			}
		})
	}
}

func TestReadInputLimit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.ttl")
	if err := os.WriteFile(p, []byte(strings.Repeat("x", 101)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadInput(p, 100)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 100 {
		t.Fatalf("ReadInput over the limit = %v, want a TooLargeError", err)
	}
	data, err := ReadInput(p, 101)
	if err != nil || len(data) != 101 {
		t.Fatalf("ReadInput at the limit = %d bytes, %v", len(data), err)
	}
	if _, err := ReadInput(filepath.Join(dir, "missing"), 100); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("ReadInput(missing) = %v, want ErrNotExist", err)
	}
}

// endless is an infinite reader, as /dev/zero on stdin is.
type endlessReader struct{}

func (endlessReader) Read(p []byte) (int, error) { return len(p), nil }

func TestReadAllStopsAtTheLimit(t *testing.T) {
	within(t, func() {
		_, err := ReadAllLimited(endlessReader{}, 1<<20)
		var tl *TooLargeError
		if !errors.As(err, &tl) {
			t.Errorf("ReadAll(endless) = %v, want a TooLargeError", err)
		}
	})
	data, err := ReadAllLimited(strings.NewReader("abc"), 3)
	if err != nil || string(data) != "abc" {
		t.Fatalf("ReadAll = %q, %v", data, err)
	}
	if _, err := ReadAllLimited(strings.NewReader("abcd"), 3); err == nil {
		t.Fatal("ReadAll over the limit: no error")
	}
}
