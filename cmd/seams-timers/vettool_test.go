package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	temporal "github.com/seams/seams-timers/cadence/rules"
)

// agreeFiles is a small module for TestVetAgreesWithCheck: findings in
// plain files, a suppression that holds (and one without a reason, which
// holds nothing), a workflow in a _test.go file (neither tool reports it),
// an external test package, and a nested module (not matched by ./...).
var agreeFiles = map[string]string{
	"go.mod": "module example.com/agree\n\ngo 1.22\n\nrequire go.uber.org/cadence v1.0.0\n\nreplace go.uber.org/cadence => ./sdk/cadence\n",
	"wf/wf.go": `package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// Order sleeps, reads the clock and starts a native timer.
func Order(ctx workflow.Context) error {
	time.Sleep(time.Second)
	_ = time.Now()
	<-time.After(time.Minute)
	return workflow.Sleep(ctx, 0)
}

// Accepted has its native sleeps accepted, but one without a reason.
func Accepted(ctx workflow.Context) error {
	// seams-timers:ignore TMR8001 the worker of this workflow is never restarted
	time.Sleep(time.Second)
	time.Sleep(time.Second) // seams-timers:ignore native-sleep same reason, at the end of the line
	// seams-timers:ignore TMR8001
	time.Sleep(time.Second)
	return nil
}
`,
	"wf/wf_test.go": `package wf

import (
	"testing"
	"time"

	"go.uber.org/cadence/workflow"
)

// Fake is a workflow of the tests: not checked by default.
func Fake(ctx workflow.Context) error {
	time.Sleep(time.Second)
	return nil
}

func TestFake(t *testing.T) { _ = Fake }
`,
	"wf/x_test.go": `package wf_test

import (
	"testing"
	"time"

	"go.uber.org/cadence/workflow"

	"example.com/agree/wf"
)

func External(ctx workflow.Context) error {
	_ = time.Now()
	return wf.Order(ctx)
}

func TestExternal(t *testing.T) { _ = External }
`,
	"other/other.go": `package other

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// First and Second both reach pause's native sleep: one finding.
func First(ctx workflow.Context) error  { pause(); return nil }
func Second(ctx workflow.Context) error { pause(); return nil }

func pause() {
	time.Sleep(time.Second)
}

// Poll waits in a loop with no end.
func Poll(ctx workflow.Context) error {
	for {
		if err := workflow.Sleep(ctx, 1500*time.Millisecond); err != nil {
			return err
		}
	}
}
`,
	"nested/go.mod": "module example.com/nested\n\ngo 1.22\n\nrequire go.uber.org/cadence v1.0.0\n\nreplace go.uber.org/cadence => ../sdk/cadence\n",
	"nested/wf/wf.go": `package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// Nested is in another module: ./... of the outer module does not match it.
func Nested(ctx workflow.Context) error {
	time.Sleep(time.Second)
	return nil
}
`,
}

// TestVetAgreesWithCheck runs go vet -vettool=seams-timers-go and
// seams-timers check on the same module's ./... and wants the same
// TMR8xxx findings, place by place: suppressions hold in both, _test.go
// files are checked by neither, no finding is printed twice, and the
// nested module is left out by both.
func TestVetAgreesWithCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	helper := os.Getenv(temporal.HelperEnv)
	dir := t.TempDir()
	for name, src := range agreeFiles {
		writeTree(t, dir, name, src)
	}
	sdk := filepath.Join("..", "..", "examples", "cadence", ".sdk", "go.uber.org", "cadence")
	if err := os.CopyFS(filepath.Join(dir, "sdk", "cadence"), os.DirFS(sdk)); err != nil {
		t.Fatal(err)
	}

	vet := exec.Command("go", "vet", "-vettool="+helper, "./...")
	vet.Dir = dir
	vet.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GOPROXY=off")
	out, _ := vet.CombinedOutput() // exit 1 with findings
	line := regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): .*\[(TMR\d{4}) [a-z-]+\]$`)
	var vetFound []string
	for _, l := range strings.Split(string(out), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			vetFound = append(vetFound, rel(dir, m[1])+":"+m[2]+":"+m[3]+" "+m[4])
		} else if l != "" && !strings.HasPrefix(l, "#") && !strings.Contains(l, ": \t") {
			t.Errorf("go vet printed %q", l)
		}
	}

	t.Chdir(dir)
	code, js, errOut := runCLI(t, "", "check", "--no-config", "-f", "json", "./...")
	if code != 1 {
		t.Fatalf("check exits %d: %s", code, errOut)
	}
	var rep struct {
		Diagnostics []struct {
			Rule, File   string
			Line, Column int
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	var checkFound []string
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.Rule, "TMR8") {
			checkFound = append(checkFound, rel(dir, d.File)+":"+itoa(d.Line)+":"+itoa(d.Column)+" "+d.Rule)
		}
	}
	slices.Sort(vetFound)
	slices.Sort(checkFound)
	want := []string{
		"other/other.go:14:2 TMR8001", "other/other.go:20:13 TMR8008", "other/other.go:20:33 TMR8004",
		"wf/wf.go:11:2 TMR8001", "wf/wf.go:12:6 TMR8003", "wf/wf.go:13:4 TMR8002", "wf/wf.go:14:29 TMR8005",
		"wf/wf.go:23:2 TMR8001",
	}
	if !slices.Equal(checkFound, want) {
		t.Errorf("check finds\n%s\nwant\n%s", strings.Join(checkFound, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Equal(vetFound, checkFound) {
		t.Errorf("go vet finds\n%s\ncheck finds\n%s\n(go vet printed:\n%s)", strings.Join(vetFound, "\n"), strings.Join(checkFound, "\n"), out)
	}
}

func writeTree(t *testing.T, dir, name, src string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// rel is p relative to dir, in slashes.
func rel(dir, p string) string {
	if filepath.IsAbs(p) {
		if r, err := filepath.Rel(dir, p); err == nil {
			p = r
		}
	}
	return filepath.ToSlash(p)
}

func itoa(n int) string { return strconv.Itoa(n) }
