package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

var testNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// pipe is one end of an in-memory connection.
type pipe struct {
	io.Reader
	io.WriteCloser
}

// bufPipe is a one-way pipe whose writes never wait for the reader, as
// an operating system's pipe buffers them: with io.Pipe, a server writing
// a notification and a client writing a reply would wait on each other.
type bufPipe struct {
	mu     sync.Mutex
	cond   *sync.Cond
	buf    []byte
	closed bool
}

func newBufPipe() *bufPipe {
	p := &bufPipe{}
	p.cond = sync.NewCond(&p.mu)
	return p
}

func (p *bufPipe) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return 0, io.ErrClosedPipe
	}
	p.buf = append(p.buf, b...)
	p.cond.Broadcast()
	return len(b), nil
}

func (p *bufPipe) Read(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.buf) == 0 && !p.closed {
		p.cond.Wait()
	}
	if len(p.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(b, p.buf)
	p.buf = p.buf[n:]
	return n, nil
}

func (p *bufPipe) Close() error {
	p.mu.Lock()
	p.closed = true
	p.cond.Broadcast()
	p.mu.Unlock()
	return nil
}

// client is a language client talking to a Server over an in-memory
// connection, as an editor does over stdio.
type client struct {
	t     testing.TB
	conn  *jsonrpc2.Conn
	done  chan error
	mu    sync.Mutex
	diags map[string][]publishDiagnosticsParams
	got   chan publishDiagnosticsParams
	calls []string // requests the server sent the client
	// server is the server the client talks to, for benchmarks that
	// call it directly.
	server *Server
}

func newClient(t testing.TB, debounce time.Duration) *client {
	t.Helper()
	return newClientOf(t, debounce, engines.All(), testSpec())
}

// newClientOf is newClient with a server of the engines given.
func newClientOf(t testing.TB, debounce time.Duration, es []*project.Engine, spec lint.ConfigSpec) *client {
	t.Helper()
	toServer, toClient := newBufPipe(), newBufPipe()
	sr, cw := toServer, toServer
	cr, sw := toClient, toClient
	srv := NewServer(Options{Engines: es, Config: spec,
		Now: func() time.Time { return testNow }, Debounce: debounce, Version: "test"})
	c := &client{t: t, done: make(chan error, 1), diags: map[string][]publishDiagnosticsParams{}, got: make(chan publishDiagnosticsParams, 1024)}
	c.server = srv
	go func() { c.done <- srv.Serve(context.Background(), pipe{sr, sw}) }()
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipe{cr, cw}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" {
				var p publishDiagnosticsParams
				if err := json.Unmarshal(*req.Params, &p); err != nil {
					t.Errorf("publishDiagnostics: %v", err)
				}
				c.got <- p
				return nil, nil
			}
			c.mu.Lock()
			c.calls = append(c.calls, req.Method)
			c.mu.Unlock()
			return nil, nil
		}))
	t.Cleanup(func() { _ = c.conn.Close(); _ = cw.Close(); _ = sw.Close() })
	return c
}

func (c *client) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.conn.Call(ctx, method, params, result)
}

func (c *client) mustCall(method string, params, result any) {
	c.t.Helper()
	if err := c.call(method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// waitDiags waits for the diagnostics of uri at version (any version
// when version is 0).
func (c *client) waitDiags(uri string, version int) []Diagnostic {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.got:
			if p.URI == uri && (version == 0 || p.Version != nil && *p.Version == version) {
				return p.Diagnostics
			}
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

func (c *client) initialize(encodings []string, init any) initializeResult {
	c.t.Helper()
	params := map[string]any{
		"processId": nil, "rootUri": nil,
		"capabilities": map[string]any{
			"general":   map[string]any{"positionEncodings": encodings},
			"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}},
		},
		"initializationOptions": init,
	}
	var res initializeResult
	c.mustCall("initialize", params, &res)
	c.notify("initialized", map[string]any{})
	return res
}

func (c *client) open(path string) string {
	c.t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	uri := pathURI(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "xml", "version": 1, "text": string(src)}})
	return uri
}

// copyExamples copies examples/ into a temporary directory and returns it.
func copyExamples(t testing.TB) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir("../examples", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../examples", p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// testSpec is what a config is validated against: every engine's rules
// and sections, as the command builds it.
func testSpec() lint.ConfigSpec {
	var spec lint.ConfigSpec
	for _, e := range engines.All() {
		spec.Rules = append(spec.Rules, e.Rules...)
		spec.Sections = append(spec.Sections, e.ConfigSections...)
	}
	return spec
}

// cliFindings are what `check --stdin-filename path -` reports for the
// buffer, with the config found from its path: the reference the
// server's diagnostics must match.
func cliFindings(t testing.TB, path string, src []byte) []lint.Diagnostic {
	t.Helper()
	spec := testSpec()
	opts := lint.Options{Rules: spec.Rules, Now: testNow}
	in := project.Options{Paths: []string{"-"}, Stdin: src, StdinName: path}
	if cfgPath := lint.FindConfig(path); cfgPath != "" {
		cfg, err := lint.LoadConfig(cfgPath, spec)
		if err != nil {
			t.Fatal(err)
		}
		in.Config, opts.Levels, opts.Config = cfg, cfg.Levels(opts.Rules), cfg
	}
	rep, err := project.Check(in, engines.All(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Diagnostics
}

func find(ds []Diagnostic, code string) *Diagnostic {
	for i := range ds {
		if ds[i].Code == code {
			return &ds[i]
		}
	}
	return nil
}

// TestClientSession drives the server as an editor does: initialize,
// open, code action, change, hover, shutdown, exit, and checks every
// reply.
func TestClientSession(t *testing.T) {
	dir := copyExamples(t)
	c := newClient(t, 20*time.Millisecond)
	res := c.initialize([]string{"utf-16"}, nil)
	if res.Capabilities.PositionEncoding != encUTF16 || res.Capabilities.TextDocumentSync.Change != syncIncremental ||
		!res.Capabilities.HoverProvider || res.Capabilities.InlayHintProvider || res.ServerInfo.Name != "seams-timers" {
		t.Fatalf("initialize: %+v", res)
	}

	path := filepath.Join(dir, "broken", "reminders.bpmn")
	src, _ := os.ReadFile(path)
	uri := c.open(path)
	ds := c.waitDiags(uri, 1)
	want := cliFindings(t, path, src)
	if len(ds) != len(want) || len(ds) == 0 {
		t.Fatalf("open: %d diagnostics, check reports %d", len(ds), len(want))
	}
	for i, w := range want {
		d := ds[i]
		if d.Code != w.Rule || d.Range.Start.Line != w.Line-1 || d.Range.Start.Character != w.Column-1 ||
			d.Range.End.Line != w.EndLine-1 || d.Range.End.Character != w.EndColumn-1 ||
			d.Severity != lspSeverity(w.Severity) || !strings.HasPrefix(d.Message, w.Message) ||
			d.CodeDescription == nil || d.CodeDescription.Href != lint.RuleDocURI(w.Rule) || d.Source != "seams-timers" {
			t.Errorf("diagnostic %d = %+v, check reports %s:%d:%d-%d:%d %s %s", i, d, w.File, w.Line, w.Column, w.EndLine, w.EndColumn, w.Rule, w.Message)
		}
	}
	unquoted := find(ds, "TMR1004")
	if unquoted == nil {
		t.Fatal("no TMR1004 on open")
	}

	// Code action: the fix --fix applies, and a suppression.
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": unquoted.Range,
		"context": map[string]any{"diagnostics": []Diagnostic{*unquoted}},
	}, &actions)
	if len(actions) != 2 {
		t.Fatalf("code actions: %+v", actions)
	}
	fix, suppress := actions[0], actions[1]
	edits := fix.Edit.Changes[uri]
	if !fix.IsPreferred || fix.Kind != "quickfix" || len(edits) != 2 || edits[0].NewText != `"` || edits[1].NewText != `"` ||
		edits[0].Range != (Range{Start: unquoted.Range.Start, End: unquoted.Range.Start}) ||
		edits[1].Range != (Range{Start: unquoted.Range.End, End: unquoted.Range.End}) {
		t.Fatalf("quick fix: %+v", fix)
	}
	sedit := suppress.Edit.Changes[uri]
	if len(sedit) != 1 || sedit[0].NewText != "    <!-- seams-timers:ignore TMR1004 -->\n" || sedit[0].Range.Start != (Position{Line: 9, Character: 0}) {
		t.Fatalf("suppression: %+v", suppress)
	}

	// Apply the quick fix as the client would: incremental changes, the
	// later edit first so that the earlier one's position still holds.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{
			{"range": edits[1].Range, "text": edits[1].NewText},
			{"range": edits[0].Range, "text": edits[0].NewText},
		},
	})
	ds = c.waitDiags(uri, 2)
	fixed := strings.Replace(string(src), "<bpmn:timeDuration>PT48H<", `<bpmn:timeDuration>"PT48H"<`, 1)
	if want := cliFindings(t, path, []byte(fixed)); len(ds) != len(want) || find(ds, "TMR1004") != nil {
		t.Fatalf("after the fix: %d diagnostics (TMR1004 %v), check reports %d", len(ds), find(ds, "TMR1004") != nil, len(want))
	}

	// Hover on the body just fixed: a catch, 48 hours after arrival.
	var h hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 11, Character: 30}}, &h)
	for _, s := range []string{"**Timer** `", "#Unquoted`", "a non-interrupting boundary event", "`bpmn:timeDuration` `\"PT48H\"`", "once", "`2026-11-03T12:00:00Z`"} {
		if !strings.Contains(h.Contents.Value, s) {
			t.Errorf("hover lacks %q:\n%s", s, h.Contents.Value)
		}
	}
	// Hover on a refused timer: the refusal.
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 28, Character: 30}}, &h)
	if !strings.Contains(h.Contents.Value, "**Refused**") || !strings.Contains(h.Contents.Value, "TMR1011") {
		t.Errorf("hover on a refused timer:\n%s", h.Contents.Value)
	}
	// Hover off any timer: null.
	var none *hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 0, Character: 0}}, &none)
	if none != nil {
		t.Errorf("hover on the XML declaration: %+v", none)
	}

	// The server asked to watch the project's files.
	c.mu.Lock()
	calls := strings.Join(c.calls, ",")
	c.mu.Unlock()
	if calls != "client/registerCapability" {
		t.Errorf("server requests: %q", calls)
	}

	var null json.RawMessage
	c.mustCall("shutdown", nil, &null)
	if string(null) != "null" {
		t.Errorf("shutdown result %s", null)
	}
	if err := c.call("textDocument/hover", map[string]any{}, &h); err == nil {
		t.Error("a request after shutdown was answered")
	}
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit")
	}
}
