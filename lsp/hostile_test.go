//go:build unix

package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Hostile workspaces (issue 29): the server reads the config and the
// index graph as check does (project.LoadFoundConfig, lint.ReadInput
// behind the project's boundary), so that a link out of the workspace is
// not followed and a FIFO does not hang the workspace's diagnostics.

// diagsWithin waits at most d for the diagnostics of uri at version.
func (c *client) diagsWithin(uri string, version int, d time.Duration) []Diagnostic {
	c.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case p := <-c.got:
			if p.URI == uri && (version == 0 || p.Version != nil && *p.Version == version) {
				return p.Diagnostics
			}
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d within %v", uri, version, d)
		}
	}
}

// TestConfigLinkOut: a .seams-timers.yaml that is a symbolic link out of
// its directory (to /dev/zero, to a file outside the workspace) is
// refused, as check refuses it, without being read: the buffer gets one
// diagnostic that says so and quotes nothing of the target.
func TestConfigLinkOut(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.yaml")
	if err := os.WriteFile(secret, []byte("rules:\n  TOPSECRET: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/dev/zero", secret} {
		t.Run(filepath.Base(target), func(t *testing.T) {
			dir := copyExamples(t)
			cfg := filepath.Join(dir, ".seams-timers.yaml")
			if err := os.Remove(cfg); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, cfg); err != nil {
				t.Fatal(err)
			}
			c := newClient(t, 0)
			c.initialize(nil, nil)
			uri := c.open(filepath.Join(dir, "broken", "reminders.bpmn"))
			ds := c.diagsWithin(uri, 1, 10*time.Second)
			if len(ds) != 1 || !strings.Contains(ds[0].Message, "symbolic link leading out of its directory") ||
				strings.Contains(ds[0].Message, "TOPSECRET") {
				t.Fatalf("diagnostics: %+v", ds)
			}
			// The server lives on: a hover is answered.
			var h *hover
			c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{}}, &h)
		})
	}
}

// mkfifo makes a FIFO at path, replacing what is there; nothing ever
// writes to it, so a reader that opens it blocks for ever.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// TestConfigFIFO: a config that is a FIFO is refused at once (not a
// regular file), as check refuses it; the buffer is not checked.
func TestConfigFIFO(t *testing.T) {
	dir := copyExamples(t)
	mkfifo(t, filepath.Join(dir, ".seams-timers.yaml"))
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(filepath.Join(dir, "broken", "reminders.bpmn"))
	ds := c.diagsWithin(uri, 1, 10*time.Second)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "not a regular file") {
		t.Fatalf("diagnostics: %+v", ds)
	}
}

// TestGraphFIFO: an index graph that is a FIFO is skipped as check skips
// it: the buffer's diagnostics come at once and are check's.
func TestGraphFIFO(t *testing.T) {
	dir := copyExamples(t)
	mkfifo(t, filepath.Join(dir, "index.ttl"))
	path := filepath.Join(dir, "approval.bpmn")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(path)
	ds := c.diagsWithin(uri, 1, 10*time.Second)
	want := cliFindings(t, path, src)
	if len(ds) != len(want) {
		t.Fatalf("%d diagnostics, check reports %d: %+v", len(ds), len(want), ds)
	}
	for i, w := range want {
		if ds[i].Code != w.Rule || ds[i].Range.Start.Line != w.Line-1 {
			t.Errorf("diagnostic %d = %s at line %d, check reports %s at %d", i, ds[i].Code, ds[i].Range.Start.Line+1, w.Rule, w.Line)
		}
	}
	// A second buffer of the workspace is checked too: nothing hangs.
	uri2 := c.open(filepath.Join(dir, "digest.bpmn"))
	c.diagsWithin(uri2, 1, 10*time.Second)
}

// TestGraphLinkOut: an index graph that is a link to /dev/zero is not
// read (outside the project), and the buffer is checked as check does.
func TestGraphLinkOut(t *testing.T) {
	dir := copyExamples(t)
	graph := filepath.Join(dir, "index.ttl")
	if err := os.Remove(graph); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", graph); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "approval.bpmn")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(path)
	ds := c.diagsWithin(uri, 1, 10*time.Second)
	if want := cliFindings(t, path, src); len(ds) != len(want) {
		t.Fatalf("%d diagnostics, check reports %d: %+v", len(ds), len(want), ds)
	}
}
