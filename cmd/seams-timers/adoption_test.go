package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// unquotedModel is a model whose one finding (TMR1004, an unquoted
// literal) has a fix.
const unquotedModel = `<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D">
  <bpmn:process id="P">
    <bpmn:userTask id="T"/>
    <bpmn:boundaryEvent id="B" attachedToRef="T" cancelActivity="false">
      <bpmn:timerEventDefinition><bpmn:timeDuration>PT48H</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
  </bpmn:process>
</bpmn:definitions>
`

func TestStdinFilenameWithoutDash(t *testing.T) {
	code, out, errOut := runCLI(t, unquotedModel, "check", "--no-config", "--stdin-filename", "a.bpmn", "../../examples/approval.bpmn")
	if code != lint.ExitUsage || out != "" || !strings.Contains(errOut, `give "-" as the path`) {
		t.Fatalf("exit %d, stdout %q, stderr %q; want a usage error asking for -", code, out, errOut)
	}
}

func TestFixWithDiffRefused(t *testing.T) {
	p := writeFile(t, t.TempDir(), "a.bpmn", []byte(unquotedModel))
	code, out, errOut := runCLI(t, "", "check", "--no-config", "--fix", "--diff", p)
	if code != lint.ExitUsage || out != "" || !strings.Contains(errOut, "give one of the two") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want a usage error", code, out, errOut)
	}
	if b, _ := os.ReadFile(p); string(b) != unquotedModel {
		t.Fatal("--fix --diff wrote the file")
	}
}

func TestDiffWithNothingFixable(t *testing.T) {
	code, out, errOut := runCLI(t, "", "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--diff", "../../examples/broken/schedules.bpmn")
	if code != lint.ExitFindings || out != "" {
		t.Fatalf("exit %d, stdout %q; want findings and no diff", code, out)
	}
	if !regexp.MustCompile(`^no fixes: none of the \d+ findings has a fix that cannot change meaning\n$`).MatchString(errOut) {
		t.Errorf("stderr %q, want the note that nothing is fixable", errOut)
	}
	code, out, errOut = runCLI(t, "", "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--diff", "../../examples/approval.bpmn")
	if code != lint.ExitOK || out != "" || errOut != "no fixes: there are no findings\n" {
		t.Errorf("clean model: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestNoFilesMatched(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "notes.txt", []byte("not a model\n"))
	code, out, errOut := runCLI(t, "", "check", "--no-config", "--format", "json", dir)
	if code != lint.ExitNoFiles || code == lint.ExitOK || code == lint.ExitFindings || code == lint.ExitUsage || code == lint.ExitInternal {
		t.Fatalf("exit %d, want the distinct no-files code %d", code, lint.ExitNoFiles)
	}
	if !strings.Contains(errOut, "no file to check found in "+dir+" (no BPMN model") {
		t.Errorf("stderr %q, want the warning naming the path", errOut)
	}
	// The outputs are still written, so that a CI step finds its report.
	var rep struct{ Summary struct{ Files int } }
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Summary.Files != 0 {
		t.Errorf("JSON %q (%v), want an empty report", out, err)
	}
	// --fail-on never does not hide it: the paths are wrong, not the models.
	if code, _, _ := runCLI(t, "", "check", "--no-config", "--fail-on", "never", dir); code != lint.ExitNoFiles {
		t.Errorf("--fail-on never: exit %d", code)
	}
	// --allow-empty does, for hooks that pass every staged .xml or .json:
	// nothing to check is a success, but findings still fail.
	if code, _, errOut := runCLI(t, "", "check", "--no-config", "--allow-empty", dir); code != lint.ExitOK || strings.Contains(errOut, "nothing was checked") {
		t.Errorf("--allow-empty: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "", "check", "--no-config", "--allow-empty", "../../examples/broken/schedules.bpmn"); code != lint.ExitFindings {
		t.Errorf("--allow-empty on a broken model: exit %d, want %d", code, lint.ExitFindings)
	}
	// A run that found files but could not load any has failed: its exit
	// code is the findings', never 5 (a Go module whose analysis cannot
	// run counts no file, and said exit 5 before).
	goDir := t.TempDir()
	writeFile(t, goDir, "go.mod", []byte("module example.com/x\n\ngo 1.22\n"))
	writeFile(t, goDir, "x.go", []byte("package x\n"))
	t.Setenv("SEAMS_TIMERS_GO", filepath.Join(goDir, "no-such-seams-timers-go"))
	if code, _, errOut := runCLI(t, "", "check", "--no-config", goDir); code != lint.ExitFindings || strings.Contains(errOut, "nothing was checked") {
		t.Errorf("a Go module whose analysis cannot run: exit %d, stderr %q; want %d", code, errOut, lint.ExitFindings)
	}
}

func TestFailOnBogusListsNever(t *testing.T) {
	code, _, errOut := runCLI(t, "", "check", "--fail-on", "bogus", "../../examples/approval.bpmn")
	if code != lint.ExitUsage || !strings.Contains(errOut, "error, warning, info, never") {
		t.Fatalf("exit %d, stderr %q; want the four choices", code, errOut)
	}
	_, _, errOut = runCLI(t, "", "check", "--fail-on", "warnin", "../../examples/approval.bpmn")
	if !strings.Contains(errOut, `did you mean "warning"?`) {
		t.Errorf("stderr %q, want the nearest choice", errOut)
	}
}

func TestJobsBounds(t *testing.T) {
	for _, bad := range []string{"0", "-3"} {
		code, _, errOut := runCLI(t, "", "check", "--jobs", bad, "../../examples/approval.bpmn")
		if code != lint.ExitUsage || !strings.Contains(errOut, "want at least 1") {
			t.Errorf("--jobs %s: exit %d, stderr %q", bad, code, errOut)
		}
	}
	code, _, errOut := runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", "--jobs", "1000000", "../../examples/approval.bpmn")
	if code != lint.ExitOK || !strings.Contains(errOut, "running 256") {
		t.Errorf("--jobs 1000000: exit %d, stderr %q; want it capped", code, errOut)
	}
	if got, _ := checkJobs(&streams{}, 1_000_000, true, true); got != lint.MaxJobs {
		t.Errorf("checkJobs(1e6) = %d, want %d", got, lint.MaxJobs)
	}
	if got, _ := checkJobs(&streams{}, 0, false, true); got != 0 {
		t.Errorf("checkJobs(default) = %d, want 0 (GOMAXPROCS)", got)
	}
}

func TestExplainSuggestsAndLinks(t *testing.T) {
	code, out, _ := runCLI(t, "", "explain", "TMR1031")
	if code != 0 || !strings.HasSuffix(out, "Online documentation:\n\n    "+lint.RuleDocURI("TMR1031")+"\n") {
		t.Errorf("explain TMR1031 does not end with the doc URL:\n%s", out)
	}
	for key, want := range map[string]string{
		"TMR1013":        `did you mean "TMR1003"?`,
		"cycle-no-strt":  `did you mean "cycle-no-start"?`,
		"xml-syntaxx":    `did you mean "xml-syntax"?`,
		"nothing-at-all": `(` + "`seams-timers rules`" + ` lists them)`,
		"1006":           `did you mean "TMR1006"?`,
		"6201":           `did you mean "TMR6201"?`,
	} {
		code, _, errOut := runCLI(t, "", "explain", key)
		if code != lint.ExitUsage || !strings.Contains(errOut, want) {
			t.Errorf("explain %s: exit %d, stderr %q, want %q", key, code, errOut, want)
		}
	}
}

// complete asks cobra's hidden completion command what a shell would
// offer and returns the candidates without their descriptions.
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errOut := runCLI(t, "", append([]string{"__complete"}, args...)...)
	if code != 0 {
		t.Fatalf("__complete %v: exit %d, %s", args, code, errOut)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, ":") {
			break
		}
		name, _, _ := strings.Cut(line, "\t")
		got = append(got, name)
	}
	return got
}

func TestCompletionValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "--format", ""}, lint.Formats()},
		{[]string{"check", "--fail-on", ""}, []string{"error", "warning", "info", "never"}},
		{[]string{"check", "--color", ""}, []string{"auto", "always", "never"}},
		{[]string{"simulate", "--runtime", ""}, []string{"starts-at-from", "already-running"}},
	} {
		if got := complete(t, c.args...); !slices.Equal(got, c.want) {
			t.Errorf("%v completes %v, want %v", c.args, got, c.want)
		}
	}
	ids := complete(t, "explain", "")
	if len(ids) != len(allRules()) || ids[0] != allRules()[0].ID {
		t.Errorf("explain completes %d candidates starting %v, want the %d rule IDs", len(ids), ids[:min(3, len(ids))], len(allRules()))
	}
	names := complete(t, "explain", "cycle")
	if !slices.Contains(names, "cycle-no-start") {
		t.Errorf("explain cycle completes %v, want the rule names", names)
	}
	if got := complete(t, "explain", "TMR1031", ""); len(got) != 0 {
		t.Errorf("explain takes one rule, but a second completes %v", got)
	}
}

// TestNoTextNamesUnshippedFile checks every text a user reads (rule docs,
// examples, and the messages and details of the findings on examples/)
// for a file name that the repository does not ship, such as a design
// document that lives elsewhere.
func TestNoTextNamesUnshippedFile(t *testing.T) {
	var texts []string
	for _, r := range allRules() {
		texts = append(texts, r.Title, r.Doc, r.Bad, r.Good)
	}
	_, out, _ := runCLI(t, "", "check", "--no-config", "--format", "json", "--now", "2026-11-01T12:00:00Z", "../../examples")
	var rep struct{ Diagnostics []lint.Diagnostic }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) == 0 {
		t.Fatal("examples/ gave no findings to read")
	}
	for _, d := range rep.Diagnostics {
		texts = append(texts, d.Message, d.Detail)
	}
	fileName := regexp.MustCompile(`[A-Za-z0-9_./-]+\.(md|py|txt)\b`)
	for _, text := range texts {
		for _, name := range fileName.FindAllString(text, -1) {
			if _, err := os.Stat(filepath.Join("../..", name)); err != nil {
				t.Errorf("user-facing text names %s, which the repository does not ship: %q", name, text)
			}
		}
	}
}

// gitRepo makes a git repository in a temporary directory with one commit
// of files, and changes into it for the test.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, name, []byte(body))
	}
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"},
		{"add", "."},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base"},
	} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

// twoTimers is a model with a timer start whose cycle has no start: line
// 5 holds the finding. extra is put on the line after it.
func twoTimers(extra string) string {
	return `<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D">
  <bpmn:process id="P">
    <bpmn:startEvent id="Old"><bpmn:timerEventDefinition>
      <bpmn:timeCycle>"R/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
` + extra + `  </bpmn:process>
</bpmn:definitions>
`
}

func TestNewFromRev(t *testing.T) {
	gitRepo(t, map[string]string{"my models/a.bpmn": twoTimers("")})
	newTimer := `    <bpmn:startEvent id="New"><bpmn:timerEventDefinition>
      <bpmn:timeCycle>"R/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
`
	writeFile(t, "my models", "a.bpmn", []byte(twoTimers(newTimer)))
	writeFile(t, "my models", "b.bpmn", []byte(twoTimers("")))

	elements := func(args ...string) (int, []string) {
		t.Helper()
		code, out, errOut := runCLI(t, "", append([]string{"check", "--no-config", "--format", "json", "--now", "2026-11-01T12:00:00Z"}, args...)...)
		var rep struct{ Diagnostics []lint.Diagnostic }
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errOut)
		}
		var got []string
		for _, d := range rep.Diagnostics {
			got = append(got, filepath.Base(d.File)+"#"+d.Element+" "+d.Rule)
		}
		return code, got
	}
	_, all := elements("my models")
	code, changed := elements("--new-from-rev", "HEAD", "my models")
	// b.bpmn is not tracked: all of it is new, as golangci-lint counts it.
	want := []string{"a.bpmn#New TMR1031", "b.bpmn#Old TMR1031"}
	if code != lint.ExitFindings || !slices.Equal(changed, want) {
		t.Fatalf("--new-from-rev HEAD: exit %d, findings %v, want %v (all: %v)", code, changed, want, all)
	}
	if len(all) <= len(changed) {
		t.Errorf("without the flag %v, want more than %v", all, changed)
	}
	if code, got := elements("--new-from-rev", "HEAD", "my models/a.bpmn"); code != lint.ExitFindings || !slices.Equal(got, want[:1]) {
		t.Errorf("one file: exit %d, %v", code, got)
	}
	code, _, errOut := runCLI(t, "", "check", "--new-from-rev", "no-such-rev", "my models")
	if code != lint.ExitUsage || !strings.Contains(errOut, "no-such-rev") {
		t.Errorf("bad revision: exit %d, stderr %q", code, errOut)
	}
}

func TestNewFromRevOutsideGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	writeFile(t, dir, "a.bpmn", []byte(unquotedModel))
	code, _, errOut := runCLI(t, "", "check", "--new-from-rev", "HEAD", ".")
	if code != lint.ExitUsage || !strings.Contains(errOut, "needs a git work tree") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestHunkNewRange(t *testing.T) {
	for header, want := range map[string][2]int{
		"@@ -1,2 +3,4 @@":          {3, 4},
		"@@ -1 +7 @@ func x":       {7, 1},
		"@@ -5,2 +4,0 @@":          {4, 0},
		"@@ -1 +-3,2 @@":           {0, 0},
		"@@@ -1,2 -1,2 +1,3 @@@ x": {0, 0},
	} {
		start, count, err := hunkNewRange(header)
		if want == [2]int{0, 0} {
			if err == nil {
				t.Errorf("%q: no error for a combined diff header", header)
			}
			continue
		}
		if err != nil || start != want[0] || count != want[1] {
			t.Errorf("%q = %d,%d (%v), want %v", header, start, count, err, want)
		}
	}
}

// TestVersionEverywhere checks that the version stamped at link time is
// what the version command, --version and SARIF's tool.driver.version say.
func TestVersionEverywhere(t *testing.T) {
	old := version
	version = "v1.4.2"
	t.Cleanup(func() { version = old })
	for _, args := range [][]string{{"version"}, {"--version"}} {
		if code, out, _ := runCLI(t, "", args...); code != 0 || out != "seams-timers v1.4.2\n" {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
	_, out, _ := runCLI(t, "", "check", "--format", "sarif", "--now", "2026-11-01T12:00:00Z", "../../examples/broken/schedules.bpmn")
	var sarif struct {
		Runs []struct {
			Tool struct{ Driver struct{ Version string } }
		}
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil || len(sarif.Runs) != 1 {
		t.Fatalf("SARIF: %v", err)
	}
	if got := sarif.Runs[0].Tool.Driver.Version; got != "1.4.2" {
		t.Errorf("tool.driver.version = %q, want 1.4.2 (SARIF wants it to start with a digit)", got)
	}
}

// TestExampleScenarioRuns runs examples/scenario.yaml on examples/ and
// checks what its comments promise: two reminders fire, one is cancelled,
// and the digest misses two mornings in the downtime.
func TestExampleScenarioRuns(t *testing.T) {
	code, out, errOut := runCLI(t, "", "simulate", "--scenario", "../../examples/scenario.yaml", "--format", "json", "../../examples")
	if code != lint.ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Scenario struct{ Runtime string }
		Timers   []struct {
			Timer                    string
			Fired, Missed, Cancelled int
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Scenario.Runtime != "starts-at-from" {
		t.Errorf("runtime %q", res.Scenario.Runtime)
	}
	got := map[string][3]int{}
	for _, tm := range res.Timers {
		got[tm.Timer] = [3]int{tm.Fired, tm.Missed, tm.Cancelled}
	}
	if r := got["../../examples/approval.bpmn#Remind"]; r != [3]int{2, 0, 1} {
		t.Errorf("Remind fired, missed, cancelled = %v, want 2, 0, 1", r)
	}
	if d := got["../../examples/digest.bpmn#EveryMorning"]; d[0] != 4 || d[1] != 2 {
		t.Errorf("EveryMorning fired, missed = %v, want 4, 2", d)
	}
}

// TestScenarioMistakesAsDocumented writes the mistakes that
// docs/scenario.md lists and checks that simulate prints each line as the
// page shows it.
func TestScenarioMistakesAsDocumented(t *testing.T) {
	md, err := os.ReadFile("../../docs/scenario.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(md), "## Mistakes")
	block := regexp.MustCompile("(?s)```\n(.*?)```").FindStringSubmatch(section)
	if block == nil {
		t.Fatal("docs/scenario.md: no block under ## Mistakes")
	}
	const head = "from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\n"
	files := map[string]string{
		"replicaz":       head + "replicaz: 2\n",
		`"att"`:          head + "crash:\n  - replica: 1\n    att: 2026-11-01T01:00:00Z\n",
		`"two"`:          "from: 2026-11-01T00:00:00Z\nreplicas: two\n",
		`"2"`:            head + "seed: 1\ncrash: 2\n",
		`"2026-11-01"`:   "from: 2026-11-01\n",
		"already-runing": head + "step: PT1S\nreplicas: 1\nseed: 1\nruntime: already-runing\n",
	}
	dir := t.TempDir()
	abs, err := filepath.Abs("../../bpmn/sim/testdata/digest.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	lines := strings.Split(strings.TrimSpace(block[1]), "\n")
	if len(lines) != len(files) {
		t.Fatalf("docs list %d mistakes, the test writes %d", len(lines), len(files))
	}
	for _, want := range lines {
		var src string
		for key, body := range files {
			if strings.Contains(want, key) {
				src = body
			}
		}
		if src == "" {
			t.Errorf("no file for the documented line %q", want)
			continue
		}
		writeFile(t, dir, "scenario.yaml", []byte(src))
		code, _, errOut := runCLI(t, "", "simulate", "--no-config", "--scenario", "scenario.yaml", abs)
		if code != lint.ExitUsage || errOut != "seams-timers: "+want+"\n" {
			t.Errorf("exit %d, stderr %q\nwant %q", code, errOut, want)
		}
	}
}

// TestSimulateRuntimeFlag checks --runtime: the header says the reading,
// and already-running misses none of the digest's due times before --from.
func TestSimulateRuntimeFlag(t *testing.T) {
	args := []string{"simulate", "--no-config", "--from", "2026-11-12T00:00:00Z", "--until", "2026-11-13T00:00:00Z", "../../bpmn/sim/testdata/digest.bpmn"}
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 || !strings.Contains(out, "runtime starts at from (earlier due times are missed at first load)") || !strings.Contains(out, "timer missed") {
		t.Errorf("default: exit %d, %s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "", append([]string{"simulate", "--runtime", "already-running"}, args[1:]...)...)
	if code != 0 || !strings.Contains(out, "runtime already running at from (earlier due times were handled)") || strings.Contains(out, "timer missed") {
		t.Errorf("already-running: exit %d, %s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "", append([]string{"simulate", "--runtime", "already-runing"}, args[1:]...)...)
	if code != lint.ExitUsage || !strings.Contains(errOut, `--runtime: unknown reading "already-runing"; did you mean "already-running"?`) {
		t.Errorf("typo: exit %d, %s", code, errOut)
	}
}
