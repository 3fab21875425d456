//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
)

// runTo runs the command line with stdout going to out.
func runTo(t *testing.T, out io.Writer, stdin io.Reader, args ...string) (int, string) {
	t.Helper()
	var errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, &streams{In: stdin, Out: out, Err: &errOut}) }()
	select {
	case code := <-done:
		return code, errOut.String()
	case <-time.After(60 * time.Second):
		t.Fatalf("%v does not end", args)
		return 0, ""
	}
}

// devFull opens /dev/full, a disk that is always full.
func devFull(t *testing.T) *os.File {
	t.Helper()
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// TestWritesToAFullDiskFail: explain, rules, --diff, check, next and
// simulate writing to a full disk exit 3 with one line, never 0 or 1.
func TestWritesToAFullDiskFail(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.bpmn", []byte(unquotedModel))
	for _, args := range [][]string{
		{"explain", "TMR1004"},
		{"rules"},
		{"version"},
		{"check", "--no-config", "--diff", p},
		{"check", "--no-config", p},
		{"check", "--no-config", "--format", "json", p},
		{"simulate", "--no-config", "--now", "2026-11-01T00:00:00Z", p},
		{"config", "validate", "--print-schema"},
	} {
		code, errOut := runTo(t, devFull(t), strings.NewReader(""), args...)
		if code != lint.ExitInternal || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "no space left") {
			t.Errorf("%v to a full disk: exit %d, stderr %q; want exit 3 and one line", args, code, errOut)
		}
	}
}

// TestReportFileOnFullDisk: --format FORMAT=FILE to a full disk fails with
// exit 3; a failing report never truncates the previous one.
func TestReportFileOnFullDisk(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.bpmn", []byte(unquotedModel))
	code, errOut := runTo(t, io.Discard, strings.NewReader(""), "check", "--no-config", "--format", "sarif=/dev/full", p)
	if code != lint.ExitInternal {
		t.Errorf("sarif=/dev/full: exit %d, stderr %q", code, errOut)
	}
	report := writeFile(t, dir, "out.json", []byte("previous"))
	if code, errOut = runTo(t, io.Discard, strings.NewReader(""), "check", "--no-config", "--format", "json="+report, p); code != lint.ExitFindings {
		t.Fatalf("json=FILE: exit %d, %s", code, errOut)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left beside the report: %v", entries)
	}
}

// TestFixOnlyUnderGivenPaths: a model a given graph names, outside the
// given paths, is reported but not rewritten by --fix.
func TestFixOnlyUnderGivenPaths(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{".git", "graph", "models"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	model := writeFile(t, dir, "models/a.bpmn", []byte(unquotedModel))
	writeFile(t, dir, "graph/index.ttl", []byte(`@prefix proc: <https://w3id.org/seams/proc#> .
<../models/a.bpmn#B> a proc:TimerCatchEvent .
`))
	code, errOut := runTo(t, io.Discard, strings.NewReader(""), "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--fix", filepath.Join(dir, "graph"))
	if b, _ := os.ReadFile(model); string(b) != unquotedModel {
		t.Errorf("--fix rewrote %s, outside the given paths (exit %d, %s)", model, code, errOut)
	}
	// Given, it is fixed.
	if code, errOut = runTo(t, io.Discard, strings.NewReader(""), "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--fix", dir); code != 0 {
		t.Errorf("--fix of the tree: exit %d, %s", code, errOut)
	}
	if b, _ := os.ReadFile(model); string(b) == unquotedModel {
		t.Error("--fix of the tree left the model unfixed")
	}
}

// TestFileNameCannotInject: a model whose file name holds a line break, a
// workflow command and an escape sequence prints one escaped line, in
// check's findings, the simulator's timeline and next's refusals.
func TestFileNameCannotInject(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	name := "x\n::error file=evil.bpmn,line=1::pwned\x1b[2J.bpmn"
	writeFile(t, dir, name, []byte(unquotedModel))
	const escaped = `x\n::error file=evil.bpmn,line=1::pwned\x1b[2J.bpmn:6:`
	for _, c := range []struct {
		args    []string
		code    int
		showing bool // the output names the file where check does
	}{
		{[]string{"check", "--show-source"}, lint.ExitFindings, true},
		{[]string{"simulate"}, 0, false},
		{[]string{"next"}, lint.ExitFindings, true},
	} {
		var out bytes.Buffer
		args := append(slices.Clone(c.args), "--no-config", "--now", "2026-11-01T12:00:00Z", ".")
		code, errOut := runTo(t, &out, strings.NewReader(""), args...)
		if code != c.code {
			t.Fatalf("%s: exit %d, %s", c.args[0], code, errOut)
		}
		for _, line := range strings.Split(out.String()+errOut, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "::") || strings.ContainsRune(line, 0x1b) {
				t.Errorf("%s: output line injects: %q", c.args[0], line)
			}
		}
		if c.showing && !strings.Contains(out.String(), escaped) {
			t.Errorf("%s: the path is not shown escaped:\n%s", c.args[0], out.String())
		}
	}
}

// endless is stdin fed from /dev/zero.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestBoundedInputs: /dev/zero as stdin, config or scenario, a FIFO as
// the config, and --jobs 2147483647 end promptly with a usage error or a
// finding.
func TestBoundedInputs(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.bpmn", []byte(unquotedModel))
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, c := range []struct {
		stdin io.Reader
		args  []string
		code  int
	}{
		{endless{}, []string{"check", "--no-config", "--stdin-filename", "a.bpmn", "-"}, lint.ExitUsage},
		{nil, []string{"check", "--config", "/dev/zero", p}, lint.ExitUsage},
		{nil, []string{"check", "--config", fifo, p}, lint.ExitUsage},
		{nil, []string{"config", "validate", fifo}, lint.ExitUsage},
		{nil, []string{"simulate", "--no-config", "--scenario", "/dev/zero", p}, lint.ExitUsage},
		{nil, []string{"simulate", "--no-config", "--scenario", fifo, p}, lint.ExitUsage},
		{nil, []string{"check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--jobs", "2147483647", p}, lint.ExitFindings},
		{nil, []string{"check", "--no-config", "--jobs", "-1", p}, lint.ExitUsage},
	} {
		in := c.stdin
		if in == nil {
			in = strings.NewReader("")
		}
		code, errOut := runTo(t, io.Discard, in, c.args...)
		if code != c.code || strings.Count(errOut, "\n") > 3 {
			t.Errorf("%v: exit %d, want %d; stderr %q", c.args, code, c.code, errOut)
		}
	}
}

// panicky is a stdout whose writes panic, standing for an internal bug.
type panicky struct{}

func (panicky) Write([]byte) (int, error) { panic("boom\ngoroutine 1 [running]") }

// TestPanicIsExitThree: an internal failure is exit 3 with one line, not
// a stack trace.
func TestPanicIsExitThree(t *testing.T) {
	code, errOut := runTo(t, panicky{}, strings.NewReader(""), "rules")
	if code != lint.ExitInternal || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "internal error") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestFoundConfigLinkNotFollowed: a .seams-timers.yaml found in the tree
// that links out of its directory is refused, and quotes nothing.
func TestFoundConfigLinkNotFollowed(t *testing.T) {
	secretDir := t.TempDir()
	secret := writeFile(t, secretDir, "credentials.yaml", []byte("secret_token: hunter2\n"))
	dir := t.TempDir()
	p := writeFile(t, dir, "a.bpmn", []byte(unquotedModel))
	if err := os.Symlink(secret, filepath.Join(dir, lint.ConfigFileName)); err != nil {
		t.Fatal(err)
	}
	code, errOut := runTo(t, io.Discard, strings.NewReader(""), "check", p)
	if code != lint.ExitUsage || strings.Contains(errOut, "secret_token") || !strings.Contains(errOut, "not followed") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
