package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// overridesRepo is a git work tree with the same broken file of every
// engine in new/ and in legacy/ (a BPMN model, a Workflow Engine scheme,
// a Stateflows machine, a Cadence history), and a config whose overrides
// turn rules off in legacy/, raise one there, and turn one on in new/
// that rules: turns off everywhere else. It changes into it.
func overridesRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"schedules.bpmn":  "broken/schedules.bpmn",
		"intervals.xml":   "wfe/broken/intervals.xml",
		"OrderMachine.cs": "stateflows/OrderMachine.cs",
		"order-1.json":    "cadence/histories/order-1.json",
	}
	for _, sub := range []string{".git", "new", "legacy"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, from := range files {
		src, err := os.ReadFile(filepath.Join("..", "..", "examples", from))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, filepath.Join("new", name), src)
		writeFile(t, dir, filepath.Join("legacy", name), src)
	}
	writeFile(t, dir, lint.ConfigFileName, []byte(`now: 2026-11-01T12:00:00Z
rules:
  TMR1034: off
overrides:
  - paths: [legacy/]
    rules: {TMR1031: off, interval-misread: off, TMR7011: off, TMR8021: error}
  - paths: ["new/*.bpmn"]
    rules: {TMR1034: warning}
`))
	t.Chdir(dir)
	return dir
}

// finding reports whether the text output has a finding of rule in file
// at severity ("" for any).
func finding(out, file, rule, severity string) bool {
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, file+":") && strings.Contains(line, "["+rule+" ") &&
			(severity == "" || strings.Contains(line, ": "+severity+": ")) {
			return true
		}
	}
	return false
}

// TestCheckOverrides: the config's overrides hold for every engine's
// findings, by path: off in legacy/, raised there, and on in new/ only.
func TestCheckOverrides(t *testing.T) {
	overridesRepo(t)
	for _, args := range [][]string{{"."}, {"new", "legacy"}, {"new/schedules.bpmn", "legacy/schedules.bpmn", "new/intervals.xml", "legacy/intervals.xml", "new/OrderMachine.cs", "legacy/OrderMachine.cs", "new/order-1.json", "legacy/order-1.json"}} {
		_, out, errOut := runCLI(t, "", append([]string{"check", "--format", "text"}, args...)...)
		for _, c := range []struct {
			file, rule, severity string
			want                 bool
		}{
			{"new/schedules.bpmn", "TMR1031", "error", true},
			{"legacy/schedules.bpmn", "TMR1031", "", false},
			{"new/schedules.bpmn", "TMR1034", "warning", true},
			{"legacy/schedules.bpmn", "TMR1034", "", false},
			{"new/intervals.xml", "TMR6202", "error", true},
			{"legacy/intervals.xml", "TMR6202", "", false},
			{"legacy/intervals.xml", "TMR6201", "error", true},
			{"new/OrderMachine.cs", "TMR7011", "error", true},
			{"legacy/OrderMachine.cs", "TMR7011", "", false},
			{"legacy/OrderMachine.cs", "TMR7030", "warning", true},
			{"new/order-1.json", "TMR8021", "warning", true},
			{"legacy/order-1.json", "TMR8021", "error", true},
		} {
			if got := finding(out, filepath.FromSlash(c.file), c.rule, c.severity); got != c.want {
				t.Errorf("check %v: %s %s %s: found %v, want %v\n%s%s", args, c.file, c.rule, c.severity, got, c.want, out, errOut)
			}
		}
	}
}

// TestLSPOverrides: the language server reads the overrides of the config
// above a buffer as check does: a legacy buffer loses the findings its
// override turns off.
func TestLSPOverrides(t *testing.T) {
	dir := overridesRepo(t)
	codes := func(rel string) map[string]bool { return lspCodes(t, filepath.Join(dir, rel)) }
	for _, c := range []struct {
		file string
		rule string
		want bool
	}{
		{"new/schedules.bpmn", "TMR1031", true},
		{"new/schedules.bpmn", "TMR1034", true},
		{"legacy/schedules.bpmn", "TMR1031", false},
		{"legacy/schedules.bpmn", "TMR1034", false},
		{"legacy/schedules.bpmn", "TMR2004", true},
		{"new/intervals.xml", "TMR6202", true},
		{"legacy/intervals.xml", "TMR6202", false},
	} {
		if got := codes(c.file)[c.rule]; got != c.want {
			t.Errorf("lsp %s: %s found %v, want %v", c.file, c.rule, got, c.want)
		}
	}
}

// lspCodes runs the language server on one file opened from disk and
// returns the rule IDs of the diagnostics it publishes.
func lspCodes(t *testing.T, path string) map[string]bool {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	session := frame(t,
		map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}},
		map[string]any{"method": "initialized", "params": map[string]any{}},
		map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
			"uri": "file://" + filepath.ToSlash(path), "languageId": "xml", "version": 1, "text": string(src)}}},
		map[string]any{"id": 2, "method": "shutdown"},
		map[string]any{"method": "exit"},
	)
	code, stdout, stderr := runCLI(t, session, "lsp", "--stdio", "--debounce", "0")
	if code != 0 {
		t.Fatalf("lsp: exit %d, stderr %s", code, stderr)
	}
	out := map[string]bool{}
	for _, m := range unframe(t, stdout) {
		if m["method"] != "textDocument/publishDiagnostics" {
			continue
		}
		diags, _ := m["params"].(map[string]any)["diagnostics"].([]any)
		for _, d := range diags {
			if c, ok := d.(map[string]any)["code"].(string); ok {
				out[c] = true
			}
		}
	}
	return out
}

// TestConfigInit: config init writes a commented starter config that
// config validate, and a check, read clean; it refuses to replace a file
// (which stays as it was) unless --force; every key the starter shows,
// uncommented, is valid too.
func TestConfigInit(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errOut := runCLI(t, "", "config", "init")
	if code != 0 || !strings.Contains(out, "wrote "+lint.ConfigFileName) {
		t.Fatalf("config init: exit %d\n%s%s", code, out, errOut)
	}
	written, err := os.ReadFile(lint.ConfigFileName)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"extends: recommended", "# rules:", "# overrides:", "# exclude:", "# wfe:", "# stateflows:", "# cadence:", "# scheduler:"} {
		if !strings.Contains(string(written), "\n"+key) {
			t.Errorf("the starter config lacks %q:\n%s", key, written)
		}
	}
	if code, out, errOut := runCLI(t, "", "config", "validate"); code != 0 || !strings.Contains(out, "valid") {
		t.Errorf("config validate on the starter: exit %d\n%s%s", code, out, errOut)
	}
	writeFile(t, dir, "a.bpmn", []byte(twoTimers("")))
	if code, out, errOut := runCLI(t, "", "check", "a.bpmn"); code != lint.ExitFindings || !strings.Contains(out, "TMR1031") {
		t.Errorf("check under the starter config: exit %d\n%s%s", code, out, errOut)
	}

	writeFile(t, dir, lint.ConfigFileName, []byte("extends: strict\n"))
	code, _, errOut = runCLI(t, "", "config", "init")
	if code != lint.ExitUsage || !strings.Contains(errOut, "exists; give --force") {
		t.Errorf("config init over a config: exit %d, %s", code, errOut)
	}
	if b, _ := os.ReadFile(lint.ConfigFileName); string(b) != "extends: strict\n" {
		t.Errorf("the config was changed: %q", b)
	}
	if code, _, errOut := runCLI(t, "", "config", "init", "--force"); code != 0 {
		t.Errorf("config init --force: exit %d, %s", code, errOut)
	}
	if b, _ := os.ReadFile(lint.ConfigFileName); string(b) != string(written) {
		t.Errorf("config init --force wrote another file")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the directory holds %d entries, want the config and the model (no temporary file left)", len(entries))
	}

	set := lint.StarterConfig(configSpec(), true)
	if _, err := lint.ParseConfig("set.yaml", set, configSpec()); err != nil {
		t.Errorf("the starter with every key set is invalid: %v\n%s", err, set)
	}
}

// TestConfigEveryProblemOnStderr: config validate and check print every
// problem of a config, one a line with its line and column, and quote a
// long unknown rule name short.
func TestConfigEveryProblemOnStderr(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	long := strings.Repeat("n", 1<<20)
	writeFile(t, dir, lint.ConfigFileName, []byte("extend: strict\nrules:\n  cycle-no-strt: off\n  ? "+long+"\n  : off\noverrides:\n  - paths: [legacy/]\n"))
	writeFile(t, dir, "a.bpmn", []byte(twoTimers("")))
	want := []string{
		lint.ConfigFileName + `:1:1: unknown key "extend"; did you mean "extends"?`,
		lint.ConfigFileName + `:3:3: unknown rule "cycle-no-strt"; did you mean "cycle-no-start"?`,
		lint.ConfigFileName + `:4:5: unknown rule "nnnnnnnn`,
		lint.ConfigFileName + `:7:5: overrides: rules is required`,
	}
	for _, args := range [][]string{{"config", "validate"}, {"check", "a.bpmn"}} {
		code, out, errOut := runCLI(t, "", args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != lint.ExitUsage || out != "" || len(lines) != len(want) || len(errOut) > 1000 {
			t.Errorf("%v: exit %d, %d lines (%d bytes) on stderr, want %d:\n%.2000s", args, code, len(lines), len(errOut), len(want), errOut)
			continue
		}
		for i, w := range want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("%v: line %d = %q, want %q", args, i+1, lines[i], w)
			}
		}
		if !strings.Contains(lines[2], `…" (1048576 bytes)`) {
			t.Errorf("%v: the long name is not shortened: %.300s", args, lines[2])
		}
	}
}
