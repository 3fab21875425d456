package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// frame writes LSP messages with their Content-Length headers, as a
// client writes them to the server's stdin.
func frame(t *testing.T, msgs ...map[string]any) string {
	t.Helper()
	var b strings.Builder
	for _, m := range msgs {
		m["jsonrpc"] = "2.0"
		body, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.String()
}

// unframe reads the messages the server wrote to stdout.
func unframe(t *testing.T, out string) []map[string]any {
	t.Helper()
	var msgs []map[string]any
	for out != "" {
		head, rest, ok := strings.Cut(out, "\r\n\r\n")
		if !ok || !strings.HasPrefix(head, "Content-Length: ") {
			t.Fatalf("not a framed message: %q", out)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(head, "Content-Length: "))
		if err != nil || n > len(rest) {
			t.Fatalf("bad header %q", head)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(rest[:n]), &m); err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, m)
		out = rest[n:]
	}
	return msgs
}

// TestLSPCommand runs `seams-timers lsp` on a session written to its
// stdin: the replies and the diagnostics come on stdout, framed, and the
// exit code is 0 after shutdown and exit, 1 after exit alone.
func TestLSPCommand(t *testing.T) {
	path, err := filepath.Abs("../../examples/broken/reminders.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	open := map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
		"uri": "file://" + filepath.ToSlash(path), "languageId": "xml", "version": 1, "text": string(src)}}}
	session := frame(t,
		map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}},
		map[string]any{"method": "initialized", "params": map[string]any{}},
		open,
		map[string]any{"id": 2, "method": "shutdown"},
		map[string]any{"method": "exit"},
	)
	code, stdout, stderr := runCLI(t, session, "lsp", "--stdio", "--debounce", "0")
	if code != 0 {
		t.Fatalf("exit code %d, stderr %s", code, stderr)
	}
	msgs := unframe(t, stdout)
	if len(msgs) != 3 {
		t.Fatalf("%d messages on stdout, want the initialize reply, the diagnostics and the shutdown reply: %s", len(msgs), stdout)
	}
	caps, _ := msgs[0]["result"].(map[string]any)["capabilities"].(map[string]any)
	if msgs[0]["id"] != float64(1) || caps["positionEncoding"] != "utf-16" || caps["hoverProvider"] != true {
		t.Errorf("initialize reply: %v", msgs[0])
	}
	diags, _ := msgs[1]["params"].(map[string]any)["diagnostics"].([]any)
	codes := map[string]bool{}
	for _, d := range diags {
		codes[d.(map[string]any)["code"].(string)] = true
	}
	if msgs[1]["method"] != "textDocument/publishDiagnostics" || !codes["TMR1004"] || !codes["TMR1011"] {
		t.Errorf("diagnostics: %v", msgs[1])
	}
	if r, ok := msgs[2]["result"]; msgs[2]["id"] != float64(2) || !ok || r != nil {
		t.Errorf("shutdown reply: %v", msgs[2])
	}

	// exit without shutdown: exit code 1, as the protocol asks.
	code, _, stderr = runCLI(t, frame(t,
		map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}},
		map[string]any{"method": "exit"}), "lsp")
	if code != 1 || !strings.Contains(stderr, "exit before shutdown") {
		t.Errorf("exit without shutdown: code %d, stderr %q", code, stderr)
	}
}
