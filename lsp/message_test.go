package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Bad messages (issue 29): the server answers each with a JSON-RPC error
// and lives on, and holds no header line or body whole past its limit.

// rawSession is a server on one end of a pipe, the test on the other,
// writing raw bytes.
type rawSession struct {
	conn net.Conn
	r    *bufio.Reader
	done chan error
}

func newRawSession(t *testing.T) *rawSession {
	t.Helper()
	a, b := net.Pipe()
	s := &rawSession{conn: b, r: bufio.NewReader(b), done: make(chan error, 1)}
	srv := NewServer(Options{})
	go func() { s.done <- srv.Serve(context.Background(), a) }()
	t.Cleanup(func() { _ = b.Close() })
	return s
}

// send writes raw bytes in the background (net.Pipe blocks a write until
// it is read, and the server answers while it reads).
func (s *rawSession) send(parts ...string) {
	go func() {
		for _, p := range parts {
			if _, err := io.WriteString(s.conn, p); err != nil {
				return
			}
		}
	}()
}

// reply is a response as the test reads it.
type reply struct {
	ID    *int `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// read reads the next message, failing after a deadline.
func (s *rawSession) read(t *testing.T) reply {
	t.Helper()
	if err := s.conn.SetReadDeadline(time.Now().Add(30 * time.Second)); err != nil {
		t.Fatal(err)
	}
	length := -1
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		t.Fatal(err)
	}
	var r reply
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("answer %q: %v", body, err)
	}
	return r
}

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// alive sends a request and checks the server answers it (shutdown before
// initialize: an error with its id).
func (s *rawSession) alive(t *testing.T, id int) {
	t.Helper()
	s.send(frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"shutdown"}`, id)))
	r := s.read(t)
	if r.ID == nil || *r.ID != id || r.Error == nil {
		t.Fatalf("answer %+v to request %d, want its error", r, id)
	}
}

// badAnswer checks the next message is an error with id null.
func (s *rawSession) badAnswer(t *testing.T, code int, what string) {
	t.Helper()
	r := s.read(t)
	if r.ID != nil || r.Error == nil || r.Error.Code != code || !strings.Contains(r.Error.Message, what) {
		t.Fatalf("answer %+v, want error %d (%s) with id null", r, code, what)
	}
}

func TestBadMessages(t *testing.T) {
	s := newRawSession(t)
	for i, c := range []struct {
		raw  string
		code int
		what string
	}{
		{frame(`{"jsonrpc":"2.0","id":1,"method":`), -32700, "not a JSON-RPC message"},
		{frame(`[1,2,3]`), -32700, "not a JSON-RPC message"},
		{"Content-Type: x\r\n\r\n", -32600, "no Content-Length"},
		{"Content-Length: many\r\n\r\n", -32600, "not a byte count"},
		{"no colon here\r\nContent-Length: 2\r\n\r\n{}", -32600, "not Name: value"},
	} {
		s.send(c.raw)
		s.badAnswer(t, c.code, c.what)
		s.alive(t, i+1)
	}
	select {
	case err := <-s.done:
		t.Fatalf("the server ended: %v", err)
	default:
	}
}

// allocated runs f and returns the bytes the process allocated meanwhile.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHugeHeaderLine: a 64 MB header line is skipped as it is read.
func TestHugeHeaderLine(t *testing.T) {
	s := newRawSession(t)
	const n = 64 << 20
	alloc := allocated(func() {
		go func() {
			_, _ = io.WriteString(s.conn, "X-Pad: ")
			chunk := []byte(strings.Repeat("a", 1<<20))
			for range n >> 20 {
				if _, err := s.conn.Write(chunk); err != nil {
					return
				}
			}
			_, _ = io.WriteString(s.conn, "\r\n\r\n")
		}()
		s.badAnswer(t, -32600, "header line is over")
	})
	if alloc > 16<<20 {
		t.Errorf("a %d MiB header line allocated %d MiB", n>>20, alloc>>20)
	}
	s.alive(t, 1)
}

// TestHugeBody: a body over the limit, of blanks, is skipped as it is
// read.
func TestHugeBody(t *testing.T) {
	s := newRawSession(t)
	n := int64(maxBody + 1)
	alloc := allocated(func() {
		go func() {
			_, _ = fmt.Fprintf(s.conn, "Content-Length: %d\r\n\r\n", n)
			chunk := []byte(strings.Repeat(" ", 1<<20))
			for left := n; left > 0; left -= int64(len(chunk)) {
				if _, err := s.conn.Write(chunk[:min(left, int64(len(chunk)))]); err != nil {
					return
				}
			}
		}()
		s.badAnswer(t, -32600, "over the")
	})
	if alloc > 16<<20 {
		t.Errorf("a %d MiB body allocated %d MiB", n>>20, alloc>>20)
	}
	s.alive(t, 1)
}
