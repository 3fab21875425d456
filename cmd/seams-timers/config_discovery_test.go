package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// configRepo makes a git work tree (a .git directory is all discovery
// looks at) with the same broken model in models/ and other/, a root
// config that makes every finding an error, and a config in models/ that
// a pull request added to silence the run; it changes into it.
func configRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{".git", "models", "other"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	model := []byte(twoTimers(""))
	writeFile(t, dir, "models/a.bpmn", model)
	writeFile(t, dir, "other/a.bpmn", model)
	writeFile(t, dir, lint.ConfigFileName, []byte("extends: strict\n"))
	writeFile(t, dir, "models/"+lint.ConfigFileName, []byte("exclude: [\"*.bpmn\"]\nrules:\n  cycle-no-start: off\n"))
	t.Chdir(dir)
	return dir
}

// TestConfigOfSubdirectoryDoesNotGovernSiblings: with paths in two
// sub-directories, the config above both governs the run, and the one a
// pull request put in one of them is not read (stderr says so). Before,
// the first path's config governed the whole run and it reported nothing.
func TestConfigOfSubdirectoryDoesNotGovernSiblings(t *testing.T) {
	configRepo(t)
	for _, paths := range [][]string{{"models", "other"}, {"."}, {"other", "models/a.bpmn"}} {
		code, out, errOut := runCLI(t, "", append([]string{"check", "--now", "2026-11-01T12:00:00Z"}, paths...)...)
		for _, f := range []string{"models/a.bpmn", "other/a.bpmn"} {
			if !strings.Contains(out, f+":5:") {
				t.Errorf("check %v: no finding in %s (exit %d):\n%s%s", paths, f, code, out, errOut)
			}
		}
		if code != lint.ExitFindings {
			t.Errorf("check %v: exit %d, want %d", paths, code, lint.ExitFindings)
		}
		if want := "note: models/" + lint.ConfigFileName + " is not read"; !strings.Contains(errOut, want) {
			t.Errorf("check %v: stderr does not say %q:\n%s", paths, want, errOut)
		}
	}
}

// TestConfigNearestOverrideIsSaid: a run whose paths all lie under the
// sub-directory reads that sub-directory's config (it is the nearest at
// or above them), and stderr says which config above it it overrides.
func TestConfigNearestOverrideIsSaid(t *testing.T) {
	configRepo(t)
	code, _, errOut := runCLI(t, "", "check", "models")
	want := "note: models/" + lint.ConfigFileName + " governs this run in place of " + lint.ConfigFileName + " above it"
	if code != lint.ExitNoFiles || !strings.Contains(errOut, want) {
		t.Errorf("check models: exit %d, stderr %q; want exit %d and %q", code, errOut, lint.ExitNoFiles, want)
	}
	// --config names the config outright: no discovery, no note.
	code, out, errOut := runCLI(t, "", "check", "--config", lint.ConfigFileName, "--now", "2026-11-01T12:00:00Z", "models")
	if code != lint.ExitFindings || !strings.Contains(out, "models/a.bpmn:5:") || strings.Contains(errOut, "note: models/") {
		t.Errorf("check --config: exit %d\n%s%s", code, out, errOut)
	}
}

// TestConfigAboveRepositoryIsNotRead: discovery stops at the top of the
// git repository, so a config in a directory above it (a home or a
// temporary directory) does not govern it.
func TestConfigAboveRepositoryIsNotRead(t *testing.T) {
	outer := t.TempDir()
	writeFile(t, outer, lint.ConfigFileName, []byte("exclude: [\"*.bpmn\"]\n"))
	repo := filepath.Join(outer, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, repo, "a.bpmn", []byte(twoTimers("")))
	t.Chdir(repo)
	code, out, errOut := runCLI(t, "", "check", "--now", "2026-11-01T12:00:00Z", ".")
	if code != lint.ExitFindings || !strings.Contains(out, "a.bpmn:5:") {
		t.Errorf("exit %d: the config above the repository was read\n%s%s", code, out, errOut)
	}
}

func TestCommonRoot(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a/b/c", "a/d", "e"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "a/b"), "m.bpmn", nil)
	t.Chdir(dir)
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{nil, "."},
		{[]string{"a/b/c"}, "a/b/c"},
		{[]string{"a/b/m.bpmn"}, "a/b"},
		{[]string{"a/b/m.bpmn", "a/b/c"}, "a/b"},
		{[]string{"a/b/c", "a/d"}, "a"},
		{[]string{"a/d", "e"}, "."},
		{[]string{"a/b/new.bpmn"}, "a/b"},
		{[]string{"a/ab", "a/abc/x"}, "a"},
	} {
		want, _ := filepath.Abs(c.want)
		if got := commonRoot(c.paths); got != want {
			t.Errorf("commonRoot(%q) = %q, want %q", c.paths, got, want)
		}
	}
}
