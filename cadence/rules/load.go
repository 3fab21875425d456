package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/seams/seams-timers/cadence/catalog"
	"github.com/seams/seams-timers/internal/fileiri"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// State is the engine's project state: the findings of the analyzers and
// of the history rules, by rule ID, and the CronSchedule values of the Go
// code.
type State struct {
	Findings map[string][]lint.Diagnostic
	// Crons are the constant CronSchedule values of the Go code, in file
	// and offset order: what next and simulate read from Go files.
	Crons []Cron
}

// Cron is a CronSchedule value and where it is.
type Cron struct {
	Spec string
	At   span.Range
}

// RuleGoLoad is the rule of a Go package that cannot be loaded.
const RuleGoLoad = catalog.GoLoad

func load(l *project.Loader) (any, []lint.Diagnostic, []string) {
	st := &State{Findings: map[string][]lint.Diagnostic{}}
	var diags []lint.Diagnostic
	var sections map[string]any
	if c := l.Config(); c != nil {
		sections = c.Sections
	}
	cfg := configOf(sections)
	histories := loadHistories(l, st, cfg, &diags)
	goFiles := inGoTrees(l.Paths(KindGo), l.GoTrees())
	if len(goFiles) > 0 {
		diags = append(diags, loadGo(l, st, goFiles)...)
	}
	if len(goFiles) == 0 && histories == 0 {
		return nil, diags, nil
	}
	return st, diags, nil
}

// StateOf returns the engine's state of a loaded project, or nil.
func StateOf(p *lint.Project) *State {
	st, _ := p.States[EngineName].(*State)
	return st
}

// add records a finding under its rule.
func (st *State) add(d lint.Diagnostic) { st.Findings[d.Rule] = append(st.Findings[d.Rule], d) }

// module is one Go module's share of the discovered files: its root and
// the directories of its packages.
type module struct {
	root string
	dirs []string
}

// modulesOf groups the directories of Go files by the module that holds
// them (the nearest go.mod at or above). Files in no module are returned
// apart.
func modulesOf(files []string) (mods []*module, orphans []string) {
	byRoot := map[string]*module{}
	seenDir := map[string]bool{}
	for _, f := range files {
		dir, err := filepath.Abs(filepath.Dir(f))
		if err != nil || seenDir[dir] {
			continue
		}
		seenDir[dir] = true
		root := moduleRoot(dir)
		if root == "" {
			orphans = append(orphans, f)
			continue
		}
		m := byRoot[root]
		if m == nil {
			m = &module{root: root}
			byRoot[root] = m
			mods = append(mods, m)
		}
		m.dirs = append(m.dirs, dir)
	}
	slices.SortFunc(mods, func(a, b *module) int { return strings.Compare(a.root, b.root) })
	return mods, orphans
}

func moduleRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// inGoTrees drops the Go files that a Go package pattern (dir/...) does
// not match, as the go command does: below dir, only dir's own module's
// packages, not those of a module nested in it (a go.mod further down).
// A dir in no module keeps every module below it, each loaded apart.
func inGoTrees(files, trees []string) []string {
	if len(trees) == 0 {
		return files
	}
	type tree struct{ dir, mod string }
	var ts []tree
	for _, d := range trees {
		abs, err := filepath.Abs(d)
		if err != nil {
			continue
		}
		if mod := moduleRoot(abs); mod != "" {
			ts = append(ts, tree{abs, mod})
		}
	}
	modOf := map[string]string{}
	out := files[:0:0]
	for _, f := range files {
		dir, err := filepath.Abs(filepath.Dir(f))
		if err != nil {
			out = append(out, f)
			continue
		}
		mod, ok := modOf[dir]
		if !ok {
			mod = moduleRoot(dir)
			modOf[dir] = mod
		}
		keep := true
		for _, t := range ts {
			if (dir == t.dir || strings.HasPrefix(dir, t.dir+string(filepath.Separator))) && mod != t.mod {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

// HelperName is the executable that loads and analyzes Go packages.
const HelperName = "seams-timers-go"

// HelperEnv names the variable that overrides where the helper is.
const HelperEnv = "SEAMS_TIMERS_GO"

// Helper returns the path of seams-timers-go: $SEAMS_TIMERS_GO, else the
// file beside the running executable, else the one on PATH.
func Helper() (string, error) {
	if p := os.Getenv(HelperEnv); p != "" {
		return p, nil
	}
	name := HelperName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), name); fileExists(p) {
			return p, nil
		}
	}
	return exec.LookPath(name)
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// loadGo has seams-timers-go load and analyze the packages of the
// discovered Go files, module by module, and records what it found.
func loadGo(l *project.Loader, st *State, goFiles []string) []lint.Diagnostic {
	var diags []lint.Diagnostic
	shown := map[string]string{} // absolute path -> path as discovered
	for _, f := range goFiles {
		if a, err := filepath.Abs(f); err == nil {
			shown[a] = f
		}
	}
	mods, orphans := modulesOf(goFiles)
	for _, f := range orphans {
		diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(f, span.Pos{Line: 1, Col: 1}),
			"Go file in no module: no go.mod at or above its directory",
			"Run seams-timers check in a Go module (a directory holding go.mod, or below one)."))
	}
	if len(mods) == 0 {
		return diags
	}
	helper, err := Helper()
	if err != nil {
		for _, m := range mods {
			diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(displayPath(shown, filepath.Join(m.root, "go.mod")), span.Pos{Line: 1, Col: 1}),
				"Go packages are analyzed by seams-timers-go, which is neither beside seams-timers nor on PATH",
				"Install it beside seams-timers: go install github.com/seams/seams-timers/cmd/seams-timers-go (or set SEAMS_TIMERS_GO to its path)."))
		}
		return diags
	}
	added := map[string]bool{}
	for _, m := range mods {
		rep, err := runHelper(helper, m, l.Roots())
		var be *budgetError
		if errors.As(err, &be) {
			diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(displayPath(shown, filepath.Join(m.root, "go.mod")), span.Pos{Line: 1, Col: 1}),
				be.msg, "Exclude generated or vendored code in the config, or raise the budget ("+HelperTimeoutEnv+", "+HelperMemoryEnv+" in bytes) for a module this large."))
			continue
		}
		if err != nil {
			diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(displayPath(shown, filepath.Join(m.root, "go.mod")), span.Pos{Line: 1, Col: 1}),
				"seams-timers-go failed: "+err.Error(), "Run go build ./... in the module; if it builds, this is a bug in seams-timers: please report it."))
			continue
		}
		for _, f := range rep.Files {
			if added[f.Path] {
				continue
			}
			added[f.Path] = true
			l.Add(goFile(l, displayPath(shown, f.Path), f))
		}
		for _, w := range rep.Findings {
			d := wireDiagnostic(shown, w)
			if w.Rule == RuleGoLoad {
				diags = append(diags, d)
				continue
			}
			st.add(d)
		}
		for _, c := range rep.Crons {
			st.Crons = append(st.Crons, Cron{Spec: c.Spec, At: wireSpan(shown, c.At)})
		}
	}
	slices.SortStableFunc(st.Crons, func(a, b Cron) int {
		if c := strings.Compare(a.At.File, b.At.File); c != 0 {
			return c
		}
		return a.At.Start.Offset - b.At.Start.Offset
	})
	return diags
}

// The budget of seams-timers-go per module: a module that takes longer,
// more memory or prints more is a finding at its go.mod, and the process
// and everything it started (the go command) are killed.
const (
	// HelperTimeout is how long loading one module may take.
	HelperTimeout = 3 * time.Minute
	// HelperMemory is the memory budget of seams-timers-go and the go
	// commands it runs: their resident memory together, where the system
	// tells it (Linux).
	HelperMemory = 2 << 30
	// helperOutput bounds the report read from its stdout, and
	// helperStderr what is kept of its stderr.
	helperOutput = lint.MaxInputSize
	helperStderr = 64 << 10
	// helperReserve is what each process's address-space limit (the
	// backstop below the budget) adds to twice the budget: the address
	// space a Go process reserves whatever its heap. Measured with go1.26.8
	// on linux/amd64 (VmPeak in /proc/PID/status): 1.17 GiB for a program
	// that only prints, 1.21 GiB for each go list that go/packages runs,
	// 1.27 GiB for seams-timers-go on a small module, 1.53 GiB on this
	// repository (318 MiB resident). Most of it is never touched: the page
	// allocator's summaries (585 MiB) and the scavenger's index (512 MiB),
	// sized by the 48-bit address space, not by the heap. A limit below
	// that fails the helper's first heap growth (it limits itself after
	// its runtime reserved all this) in one of several ways, some without
	// a word of memory (go1.26's collector dereferences the nil of a
	// failed mmap: SIGSEGV); and a go command started under it runs with
	// reservations its runtime does not check.
	helperReserve = 2 << 30
)

// Variables that override the budget (tests, and a very large module):
// a Go duration and a byte count.
const (
	HelperTimeoutEnv = "SEAMS_TIMERS_GO_TIMEOUT"
	HelperMemoryEnv  = "SEAMS_TIMERS_GO_MEMORY"
)

func helperBudget() (time.Duration, int64) {
	timeout, mem := HelperTimeout, int64(HelperMemory)
	if d, err := time.ParseDuration(os.Getenv(HelperTimeoutEnv)); err == nil && d > 0 {
		timeout = d
	}
	if n, err := strconv.ParseInt(os.Getenv(HelperMemoryEnv), 10, 64); err == nil && n > 0 {
		mem = n
	}
	return timeout, mem
}

// budgetError is a helper stopped for going over its budget.
type budgetError struct{ msg string }

func (e *budgetError) Error() string { return e.msg }

// errOutputTooLarge ends a report over helperOutput.
var errOutputTooLarge = errors.New("output too large")

// capWriter keeps at most max bytes; past them it fails (stdout: the
// process is killed) or drops the rest (stderr).
type capWriter struct {
	buf  bytes.Buffer
	max  int
	fail bool
	over bool
}

func (w *capWriter) Write(p []byte) (int, error) {
	if room := w.max - w.buf.Len(); len(p) > room {
		w.buf.Write(p[:max(room, 0)])
		w.over = true
		if w.fail {
			return 0, errOutputTooLarge
		}
		return len(p), nil
	}
	return w.buf.Write(p)
}

// runHelper runs seams-timers-go load on a module, within the budget, and
// decodes its report. roots are the project's boundary, which the helper
// keeps to as well.
func runHelper(helper string, m *module, roots []string) (*Report, error) {
	args := []string{"load"}
	for _, r := range roots {
		args = append(args, "-root", r)
	}
	args = append(args, m.root)
	for _, d := range m.dirs {
		rel, err := filepath.Rel(m.root, d)
		if err != nil {
			rel = d
		}
		args = append(args, "./"+filepath.ToSlash(rel))
	}
	timeout, mem := helperBudget()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, helper, args...)
	// The helper's own address-space limit, inherited by its go commands,
	// is a backstop against a burst the watcher does not see in time: it
	// leaves each process the runtime's reservations (helperReserve) and
	// twice the budget for its heap. The budget is held by watchMemory, on
	// the resident memory of the helper and its go commands.
	cmd.Env = append(os.Environ(), HelperMemoryEnv+"="+strconv.FormatInt(2*mem+helperReserve, 10))
	stdout := &capWriter{max: helperOutput, fail: true}
	stderr := &capWriter{max: helperStderr}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	killGroup(cmd)
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Start()
	var overMemory atomic.Bool
	if err == nil {
		stop := make(chan struct{})
		defer close(stop)
		go watchMemory(cmd.Process.Pid, mem, stop, func() { overMemory.Store(true); cancel() })
		err = cmd.Wait()
	}
	switch {
	case overMemory.Load():
		return nil, &budgetError{fmt.Sprintf("loading the module went over the memory budget (%d MiB); it was stopped and the module not checked", mem>>20)}
	case ctx.Err() != nil:
		return nil, &budgetError{fmt.Sprintf("loading the module took over %s; it was stopped and the module not checked", timeout)}
	case stdout.over:
		return nil, &budgetError{fmt.Sprintf("seams-timers-go's report is over %d MiB; it was stopped and the module not checked", helperOutput>>20)}
	case err != nil && outOfMemory(stderr.buf.Bytes(), cmd.ProcessState):
		return nil, &budgetError{fmt.Sprintf("loading the module went over the memory budget (%d MiB); it was stopped and the module not checked", mem>>20)}
	case err != nil:
		msg := firstLine(stderr.buf.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	rep := &Report{}
	if err := json.Unmarshal(stdout.buf.Bytes(), rep); err != nil {
		return nil, fmt.Errorf("its report is not JSON: %w", err)
	}
	return rep, nil
}

// outOfMemory reports whether the helper died of its memory budget: the
// runtime's message, or a kill by the system.
func outOfMemory(stderr []byte, st *os.ProcessState) bool {
	if bytes.Contains(stderr, []byte("out of memory")) || bytes.Contains(stderr, []byte("cannot allocate memory")) {
		return true
	}
	return killedByOOM(st)
}

// displayPath is a file's path as discovery found it, else relative to the
// working directory when below it, else absolute.
func displayPath(shown map[string]string, abs string) string {
	if p, ok := shown[abs]; ok {
		return p
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return abs
}

func wireSpan(shown map[string]string, r WireRange) span.Range {
	return span.Range{
		File:  displayPath(shown, r.File),
		Start: span.Pos{Offset: r.Offset, Line: r.Line, Col: r.Col},
		End:   span.Pos{Offset: r.End, Line: r.EndLine, Col: r.EndCol},
	}
}

// wireDiagnostic is a finding of seams-timers-go as a diagnostic.
func wireDiagnostic(shown map[string]string, w WireFinding) lint.Diagnostic {
	r := wireSpan(shown, w.At)
	if w.Rule == RuleGoLoad {
		d := lint.LoadDiagnostic(RuleGoLoad, r, w.What, w.Detail)
		if w.Predicate == CgoPredicate {
			// The package's other files are checked: a gap in coverage,
			// not a module that could not be loaded.
			d.Severity = lint.SeverityWarning
		}
		return d
	}
	element := w.Element
	if element == "" {
		element = "package"
	}
	d := lint.ElementDiagnostic(r.File, fileiri.FromPath(w.At.File), r, element, w.Predicate, w.What, w.Detail)
	d.Rule = w.Rule
	if w.Fix != nil {
		d.Fix = &lint.Fix{Message: w.Fix.Message, Edits: w.Fix.Edits}
	}
	return d
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// goFile is the lint file of a Go source file of a loaded package: its
// bytes, read through the loader, its suppression comments, its timer
// count.
func goFile(l *project.Loader, path string, w WireFile) *lint.File {
	src, err := l.Read(path)
	if err != nil {
		src = nil
	}
	return &lint.File{Path: path, IRI: fileiri.FromPath(w.Path), Kind: KindGo, Src: src, Reported: true,
		Timers: w.Timers, Suppressions: suppressions(path, src)}
}

// Suppressed returns the findings a Go file's valid // seams-timers:ignore
// comments accept, as seams-timers check applies them: for each line
// covered, the rule IDs. A comment that names a rule not of rules
// (TMR8xxx, by ID or name) or gives no reason accepts nothing. go vet's
// tool (seams-timers-go) drops the findings these cover, so that go vet
// and check report the same.
func Suppressed(src []byte) map[int][]string {
	out := map[int][]string{}
	all := All()
	for _, s := range suppressions("", src) {
		if s.Reason == "" {
			continue
		}
		var ids []string
		for _, id := range s.IDs {
			r := lint.FindRule(all, id)
			if r == nil {
				ids = nil
				break
			}
			ids = append(ids, r.ID)
		}
		if ids != nil {
			out[s.TargetLine] = append(out[s.TargetLine], ids...)
		}
	}
	return out
}

// suppressions reads a Go file's // seams-timers:ignore comments. A
// comment alone on its line covers the next line; a comment after code
// covers its own line.
func suppressions(path string, src []byte) []*lint.Suppression {
	var out []*lint.Suppression
	off := 0
	for n, line := range bytes.SplitAfter(src, []byte("\n")) {
		start := off
		off += len(line)
		if !bytes.Contains(line, []byte(lint.SuppressPrefix)) {
			continue
		}
		i := suppressionAt(line)
		if i < 0 {
			continue
		}
		ids, reason, _ := lint.ParseSuppression(strings.TrimRight(string(line[i+2:]), "\r\n"))
		target := n + 2
		if len(bytes.TrimSpace(line[:i])) > 0 {
			target = n + 1
		}
		out = append(out, &lint.Suppression{File: path, Line: n + 1, Col: i + 1, EndCol: i + 1 + len(strings.TrimRight(string(line[i:]), "\r\n")),
			Offset: start + i, IDs: ids, Reason: reason, TargetLine: target})
	}
	return out
}

// suppressionAt returns the offset in a line of the // that starts a
// suppression comment, or -1: the first // whose text is one, since a //
// before it may be in a string ("https://...").
func suppressionAt(line []byte) int {
	for i := 0; ; i += 2 {
		j := bytes.Index(line[i:], []byte("//"))
		if j < 0 {
			return -1
		}
		i += j
		if _, _, ok := lint.ParseSuppression(string(line[i+2:])); ok {
			return i
		}
	}
}

// CgoPredicate marks seams-timers-go's finding of a Go file left out of
// loading because it uses cgo: a warning, since the rest of its package
// is still checked.
const CgoPredicate = "cgo"
