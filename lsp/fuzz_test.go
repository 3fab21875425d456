package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/seams/seams-timers/internal/engines"
)

// syncBuffer is a log the server writes from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// methods are the messages the fuzzer sends with raw params.
var methods = []string{
	"textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
	"workspace/didChangeWatchedFiles", "textDocument/codeAction", "textDocument/hover",
	"textDocument/inlayHint", "initialized", "$/cancelRequest", "workspace/symbol",
}

// FuzzRequest sends the server what a client could: edits of an open
// model at any range with any text (half-typed XML, ranges past the end,
// split UTF-8 and surrogate pairs), hovers, code actions and inlay hints
// anywhere, and any message with any params. No input may make the
// server panic (a handler's recovered panic is logged, and fails the
// target), and after each one the server still answers a hover.
func FuzzRequest(f *testing.F) {
	dir := f.TempDir()
	src, err := os.ReadFile("../examples/broken/reminders.bpmn")
	if err != nil {
		f.Fatal(err)
	}
	path := filepath.Join(dir, "reminders.bpmn")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		f.Fatal(err)
	}
	uri := pathURI(path)
	logs := &syncBuffer{}
	srv := NewServer(Options{Engines: engines.All(), Config: testSpec(),
		Now: func() time.Time { return testNow }, Log: logs})
	toServer, toClient := newBufPipe(), newBufPipe()
	go func() { _ = srv.Serve(context.Background(), pipe{toServer, toClient}) }()
	drain := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipe{toClient, toServer}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	f.Cleanup(func() { _ = drain.Close() })
	ctx := context.Background()
	var initRes json.RawMessage
	if err := drain.Call(ctx, "initialize", map[string]any{"capabilities": map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-16"}}}, "initializationOptions": map[string]any{"inlayHints": true}}, &initRes); err != nil {
		f.Fatal(err)
	}
	version := 1
	if err := drain.Call(ctx, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{}}, nil); err != nil {
		f.Fatal(err)
	}
	call := func(method string, params any) error {
		raw, err := json.Marshal(params)
		if err != nil {
			return err
		}
		var res json.RawMessage
		cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		// An error reply is an answer; only no answer at all fails.
		_ = drain.Call(cctx, method, json.RawMessage(raw), &res)
		return cctx.Err()
	}
	if err := drain.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "xml", "version": version, "text": string(src)}}); err != nil {
		f.Fatal(err)
	}

	f.Add(uint8(0), 11, 27, 11, 32, `"PT48H"`, []byte(nil))
	f.Add(uint8(0), 3, 5, 40, 0, `<bpmn:timerEventDefinition><bpmn:timeCycle>"R/`, []byte(nil))
	f.Add(uint8(1), 0, 0, 0, 0, `<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="P"><bpmn:startEvent id="S"><bpmn:timerEventDefinition><bpmn:timeCycle>`, []byte(nil))
	f.Add(uint8(2), 11, 30, 0, 0, "", []byte(nil))
	f.Add(uint8(3), 0, 0, 99, 0, "", []byte(nil))
	f.Add(uint8(4), 0, 0, 99, 0, "", []byte(nil))
	f.Add(uint8(5), 1, 0, 0, 0, "", []byte(`{"textDocument":{"uri":"file:///nowhere.bpmn","version":"x"},"contentChanges":[{"range":{"start":{"line":-1}}}]}`))
	f.Add(uint8(5), 4, 0, 0, 0, "", []byte(`{"changes":[{"uri":"file:///`+filepath.ToSlash(path)+`","type":2}]}`))
	f.Add(uint8(0), 0, 1, 0, 1, "\xf0\x9d", []byte(nil))

	f.Fuzz(func(t *testing.T, kind uint8, l1, c1, l2, c2 int, text string, raw []byte) {
		r := Range{Start: Position{Line: l1, Character: c1}, End: Position{Line: l2, Character: c2}}
		doc := map[string]any{"uri": uri}
		var err error
		switch kind % 6 {
		case 0, 1:
			version++
			change := map[string]any{"text": text}
			if kind%6 == 0 {
				change["range"] = r
			}
			err = drain.Notify(ctx, "textDocument/didChange", map[string]any{
				"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": []any{change}})
		case 2:
			err = call("textDocument/hover", map[string]any{"textDocument": doc, "position": r.Start})
		case 3:
			err = call("textDocument/codeAction", map[string]any{"textDocument": doc, "range": r, "context": map[string]any{}})
		case 4:
			err = call("textDocument/inlayHint", map[string]any{"textDocument": doc, "range": r})
		case 5:
			m := methods[(l1%len(methods)+len(methods))%len(methods)]
			var p json.RawMessage
			if json.Valid(raw) {
				p = raw
			} else {
				p, _ = json.Marshal(string(raw))
			}
			err = call(m, p)
		}
		if err != nil {
			t.Fatalf("sending: %v", err)
		}
		if err := call("textDocument/hover", map[string]any{"textDocument": doc, "position": Position{Line: 11, Character: 30}}); err != nil {
			t.Fatalf("the server stopped answering: %v", err)
		}
		if l := logs.String(); bytes.Contains([]byte(l), []byte("panic")) {
			t.Fatalf("the server panicked:\n%s", l)
		}
	})
}
