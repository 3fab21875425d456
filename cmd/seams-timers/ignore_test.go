package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// ignoreRepo lays out a bpmn-js-like git work tree and changes into it:
// one clean model of the user's, and, where no run should look, broken
// models and a broken history under node_modules, in a gitignored build
// directory, in a directory .git/info/exclude names, in files a nested
// .gitignore and an .ignore name. A nested !pattern takes one file back.
func ignoreRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	clean, err := os.ReadFile(filepath.Join("..", "..", "examples", "digest.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	broken := []byte(twoTimers(""))
	files := map[string][]byte{
		".git/info/exclude":  []byte("# local\nscratch/\n"),
		".gitignore":         []byte("build/\n*.gen.bpmn\n"),
		"models/digest.bpmn": clean,
		// The moddle descriptor bpmn-js installs, here one that the
		// history reader would refuse were it read.
		"node_modules/zeebe-bpmn-moddle/resources/zeebe.json": []byte(`[{"eventId": 1, "eventType": "WorkflowExecutionStarted",]`),
		"node_modules/bpmn-js/test/fixtures/broken.bpmn":      broken,
		"build/broken.bpmn":         broken,
		"scratch/broken.bpmn":       broken,
		"models/sub/.gitignore":     []byte("local.bpmn\n!kept.gen.bpmn\n"),
		"models/sub/local.bpmn":     broken,
		"models/sub/other.gen.bpmn": broken,
		"models/.ignore":            []byte("tmp-*.bpmn\n"),
		"models/tmp-1.bpmn":         broken,
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, name, data)
	}
	t.Chdir(dir)
	return dir
}

const ignoreNow = "--now=2026-11-01T12:00:00Z"

// TestCheckHonoursIgnoreFiles: check . on a bpmn-js-like tree reads the
// user's model only, and exits 0; a model the nested !pattern takes back
// is read.
func TestCheckHonoursIgnoreFiles(t *testing.T) {
	dir := ignoreRepo(t)
	code, out, errOut := runCLI(t, "", "check", ignoreNow, ".")
	if code != 0 || out != "" || !strings.Contains(errOut, "in 1 file (1 timer)") {
		t.Fatalf("check .: exit %d, want 0 on the one clean model:\n%s%s", code, out, errOut)
	}
	for _, arg := range []string{"models", "./models/", filepath.Join(dir, "models")} {
		if code, out, errOut := runCLI(t, "", "check", ignoreNow, arg); code != 0 || !strings.Contains(errOut, "in 1 file (1 timer)") {
			t.Errorf("check %s: exit %d, want 0 on the one clean model:\n%s%s", arg, code, out, errOut)
		}
	}
	// The real models are still checked: a broken one is reported.
	writeFile(t, dir, "models/sub/kept.gen.bpmn", []byte(twoTimers("")))
	code, out, errOut = runCLI(t, "", "check", ignoreNow, ".")
	if code != lint.ExitFindings || !strings.Contains(out, filepath.Join("models", "sub", "kept.gen.bpmn")+":5:") ||
		strings.Count(out, "\n") != 1 || !strings.Contains(errOut, "in 2 files") {
		t.Fatalf("check . with a broken model: exit %d, want 1 and its one finding:\n%s%s", code, out, errOut)
	}
}

// TestCheckIgnoredPathGiven: a path given on the command line is checked
// even when ignored, as ripgrep and golangci-lint do: a file (as
// pre-commit passes them), a directory, the editor's stdin buffer; and
// --no-ignore walks every directory.
func TestCheckIgnoredPathGiven(t *testing.T) {
	dir := ignoreRepo(t)
	for _, args := range [][]string{
		{"build/broken.bpmn"},
		{"build"},
		{"build/", "models/digest.bpmn"},
		{"--allow-empty", "scratch/broken.bpmn", "models/sub/local.bpmn"},
		{"node_modules/bpmn-js"},
		{"--stdin-filename", "build/broken.bpmn", "-"},
	} {
		stdin := ""
		if args[len(args)-1] == "-" {
			stdin = twoTimers("")
		}
		code, out, errOut := runCLI(t, stdin, append([]string{"check", ignoreNow}, args...)...)
		if code != lint.ExitFindings || !strings.Contains(out, "broken.bpmn:5:") && !strings.Contains(out, "local.bpmn:5:") {
			t.Errorf("check %v: exit %d, want 1 with the ignored model's finding:\n%s%s", args, code, out, errOut)
		}
	}
	// The language server checks the buffer it is given, ignored or not.
	for _, f := range []string{"build/broken.bpmn", "node_modules/bpmn-js/test/fixtures/broken.bpmn"} {
		if !lspCodes(t, filepath.Join(dir, f))["TMR1031"] {
			t.Errorf("lsp %s: no TMR1031", f)
		}
	}
	code, out, errOut := runCLI(t, "", "check", ignoreNow, "--no-ignore", ".")
	for _, f := range []string{"build/broken.bpmn", "scratch/broken.bpmn", "node_modules/bpmn-js/test/fixtures/broken.bpmn",
		"models/sub/local.bpmn", "models/sub/other.gen.bpmn", "models/tmp-1.bpmn", "zeebe.json"} {
		if !strings.Contains(out, filepath.FromSlash(f)) {
			t.Errorf("check --no-ignore .: no finding in %s (exit %d):\n%s%s", f, code, out, errOut)
		}
	}
}

// TestCheckIgnoreOutsideGit: outside a git repository, .gitignore files
// are not read (as ripgrep), .ignore files and the node_modules default
// still apply.
func TestCheckIgnoreOutsideGit(t *testing.T) {
	dir := ignoreRepo(t)
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "check", ignoreNow, ".")
	for _, f := range []string{"build/broken.bpmn", "scratch/broken.bpmn", "models/sub/local.bpmn"} {
		if !strings.Contains(out, filepath.FromSlash(f)) {
			t.Errorf("check . outside git: no finding in %s (exit %d):\n%s%s", f, code, out, errOut)
		}
	}
	for _, f := range []string{"node_modules", "tmp-1.bpmn"} {
		if strings.Contains(out, f) {
			t.Errorf("check . outside git: a finding in %s:\n%s", f, out)
		}
	}
	// From a sub-directory, the .ignore files above it count from the
	// config's directory down.
	writeFile(t, dir, ".ignore", []byte("local.bpmn\n"))
	writeFile(t, dir, lint.ConfigFileName, []byte("extends: recommended\n"))
	code, out, errOut = runCLI(t, "", "check", ignoreNow, "models/sub")
	if strings.Contains(out, "local.bpmn") || !strings.Contains(out, "other.gen.bpmn") {
		t.Errorf("check models/sub outside git, local.bpmn in the top .ignore: exit %d\n%s%s", code, out, errOut)
	}
}

// TestCheckIgnoreAboveConfig: the repository's .gitignore above a config
// in a sub-directory (the project's top for the boundary) still counts;
// an ignore file that is a link leading out of the repository is not
// read.
func TestCheckIgnoreAboveConfig(t *testing.T) {
	dir := ignoreRepo(t)
	writeFile(t, dir, "models/"+lint.ConfigFileName, []byte("extends: recommended\n"))
	if err := os.MkdirAll(filepath.Join(dir, "models", "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "models/build/broken.bpmn", []byte(twoTimers("")))
	code, out, errOut := runCLI(t, "", "check", ignoreNow, "models")
	if code != 0 || out != "" {
		t.Errorf("check models with the top .gitignore naming build/: exit %d\n%s%s", code, out, errOut)
	}

	outside := t.TempDir()
	writeFile(t, outside, "ignore", []byte("*.bpmn\n"))
	if err := os.Symlink(filepath.Join(outside, "ignore"), filepath.Join(dir, "models", ".ignore")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Remove(filepath.Join(dir, "models", lint.ConfigFileName)); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "models/broken.bpmn", []byte(twoTimers("")))
	code, out, errOut = runCLI(t, "", "check", ignoreNow, ".")
	if code != lint.ExitFindings || !strings.Contains(out, filepath.Join("models", "broken.bpmn")+":5:") {
		t.Errorf("an .ignore linked out of the repository was read: exit %d\n%s%s", code, out, errOut)
	}
}
