package analyzers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/seams/seams-timers/cadence/analyzers"
)

// sdkVersion is one SDK release checked against the real module from the
// Go module proxy, and what that check found: the package that declares
// the workflow Context, and the findings on the probe workflow.
type sdkVersion struct {
	Module   string   `json:"module"`
	Version  string   `json:"version"`
	Context  string   `json:"context"`
	Findings []string `json:"findings"`
}

const sdkVersionsFile = "testdata/sdk-versions.json"

func readSDKVersions(t *testing.T) []sdkVersion {
	t.Helper()
	data, err := os.ReadFile(sdkVersionsFile)
	if err != nil {
		t.Fatal(err)
	}
	var vs []sdkVersion
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestRecordedSDKContexts needs no network: every workflow Context that a
// real SDK release was seen to declare (recorded by TestRealSDKs) is
// recognised as that SDK's, and every recorded release had its native
// sleep found and nothing else.
func TestRecordedSDKContexts(t *testing.T) {
	vs := readSDKVersions(t)
	if len(vs) == 0 {
		t.Fatal("no recorded SDK versions")
	}
	for _, v := range vs {
		pkgPath, name, ok := strings.Cut(v.Context, ".Context")
		if !ok || name != "" {
			t.Errorf("%s@%s: recorded context %q is not a Context type", v.Module, v.Version, v.Context)
			continue
		}
		pkg := types.NewPackage(pkgPath, filepath.Base(pkgPath))
		named := types.NewNamed(types.NewTypeName(0, pkg, "Context", nil), types.NewInterfaceType(nil, nil), nil)
		want := analyzers.Temporal
		if v.Module == "go.uber.org/cadence" {
			want = analyzers.Cadence
		}
		if got := analyzers.ContextSDK(named); got != want {
			t.Errorf("%s@%s declares its workflow Context in %s, which is recognised as %v, want %v", v.Module, v.Version, pkgPath, got, want)
		}
		if want := probeWants(t, v.Module); !slices.Equal(v.Findings, want) {
			t.Errorf("%s@%s: recorded findings %v, the probe wants %v", v.Module, v.Version, v.Findings, want)
		}
	}
}

// probeSource is the probe workflow's file for an SDK.
func probeSource(module string) string {
	if module == "go.uber.org/cadence" {
		return "testdata/realsdk/cadence.go.txt"
	}
	return "testdata/realsdk/temporal.go.txt"
}

// probeWants returns the findings the probe's `// want RULE` comments
// expect, as "RULE probe.go:LINE".
func probeWants(t *testing.T, module string) []string {
	t.Helper()
	src, err := os.ReadFile(probeSource(module))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i, line := range strings.Split(string(src), "\n") {
		if _, rule, ok := strings.Cut(line, "// want "); ok {
			want = append(want, fmt.Sprintf("%s probe.go:%d", strings.TrimSpace(rule), i+1))
		}
	}
	slices.Sort(want)
	return want
}

// TestRealSDKs builds a small module against real SDK releases from the Go
// module proxy and runs the analyzers on it: the workflow's time.Sleep is
// TMR8001; the activities' sleeps and clock reads (passed by value, as a
// method value, from a table), the SideEffect callback's and the query
// handler's clock reads are not findings. It runs the newest recorded
// release of each SDK; SEAMS_REAL_SDK=all runs every recorded one (a
// release per minor), and SEAMS_REAL_SDK_RECORD=1 rewrites the record.
// Skipped with -short or when the proxy cannot be reached.
//
// testdata/sdk-versions.json holds the latest patch of every minor of
// go.uber.org/cadence since v0.17 and of go.temporal.io/sdk since v1.20,
// as recorded on 2026-12-01, except go.uber.org/cadence v1.1.0 (the only
// 1.1 release), which the module proxy refused (403) that day.
func TestRealSDKs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the real SDKs come from the module proxy")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	vs := readSDKVersions(t)
	run := vs
	if os.Getenv("SEAMS_REAL_SDK") != "all" {
		newest := map[string]string{}
		for _, v := range vs {
			newest[v.Module] = v.Version // the file lists each SDK's releases oldest first
		}
		run = nil
		for _, v := range vs {
			if newest[v.Module] == v.Version {
				run = append(run, v)
			}
		}
	}
	if out, err := goCmd(t, t.TempDir(), 2*time.Minute, "mod", "download", "-json", run[0].Module+"@"+run[0].Version); err != nil {
		t.Skipf("the module proxy is not reachable: %v\n%s", err, firstLines(out, 3))
	}
	record := os.Getenv("SEAMS_REAL_SDK_RECORD") == "1"
	got := map[string]sdkVersion{}
	for _, v := range run {
		t.Run(v.Module+"@"+v.Version, func(t *testing.T) {
			r := checkRealSDK(t, v.Module, v.Version)
			got[v.Module+"@"+v.Version] = r
			if record {
				return
			}
			if r.Context != v.Context {
				t.Errorf("workflow Context declared in %s, recorded %s", r.Context, v.Context)
			}
			if !slices.Equal(r.Findings, v.Findings) {
				t.Errorf("findings %v, recorded %v", r.Findings, v.Findings)
			}
			if want := probeWants(t, v.Module); !slices.Equal(r.Findings, want) {
				t.Errorf("findings %v, the probe wants %v", r.Findings, want)
			}
		})
	}
	if record {
		for i, v := range vs {
			if r, ok := got[v.Module+"@"+v.Version]; ok {
				vs[i] = r
			}
		}
		data, err := json.MarshalIndent(vs, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(sdkVersionsFile, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkRealSDK writes the probe module for one SDK release, resolves it
// through the proxy, loads it and runs every analyzer on it.
func checkRealSDK(t *testing.T, module, version string) sdkVersion {
	dir := t.TempDir()
	probe, err := os.ReadFile(probeSource(module))
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/probe\n\ngo 1.22\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "probe.go"), probe, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := goCmd(t, dir, 5*time.Minute, "get", module+"@"+version); err != nil {
		t.Fatalf("go get %s@%s: %v\n%s", module, version, err, firstLines(out, 5))
	}
	if out, err := goCmd(t, dir, 5*time.Minute, "mod", "tidy"); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, firstLines(out, 5))
	}
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Dir: dir, Env: goEnv()}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		for _, p := range pkgs {
			for _, e := range p.Errors {
				t.Error(e)
			}
		}
		t.FailNow()
	}
	r := sdkVersion{Module: module, Version: version, Findings: []string{}}
	wf := pkgs[0].Imports[module+"/workflow"]
	if wf == nil {
		t.Fatalf("the probe does not import %s/workflow", module)
	}
	obj := wf.Types.Scope().Lookup("Context")
	if obj == nil {
		t.Fatalf("%s/workflow declares no Context", module)
	}
	named, ok := types.Unalias(obj.Type()).(*types.Named)
	if !ok {
		t.Fatalf("workflow.Context is %T", types.Unalias(obj.Type()))
	}
	r.Context = named.Obj().Pkg().Path() + ".Context"
	graph, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s: %v", act.Analyzer.Name, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			r.Findings = append(r.Findings, fmt.Sprintf("%s %s:%d", d.Category, filepath.Base(p.Filename), p.Line))
		}
	}
	slices.Sort(r.Findings)
	return r
}

// goEnv is the environment of the go commands the test runs: the
// developer's module cache (so that releases are downloaded once), no
// workspace, and modules resolved through the proxy.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
}

func goCmd(t *testing.T, dir string, timeout time.Duration, args ...string) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.Bytes(), err
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
