package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// TestStreamedFindingsSameBytes holds a streaming check, whose findings
// spill to disk past a budget, to the bytes, stderr and exit code of the
// check that holds them in memory (as --fix does), in every format, on
// the examples and the rules' fixtures: with the default budget (nothing
// spilled), and with a budget of one byte, where every finding goes
// through the temporary file and the merge of one-finding runs (and the
// merges of runs past the fan-in). The temporary file is gone after each
// run.
func TestStreamedFindingsSameBytes(t *testing.T) {
	dirs := []string{"../../examples", "../../bpmn/rules/testdata"}
	if !testing.Short() {
		dirs = append(dirs, "../../examples/broken", "../../wfe/rules/testdata", "../../stateflows/rules/testdata",
			"../../rules/testdata", "../../lint/testdata", "../../graph/testdata")
	}
	formats := [][]string{
		{"--format", "text"},
		{"--format", "text", "--show-source"},
		{"--format", "text", "--show-source", "--path-prefix", "sub/dir"},
		{"--format", "json"},
		{"--format", "json", "--path-prefix", "/abs/p"},
		{"--format", "sarif"},
		{"--format", "sarif", "--path-prefix", "../up"},
		{"--format", "junit"},
		{"--format", "codeclimate"},
		{"--format", "checkstyle"},
		{"--format", "github"},
		{"--format", "markdown"},
		{"--format", "text", "-q", "--fail-on", "warning"},
	}
	few := map[string]bool{"text --show-source": true, "json": true, "sarif": true, "junit": true}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Cleanup(func() { streamFindings = true })
	for _, dir := range dirs {
		for _, f := range formats {
			if testing.Short() && dir != "../../examples" && !few[strings.Join(f[1:], " ")] {
				// Every format on the examples; the fixtures in a few.
				continue
			}
			args := append([]string{"check", "--now=2026-11-01T12:00:00Z"}, f...)
			args = append(args, dir)
			streamFindings = false
			t.Setenv(lint.SpillBudgetEnv, "")
			wantCode, wantOut, wantErr := runCLI(t, "", args...)
			streamFindings = true
			for _, budget := range []string{"", "1"} {
				t.Setenv(lint.SpillBudgetEnv, budget)
				code, out, errOut := runCLI(t, "", args...)
				name := strings.Join(args[2:], " ") + " budget=" + budget
				if code != wantCode || out != wantOut || errOut != wantErr {
					t.Errorf("%s: streamed (exit %d) differs from in memory (exit %d)\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s",
						name, code, wantCode, out, wantOut, errOut, wantErr)
				}
				if left, err := os.ReadDir(tmp); err != nil || len(left) > 0 {
					t.Fatalf("%s: the temporary directory holds %v (%v) after the run", name, left, err)
				}
			}
		}
	}
}

// TestStreamedPrefixReorders checks a relative and an absolute path with a
// --path-prefix that sorts the relative files before the absolute ones:
// the formats that list findings sorted sort them again (from disk, with
// every finding spilled), as they sort a report held in memory.
func TestStreamedPrefixReorders(t *testing.T) {
	abs, err := filepath.Abs("../../examples/broken")
	if err != nil {
		t.Fatal(err)
	}
	// A relative file that sorts after the absolute ones: models/...
	src, err := os.ReadFile(filepath.Join(abs, "reminders.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	if err := os.Mkdir(filepath.Join(work, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(work, "models"), "reminders.bpmn", src)
	t.Chdir(work)
	t.Setenv("TMPDIR", t.TempDir())
	t.Cleanup(func() { streamFindings = true })
	for _, format := range []string{"text", "json", "sarif", "junit", "checkstyle", "codeclimate", "github", "markdown"} {
		args := []string{"check", "--now=2026-11-01T12:00:00Z", "--path-prefix", "-x", "--format", format, abs, "models"}
		streamFindings = false
		t.Setenv(lint.SpillBudgetEnv, "")
		wantCode, wantOut, wantErr := runCLI(t, "", args...)
		streamFindings = true
		t.Setenv(lint.SpillBudgetEnv, "1")
		code, out, errOut := runCLI(t, "", args...)
		if code != wantCode || out != wantOut || errOut != wantErr {
			t.Errorf("%s: streamed (exit %d) differs from in memory (exit %d)\nstdout:\n%s\nwant:\n%s", format, code, wantCode, out, wantOut)
		}
		if format == "json" && !strings.Contains(out, `"file": "-x/`) {
			t.Errorf("json: no prefixed relative file in\n%s", out)
		}
	}
}

// TestStreamedSpillFailure: findings that cannot be written to the
// temporary file are an internal failure (exit 3) that says so, not a
// report with findings missing.
func TestStreamedSpillFailure(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "gone"))
	t.Setenv(lint.SpillBudgetEnv, "1")
	code, out, errOut := runCLI(t, "", "check", "--now=2026-11-01T12:00:00Z", "../../examples")
	if code != lint.ExitInternal || out != "" || !strings.Contains(errOut, "findings: open ") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and the temporary file named", code, out, errOut, lint.ExitInternal)
	}
}

// TestStreamedTwoOutputs: text with source lines on stdout and SARIF to a
// file, the one run keeping the files' bytes for the excerpts while the
// streaming check releases those it took excerpts from; SARIF's UTF-16
// columns come from what a released file keeps, and match.
func TestStreamedTwoOutputs(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	t.Cleanup(func() { streamFindings = true })
	run := func(stream bool, budget, name string) (int, string, string) {
		streamFindings = stream
		t.Setenv(lint.SpillBudgetEnv, budget)
		file := filepath.Join(dir, name)
		code, out, _ := runCLI(t, "", "check", "--now=2026-11-01T12:00:00Z", "--show-source", "--format", "text",
			"--format", "sarif="+file, "../../examples", "../../bpmn/rules/testdata")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return code, out, string(b)
	}
	wantCode, wantOut, wantSARIF := run(false, "", "memory.sarif")
	for _, budget := range []string{"", "1"} {
		code, out, sarif := run(true, budget, "stream"+budget+".sarif")
		if code != wantCode || out != wantOut || sarif != wantSARIF {
			t.Errorf("budget %q: the streamed outputs differ from the in-memory ones", budget)
		}
	}
	if !strings.Contains(wantOut, "    ^") {
		t.Error("no source excerpt in the text output")
	}
}
