package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// runCLI runs the command line with captured streams and returns the exit
// code, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	s := &streams{In: strings.NewReader(stdin), Out: &out, Err: &errOut}
	code := run(args, s)
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMissingPathIsUsageError(t *testing.T) {
	code, out, errOut := runCLI(t, "", "check", "does/not/exist.bpmn")
	if code != lint.ExitUsage {
		t.Fatalf("exit %d, want %d", code, lint.ExitUsage)
	}
	if out != "" {
		t.Errorf("stdout = %q, want nothing", out)
	}
	if lines := strings.Count(strings.TrimRight(errOut, "\n"), "\n"); lines != 0 || !strings.Contains(errOut, "does/not/exist.bpmn") {
		t.Errorf("stderr should be one line naming the path, got %q", errOut)
	}
}

func TestUnknownFlagIsUsageError(t *testing.T) {
	code, _, errOut := runCLI(t, "", "check", "--no-such-flag", ".")
	if code != lint.ExitUsage || errOut == "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

// TestMalformedFiles checks that broken input gives a TMR0001/TMR0002
// finding with a position and exit code 1, never a panic.
func TestMalformedFiles(t *testing.T) {
	dir := t.TempDir()
	deep := strings.Repeat("<a>", 10000) + strings.Repeat("</a>", 10000)
	huge := `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="` +
		strings.Repeat("x", 100<<20) + `"/>`
	cases := map[string][]byte{
		"truncated.bpmn": []byte(`<?xml version="1.0"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="P">`),
		"notxml.bpmn":    []byte("this is not XML at all\n"),
		"binary.bpmn":    {0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10},
		"empty.bpmn":     {},
		"deep.bpmn":      []byte(deep),
		"huge.bpmn":      []byte(huge),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			p := writeFile(t, dir, name, data)
			code, out, _ := runCLI(t, "", "check", "--format", "json", p)
			if code != lint.ExitFindings {
				t.Fatalf("exit %d, want %d; output %s", code, lint.ExitFindings, out)
			}
			var rep struct {
				Diagnostics []lint.Diagnostic `json:"diagnostics"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			if len(rep.Diagnostics) == 0 {
				t.Fatal("no diagnostic")
			}
			d := rep.Diagnostics[0]
			if d.Rule != "TMR0001" && d.Rule != "TMR0002" {
				t.Errorf("rule %s, want TMR0001 or TMR0002", d.Rule)
			}
			if d.Line < 1 || d.Column < 1 || d.File != p {
				t.Errorf("bad position %s:%d:%d", d.File, d.Line, d.Column)
			}
		})
	}
}

// TestJSONIsDeterministic checks that the same input gives the same bytes
// whatever the parallelism.
func TestJSONIsDeterministic(t *testing.T) {
	var first string
	for i, jobs := range []string{"1", "2", "8", "1"} {
		code, out, _ := runCLI(t, "", "check", "--format", "json", "--now", "2026-11-01T12:00:00Z", "--jobs", jobs, "../../examples")
		if code != lint.ExitFindings {
			t.Fatalf("exit %d, want findings from examples/broken", code)
		}
		if i == 0 {
			first = out
			continue
		}
		if out != first {
			t.Fatalf("output with --jobs %s differs from the first run", jobs)
		}
	}
}

func TestExamplesCleanAndBroken(t *testing.T) {
	code, out, _ := runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", "../../examples/approval.bpmn", "../../examples/digest.bpmn")
	if code != lint.ExitOK || out != "" {
		t.Fatalf("clean examples: exit %d, output %q", code, out)
	}
	code, out, _ = runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", "../../examples/broken")
	if code != lint.ExitFindings {
		t.Fatalf("broken examples: exit %d", code)
	}
	if !strings.Contains(out, `ResolutionError(<../../examples/broken/schedules.bpmn#EveryDay>, bpmn:timeCycle, "cycle has no start date-time: 'R/P1D'")`) {
		t.Errorf("missing the ADR's message for R/P1D in:\n%s", out)
	}
}

func TestFailOn(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "monthly.bpmn", []byte(`<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D">
  <bpmn:process id="P"><bpmn:startEvent id="S"><bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2027-01-31T00:00:00Z/P1M"</bpmn:timeCycle>
  </bpmn:timerEventDefinition></bpmn:startEvent></bpmn:process>
</bpmn:definitions>`))
	for _, c := range []struct {
		failOn string
		want   int
	}{{"error", lint.ExitOK}, {"warning", lint.ExitFindings}, {"never", lint.ExitOK}} {
		code, out, _ := runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", "--fail-on", c.failOn, p)
		if code != c.want {
			t.Errorf("--fail-on %s: exit %d, want %d (%s)", c.failOn, code, c.want, out)
		}
		if !strings.Contains(out, "TMR1034") {
			t.Errorf("--fail-on %s: the warning is not printed: %q", c.failOn, out)
		}
	}
}

func TestRulesAndExplain(t *testing.T) {
	code, out, _ := runCLI(t, "", "rules")
	if code != 0 || !strings.Contains(out, "TMR1031") || !strings.Contains(out, "cycle-no-start") {
		t.Fatalf("rules: exit %d\n%s", code, out)
	}
	for _, key := range []string{"TMR1031", "cycle-no-start", "tmr1031"} {
		code, out, _ = runCLI(t, "", "explain", key)
		if code != 0 || !strings.Contains(out, "Bad:") || !strings.Contains(out, "Good:") {
			t.Fatalf("explain %s: exit %d\n%s", key, code, out)
		}
	}
	if code, _, _ = runCLI(t, "", "explain", "TMR9999"); code != lint.ExitUsage {
		t.Errorf("explain of an unknown rule: exit %d", code)
	}
}

func TestStdin(t *testing.T) {
	src, err := os.ReadFile("../../examples/broken/schedules.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, string(src), "check", "--now", "2026-11-01T12:00:00Z", "--stdin-filename", "models/schedules.bpmn", "-")
	if code != lint.ExitFindings || !strings.Contains(out, "models/schedules.bpmn:") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if code, _, _ = runCLI(t, "", "check", "-"); code != lint.ExitUsage {
		t.Errorf("stdin without --stdin-filename: exit %d", code)
	}
}

func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, out, errOut := runCLI(t, "", "completion", shell)
		if code != 0 || !strings.Contains(out, "seams-timers") {
			t.Errorf("completion %s: exit %d, stderr %q, %d bytes", shell, code, errOut, len(out))
		}
		if len(out) < 500 {
			t.Errorf("completion %s: script too short (%d bytes)", shell, len(out))
		}
	}
	// The dynamic completion of subcommands names check.
	code, out, _ := runCLI(t, "", "__complete", "ch")
	if code != 0 || !strings.Contains(out, "check") {
		t.Errorf("__complete ch: exit %d, %q", code, out)
	}
}

func TestProgressOnlyAboveThreshold(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, 3)
	p(1, 3)
	p(3, 3)
	if b.Len() != 0 {
		t.Fatalf("progress shown for 3 files: %q", b.String())
	}
	p(4, 4)
	if !strings.Contains(b.String(), "checking 4/4 files") {
		t.Fatalf("no progress line: %q", b.String())
	}
	p(-1, 0)
	if !strings.HasSuffix(b.String(), "\r\033[K") {
		t.Fatalf("the line is not cleared: %q", b.String())
	}
	// Not a terminal: the check command never installs it, so nothing
	// reaches a captured stderr.
	code, _, errOut := runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", "../../examples/approval.bpmn")
	if code != 0 || strings.Contains(errOut, "checking") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestFixAndDiff(t *testing.T) {
	src := []byte(unquotedModel)
	dir := t.TempDir()
	p := writeFile(t, dir, "a.bpmn", src)

	// --diff writes nothing, so the finding remains: exit 1.
	code, out, _ := runCLI(t, "", "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--diff", p)
	if code != lint.ExitFindings || !strings.Contains(out, `+      <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration>`) {
		t.Fatalf("--diff: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, src) {
		t.Fatal("--diff wrote the file")
	}

	code, out, errOut := runCLI(t, "", "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--fix", p)
	if code != 0 || out != "" {
		t.Fatalf("--fix: exit %d, findings left:\n%s%s", code, out, errOut)
	}
	want := bytes.Replace(src, []byte(">PT48H<"), []byte(`>"PT48H"<`), 1)
	if b, _ := os.ReadFile(p); !bytes.Equal(b, want) {
		t.Fatalf("--fix wrote:\n%s", b)
	}

	if code, _, _ := runCLI(t, string(src), "check", "--fix", "--stdin-filename", "a.bpmn", "-"); code != lint.ExitUsage {
		t.Errorf("--fix on stdin: exit %d, want a usage error", code)
	}
}

func TestNoGraphNote(t *testing.T) {
	src, err := os.ReadFile("../../examples/approval.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "approval.bpmn")
	if err := os.WriteFile(p, src, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, errOut := runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", p)
	if strings.Count(errOut, "no index graph") != 1 {
		t.Errorf("want one note about the missing index graph, got %q", errOut)
	}
	// Beside its index graph, a model given by path is joined with it.
	_, _, errOut = runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", "../../examples/approval.bpmn")
	if strings.Contains(errOut, "no index graph") {
		t.Errorf("examples/approval.bpmn was checked without examples/index.ttl: %q", errOut)
	}
}

func TestConfigValidate(t *testing.T) {
	code, out, _ := runCLI(t, "", "config", "validate", "../../examples/.seams-timers.yaml")
	if code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("exit %d: %s", code, out)
	}
	dir := t.TempDir()
	p := writeFile(t, dir, ".seams-timers.yaml", []byte("rules:\n  TMR1032: off\n  cycle-no-strt: warning\n"))
	code, _, errOut := runCLI(t, "", "config", "validate", p)
	if code != lint.ExitUsage || !strings.Contains(errOut, `:3: unknown rule "cycle-no-strt"; did you mean "cycle-no-start"?`) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, out, _ = runCLI(t, "", "config", "validate", "--print-schema")
	if code != 0 || !strings.Contains(out, `"$schema"`) {
		t.Fatalf("--print-schema: exit %d", code)
	}
	// A check with that config is a usage error too.
	code, _, errOut = runCLI(t, "", "check", "--config", p, "../../examples/approval.bpmn")
	if code != lint.ExitUsage || !strings.Contains(errOut, "did you mean") {
		t.Fatalf("check --config: exit %d: %s", code, errOut)
	}
}
