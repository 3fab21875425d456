package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// mixedProject copies BPMN models, an index graph, Workflow Engine schemes
// (XML and a SQL seed) and an XML file that is no scheme into one
// directory.
func mixedProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for src, dst := range map[string]string{
		"../../examples/approval.bpmn":            "approval.bpmn",
		"../../examples/digest.bpmn":              "digest.bpmn",
		"../../examples/index.ttl":                "index.ttl",
		"../../examples/broken/schedules.bpmn":    "schedules.bpmn",
		"../../examples/wfe/broken/intervals.xml": "schemes/intervals.xml",
		"../../examples/wfe/broken/seed.sql":      "schemes/seed.sql",
		"../../examples/wfe/service-desk.xml":     "schemes/service-desk.xml",
		"../../examples/wfe/broken/unclosed.xml":  "schemes/unclosed.xml",
		"../../examples/broken/reminders.bpmn":    "legacy/reminders.bpmn20.xml",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, dst)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, dst, data)
	}
	digest, err := os.ReadFile("../../examples/digest.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "legacy/digest.xml", digest)
	writeFile(t, dir, "pom.xml", []byte(`<?xml version="1.0"?><project><modelVersion>4.0.0</modelVersion></project>`))
	writeFile(t, dir, "schemes/migration.sql", []byte(`CREATE TABLE "Other" ("Id" int); INSERT INTO "Other" VALUES (1);`))
	return dir
}

// TestCheckWFEWithBPMN checks a directory of BPMN models, an index graph
// and schemes in one run: each file is reported by its own engine, in one
// sorted output, and files that are neither are skipped silently.
func TestCheckWFEWithBPMN(t *testing.T) {
	dir := mixedProject(t)
	code, out, errOut := runCLI(t, "", "check", "--no-config", "--format", "json", "--now", "2026-11-01T12:00:00Z", dir)
	if code != lint.ExitFindings {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var rep struct {
		Diagnostics []lint.Diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, d := range rep.Diagnostics {
		rel, _ := filepath.Rel(dir, d.File)
		files[rel] = true
		wfeFile := strings.HasPrefix(rel, "schemes"+string(filepath.Separator)) && !strings.HasSuffix(rel, ".bpmn20.xml")
		if wfeFile != strings.HasPrefix(d.Rule, "TMR6") {
			t.Errorf("%s: %s is another engine's rule", rel, d.Rule)
		}
	}
	for _, want := range []string{"schedules.bpmn", "legacy/reminders.bpmn20.xml", "schemes/intervals.xml", "schemes/seed.sql", "schemes/unclosed.xml"} {
		if !files[filepath.FromSlash(want)] {
			t.Errorf("no finding in %s", want)
		}
	}
	for _, silent := range []string{"pom.xml", "schemes/migration.sql", "schemes/service-desk.xml", "approval.bpmn"} {
		if files[filepath.FromSlash(silent)] {
			t.Errorf("%s has findings", silent)
		}
	}
	sorted := slices.IsSortedFunc(rep.Diagnostics, func(a, b lint.Diagnostic) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Line*10000 + a.Column - (b.Line*10000 + b.Column)
	})
	if !sorted {
		t.Error("the findings are not sorted by file, line and column")
	}
	// The summary counts the scheme files and their timers, not pom.xml.
	code, _, errOut = runCLI(t, "", "check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--color", "never", dir)
	if code != lint.ExitFindings || !strings.Contains(errOut, "in 9 files") {
		t.Errorf("exit %d, summary %q (want 9 files: 4 BPMN, the graph, 4 schemes)", code, errOut)
	}
	// A BPMN model saved as .xml is neither engine's, and the run says so.
	if !strings.Contains(errOut, filepath.Join("legacy", "digest.xml")+" holds a BPMN model") {
		t.Errorf("no note on legacy/digest.xml: %s", errOut)
	}
}

// TestFormatsCarryWFEFindings: every output format carries TMR6xxx
// findings, and SARIF describes their rules.
func TestFormatsCarryWFEFindings(t *testing.T) {
	dir := mixedProject(t)
	for _, f := range lint.Formats() {
		code, out, errOut := runCLI(t, "", "check", "--no-config", "--format", f, "--now", "2026-11-01T12:00:00Z", dir)
		if code != lint.ExitFindings {
			t.Fatalf("%s: exit %d, %s", f, code, errOut)
		}
		for _, want := range []string{"TMR6202", "TMR1031", "seed.sql"} {
			if !strings.Contains(out, want) {
				t.Errorf("--format %s lacks %s", f, want)
			}
		}
	}
	_, out, _ := runCLI(t, "", "check", "--no-config", "--format", "sarif", "--now", "2026-11-01T12:00:00Z", dir)
	var sarif struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					Physical struct {
						Artifact struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range sarif.Runs[0].Results {
		if r.RuleID == "TMR6202" && strings.HasSuffix(r.Locations[0].Physical.Artifact.URI, "seed.sql") {
			found = r.Locations[0].Physical.Region.StartLine == 7
		}
	}
	if !found {
		t.Error("SARIF has no TMR6202 result at seed.sql line 7")
	}
	if !slices.ContainsFunc(sarif.Runs[0].Tool.Driver.Rules, func(r struct {
		ID string `json:"id"`
	}) bool {
		return r.ID == "TMR6202"
	}) {
		t.Error("SARIF does not describe rule TMR6202")
	}
}

func TestNextWFEValues(t *testing.T) {
	cases := []struct {
		arg, out string
		code     int
	}{
		{"Interval:1.5h", "2026-11-01T17:00:00Z  +5h (read \"5h\": the \"1.\" is dropped)\n", 0},
		{"1h30", "2026-11-01T13:00:00Z  +1h (read \"1h\": the \"30\" is dropped)\n", 0},
		{"4h", "2026-11-01T16:00:00Z  +4h\n", 0},
		{"Time:09:00", "2026-11-02T09:00:00Z  (tomorrow: today's 09:00:00 has passed)\n", 0},
		{"Time:13:30:00", "2026-11-01T13:30:00Z  (today)\n", 0},
		{"Date:12/31/2026", "2026-12-31T00:00:00Z  (midnight of 2026-12-31 on the runtime's clock)\n", 0},
		{"10 min", "2026-11-01T12:00:00Z  +0 (read \"0\": the \"10\" is dropped)\n", 0},
	}
	for _, c := range cases {
		code, out, _ := runCLI(t, "", "next", "--no-config", "--engine", "wfe", "--now", "2026-11-01T12:00:00Z", c.arg)
		if code != c.code || out != c.out {
			t.Errorf("next %q: exit %d\n%s\nwant exit %d\n%s", c.arg, code, out, c.code, c.out)
		}
	}
}

func TestNextWFEFiles(t *testing.T) {
	code, out, _ := runCLI(t, "", "next", "--no-config", "--now", "2026-11-06T12:00:00Z", "../../examples/wfe/service-desk.xml")
	want := `../../examples/wfe/service-desk.xml: ServiceDeskTicket
  Open
    2027-01-01T00:00:00Z  HardDeadline  Date "01/01/2027"  (midnight of 2027-01-01 on the runtime's clock)
  InProgress
    2026-11-06T16:00:00Z  SLA  Interval "4h"  +4h
`
	if code != 0 || out != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, out, want)
	}
}

func TestSimulateWFE(t *testing.T) {
	code, out, errOut := runCLI(t, "", "simulate", "--no-config", "--engine", "wfe", "--scenario", "../../examples/wfe/scenario.yaml", "--format", "json", "../../examples/wfe/service-desk.xml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Events []struct {
			Time, Kind, Instance, Timer string
		} `json:"events"`
		Timers []struct {
			Timer string
			Fired int
		} `json:"timers"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// The second ticket's SLA (due Friday 20:30) fires when the runtime is
	// back on Monday at 08:00, at its start-up poll.
	if !slices.ContainsFunc(res.Events, func(e struct{ Time, Kind, Instance, Timer string }) bool {
		return e.Kind == "fire" && e.Instance == "ServiceDeskTicket#2" && e.Timer == "SLA" && e.Time == "2026-11-09T08:00:00Z"
	}) {
		t.Errorf("no SLA firing at the start-up poll: %s", out)
	}
	code, _, errOut = runCLI(t, "", "simulate", "--engine", "wfe", "--complete", "A=PT1H", "../../examples/wfe/service-desk.xml")
	if code != lint.ExitUsage || !strings.Contains(errOut, "--complete does not apply to --engine wfe") {
		t.Errorf("a BPMN flag: exit %d, %s", code, errOut)
	}
}

// TestWFEUnreadableFile: a scheme file that cannot be read is a TMR6001
// finding in check, next and simulate alike, and is counted as a file.
func TestWFEUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../examples/wfe/service-desk.xml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "service-desk.xml", src)
	if err := os.Symlink(filepath.Join(dir, "nowhere.xml"), filepath.Join(dir, "dangling.xml")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	code, out, errOut := runCLI(t, "", "check", "--no-config", "--now", "2026-11-06T12:00:00Z", dir)
	if code != lint.ExitFindings || !strings.Contains(out, "TMR6001") || !strings.Contains(out+errOut, "in 2 files") {
		t.Errorf("check: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "", "next", "--no-config", "--now", "2026-11-06T12:00:00Z", dir)
	if code != lint.ExitFindings || !strings.Contains(out, "dangling.xml:1:1: error: cannot read the file") || !strings.Contains(out, "[TMR6001 scheme-unreadable]") {
		t.Errorf("next: exit %d\n%s", code, out)
	}
	code, _, errOut = runCLI(t, "", "simulate", "--no-config", "--engine", "wfe", "--from", "2026-11-06T12:00:00Z", "--until", "2026-11-07T12:00:00Z", dir)
	if code != lint.ExitFindings || !strings.Contains(errOut, "[TMR6001 scheme-unreadable]") {
		t.Errorf("simulate: exit %d\n%s", code, errOut)
	}
}
