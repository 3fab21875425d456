package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	robfig "github.com/robfig/cron/v3"

	temporal "github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
)

// TestMain builds seams-timers-go, which the Cadence engine runs for Go
// packages, unless SEAMS_TIMERS_GO already names one.
func TestMain(m *testing.M) {
	var dir string
	if os.Getenv(temporal.HelperEnv) == "" {
		var err error
		if dir, err = os.MkdirTemp("", "seams-timers-go"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		helper := filepath.Join(dir, temporal.HelperName)
		if out, err := exec.Command("go", "build", "-o", helper, "../seams-timers-go").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building seams-timers-go: %v\n%s", err, out)
			os.Exit(3)
		}
		os.Setenv(temporal.HelperEnv, helper)
	}
	code := m.Run()
	if dir != "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// cronSchedules are the table of TestNextCronAgainstRobfig.
var cronSchedules = []string{
	"0 9 * * 1-5", "*/15 * * * *", "0 0 1 * *", "30 2 * * 0", "0 12 * * 6,0",
	"5 4 * * *", "0 */6 * * *", "0 0 29 2 *", "59 23 31 12 *", "0 8-18 * * 1-5",
	"15,45 * * * *", "0 0 * * MON", "0 9 1-7 * 1", "@daily", "@hourly",
	"@weekly", "@monthly", "@yearly", "@every 90s", "@every 1h30m",
	"0 0 L * *", "0 0 1 JAN,JUL *", "*/7 */5 * * *", "0 3 15 * 5", "0 22 * * 1-5",
	"1-59/2 * * * *", "0 0 31 * *", "0 6 * 3-5 *", "CRON_TZ=UTC 0 9 * * *", "0 0 * * 2/2",
}

// TestNextCronAgainstRobfig: next --engine cadence prints, for each of 30
// schedules, the instants robfig/cron/v3's own Next gives from --now, in
// UTC. A schedule robfig refuses must be refused (exit 1) and print no
// instant.
func TestNextCronAgainstRobfig(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	if len(cronSchedules) != 30 {
		t.Fatalf("%d schedules, want 30", len(cronSchedules))
	}
	for _, spec := range cronSchedules {
		code, out, errOut := runCLI(t, "", "next", "--no-config", "--engine", "cadence", "--now", now.Format(time.RFC3339), "-n", "5", "cron:"+spec)
		s, err := robfig.ParseStandard(spec)
		if err != nil {
			if code != lint.ExitFindings || !strings.Contains(out, "TMR8010") {
				t.Errorf("%q: robfig refuses it (%v), next exits %d: %s%s", spec, err, code, out, errOut)
			}
			continue
		}
		var want strings.Builder
		at := now
		for range 5 {
			at = s.Next(at)
			fmt.Fprintf(&want, "%s\n", at.UTC().Format(time.RFC3339))
		}
		if code != lint.ExitOK || out != want.String() {
			t.Errorf("%q: exit %d\n%s\nwant\n%s%s", spec, code, out, want.String(), errOut)
		}
	}
}

func TestNextCronRefusals(t *testing.T) {
	code, out, _ := runCLI(t, "", "next", "--no-config", "--engine", "cadence", "cron:0 0 30 2 *")
	if code != lint.ExitFindings || !strings.Contains(out, "TMR8011 cron-never-fires") {
		t.Errorf("exit %d: %s", code, out)
	}
	code, out, errOut := runCLI(t, "", "next", "--no-config", "--engine", "cadence", "--now", "2026-03-28T00:00:00Z", "-n", "2", "cron:CRON_TZ=Europe/Berlin 0 9 * * *")
	if code != lint.ExitOK || out != "2026-03-28T08:00:00Z\n2026-03-29T07:00:00Z\n" || !strings.Contains(errOut, "TMR8012") {
		t.Errorf("exit %d: %q %q", code, out, errOut)
	}
	if code, _, _ := runCLI(t, "", "next", "--no-config", "--engine", "cadence", "0 9 * * *"); code != lint.ExitUsage {
		t.Errorf("a value without cron: exits %d, want a usage error", code)
	}
}

// TestSimulateCron pins the simulator's exact instants through the
// command line: skip, buffer-one, and jitter after a downtime.
func TestSimulateCron(t *testing.T) {
	base := []string{"simulate", "--no-config", "--engine", "cadence", "--from", "2026-12-01T08:30:00Z", "--until", "2026-12-01T12:00:00Z", "cron:0 * * * *"}
	code, out, errOut := runCLI(t, "", append(base, "--run-time", "90m")...)
	want := `cron "0 * * * *" from 2026-12-01T08:30:00Z until 2026-12-01T12:00:00Z, each run 1h30m0s, overlap skip, no jitter
2026-12-01T09:00:00Z  run       start 2026-12-01T09:00:00Z, close 2026-12-01T10:30:00Z
2026-12-01T10:00:00Z  skipped   the run started 2026-12-01T09:00:00Z was still open (it closed 2026-12-01T10:30:00Z)
2026-12-01T11:00:00Z  run       start 2026-12-01T11:00:00Z, close 2026-12-01T12:30:00Z
3 scheduled: 2 run, 0 buffered, 1 skipped
`
	if code != 0 || out != want {
		t.Errorf("skip: exit %d\n%s%s\nwant\n%s", code, out, errOut, want)
	}
	code, out, _ = runCLI(t, "", append(base, "--run-time", "PT150M", "--overlap", "buffer-one")...)
	if code != 0 || !strings.Contains(out, "2026-12-01T10:00:00Z  buffered  start 2026-12-01T11:30:00Z, close 2026-12-01T14:00:00Z\n") ||
		!strings.Contains(out, "2026-12-01T11:00:00Z  skipped   the run started 2026-12-01T09:00:00Z was still open (it closed 2026-12-01T11:30:00Z)\n") {
		t.Errorf("buffer-one: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "simulate", "--no-config", "--engine", "cadence", "--from", "2026-12-01T09:00:00Z", "--until", "2026-12-01T10:00:00Z",
		"--run-time", "1m", "--jitter", "30s", "--seed", "11", "--down", "2026-12-01T09:14:00Z/2026-12-01T09:40:00Z", "cron:*/15 * * * *")
	for _, line := range []string{
		"2026-12-01T09:15:00Z  run       start 2026-12-01T09:40:00Z (jitter 24s), close 2026-12-01T09:41:00Z; the server was down from 2026-12-01T09:14:00Z to 2026-12-01T09:40:00Z\n",
		"2026-12-01T09:30:00Z  skipped   the server was down from 2026-12-01T09:14:00Z to 2026-12-01T09:40:00Z, and the late run started at its end\n",
		"2026-12-01T09:45:00Z  run       start 2026-12-01T09:45:29Z (jitter 29s), close 2026-12-01T09:46:29Z\n",
	} {
		if code != 0 || !strings.Contains(out, line) {
			t.Errorf("jitter after downtime: exit %d, lacks %q:\n%s", code, line, out)
		}
	}
}

// TestSimulateCronFromGo simulates the CronSchedule literals of Go code,
// each under its place, and lists the ones the server refuses.
func TestSimulateCronFromGo(t *testing.T) {
	code, out, errOut := runCLI(t, "", "simulate", "--no-config", "--engine", "cadence", "--from", "2026-12-01T00:00:00Z", "--until", "2026-12-02T00:00:00Z",
		"../../examples/cadence/starter")
	for _, want := range []string{
		"../../examples/cadence/starter/starter.go:7:90:\ncron \"0 9 * * 1-5\"",
		"2026-12-01T09:00:00Z  run       start 2026-12-01T09:00:00Z, close 2026-12-01T09:00:00Z\n",
		"TMR8010 cron-syntax", "TMR8011 cron-never-fires",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s%s", want, out, errOut)
		}
	}
	if code != lint.ExitFindings {
		t.Errorf("exit %d, want 1 (refused schedules)", code)
	}
}

// TestCheckBPMNAndGo: one check of a directory holding BPMN models and a
// Go module reports both engines' findings.
func TestCheckBPMNAndGo(t *testing.T) {
	code, out, errOut := runCLI(t, "", "check", "--no-config", "--color", "never", "../../examples/")
	for _, want := range []string{
		"examples/broken/reminders.bpmn:12:28: error:",           // BPMN
		"examples/cadence/backoff/backoff.go:10:2: error:",       // Go, at the helper's call
		"examples/cadence/histories/order-1.json:13:3: warning:", // history
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s%s", want, out, errOut)
		}
	}
	if code != lint.ExitFindings {
		t.Errorf("exit %d", code)
	}
	// A Go package pattern checks the same module.
	code, out, _ = runCLI(t, "", "check", "--no-config", "../../examples/cadence/...")
	if code != lint.ExitFindings || !strings.Contains(out, "wf/native.go:22:4: error:") || strings.Contains(out, ".bpmn") {
		t.Errorf("pattern: exit %d\n%s", code, out)
	}
}

// TestVetTool runs go vet -vettool with the seams-timers binary (which
// hands the protocol to seams-timers-go) on examples/cadence.
func TestVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go vet")
	}
	bin := buildBinary(t)
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./...")
	cmd.Dir = "../../examples/cadence"
	// A build cache of its own: go vet replays cached results, and the
	// test is about this run.
	cmd.Env = append(os.Environ(), "GOCACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet found nothing:\n%s", out)
	}
	for _, want := range []string{
		"wf/native.go:16:2: time.Sleep in workflow code is not recorded in the Cadence history",
		"wf/native.go:16:2: \tWrite workflow.Sleep(ctx, d) instead; the call is at backoff/backoff.go:10:2, reached by wf.RetryWorkflow -> backoff.Wait -> time.Sleep.",
		"reminder/reminder.go:12:2: time.Sleep in workflow code is not recorded in the Temporal history",
		"wf/durations.go:11:29: the duration 1.5s is not whole seconds",
		"starter/starter.go:13:29: \"0 0 30 2 *\": the schedule has no next firing",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "clean.go") {
		t.Errorf("the clean workflow has a finding:\n%s", out)
	}
}

// TestNoGoAnalysisLinked: seams-timers links no golang.org/x/tools, whose
// packages' init functions would slow every BPMN check.
func TestNoGoAnalysisLinked(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "golang.org/x/tools") || dep == "go/types" || dep == "encoding/gob" {
			t.Errorf("seams-timers links %s", dep)
		}
	}
}

func TestVetToolArgs(t *testing.T) {
	for args, want := range map[string]bool{
		"-V=full": true, "-flags": true, "/tmp/x/vet.cfg": true, "-nativesleep=false /tmp/vet.cfg": true,
		"check a.cfg": false, "check": false, "": false, "next cron:x": false,
	} {
		if got := vetTool(strings.Fields(args)); got != want {
			t.Errorf("vetTool(%q) = %v, want %v", args, got, want)
		}
	}
}
