package goload

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/cadence/rules"
)

// The reproductions of issues 26 and 29 for the Go engine: each loads a
// hostile module in a temporary directory under a deadline, and checks
// that it ends in a finding at a place in the tree, that nothing outside
// the tree is read or quoted, and that no program of the tree runs.

// hostileModule writes files (name -> source) into a temporary module;
// the SDK stub is copied in when a file imports it.
func hostileModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = "module example.com/h\n\ngo 1.22\n"
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// withSDK adds the Temporal stub SDK to a module's files, inside it.
func withSDK(t *testing.T, dir string) {
	t.Helper()
	sdk, err := filepath.Abs("../analyzers/testdata/src/go.temporal.io/sdk")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(dir, "sdk"), os.DirFS(sdk)); err != nil {
		t.Fatal(err)
	}
}

// loadWithin loads ./... of the module at dir, failing the test when it
// takes over the deadline.
func loadWithin(t *testing.T, dir string, d time.Duration) *rules.Report {
	t.Helper()
	done := make(chan *rules.Report, 1)
	go func() { done <- Load(dir, []string{"./..."}) }()
	select {
	case rep := <-done:
		return rep
	case <-time.After(d):
		t.Fatalf("loading took over %s", d)
		return nil
	}
}

// findingAt returns the first finding of a file whose message holds what.
func findingAt(rep *rules.Report, file, what string) *rules.WireFinding {
	for i, f := range rep.Findings {
		if f.At.File == file && strings.Contains(f.What, what) {
			return &rep.Findings[i]
		}
	}
	return nil
}

// noneOutside fails when a finding or file names a place outside dir, or
// quotes the secret.
func noneOutside(t *testing.T, rep *rules.Report, dir, secret string) {
	t.Helper()
	for _, f := range rep.Findings {
		if !strings.HasPrefix(f.At.File, dir+string(filepath.Separator)) {
			t.Errorf("finding outside the module: %+v", f)
		}
		if secret != "" && (strings.Contains(f.What, secret) || strings.Contains(f.Detail, secret)) {
			t.Errorf("finding quotes content from outside the tree: %+v", f)
		}
	}
	for _, f := range rep.Files {
		if !strings.HasPrefix(f.Path, dir+string(filepath.Separator)) {
			t.Errorf("file outside the module: %s", f.Path)
		}
	}
}

// TestLinkOut: a Go file that is a symbolic link out of the tree is
// refused before the go command sees it, and its target is never quoted;
// the package's other files are still loaded.
func TestLinkOut(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("root:x:0:0:secret-token\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := hostileModule(t, map[string]string{"ok.go": "package h\n"})
	if err := os.Symlink(outside, filepath.Join(dir, "leak.go")); err != nil {
		t.Fatal(err)
	}
	rep := loadWithin(t, dir, time.Minute)
	if findingAt(rep, filepath.Join(dir, "leak.go"), "outside the project") == nil {
		t.Errorf("no refusal of leak.go: %+v", rep.Findings)
	}
	if len(rep.Findings) != 1 || len(rep.Files) != 1 || rep.Files[0].Path != filepath.Join(dir, "ok.go") {
		t.Errorf("findings %+v, files %+v; want the one refusal and ok.go loaded", rep.Findings, rep.Files)
	}
	noneOutside(t, rep, dir, "root")
}

// TestGoModDevice: a go.mod that is a link to /dev/zero, and one that is
// a FIFO, end in a finding at go.mod at once.
func TestGoModDevice(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/zero or FIFO")
	}
	for name, mk := range map[string]func(string) error{
		"dev-zero": func(p string) error { return os.Symlink("/dev/zero", p) },
		"fifo":     mkfifo,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "z.go"), []byte("package z\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := mk(filepath.Join(dir, "go.mod")); err != nil {
				t.Fatal(err)
			}
			rep := loadWithin(t, dir, 30*time.Second)
			if len(rep.Findings) != 1 || rep.Findings[0].At.File != filepath.Join(dir, "go.mod") || !strings.Contains(rep.Findings[0].What, "not loaded") {
				t.Errorf("findings %+v, want one refusal at go.mod", rep.Findings)
			}
		})
	}
}

// TestGoFileFIFOAndTooLarge: a FIFO and a file over the input limit are
// refused without being read (the large file is sparse: reading it would
// take the test's memory).
func TestGoFileFIFOAndTooLarge(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFO")
	}
	dir := hostileModule(t, map[string]string{"ok.go": "package h\n"})
	if err := mkfifo(filepath.Join(dir, "fifo.go")); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.go")
	if err := os.WriteFile(big, []byte("package h\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxGoFileSize+1); err != nil {
		t.Fatal(err)
	}
	rep := loadWithin(t, dir, 30*time.Second)
	if findingAt(rep, filepath.Join(dir, "fifo.go"), "not a regular file") == nil {
		t.Errorf("no refusal of the FIFO: %+v", rep.Findings)
	}
	if findingAt(rep, big, "too large") == nil {
		t.Errorf("no refusal of the large file: %+v", rep.Findings)
	}
	noneOutside(t, rep, dir, "")
}

// TestLineDirectives: //line directives move neither findings nor fixes:
// the finding names the file parsed at its real line, and its fix edits
// that file.
func TestLineDirectives(t *testing.T) {
	src := "package wf\n\nimport (\n\t\"time\"\n\n\t\"go.temporal.io/sdk/workflow\"\n)\n\n" +
		"//line /etc/shadow:1:1\nfunc A(ctx workflow.Context) error {\n\ttime.Sleep(time.Second)\n\treturn nil\n}\n\n" +
		"//line other.go:3:1\nfunc B(ctx workflow.Context) error {\n\ttime.Sleep(time.Second)\n\treturn nil\n}\n"
	dir := hostileModule(t, map[string]string{
		"go.mod":   "module example.com/h\n\ngo 1.22\n\nrequire go.temporal.io/sdk v1.0.0\n\nreplace go.temporal.io/sdk => ./sdk\n",
		"wf/wf.go": src,
		"other.go": "package h\n",
	})
	withSDK(t, dir)
	rep := loadWithin(t, dir, time.Minute)
	wf := filepath.Join(dir, "wf", "wf.go")
	var lines []int
	for _, f := range rep.Findings {
		if f.Rule != "TMR8001" {
			continue
		}
		if f.At.File != wf {
			t.Errorf("finding at %s, want %s: %+v", f.At.File, wf, f)
			continue
		}
		lines = append(lines, f.At.Line)
		if f.Fix == nil || len(f.Fix.Edits) != 3 || src[f.Fix.Edits[0].Offset:f.Fix.Edits[0].End] != "time.Sleep" ||
			src[f.Fix.Edits[2].Offset-len("time.Second)"):f.Fix.Edits[2].Offset] != "time.Second)" {
			t.Errorf("fix %+v does not edit wf.go's call", f.Fix)
		}
	}
	if len(lines) != 2 || lines[0] != 11 || lines[1] != 17 {
		t.Errorf("TMR8001 at lines %v, want 11 and 17", lines)
	}
}

// TestLineDirectiveSyntaxError: a syntax error after a //line directive is
// reported at its place in the file parsed, and no file the directive
// names is opened.
func TestLineDirectiveSyntaxError(t *testing.T) {
	dir := hostileModule(t, map[string]string{"a.go": "package h\n\n//line /etc/shadow:1:1\nfunc f() {\n\tx := \n}\n"})
	rep := loadWithin(t, dir, 30*time.Second)
	f := findingAt(rep, filepath.Join(dir, "a.go"), "syntax error")
	if f == nil || f.At.Line != 6 {
		t.Errorf("findings %+v, want a syntax error in a.go at line 6", rep.Findings)
	}
	noneOutside(t, rep, dir, "")
}

// fakeTool writes an executable that records that it ran, and returns the
// path of its record.
func fakeTool(t *testing.T, dir, name string) string {
	t.Helper()
	mark := filepath.Join(dir, name+".ran")
	script := "#!/bin/sh\necho ran > " + mark + "\nexit 1\n"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return mark
}

// TestNoCgo: a file with import "C" never reaches the C compiler (CC and
// a gcc first on PATH record it if they run); it is a warning at its
// import, and the package's other files are loaded.
func TestNoCgo(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	bin := t.TempDir()
	marks := []string{fakeTool(t, bin, "gcc"), fakeTool(t, bin, "cc"), fakeTool(t, bin, "evilcc")}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("CC", filepath.Join(bin, "evilcc"))
	t.Setenv("CGO_ENABLED", "1")
	dir := hostileModule(t, map[string]string{
		"c.go":  "package h\n\n/*\n#cgo CFLAGS: -fplugin=./evil.so\n#define A0 x\nint f(void) { return 0; }\n*/\nimport \"C\"\n\nfunc F() { C.f() }\n",
		"ok.go": "package h\n\nfunc G() {}\n",
	})
	rep := loadWithin(t, dir, time.Minute)
	for _, m := range marks {
		if _, err := os.Stat(m); err == nil {
			t.Errorf("%s ran", filepath.Base(strings.TrimSuffix(m, ".ran")))
		}
	}
	f := findingAt(rep, filepath.Join(dir, "c.go"), "uses cgo")
	if f == nil || f.Predicate != cgoPredicate || f.At.Line != 8 {
		t.Errorf("findings %+v, want the cgo warning at c.go:8", rep.Findings)
	}
	if len(rep.Files) != 1 || rep.Files[0].Path != filepath.Join(dir, "ok.go") {
		t.Errorf("files %+v, want ok.go", rep.Files)
	}
}

// TestNoToolchainSwitch: a go.mod asking for a newer Go is a finding, not
// a toolchain download, whatever GOTOOLCHAIN the user has; GOFLAGS with
// -toolexec and -overlay from the environment do not reach the go command.
func TestNoToolchainSwitch(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	bin := t.TempDir()
	mark := fakeTool(t, bin, "toolexec")
	t.Setenv("GOTOOLCHAIN", "auto")
	t.Setenv("GOFLAGS", "-toolexec="+filepath.Join(bin, "toolexec")+" -overlay=/nonexistent.json")
	t.Setenv("GOPROXY", "off")
	dir := hostileModule(t, map[string]string{
		"go.mod": "module example.com/h\n\ngo 1.999\n\ntoolchain go1.999.1\n",
		"a.go":   "package h\n",
	})
	rep := loadWithin(t, dir, time.Minute)
	if len(rep.Findings) != 1 || !strings.Contains(rep.Findings[0].What, "GOTOOLCHAIN=local") || rep.Findings[0].At.File != filepath.Join(dir, "go.mod") {
		t.Errorf("findings %+v, want one at go.mod naming GOTOOLCHAIN=local", rep.Findings)
	}
	// A module the go command can load, with the same environment.
	ok := hostileModule(t, map[string]string{"a.go": "package h\n"})
	if rep := loadWithin(t, ok, time.Minute); len(rep.Findings) != 0 || len(rep.Files) != 1 {
		t.Errorf("findings %+v, files %+v: GOFLAGS reached the go command", rep.Findings, rep.Files)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("the -toolexec program ran")
	}
}

// TestReplaceOutside: a replace directive to a directory outside the
// project is a finding at its line; an absolute one stops the module
// (the go command would read it itself); go.work is not read.
func TestReplaceOutside(t *testing.T) {
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/x\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "x.go"), []byte("package x\n\nfunc X() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(t.TempDir(), other)
	if err != nil {
		t.Fatal(err)
	}
	dir := hostileModule(t, map[string]string{
		"go.mod":  "module example.com/h\n\ngo 1.22\n\nrequire example.com/x v0.0.0\n\nreplace example.com/x => ../" + filepath.ToSlash(rel) + "\n",
		"go.work": "go 1.22\n\nuse (\n\t.\n\t" + other + "\n)\n",
		"a.go":    "package h\n\nimport \"example.com/x\"\n\nfunc A() { x.X() }\n",
	})
	rep := loadWithin(t, dir, time.Minute)
	if f := findingAt(rep, filepath.Join(dir, "go.mod"), "replace directive leads outside the project"); f == nil || f.At.Line != 7 {
		t.Errorf("findings %+v, want the replace refused at go.mod:7", rep.Findings)
	}
	noneOutside(t, rep, dir, "")

	abs := hostileModule(t, map[string]string{
		"go.mod": "module example.com/h\n\ngo 1.22\n\nrequire example.com/x v0.0.0\n\nreplace example.com/x => " + other + "\n",
		"a.go":   "package h\n\nimport \"example.com/x\"\n\nfunc A() { x.X() }\n",
	})
	rep = loadWithin(t, abs, time.Minute)
	if len(rep.Findings) != 1 || !strings.Contains(rep.Findings[0].What, "absolute directory") || len(rep.Files) != 0 {
		t.Errorf("findings %+v, files %+v; want the module stopped at its absolute replace", rep.Findings, rep.Files)
	}
}

// TestVendoredReplace: in a vendored module, a replace directive outside
// the project is not read by the go command, so it is no finding, and the
// vendored code is loaded.
func TestVendoredReplace(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"go.mod":                    "module example.com/h\n\ngo 1.22\n\nrequire example.com/x v0.0.0\n\nreplace example.com/x => ../x\n",
		"a.go":                      "package h\n\nimport \"example.com/x\"\n\nfunc A() { x.X() }\n",
		"vendor/modules.txt":        "# example.com/x v0.0.0 => ../x\n## explicit\nexample.com/x\n# example.com/x => ../x\n",
		"vendor/example.com/x/x.go": "package x\n\nfunc X() {}\n",
	})
	rep := loadWithin(t, dir, time.Minute)
	if len(rep.Findings) != 0 || len(rep.Files) != 1 {
		t.Errorf("findings %+v, files %+v; want none, and a.go loaded (with the vendored x)", rep.Findings, rep.Files)
	}
}
