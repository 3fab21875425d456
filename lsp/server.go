// Package lsp is `seams-timers lsp`: a Language Server Protocol 3.17
// server over stdio. It checks the buffers an editor has open, unsaved,
// with the project around each one (config, index graph, the other models)
// read through the project loader, and publishes the findings as
// diagnostics; it offers the fixes --fix applies and a suppression comment
// as code actions, and shows on hover when a timer fires.
package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// Options configure a server.
type Options struct {
	// Engines are the engines whose files the server checks.
	Engines []*project.Engine
	// Config is what a config file is validated against.
	Config lint.ConfigSpec
	// Now is the clock of the runtime rules and of the next firings; nil
	// means time.Now.
	Now func() time.Time
	// Debounce is how long the server waits after a change before it
	// checks the buffer; zero checks as soon as the server has read every
	// message already sent (a burst of edits is then one check, or a
	// few), before it waits for the next.
	Debounce time.Duration
	// Version is the server's version, sent in serverInfo.
	Version string
	// Log receives the server's own messages (protocol errors, recovered
	// panics); nil discards them.
	Log io.Writer
}

// Server is one language server session.
type Server struct {
	opts  Options
	rules []*lint.Rule
	conn  *jsonrpc2.Conn
	log   *log.Logger

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	exited      bool
	enc         string
	init        InitOptions
	watch       bool
	plainHover  bool                 // the client shows hover text as plain text only
	docs        map[string]*document // by URI
	files       *fileCache
	// session keeps what the engines parsed (each model, the index
	// graph) for the next check: a check after an edit parses again only
	// what changed.
	session *project.Session
	// lastDeps is how many files the last check read: the next one's
	// set of them starts at that size.
	lastDeps int

	checkMu sync.Mutex // one check at a time

	// due are the buffers to check once the server has read all the
	// input it was sent (Debounce zero), in the order asked, with no
	// duplicates.
	due []string

	// checks counts the checks run, for tests that measure how edits
	// coalesce.
	checks atomic.Int64
	// dropped counts the checks whose buffer changed meanwhile.
	dropped atomic.Int64
}

// document is one buffer the client has open.
type document struct {
	uri     string
	path    string // absolute
	version int
	text    []byte
	// shared says text is held outside the document (a check's snapshot,
	// its result): the next edit copies it instead of editing it in place.
	shared bool
	timer  *time.Timer
	// checking says a check of the buffer runs; again, that another was
	// asked for meanwhile (it runs after, on the latest text, instead of
	// waiting beside it).
	checking, again bool

	// The last check, on the text of checked.
	checked int // version checked; -1 before the first check
	result  *result
	deps    map[string]bool // absolute paths the check read
}

// snapshot returns the buffer's text for a reader that keeps it (a
// check, a hover): later edits leave it as it is. Call with s.mu held.
func (d *document) snapshot() []byte {
	d.shared = true
	return d.text
}

// edit replaces text[start:end] with ins, in place when nothing else
// holds the text: a storm of small edits then costs the bytes they move,
// not a copy of the buffer each. Call with s.mu held.
func (d *document) edit(start, end int, ins string) {
	text := d.text
	n := len(text) - (end - start) + len(ins)
	if d.shared || n > cap(text) {
		grown := make([]byte, len(text), max(len(text), n)+n/4+64)
		copy(grown, text)
		text, d.shared = grown, false
	}
	old := len(text)
	text = text[:max(old, n)]
	copy(text[start+len(ins):], text[end:old])
	copy(text[start:], ins)
	d.text = text[:n]
}

// ErrExitWithoutShutdown is returned by Serve when the client sent exit
// without shutdown first (the process then exits with code 1).
var ErrExitWithoutShutdown = errors.New("exit before shutdown")

// NewServer returns a server with the given options.
func NewServer(opts Options) *Server {
	s := &Server{opts: opts, docs: map[string]*document{}, enc: encUTF16, files: newFileCache(), session: project.NewSession()}
	s.rules = project.Rules(opts.Engines)
	w := opts.Log
	if w == nil {
		w = io.Discard
	}
	s.log = log.New(w, "seams-timers lsp: ", 0)
	return s
}

// Serve runs the server on a connection (stdin and stdout joined) until
// the client sends exit or closes the connection.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	stream := newBoundedStream(rwc)
	// With no debounce delay, the checks asked for wait until the server
	// has read what the client sent: a burst of edits is one check, on
	// the latest text, not one per edit.
	stream.idle = func() { s.checkDue(ctx) }
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle).SuppressErrClosed(), jsonrpc2.SetLogger(s.log))
	s.mu.Lock()
	if s.conn == nil {
		s.conn = conn
	}
	s.mu.Unlock()
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		_ = conn.Close()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	if s.exited && !s.shutdown {
		return ErrExitWithoutShutdown
	}
	return nil
}

// codeServerNotInitialized is LSP's error code for a request before
// initialize; the JSON-RPC codes are jsonrpc2's.
const codeServerNotInitialized = -32002

// handle answers one message. It never lets a panic through: a request
// whose handling panics gets an internal error and the server goes on.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("%s: recovered from a panic: %v\n%s", req.Method, r, debug.Stack())
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("seams-timers lsp: internal error in %s: %v", req.Method, r)}
		}
	}()
	s.mu.Lock()
	if s.conn == nil {
		// The connection reads and handles its first messages before
		// NewConn returns to Serve: keep it here, so that the
		// diagnostics of a buffer opened at once are not dropped.
		s.conn = conn
	}
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case req.Method == "exit":
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		go func() { _ = conn.Close() }()
		return nil, nil
	case req.Method == "initialize":
		if initialized {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "initialize was already sent"}
		}
		return s.initialize(req)
	case !initialized:
		if req.Notif {
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: codeServerNotInitialized, Message: "the server is not initialized: send initialize first"}
	case shutdown && !req.Notif:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down: send exit"}
	}
	if !req.Notif {
		// A request sees the buffers as they are: the checks due run
		// first (a code action needs the findings of the latest text).
		s.checkDue(ctx)
	}
	switch req.Method {
	case "initialized":
		s.registerWatchers(ctx, conn)
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		return notification(ctx, req, s.didOpen)
	case "textDocument/didChange":
		return notification(ctx, req, s.didChange)
	case "textDocument/didClose":
		return notification(ctx, req, s.didClose)
	case "textDocument/didSave":
		return notification(ctx, req, s.didSave)
	case "workspace/didChangeWatchedFiles":
		return notification(ctx, req, s.didChangeWatchedFiles)
	case "textDocument/codeAction":
		return request(req, s.codeActions)
	case "textDocument/hover":
		return request(req, s.hover)
	case "textDocument/inlayHint":
		return request(req, s.inlayHints)
	}
	if req.Notif {
		// $/cancelRequest, $/setTrace, workspace/didChangeConfiguration
		// and the like: nothing to do.
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "seams-timers lsp does not handle " + req.Method}
}

// notification decodes a notification's params and hands them to f.
func notification[P any](ctx context.Context, req *jsonrpc2.Request, f func(context.Context, P)) (any, error) {
	var p P
	if err := decode(req, &p); err != nil {
		return nil, err
	}
	f(ctx, p)
	return nil, nil
}

// request decodes a request's params and answers with what f returns.
func request[P, R any](req *jsonrpc2.Request, f func(P) R) (any, error) {
	var p P
	if err := decode(req, &p); err != nil {
		return nil, err
	}
	return f(p), nil
}

// decode reads a message's params; a message without params or with
// params of the wrong shape is an invalid-params error.
func decode(req *jsonrpc2.Request, v any) error {
	if req.Params == nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": params are missing"}
	}
	if err := json.Unmarshal(*req.Params, v); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": " + err.Error()}
	}
	return nil
}

func (s *Server) initialize(req *jsonrpc2.Request) (any, error) {
	var p initializeParams
	if err := decode(req, &p); err != nil {
		return nil, err
	}
	var init InitOptions
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		if err := json.Unmarshal(p.InitializationOptions, &init); err != nil {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "initializationOptions: " + err.Error()}
		}
	}
	s.mu.Lock()
	s.initialized = true
	s.enc = negotiateEncoding(p.Capabilities.General.PositionEncodings)
	s.init = init
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.plainHover = len(p.Capabilities.TextDocument.Hover.ContentFormat) > 0 && !slices.Contains(p.Capabilities.TextDocument.Hover.ContentFormat, "markdown")
	enc := s.enc
	s.mu.Unlock()
	return initializeResult{
		Capabilities: serverCaps{
			PositionEncoding:   enc,
			TextDocumentSync:   textSyncOptions{OpenClose: true, Change: syncIncremental, Save: saveOptions{}},
			HoverProvider:      true,
			CodeActionProvider: codeActionProvider{CodeActionKinds: []string{"quickfix"}},
			InlayHintProvider:  init.InlayHints,
		},
		ServerInfo: serverInfo{Name: "seams-timers", Version: s.opts.Version},
	}, nil
}

// watchGlobs are the files whose changes on disk change a check: the
// engines' files and the config.
var watchGlobs = []string{"**/*.bpmn", "**/*.bpmn2", "**/*.bpmn20.xml", "**/*.ttl", "**/*.nt", "**/" + lint.ConfigFileName}

// registerWatchers asks a client that can register file watchers to send
// workspace/didChangeWatchedFiles for the files a check reads. The call
// runs on its own goroutine: its reply comes through the connection this
// handler is reading from.
func (s *Server) registerWatchers(ctx context.Context, conn *jsonrpc2.Conn) {
	s.mu.Lock()
	watch := s.watch
	s.mu.Unlock()
	if !watch {
		return
	}
	var ws []fileSystemWatcher
	for _, g := range watchGlobs {
		ws = append(ws, fileSystemWatcher{GlobPattern: g})
	}
	params := registrationParams{Registrations: []registration{{
		ID: "seams-timers-watch", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: didChangeWatchedFilesRegistrationOptions{Watchers: ws},
	}}}
	go func() {
		if err := conn.Call(ctx, "client/registerCapability", params, nil); err != nil {
			s.log.Printf("registering the file watchers: %v", err)
		}
	}()
}

func (s *Server) didOpen(ctx context.Context, p didOpenParams) {
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return
	}
	s.mu.Lock()
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text), checked: -1}
	if old := s.docs[d.uri]; old != nil && old.timer != nil {
		old.timer.Stop()
	}
	s.docs[d.uri] = d
	s.mu.Unlock()
	s.changed(ctx, path)
}

func (s *Server) didChange(ctx context.Context, p didChangeParams) {
	if path, ok := s.applyChanges(p); ok {
		s.changed(ctx, path)
	}
}

// applyChanges applies a didChange to its buffer and returns the
// buffer's path; false when the buffer is not open.
func (s *Server) applyChanges(p didChangeParams) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return "", false
	}
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			d.text, d.shared = []byte(c.Text), false
			continue
		}
		start, end := offsetOf(d.text, c.Range.Start, s.enc), offsetOf(d.text, c.Range.End, s.enc)
		if end < start {
			start, end = end, start
		}
		d.edit(start, end, c.Text)
	}
	d.version = p.TextDocument.Version
	return d.path, true
}

func (s *Server) didClose(ctx context.Context, p didCloseParams) {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return
	}
	if d.timer != nil {
		d.timer.Stop()
	}
	delete(s.docs, p.TextDocument.URI)
	conn := s.conn
	s.mu.Unlock()
	// The buffer is gone: its findings go, and the models that read it
	// read the file on disk again.
	s.notify(ctx, conn, publishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []Diagnostic{}})
	s.changed(ctx, d.path)
}

func (s *Server) didSave(ctx context.Context, p didSaveParams) {
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return
	}
	// The file on disk is new: a client without file watchers tells the
	// server this way.
	s.files.forget(path)
	s.session.Forget(path)
	s.changed(ctx, path)
}

func (s *Server) didChangeWatchedFiles(ctx context.Context, p didChangeWatchedFilesParams) {
	all := false
	created := map[*project.Engine]bool{}
	var paths []string
	for _, c := range p.Changes {
		path, ok := uriPath(c.URI)
		if !ok {
			continue
		}
		s.files.forget(path)
		s.session.Forget(path)
		switch e := project.EngineOfPath(s.opts.Engines, path); {
		case filepath.Base(path) == lint.ConfigFileName:
			// A config that now applies: every open buffer may read it.
			all = true
		case c.Type == fileCreated && e != nil:
			// A new file may be a model the graph names: every open
			// buffer of its engine may read it (a check of a buffer
			// loads the buffer's engine alone: another engine's files
			// are never read for it).
			created[e] = true
		case c.Type == fileCreated:
			all = true
		}
		paths = append(paths, path)
	}
	if all || len(created) > 0 {
		s.mu.Lock()
		var uris []string
		for uri, d := range s.docs {
			// A buffer no kind matches is read by the fallback engine:
			// it may read the new file too.
			if e := project.EngineOfPath(s.opts.Engines, d.path); all || e == nil || created[e] {
				uris = append(uris, uri)
			}
		}
		s.mu.Unlock()
		for _, uri := range uris {
			s.schedule(ctx, uri)
		}
	}
	if all {
		return
	}
	for _, path := range paths {
		s.changed(ctx, path)
	}
}

// changed schedules a check of the buffer at path, when one is open, and
// of every open buffer whose last check read path (a model the graph
// names, the graph of a model, the config), or a file under path when it
// is (or was) a directory.
func (s *Server) changed(ctx context.Context, path string) {
	s.mu.Lock()
	var uris []string
	for uri, d := range s.docs {
		if d.path == path || d.deps[path] || under(path, d.path) || readUnder(d.deps, path) {
			uris = append(uris, uri)
		}
	}
	s.mu.Unlock()
	for _, uri := range uris {
		s.schedule(ctx, uri)
	}
}

// readUnder reports whether one of the files a check read lies under dir.
func readUnder(deps map[string]bool, dir string) bool {
	for p := range deps {
		if under(dir, p) {
			return true
		}
	}
	return false
}

// schedule checks a buffer after the debounce delay, or, with none, as
// soon as the server has read every message already sent (checkDue):
// before it waits for the next one.
func (s *Server) schedule(ctx context.Context, uri string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil {
		return
	}
	if s.opts.Debounce <= 0 {
		if !slices.Contains(s.due, uri) {
			s.due = append(s.due, uri)
		}
		return
	}
	if d.timer != nil {
		d.timer.Stop()
	}
	d.timer = time.AfterFunc(s.opts.Debounce, func() { s.publish(ctx, uri) })
}

// checkDue checks the buffers due (see schedule). The connection's reader
// calls it when it has no message left to read.
func (s *Server) checkDue(ctx context.Context) {
	s.mu.Lock()
	due := s.due
	s.due = nil
	s.mu.Unlock()
	for _, uri := range due {
		s.publish(ctx, uri)
	}
}

// publish checks a buffer as it is now and sends its diagnostics, unless
// the buffer changed while it was checked (a newer check is then due).
// Checks of one buffer never pile up: asked for while one runs, the next
// runs once after it, on the latest text.
func (s *Server) publish(ctx context.Context, uri string) {
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return
	}
	if d.checking {
		d.again = true
		s.mu.Unlock()
		return
	}
	d.checking = true
	s.mu.Unlock()
	for {
		s.publishOnce(ctx, uri, d)
		s.mu.Lock()
		if !d.again || s.docs[uri] != d {
			d.checking, d.again = false, false
			s.mu.Unlock()
			return
		}
		d.again = false
		s.mu.Unlock()
	}
}

// errStale ends the reads of a check whose buffer changed: its result is
// dropped, so the rest of its work is not done.
var errStale = errors.New("the buffer changed: this check is dropped")

func (s *Server) publishOnce(ctx context.Context, uri string, d *document) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("checking %s: recovered from a panic: %v\n%s", uri, r, debug.Stack())
		}
	}()
	s.checkMu.Lock()
	defer s.checkMu.Unlock()
	s.mu.Lock()
	if s.docs[uri] != d {
		s.mu.Unlock()
		return
	}
	version, text, path := d.version, d.snapshot(), d.path
	overlay := make(map[string][]byte, len(s.docs))
	for _, o := range s.docs {
		overlay[o.path] = o.snapshot()
	}
	enc := s.enc
	conn := s.conn
	s.mu.Unlock()

	stale := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.docs[uri] != d || d.version != version
	}
	res := s.check(path, text, overlay, enc, stale)

	s.mu.Lock()
	if s.docs[uri] != d || d.version != version {
		s.mu.Unlock()
		s.dropped.Add(1)
		return
	}
	for i := range res.lsp {
		if res.lsp[i].Data != nil {
			res.lsp[i].Data.Version = version
		}
	}
	d.checked, d.result, d.deps = version, res, res.deps
	v := version
	params := publishDiagnosticsParams{URI: uri, Version: &v, Diagnostics: res.lsp}
	s.mu.Unlock()
	s.notify(ctx, conn, params)
}

func (s *Server) notify(ctx context.Context, conn *jsonrpc2.Conn, params publishDiagnosticsParams) {
	if conn == nil {
		return
	}
	if err := conn.Notify(ctx, "textDocument/publishDiagnostics", params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.log.Printf("publishing the diagnostics of %s: %v", params.URI, err)
	}
}

// The base protocol's framing, bounded: a message the server cannot read
// is answered with a JSON-RPC error (id null) and the server reads on,
// and no header line or body is held whole past its limit.
const (
	// maxHeaderLine bounds a header line; a longer one is skipped
	// without being kept.
	maxHeaderLine = 4 << 10
	// maxBody bounds a message's content: a buffer at the input limit,
	// escaped as a JSON string, fits.
	maxBody = 2*lint.MaxInputSize + 1<<20
	// readBuffer is how much input the server takes in at once: what a
	// burst of edits has already sent is read before the checks it asks
	// for run.
	readBuffer = 256 << 10
)

// boundedStream is a jsonrpc2.ObjectStream over the base protocol
// (Content-Length headers, a JSON body) that survives bad messages.
type boundedStream struct {
	rwc io.ReadWriteCloser
	r   *bufio.Reader
	mu  sync.Mutex // guards w
	w   *bufio.Writer
	// idle, when set, is called before the reader waits for input: every
	// message read so far has been handled.
	idle func()
}

func newBoundedStream(rwc io.ReadWriteCloser) *boundedStream {
	return &boundedStream{rwc: rwc, r: bufio.NewReaderSize(rwc, readBuffer), w: bufio.NewWriter(rwc)}
}

// WriteObject writes a message with its header.
func (b *boundedStream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, err := fmt.Fprintf(b.w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	if _, err := b.w.Write(data); err != nil {
		return err
	}
	return b.w.Flush()
}

// Close closes the connection.
func (b *boundedStream) Close() error { return b.rwc.Close() }

// ReadObject reads the next message the server can read into v. A bad
// one (no or a wrong Content-Length, a header line or a body over its
// limit, content that is not a JSON-RPC message) is answered with an
// error and skipped; only the end of the input, or an error reading it,
// ends the connection.
func (b *boundedStream) ReadObject(v any) error {
	for {
		if b.idle != nil && b.r.Buffered() == 0 {
			b.idle()
		}
		length, bad, err := b.readHeader()
		if err != nil {
			return err
		}
		if bad == "" && length > maxBody {
			bad = fmt.Sprintf("the message is over the %d MiB limit", maxBody>>20)
		}
		if bad != "" && length > 0 {
			// The body of a bad message is skipped as it is read.
			if _, err := io.CopyN(io.Discard, b.r, length); err != nil {
				return err
			}
		}
		if bad != "" {
			if err := b.answer(jsonrpc2.CodeInvalidRequest, bad); err != nil {
				return err
			}
			continue
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(b.r, body); err != nil {
			return err
		}
		if err := json.Unmarshal(body, v); err != nil {
			if err := b.answer(jsonrpc2.CodeParseError, "the message is not a JSON-RPC message: "+err.Error()); err != nil {
				return err
			}
			continue
		}
		return nil
	}
}

// readHeader reads a message's header: its Content-Length, or why the
// message is bad.
func (b *boundedStream) readHeader() (length int64, bad string, err error) {
	length = -1
	for {
		line, long, err := b.readLine()
		if err != nil {
			return 0, "", err
		}
		if long {
			bad = fmt.Sprintf("a header line is over the %d-byte limit", maxHeaderLine)
			continue
		}
		line = strings.TrimRight(line, "\r")
		if line == "" {
			if bad == "" && length < 0 {
				bad = "the message has no Content-Length header"
			}
			return length, bad, nil
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = "a header line is not Name: value"
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n < 0 {
				bad = "the Content-Length header is not a byte count"
				continue
			}
			length = n
		}
	}
}

// readLine reads a line up to its \n; past maxHeaderLine it reads on to
// the \n without keeping the rest, and reports the line long.
func (b *boundedStream) readLine() (string, bool, error) {
	var buf bytes.Buffer
	long := false
	for {
		chunk, err := b.r.ReadSlice('\n')
		if !long {
			if buf.Len()+len(chunk) > maxHeaderLine {
				long = true
				buf.Reset()
			} else {
				buf.Write(chunk)
			}
		}
		switch {
		case err == nil:
			return strings.TrimSuffix(buf.String(), "\n"), long, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return "", false, err
		}
	}
}

// answer sends the error response to a message that could not be read:
// its id is unknown, so null.
func (b *boundedStream) answer(code int64, msg string) error {
	return b.WriteObject(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      *int            `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{JSONRPC: "2.0", Error: &jsonrpc2.Error{Code: code, Message: msg}})
}
