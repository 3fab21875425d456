package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/seams/seams-timers/internal/benchgen"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// syncBuffer is a bytes.Buffer that a watch writes while a test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// skipWithoutWatch skips a test where fsnotify cannot watch.
func skipWithoutWatch(t *testing.T) {
	t.Helper()
	w, err := fsnotify.NewWatcher()
	if err != nil {
		t.Skipf("fsnotify does not watch here: %v", err)
	}
	_ = w.Close()
}

// watchDeadline is how long a test waits for a watch to print what a
// fresh check prints: generous, for a loaded machine; a passing test
// waits a fraction of a second per step.
const watchDeadline = 30 * time.Second

// startWatch runs check --watch with args in-process until the test ends,
// and returns its stderr and a function that stops it and returns its
// exit code.
func startWatch(t *testing.T, args ...string) (stderr *syncBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	old := watchContext
	watchContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(append([]string{"check", "--watch"}, args...), &streams{In: strings.NewReader(""), Out: stdout, Err: stderr})
	}()
	stopped, code := false, 0
	stop = func() int {
		if !stopped {
			stopped = true
			cancel()
			select {
			case code = <-done:
			case <-time.After(watchDeadline):
				t.Fatalf("the watch did not end when stopped; stderr:\n%s", stderr.String())
			}
			watchContext = old
		}
		return code
	}
	t.Cleanup(func() { stop() })
	return stderr, stop
}

// waitForFile polls the file at path until it holds want, and fails the
// test after watchDeadline with what it last held.
func waitForFile(t *testing.T, step, path, want string, stderr *syncBuffer) {
	t.Helper()
	deadline := time.Now().Add(watchDeadline)
	got := ""
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(path)
		if got = string(b); err == nil && got == want {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s: after %v the watch's output is not a fresh check's\nwatch:\n%s\nfresh check:\n%s\nstderr:\n%s", step, watchDeadline, got, want, stderr.String())
}

// TestWatchMatchesFreshCheck edits a project under check --watch, step by
// step, and after each step waits for the watch's result to equal a
// fresh check of the same tree: a finding made and fixed, a model
// removed, a model added in a new directory, an editor's save by rename,
// the config changed, an ignored directory, the index graph changed and
// removed.
func TestWatchMatchesFreshCheck(t *testing.T) {
	skipWithoutWatch(t)
	root := t.TempDir()
	// A repository's top bounds what is watched above the paths.
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	models := filepath.Join(root, "models")
	if err := os.MkdirAll(models, 0o755); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	approval, digest, index := read("approval.bpmn"), read("digest.bpmn"), read("index.ttl")
	writeFile(t, models, "approval.bpmn", approval)
	writeFile(t, models, "digest.bpmn", digest)
	writeFile(t, models, "index.ttl", index)
	writeFile(t, models, "other.bpmn", bytes.ReplaceAll(approval, []byte(`id="Approval"`), []byte(`id="Other"`)))
	config := writeFile(t, root, lint.ConfigFileName, []byte("rules: {}\n"))

	outDir := t.TempDir()
	out := filepath.Join(outDir, "watch.txt")
	flags := []string{"--now=2026-11-01T12:00:00Z", "-q"}
	stderr, stop := startWatch(t, append(flags, "--format", "text="+out, root)...)
	fresh := func(step, must, mustNot string) string {
		t.Helper()
		p := filepath.Join(outDir, "fresh.txt")
		code, _, errOut := runCLI(t, "", append([]string{"check"}, append(flags, "--format", "text="+p, root)...)...)
		if code > lint.ExitFindings {
			t.Fatalf("%s: check exits %d:\n%s", step, code, errOut)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if must != "" && !strings.Contains(string(b), must) {
			t.Fatalf("%s: a fresh check does not report %s, so the step tests nothing:\n%s", step, must, b)
		}
		if mustNot != "" && strings.Contains(string(b), mustNot) {
			t.Fatalf("%s: a fresh check still reports %s:\n%s", step, mustNot, b)
		}
		return string(b)
	}
	step := func(name, must, mustNot string, edit func()) {
		t.Helper()
		edit()
		waitForFile(t, name, out, fresh(name, must, mustNot), stderr)
	}

	step("start", "", "TMR1004", func() {})
	unquoted := bytes.Replace(approval, []byte(`"PT48H"`), []byte(`PT48H`), 1)
	// asLate is a model as another model, its process renamed Late.
	asLate := func(src []byte) []byte { return bytes.ReplaceAll(src, []byte(`id="Approval"`), []byte(`id="Late"`)) }
	step("a finding made", "TMR1004", "", func() { writeFile(t, models, "approval.bpmn", unquoted) })
	step("the finding fixed", "", "TMR1004", func() { writeFile(t, models, "approval.bpmn", approval) })
	step("a model removed", "", "other.bpmn", func() {
		if err := os.Remove(filepath.Join(models, "other.bpmn")); err != nil {
			t.Fatal(err)
		}
	})
	deep := filepath.Join(models, "new", "deeper")
	step("a model in a new directory", "deeper/late.bpmn", "", func() {
		if err := os.MkdirAll(deep, 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, deep, "late.bpmn", asLate(unquoted))
	})
	renamed := filepath.Join(models, "renamed", "deeper")
	step("a directory renamed", "renamed/deeper/late.bpmn", "new/deeper/late.bpmn", func() {
		if err := os.Rename(filepath.Join(models, "new"), filepath.Join(models, "renamed")); err != nil {
			t.Fatal(err)
		}
	})
	step("a model edited in the renamed directory", "", "renamed/deeper/late.bpmn", func() {
		writeFile(t, renamed, "late.bpmn", asLate(approval))
	})
	step("the directory renamed back", "new/deeper/late.bpmn", "renamed/", func() {
		writeFile(t, renamed, "late.bpmn", asLate(unquoted))
		if err := os.Rename(filepath.Join(models, "renamed"), filepath.Join(models, "new")); err != nil {
			t.Fatal(err)
		}
	})
	step("a model edited in the directory renamed back", "", "deeper/late.bpmn", func() {
		writeFile(t, deep, "late.bpmn", asLate(approval))
	})
	step("and made to find again", "deeper/late.bpmn", "", func() {
		writeFile(t, deep, "late.bpmn", asLate(unquoted))
	})
	step("an editor's save: a new file renamed over the model", "approval.bpmn:20", "", func() {
		tmp := writeFile(t, models, ".approval.bpmn.swp", unquoted)
		if err := os.Rename(tmp, filepath.Join(models, "approval.bpmn")); err != nil {
			t.Fatal(err)
		}
	})
	step("the config turns the rule off", "", "TMR1004", func() {
		writeFile(t, root, lint.ConfigFileName, []byte("rules:\n  TMR1004: off\n"))
	})
	// An invalid config fails the run, and the watch goes on; a model
	// made while it is invalid is checked once it is valid again.
	writeFile(t, root, lint.ConfigFileName, []byte("rules:\n  TMR1004: sometimes\n"))
	for deadline := time.Now().Add(watchDeadline); !strings.Contains(stderr.String(), "sometimes"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the invalid config is not reported; stderr:\n%s", stderr.String())
		}
	}
	zero := bytes.Replace(approval, []byte(`"PT48H"`), []byte(`"PT0S"`), 1)
	writeFile(t, deep, "meanwhile.bpmn", bytes.ReplaceAll(zero, []byte(`id="Approval"`), []byte(`id="Meanwhile"`)))
	step("the config valid again", "deeper/meanwhile.bpmn", "TMR1004", func() {
		writeFile(t, root, lint.ConfigFileName, []byte("rules:\n  TMR1004: off\n"))
	})
	step("the config removed", "TMR1004", "", func() {
		if err := os.Remove(config); err != nil {
			t.Fatal(err)
		}
	})
	step("a directory ignored", "", "deeper/late.bpmn", func() {
		writeFile(t, root, ".gitignore", []byte("new/\n"))
	})
	// With a visible edit beside it, so that the wait ends on a run that
	// saw the write in the ignored directory.
	step("a model in the ignored directory", "approval.bpmn", "later.bpmn", func() {
		writeFile(t, deep, "later.bpmn", unquoted)
		writeFile(t, models, "approval.bpmn", unquoted)
	})
	step("the ignore file removed", "deeper/later.bpmn", "", func() {
		if err := os.Remove(filepath.Join(root, ".gitignore")); err != nil {
			t.Fatal(err)
		}
		writeFile(t, models, "approval.bpmn", approval)
	})
	step("the index graph changed", "TMR3", "", func() {
		writeFile(t, models, "index.ttl", bytes.Replace(index, []byte("<digest.bpmn#EveryMorning> a proc:TimerStartEvent ."), nil, 1))
	})
	step("the index graph removed", "", "TMR3", func() {
		if err := os.Remove(filepath.Join(models, "index.ttl")); err != nil {
			t.Fatal(err)
		}
	})
	if code := stop(); code != lint.ExitOK {
		t.Fatalf("the watch ended with exit code %d, want 0; stderr:\n%s", code, stderr.String())
	}
}

// TestWatchPrintsEachRun: on stdout (not a terminal), each run prints
// what check prints, and stderr ends each run with check's summary and
// the line saying the watch goes on.
func TestWatchPrintsEachRun(t *testing.T) {
	skipWithoutWatch(t)
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	good := []byte(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <process id="p">
    <intermediateCatchEvent id="s"><timerEventDefinition id="t"><timeDuration>"PT1H"</timeDuration></timerEventDefinition></intermediateCatchEvent>
  </process>
</definitions>
`)
	writeFile(t, root, "a.bpmn", good)
	ctx, cancel := context.WithCancel(context.Background())
	old := watchContext
	watchContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { watchContext = old }()
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"check", "--watch", "--no-config", "--now=2026-11-01T12:00:00Z", root}, &streams{In: strings.NewReader(""), Out: stdout, Err: stderr})
	}()
	defer func() {
		cancel()
		<-done
	}()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(watchDeadline); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if ok() {
				return
			}
		}
		t.Fatalf("%s: not seen after %v\nstdout:\n%s\nstderr:\n%s", what, watchDeadline, stdout.String(), stderr.String())
	}
	// The directory and the one above it, up to the repository's top.
	const watching = "seams-timers: watching 2 directories for changes (Ctrl-C to stop)\n"
	const note = "note: no index graph (*.ttl, *.nt) was found, so the graph rules (TMR3xxx, TMR4xxx) did not run\n"
	waitFor("the first run", func() bool { return strings.Count(stderr.String(), watching) == 1 })
	if got, want := stderr.String(), note+"0 errors, 0 warnings in 1 file (1 timer)\n"+watching; got != want {
		t.Fatalf("stderr after the first run:\n%s\nwant:\n%s", got, want)
	}
	if stdout.String() != "" {
		t.Fatalf("stdout after a run with no finding: %q", stdout.String())
	}
	writeFile(t, root, "a.bpmn", bytes.Replace(good, []byte(`"PT1H"`), []byte(`PT1H`), 1))
	waitFor("the run after the edit", func() bool { return strings.Count(stderr.String(), watching) >= 2 })
	_, want, _ := runCLI(t, "", "check", "--no-config", "--now=2026-11-01T12:00:00Z", root)
	if !strings.Contains(want, "TMR1004") {
		t.Fatalf("check reports no TMR1004 on the edit:\n%s", want)
	}
	waitFor("check's output", func() bool { return strings.HasSuffix(stdout.String(), want) })
	if !strings.Contains(stderr.String(), note+"1 error, 0 warnings in 1 file (1 timer)\n"+watching) {
		t.Fatalf("stderr does not end the run with check's summary:\n%s", stderr.String())
	}
}

// TestWatchRefuses: what --watch cannot do is a usage error (exit 2)
// before anything is watched.
func TestWatchRefuses(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fix", dir}, "--fix writes the files that --watch watches"},
		{[]string{"--diff", dir}, "--diff with --watch"},
		{[]string{"--new-from-rev", "HEAD", dir}, "--new-from-rev with --watch"},
		{[]string{"--stdin-filename", "a.bpmn", "-"}, "stdin"},
		{[]string{"--format", "json", dir}, "a stream of json documents is no json document"},
		{[]string{"--format", "sarif", dir}, "--format sarif=FILE"},
		{[]string{"--format", "text", "--format", "junit", dir}, "only one --format may write to stdout"},
		// Accepted flags, then what check refuses before it starts.
		{[]string{"--format", "json=" + filepath.Join(dir, "out.json"), filepath.Join(dir, "missing")}, "missing: no such file or directory"},
		{[]string{"--format", "github", filepath.Join(dir, "missing")}, "missing: no such file or directory"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"check", "--watch"}, tc.args...)...)
		if code != lint.ExitUsage || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("check --watch %s: exit %d, stdout %q, stderr %q; want exit 2 saying %q", strings.Join(tc.args, " "), code, out, errOut, tc.want)
		}
	}
}

// TestWatchEndsOnSignal runs the binary: SIGINT and SIGTERM end a watch
// with exit code 0, whatever the last run found.
func TestWatchEndsOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT or SIGTERM to send to a process")
	}
	skipWithoutWatch(t)
	bin := buildBinary(t)
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "a.bpmn", []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="p">
<startEvent id="s"><timerEventDefinition id="t"><timeDuration>PT1H</timeDuration></timerEventDefinition></startEvent></process></definitions>
`))
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		cmd := exec.Command(bin, "check", "--watch", "--no-config", root)
		stderr := &syncBuffer{}
		cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(watchDeadline); !strings.Contains(stderr.String(), "watching") && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		if code := cmd.ProcessState.ExitCode(); code != 0 || !strings.Contains(stderr.String(), "2 errors") {
			t.Errorf("%v: exit code %d, want 0 after a run with findings; stderr:\n%s", sig, code, stderr.String())
		}
	}
}

// BenchmarkWatchEdit is one run of check --watch after an edit of one
// model of 2,000 with an index graph, without the quiet delay: the edited
// model parsed again, every other model and the graph taken from the
// session (bench/watch-latency.sh times the whole, from the write to the
// printed result, in a real process).
func BenchmarkWatchEdit(b *testing.B) {
	dir := b.TempDir()
	const n = 2000
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, benchgen.ModelName(i)), []byte(benchgen.Model(i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "index.ttl"), []byte(benchgen.Index(n)), 0o644); err != nil {
		b.Fatal(err)
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		b.Skip(err)
	}
	defer fw.Close()
	w := &watcher{
		fs: fw, session: project.NewSession(), files: &readCache{files: map[string]cachedFile{}},
		kinds: allKinds(), warn: io.Discard,
		watched: map[string]dirRole{}, walked: map[string]bool{}, read: map[string]bool{}, warned: map[string]bool{},
	}
	o := &checkOptions{Paths: []string{dir}, Formats: []string{"text"}, FailOn: "error", Color: "never", Now: "2026-11-01T12:00:00Z", Quiet: true}
	o.Config.NoConfig = true
	s := &streams{Out: io.Discard, Err: io.Discard}
	if err := runCheckWith(s, o, w); err != nil {
		b.Fatal(err)
	}
	w.sync(nil, false)
	model := filepath.Join(dir, "model00007.bpmn")
	orig := []byte(benchgen.Model(7))
	// CPU time as well as wall time: on a machine shared with other
	// work, the wall time says more about the others.
	b.ResetTimer()
	start, measured := processCPU()
	n0 := 0
	for i := 0; b.Loop(); i++ {
		n0++
		edited := bytes.Replace(orig, []byte(`name="Generated process 7"`), fmt.Appendf(nil, `name="Generated process %06d"`, i), 1)
		if err := os.WriteFile(model, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		// What the watch does on the event of a write in place.
		w.forget(map[string]bool{model: false})
		if err := runCheckWith(s, o, w); err != nil {
			b.Fatal(err)
		}
		w.sync(nil, false)
	}
	if end, ok := processCPU(); ok && measured {
		b.ReportMetric(float64((end-start).Microseconds())/1000/float64(n0), "cpu-ms/op")
	}
}

// TestREADMEWatch holds the README's check --watch example to what the
// first run prints, piped (stdout, then stderr), from the repository's
// root.
func TestREADMEWatch(t *testing.T) {
	skipWithoutWatch(t)
	md, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(md), "\n### Watch\n")
	if !ok {
		t.Fatal("README.md has no ### Watch section")
	}
	_, block, _ = strings.Cut(block, "```text\n")
	block, _, _ = strings.Cut(block, "```\n")
	lines := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
	args, err := shellWords(strings.TrimPrefix(lines[0], "$ "))
	if err != nil || len(args) < 3 || args[0] != "seams-timers" || args[2] != "--watch" {
		t.Fatalf("README.md's watch example runs %q", lines[0])
	}
	if _, err := os.Lstat("../../.git"); err != nil {
		t.Skip("not in a git checkout: the directories watched above the path reach past the repository")
	}
	t.Chdir("../..")
	t.Setenv("NO_COLOR", "1")
	ctx, cancel := context.WithCancel(context.Background())
	old := watchContext
	watchContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { watchContext = old }()
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(args[1:], &streams{In: strings.NewReader(""), Out: stdout, Err: stderr}) }()
	for deadline := time.Now().Add(watchDeadline); !strings.Contains(stderr.String(), "seams-timers: watching") && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	<-done
	got := strings.Split(strings.TrimSuffix(stdout.String()+stderr.String(), "\n"), "\n")
	if diff := matchOutput(got, lines[1:]); diff != "" {
		t.Errorf("README.md's watch example: %s", diff)
	}
}
