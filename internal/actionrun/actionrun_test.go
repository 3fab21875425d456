package actionrun

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// repoRoot is the action's directory: the repository's root.
const repoRoot = "../.."

// pins are the majors the action must use: actions/setup-go v6 and
// codeql-action v4 are the first that run on Node 24 (v5 and v3 run on
// Node 20, which the runners retire; codeql-action v3 is deprecated).
var pins = map[string]string{
	"actions/setup-go":                  "v6",
	"github/codeql-action/upload-sarif": "v4",
}

// upload records one call of the upload-sarif stand-in.
type upload struct{ file, category string }

// newRunner makes a runner with a workspace holding files, and the
// stand-ins for setup-go (which checks its inputs; Go is already on PATH)
// and upload-sarif (which checks that the file is SARIF and records it).
func newRunner(t *testing.T, files map[string]string) (*Runner, *[]upload) {
	t.Helper()
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	base := t.TempDir()
	ws := filepath.Join(base, "work space")
	tmp := filepath.Join(base, "runner temp")
	for _, d := range []string{ws, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		p := filepath.Join(ws, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GITHUB_") && !strings.HasPrefix(kv, "RUNNER_") && !strings.HasPrefix(kv, "SEAMS_TIMERS_") {
			env = append(env, kv)
		}
	}
	uploads := &[]upload{}
	rn := &Runner{
		ActionPath: root, Workspace: ws, Temp: tmp, Env: env, Pins: pins,
		Uses: map[string]Uses{
			"actions/setup-go": func(with map[string]string) error {
				b, err := os.ReadFile(with["go-version-file"])
				if err != nil || !strings.Contains(string(b), "\ngo 1.") {
					return fmt.Errorf("go-version-file %q is not the action's go.mod (%w)", with["go-version-file"], err)
				}
				if with["cache"] != "true" {
					return fmt.Errorf("the module and build caches are off")
				}
				if _, err := os.Stat(with["cache-dependency-path"]); err != nil {
					return fmt.Errorf("cache-dependency-path: %w", err)
				}
				return nil
			},
			"github/codeql-action/upload-sarif": func(with map[string]string) error {
				b, err := os.ReadFile(with["sarif_file"])
				if err != nil {
					return err
				}
				var doc struct {
					Version string
					Runs    []json.RawMessage
				}
				if err := json.Unmarshal(b, &doc); err != nil || doc.Version != "2.1.0" || len(doc.Runs) != 1 {
					return fmt.Errorf("%s is not a SARIF 2.1.0 log with one run (%w)", with["sarif_file"], err)
				}
				*uploads = append(*uploads, upload{with["sarif_file"], with["category"]})
				return nil
			},
		},
	}
	return rn, uploads
}

var (
	releaseOnce sync.Once
	releaseDir  string
	releaseErr  error
)

// release builds seams-timers stamped v9.9.9, and seams-timers-go, and lays out its release as
// GoReleaser names it (.goreleaser.yaml), the archive and the checksums,
// in a directory that SEAMS_TIMERS_RELEASES points at.
func release(t *testing.T) string {
	t.Helper()
	releaseOnce.Do(func() {
		dir, err := os.MkdirTemp("", "seams-timers-release")
		if err != nil {
			releaseErr = err
			return
		}
		bin := filepath.Join(dir, "bin")
		build := exec.Command("go", "build", "-ldflags", "-X main.version=v9.9.9", "-o", bin+string(filepath.Separator), "./cmd/seams-timers", "./cmd/seams-timers-go")
		build.Dir = repoRoot
		// Static, as .goreleaser.yaml builds the release.
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			releaseErr = fmt.Errorf("go build: %w\n%s", err, out)
			return
		}
		vdir := filepath.Join(dir, "v9.9.9")
		if err := os.MkdirAll(vdir, 0o755); err != nil {
			releaseErr = err
			return
		}
		archive := "seams-timers_9.9.9_linux_amd64.tar.gz"
		sum, err := writeTarGz(filepath.Join(vdir, archive), bin)
		if err != nil {
			releaseErr = err
			return
		}
		releaseErr = os.WriteFile(filepath.Join(vdir, "seams-timers_9.9.9_checksums.txt"), []byte(sum+"  "+archive+"\n"), 0o644)
		releaseDir = dir
	})
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	return releaseDir
}

// writeTarGz writes the archive of the two executables in the directory
// bin, as the release archives hold them, and returns its SHA-256.
func writeTarGz(path, bin string) (string, error) {
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for _, name := range []string{"seams-timers", "seams-timers-go"} {
		b, err := os.ReadFile(filepath.Join(bin, name))
		if err != nil {
			return "", err
		}
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(b))}); err != nil {
			return "", err
		}
		if _, err := tw.Write(b); err != nil {
			return "", err
		}
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			return "", err
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil)), nil
}

func withRelease(t *testing.T, rn *Runner) {
	rn.Env = append(rn.Env, "SEAMS_TIMERS_RELEASES=file://"+release(t))
}

func loadAction(t *testing.T) *Action {
	t.Helper()
	a, err := Load(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func run(t *testing.T, rn *Runner, inputs map[string]string) *Result {
	t.Helper()
	res, err := rn.Run(loadAction(t), inputs)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// outcomes lists each step's outcome, for failure messages.
func outcomes(res *Result) string {
	var b strings.Builder
	for _, s := range res.Steps {
		fmt.Fprintf(&b, "%s: %s (%v)\n%s\n", s.Name, s.Outcome, s.Err, s.Output)
	}
	return b.String()
}

func expect(t *testing.T, res *Result, want map[string]string) {
	t.Helper()
	for name, outcome := range want {
		s := res.Step(name)
		if s == nil || s.Outcome != outcome {
			t.Errorf("step %q: want %s\n%s", name, outcome, outcomes(res))
			return
		}
	}
}

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFindingsFromSource runs the action as `uses: ./` does: no version and
// no ref, so it builds the action's checkout, checks a directory whose
// name holds a space, annotates, summarises, uploads and fails.
func TestFindingsFromSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds seams-timers")
	}
	rn, uploads := newRunner(t, map[string]string{"my models/schedules.bpmn": readExample(t, "broken/schedules.bpmn")})
	res := run(t, rn, map[string]string{"paths": "my models\n"})
	expect(t, res, map[string]string{
		"Resolve the version": "success", "Set up Go": "success", "Install seams-timers": "success",
		"Check": "success", "Upload SARIF": "success", "Fail on findings": "failure",
	})
	if got := res.Step("Resolve the version").Outputs["method"]; got != "source" {
		t.Errorf("method %q, want source", got)
	}
	if !strings.Contains(res.Step("Install seams-timers").Output, "seams-timers ") || strings.Contains(res.Step("Install seams-timers").Output, "(devel)") && hasGit(rn.ActionPath) {
		t.Errorf("install output %q, want the version git describes", res.Step("Install seams-timers").Output)
	}
	check := res.Step("Check").Output
	if !strings.Contains(check, "::error file=my models/schedules.bpmn,line=") {
		t.Errorf("no annotation for the model in a folder with a space:\n%s", check)
	}
	wantSARIF := filepath.Join(rn.Workspace, "seams-timers.sarif")
	if len(*uploads) != 1 || (*uploads)[0] != (upload{wantSARIF, "seams-timers"}) || res.Outputs["sarif-file"] != wantSARIF {
		t.Errorf("uploads %v, output %q, want %s", *uploads, res.Outputs["sarif-file"], wantSARIF)
	}
	if res.Outputs["exit-code"] != "1" || !res.Failed {
		t.Errorf("exit-code %q, failed %v", res.Outputs["exit-code"], res.Failed)
	}
	if !strings.Contains(res.Summary, "### seams-timers: ") || !strings.Contains(res.Summary, "| error | TMR1031 cycle-no-start | `my models/schedules.bpmn:") {
		t.Errorf("step summary:\n%s", res.Summary)
	}
}

func hasGit(dir string) bool {
	return exec.Command("git", "-C", dir, "rev-parse", "--git-dir").Run() == nil
}

// TestCleanFromRelease installs a release binary (version v9.9.9, checked
// against the checksums) and checks a clean model from a working directory
// and a path that both hold spaces.
func TestCleanFromRelease(t *testing.T) {
	rn, uploads := newRunner(t, map[string]string{"sub dir/a b/digest.bpmn": readExample(t, "digest.bpmn")})
	withRelease(t, rn)
	res := run(t, rn, map[string]string{
		"version": "v9.9.9", "working-directory": "sub dir", "paths": "  a b/digest.bpmn  \n\n",
		"sarif-file": "out dir/results.sarif", "fail-on": "warning",
	})
	// The SARIF file's folder does not exist: the check cannot write it,
	// says so, and the upload is skipped.
	if res.Outputs["exit-code"] != "3" || res.Outputs["sarif-file"] != "" {
		t.Fatalf("exit-code %q, sarif %q\n%s", res.Outputs["exit-code"], res.Outputs["sarif-file"], outcomes(res))
	}
	expect(t, res, map[string]string{"Set up Go": "skipped", "Upload SARIF": "skipped", "Fail on findings": "failure"})

	if err := os.MkdirAll(filepath.Join(rn.Workspace, "sub dir", "out dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	res = run(t, rn, map[string]string{
		"version": "v9.9.9", "working-directory": "sub dir", "paths": "  a b/digest.bpmn  \n\n",
		"sarif-file": "out dir/results.sarif", "fail-on": "warning",
	})
	expect(t, res, map[string]string{
		"Resolve the version": "success", "Set up Go": "skipped", "Install seams-timers": "success",
		"Check": "success", "Upload SARIF": "success", "Fail on findings": "skipped",
	})
	if out := res.Step("Install seams-timers").Output; !strings.Contains(out, "seams-timers v9.9.9\n") {
		t.Errorf("install output %q, want the release's version", out)
	}
	want := filepath.Join(rn.Workspace, "sub dir", "out dir", "results.sarif")
	if len(*uploads) != 1 || (*uploads)[0].file != want || res.Failed || res.Outputs["exit-code"] != "0" {
		t.Errorf("uploads %v, failed %v, exit %q", *uploads, res.Failed, res.Outputs["exit-code"])
	}
	if !strings.Contains(res.Summary, "0 errors, 0 warnings in 1 file (1 timer)") || !strings.Contains(res.Summary, "No findings.") {
		t.Errorf("step summary %q", res.Summary)
	}
}

// TestNoSARIFNoUpload checks that the upload is skipped when no SARIF file
// is asked for, when the upload is off, and when the check failed before
// writing one (a usage error).
func TestNoSARIFNoUpload(t *testing.T) {
	for _, c := range []struct {
		name   string
		inputs map[string]string
		exit   string
	}{
		{"no sarif-file", map[string]string{"sarif-file": ""}, "1"},
		{"upload off", map[string]string{"upload": "false"}, "1"},
		{"usage error", map[string]string{"fail-on": "bogus"}, "2"},
		{"no file matched", map[string]string{"paths": "nothing here"}, "2"},
		{"empty folder", map[string]string{"paths": "empty"}, "5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rn, uploads := newRunner(t, map[string]string{"m/schedules.bpmn": readExample(t, "broken/schedules.bpmn"), "empty/notes.txt": "x"})
			withRelease(t, rn)
			c.inputs["version"] = "v9.9.9"
			res := run(t, rn, c.inputs)
			if res.Outputs["exit-code"] != c.exit {
				t.Errorf("exit-code %q, want %s\n%s", res.Outputs["exit-code"], c.exit, outcomes(res))
			}
			if c.name == "empty folder" {
				// A SARIF log with no result is still uploaded: it
				// closes the alerts of files that went away.
				if len(*uploads) != 1 {
					t.Errorf("uploads %v, want the empty log", *uploads)
				}
			} else if len(*uploads) != 0 || res.Step("Upload SARIF").Outcome != "skipped" {
				t.Errorf("uploads %v, want none\n%s", *uploads, outcomes(res))
			}
			expect(t, res, map[string]string{"Fail on findings": "failure"})
		})
	}
}

// TestBadChecksum checks that a release archive that does not match its
// checksums fails the install, and that nothing after it runs.
func TestBadChecksum(t *testing.T) {
	src := release(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	sums := filepath.Join(dir, "v9.9.9", "seams-timers_9.9.9_checksums.txt")
	if err := os.WriteFile(sums, []byte(strings.Repeat("0", 64)+"  seams-timers_9.9.9_linux_amd64.tar.gz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rn, uploads := newRunner(t, map[string]string{"a.bpmn": readExample(t, "digest.bpmn")})
	rn.Env = append(rn.Env, "SEAMS_TIMERS_RELEASES=file://"+dir)
	res := run(t, rn, map[string]string{"version": "v9.9.9"})
	expect(t, res, map[string]string{"Install seams-timers": "failure", "Check": "skipped", "Upload SARIF": "skipped", "Fail on findings": "skipped"})
	if !res.Failed || len(*uploads) != 0 || !strings.Contains(res.Step("Install seams-timers").Output, "does not match the release's checksums") {
		t.Errorf("failed %v, uploads %v\n%s", res.Failed, *uploads, outcomes(res))
	}
}

// TestVersionMethods checks how the version input and the action's ref
// choose the install method, and that go install gets the module path at
// that version and builds it static (CGO_ENABLED=0): a stand-in go on PATH
// records its environment's CGO_ENABLED and its arguments.
func TestVersionMethods(t *testing.T) {
	for _, c := range []struct {
		version, ref, method, want string
	}{
		{"v9.9.9", "", "release", ""},
		{"", "v9.9.9", "release", ""},
		{"v1.0.0", "v9.9.9", "install", "CGO_ENABLED=0 install github.com/seams/seams-timers/cmd/seams-timers@v1.0.0 github.com/seams/seams-timers/cmd/seams-timers-go@v1.0.0"},
		{"", "main", "install", "CGO_ENABLED=0 install github.com/seams/seams-timers/cmd/seams-timers@main github.com/seams/seams-timers/cmd/seams-timers-go@main"},
		{"latest", "", "install", "CGO_ENABLED=0 install github.com/seams/seams-timers/cmd/seams-timers@latest github.com/seams/seams-timers/cmd/seams-timers-go@latest"},
	} {
		t.Run(c.version+"@"+c.ref, func(t *testing.T) {
			rn, _ := newRunner(t, map[string]string{"a.bpmn": readExample(t, "digest.bpmn")})
			withRelease(t, rn)
			rn.ActionRef = c.ref
			shim := t.TempDir()
			log := filepath.Join(shim, "go.log")
			// The stand-in records the command and installs the release's
			// two binaries where GOBIN says, as go install would.
			script := fmt.Sprintf("#!/bin/sh\necho \"CGO_ENABLED=$CGO_ENABLED $@\" >> %q\ntar -xzf %q -C \"$GOBIN\" seams-timers seams-timers-go\n",
				log, filepath.Join(release(t), "v9.9.9", "seams-timers_9.9.9_linux_amd64.tar.gz"))
			if err := os.WriteFile(filepath.Join(shim, "go"), []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			for i, kv := range rn.Env {
				if p, ok := strings.CutPrefix(kv, "PATH="); ok {
					rn.Env[i] = "PATH=" + shim + string(os.PathListSeparator) + p
				}
			}
			res := run(t, rn, map[string]string{"version": c.version})
			if got := res.Step("Resolve the version").Outputs["method"]; got != c.method {
				t.Fatalf("method %q, want %s\n%s", got, c.method, outcomes(res))
			}
			b, _ := os.ReadFile(log)
			if got := strings.TrimSpace(string(b)); got != c.want {
				t.Errorf("go was run as %q, want %q", got, c.want)
			}
			expect(t, res, map[string]string{"Install seams-timers": "success", "Check": "success"})
		})
	}
}

// TestNewFromRevInput checks that the new-from-rev input reaches the
// check: in a repository with committed findings and one new, only the
// new one is annotated.
func TestNewFromRevInput(t *testing.T) {
	digest := readExample(t, "digest.bpmn")
	rn, _ := newRunner(t, map[string]string{"a.bpmn": digest, "old.bpmn": readExample(t, "broken/schedules.bpmn")})
	withRelease(t, rn)
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "."},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = rn.Workspace
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	// The cycle loses its start on line 12: the one new finding.
	changed := strings.Replace(digest, `"R/2026-11-09T08:00:00Z/P1D"`, `"R/P1D"`, 1)
	if err := os.WriteFile(filepath.Join(rn.Workspace, "a.bpmn"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, rn, map[string]string{"version": "v9.9.9", "new-from-rev": "HEAD"})
	out := res.Step("Check").Output
	if n := strings.Count(out, "::error "); n != 1 || !strings.Contains(out, "::error file=a.bpmn,line=12,") {
		t.Errorf("%d annotations, want the one on a.bpmn line 12:\n%s", n, out)
	}
	res = run(t, rn, map[string]string{"version": "v9.9.9"})
	if n := strings.Count(res.Step("Check").Output, "::error "); n < 3 {
		t.Errorf("without new-from-rev %d annotations, want those of old.bpmn too", n)
	}
}

// TestActionShape checks what the runner cannot: every input is declared
// with a description, reaches the steps only through env: or with:, and
// the permissions the upload needs are documented.
func TestActionShape(t *testing.T) {
	a := loadAction(t)
	b, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "security-events: write") {
		t.Error("action.yml does not document permissions: security-events: write")
	}
	used := map[string]bool{}
	for _, st := range a.Runs.Steps {
		if strings.Contains(st.Run, "${{") {
			t.Errorf("step %q splices an expression into its script", st.Name)
		}
		for _, v := range st.Env {
			if name, ok := strings.CutPrefix(strings.TrimSpace(strings.Trim(v, "${} ")), "inputs."); ok {
				used[name] = true
			}
		}
		for _, v := range append([]string{st.If, st.WorkingDirectory}, mapValues(st.With)...) {
			for name := range a.Inputs {
				if strings.Contains(v, "inputs."+name) {
					used[name] = true
				}
			}
		}
	}
	for name, in := range a.Inputs {
		if in.Description == "" || !used[name] {
			t.Errorf("input %q: description %q, used %v", name, in.Description, used[name])
		}
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func TestMain(m *testing.M) {
	code := m.Run()
	if releaseDir != "" {
		_ = os.RemoveAll(releaseDir)
	}
	os.Exit(code)
}

// TestEveryEngineFromWorkingDirectory runs the released action from a
// working-directory below the repository's root on a scheme, a C# state
// machine and a Go module (whose SDK is the analyzers' stub, kept outside
// the directory checked): both binaries are installed, every engine
// reports, and every annotation and SARIF location names its file from the
// repository's root, as GitHub resolves them.
func TestEveryEngineFromWorkingDirectory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds seams-timers and seams-timers-go, and type-checks a Go module")
	}
	files := map[string]string{
		// The checkout's .git marks the repository's top: the project's
		// boundary, so the replace into third_party/ is inside it.
		".git/HEAD":                              "ref: refs/heads/main\n",
		"services/desk/schemes/times.xml":        readExample(t, "wfe/broken/times.xml"),
		"services/desk/machines/OrderMachine.cs": readExample(t, "stateflows/OrderMachine.cs"),
		"services/desk/go.mod": "module example.com/desk\n\ngo 1.22\n\nrequire go.uber.org/cadence v1.0.0\n\n" +
			"replace go.uber.org/cadence => ../../third_party/cadence\n",
		"services/desk/wf/wait.go": "package wf\n\nimport (\n\t\"time\"\n\n\t\"go.uber.org/cadence/workflow\"\n)\n\n" +
			"// WaitWorkflow sleeps natively (TMR8001).\nfunc WaitWorkflow(ctx workflow.Context) error {\n\ttime.Sleep(time.Hour)\n\treturn workflow.Sleep(ctx, time.Hour)\n}\n",
	}
	stub := filepath.Join(repoRoot, "cadence", "analyzers", "testdata", "src", "go.uber.org", "cadence")
	err := filepath.WalkDir(stub, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(stub, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(filepath.Join("third_party", "cadence", rel))] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	rn, uploads := newRunner(t, files)
	withRelease(t, rn)
	res := run(t, rn, map[string]string{
		"version": "v9.9.9", "working-directory": "services/desk", "paths": "schemes\nmachines\n./...\n",
	})
	expect(t, res, map[string]string{"Install seams-timers": "success", "Check": "success", "Upload SARIF": "success", "Fail on findings": "failure"})
	if out := res.Step("Install seams-timers").Output; strings.Contains(out, "not installed") {
		t.Fatalf("install: %s", out)
	}
	check := res.Step("Check").Output
	for _, want := range []string{
		"::error file=services/desk/schemes/times.xml,line=",
		"::error file=services/desk/machines/OrderMachine.cs,line=",
		"::error file=services/desk/wf/wait.go,line=11,",
	} {
		if !strings.Contains(check, want) {
			t.Errorf("no annotation %q in:\n%s", want, check)
		}
	}
	if strings.Contains(check, "TMR8000") || strings.Contains(check, "file=schemes/") || strings.Contains(check, "file=wf/") {
		t.Errorf("an engine failed or a path is relative to the working directory:\n%s", check)
	}
	if len(*uploads) != 1 {
		t.Fatalf("uploads %v", *uploads)
	}
	b, err := os.ReadFile((*uploads)[0].file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	engines := map[string]bool{}
	for _, r := range doc.Runs[0].Results {
		for _, l := range r.Locations {
			uri := l.PhysicalLocation.ArtifactLocation.URI
			if !strings.HasPrefix(uri, "services/desk/") {
				t.Errorf("SARIF location %q of %s is not relative to the repository's root", uri, r.RuleID)
			}
		}
		engines[r.RuleID[:4]] = true
	}
	for _, family := range []string{"TMR6", "TMR7", "TMR8"} {
		if !engines[family] {
			t.Errorf("no %sxxx finding in the SARIF log (families %v)", family, engines)
		}
	}
}
