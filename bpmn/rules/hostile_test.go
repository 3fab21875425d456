//go:build unix

package rules_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/internal/fileiri"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// secret is what a file outside the project holds: no finding may quote
// it.
const secret = "root:*:20228:0:99999:7:::"

// outsideSecret writes a secret file outside the project (a directory of
// its own) and returns its path.
func outsideSecret(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// recorder reads files as the default reader does and records what was
// read, so that a test can tell a file was never opened.
type recorder struct {
	mu   sync.Mutex
	read []string
}

func (r *recorder) ReadFile(p string) ([]byte, error) {
	r.mu.Lock()
	r.read = append(r.read, p)
	r.mu.Unlock()
	return lint.ReadInput(p, lint.MaxInputSize)
}

func (r *recorder) opened(p string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, q := range r.read {
		if filepath.Clean(q) == filepath.Clean(p) || strings.HasSuffix(q, filepath.Base(p)) {
			return true
		}
	}
	return false
}

// noSecret fails when a finding quotes the secret.
func noSecret(t *testing.T, rep *lint.Report) {
	t.Helper()
	for _, d := range rep.Diagnostics {
		if strings.Contains(d.Message+d.Detail, "root:") {
			t.Errorf("a finding quotes a file outside the project: %s", d.Message)
		}
	}
}

// findingOf returns the first finding of a rule, or fails.
func findingOf(t *testing.T, rep *lint.Report, rule string) lint.Diagnostic {
	t.Helper()
	for _, d := range rep.Diagnostics {
		if d.Rule == rule {
			return d
		}
	}
	t.Fatalf("no %s finding among %+v", rule, rep.Diagnostics)
	return lint.Diagnostic{}
}

// TestGraphNamesModelOutsideProject: a graph IRI naming a file outside
// the project (absolute, climbing out with ../, through @base) is TMR0004
// "outside the project"; the file is not opened, and the finding is the
// same whether it exists or not.
func TestGraphNamesModelOutsideProject(t *testing.T) {
	shadow := outsideSecret(t, "shadow.bpmn")
	missing := filepath.Join(filepath.Dir(shadow), "missing.bpmn")
	for name, body := range map[string]func(target string) string{
		"absolute": func(target string) string {
			return "<" + fileiri.FromPath(target) + "#x> a proc:TimerStartEvent .\n"
		},
		"relative": func(target string) string {
			return "<" + strings.Repeat("../", 12) + strings.TrimPrefix(target, "/") + "#x> a proc:TimerStartEvent .\n"
		},
		"base": func(target string) string {
			return "@base <" + fileiri.FromPath(filepath.Dir(target)) + "/> .\n<" + filepath.Base(target) + "#x> a proc:TimerStartEvent .\n"
		},
	} {
		t.Run(name, func(t *testing.T) {
			var messages []string
			for _, target := range []string{shadow, missing} {
				dir := writeTree(t, map[string]string{
					".git/HEAD": "ref: refs/heads/main\n",
					"index.ttl": ttlHeader + body(target),
				})
				r := &recorder{}
				rep := checkWith(t, project.Options{Paths: []string{dir}, ReadFile: r.ReadFile})
				noSecret(t, rep)
				if r.opened(target) {
					t.Errorf("%s was opened", target)
				}
				d := findingOf(t, rep, "TMR0004")
				if !strings.Contains(d.Message, "outside the project") {
					t.Errorf("TMR0004 %q does not say outside the project", d.Message)
				}
				messages = append(messages, strings.ReplaceAll(d.Message, filepath.Base(target), "F"))
			}
			if messages[0] != messages[1] {
				t.Errorf("the finding tells whether the file exists:\n %s\n %s", messages[0], messages[1])
			}
		})
	}
}

// TestConfigMapDoesNotWidenProject: the config's map cannot point the
// project at /; a --map flag, given by the user, can.
func TestConfigMapDoesNotWidenProject(t *testing.T) {
	shadow := outsideSecret(t, "shadow.bpmn")
	dir := writeTree(t, map[string]string{
		"index.ttl": ttlHeader + "<https://evil.example/" + strings.TrimPrefix(shadow, "/") + "#x> a proc:TimerStartEvent .\n",
	})
	cfg := &lint.Config{Path: filepath.Join(dir, lint.ConfigFileName), Sections: map[string]any{rules.MapKey: map[string]string{"https://evil.example/": "/"}}}
	r := &recorder{}
	rep := checkWith(t, project.Options{Paths: []string{dir}, Config: cfg, ReadFile: r.ReadFile})
	noSecret(t, rep)
	if r.opened(shadow) {
		t.Errorf("%s was opened through the config's map", shadow)
	}
	findingOf(t, rep, "TMR0004")
}

// TestSymlinkLeavingTreeNotFollowed: a *.bpmn symbolic link in the
// walked tree, or given by a glob, that leads outside is a TMR0001 that
// quotes nothing, and its target is not opened; one leading inside is
// read.
func TestSymlinkLeavingTreeNotFollowed(t *testing.T) {
	shadow := outsideSecret(t, "shadow")
	dir := writeTree(t, map[string]string{"models/ok.bpmn": approvalModel(`"PT48H"`)})
	for _, l := range []struct{ target, link string }{
		{shadow, "models/evil.bpmn"},
		{filepath.Join(filepath.Dir(shadow), "missing"), "models/dangling.bpmn"},
		{"ok.bpmn", "models/inside.bpmn"},
	} {
		if err := os.Symlink(l.target, filepath.Join(dir, l.link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, paths := range [][]string{
		{filepath.Join(dir, "models")},
		{filepath.Join(dir, "models", "evil.bpmn"), filepath.Join(dir, "models", "dangling.bpmn"), filepath.Join(dir, "models", "inside.bpmn")},
	} {
		r := &recorder{}
		rep := checkWith(t, project.Options{Paths: paths, ReadFile: r.ReadFile})
		noSecret(t, rep)
		if r.opened(shadow) {
			t.Errorf("the link's target %s was opened", shadow)
		}
		var msgs []string
		for _, d := range rep.Diagnostics {
			if d.Rule == "TMR0001" {
				msgs = append(msgs, filepath.Base(d.File)+": "+d.Message)
			}
		}
		want := []string{
			"dangling.bpmn: cannot read the file: " + project.ErrOutside.Error(),
			"evil.bpmn: cannot read the file: " + project.ErrOutside.Error(),
		}
		if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
			t.Errorf("paths %v: TMR0001 findings\n got  %q\n want %q", paths, msgs, want)
		}
	}
}

// TestNamedModelQuotesNothing: a model only the graph names, inside the
// project, that is not XML gives a TMR0001 that quotes none of its bytes;
// the same file given by the user quotes a short, escaped excerpt.
func TestNamedModelQuotesNothing(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".git/HEAD":          "ref: refs/heads/main\n",
		"models/notxml.bpmn": secret + "\x1b[31m and much more text after it\n",
		"graph/index.ttl":    ttlHeader + "<../models/notxml.bpmn#x> a proc:TimerStartEvent .\n",
	})
	rep := check(t, []string{filepath.Join(dir, "graph")}, nil)
	d := findingOf(t, rep, "TMR0001")
	if d.Message != "not an XML document" {
		t.Errorf("TMR0001 of a model the user did not name = %q", d.Message)
	}
	rep = check(t, []string{filepath.Join(dir, "models", "notxml.bpmn")}, nil)
	d = findingOf(t, rep, "TMR0001")
	if len(d.Message) > 80 || strings.ContainsRune(d.Message, 0x1b) {
		t.Errorf("TMR0001 of a given file quotes more than a short escaped excerpt: %q", d.Message)
	}
}

// TestNonRegularFilesNeverOpened: a FIFO (walked, given, named by the
// graph) and /dev/zero given are TMR0001 "not a regular file", promptly.
func TestNonRegularFilesNeverOpened(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".git/HEAD":       "ref: refs/heads/main\n",
		"graph/index.ttl": ttlHeader + "<../named/fifo.bpmn#x> a proc:TimerStartEvent .\n",
	})
	for _, p := range []string{"walked/a.bpmn", "walked/b.ttl", "named/fifo.bpmn"} {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(full, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	done := make(chan *lint.Report, 1)
	go func() {
		done <- checkWith(t, project.Options{Paths: []string{filepath.Join(dir, "walked"), filepath.Join(dir, "graph"), "/dev/zero"}})
	}()
	var rep *lint.Report
	select {
	case rep = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("check hangs on a FIFO or /dev/zero")
	}
	got := map[string]bool{}
	for _, d := range rep.Diagnostics {
		if d.Rule == "TMR0001" && strings.HasSuffix(d.Message, lint.ErrNotRegular.Error()) {
			got[filepath.Base(d.File)] = true
		}
	}
	for _, want := range []string{"a.bpmn", "b.ttl", "fifo.bpmn", "zero"} {
		if !got[want] {
			t.Errorf("no TMR0001 %q for %s; findings %+v", lint.ErrNotRegular, want, rep.Diagnostics)
		}
	}
}

// TestSymlinkedDirectoryIsWalked: a symbolic link to a directory, given
// as the path, is walked (it checked 0 files and passed).
func TestSymlinkedDirectoryIsWalked(t *testing.T) {
	dir := writeTree(t, map[string]string{"real/a.bpmn": approvalModel(`PT48H`)})
	link := filepath.Join(dir, "link")
	if err := os.Symlink("real", link); err != nil {
		t.Fatal(err)
	}
	rep := check(t, []string{link}, nil)
	if rep.Files != 1 {
		t.Fatalf("files %d, want 1", rep.Files)
	}
	d := findingOf(t, rep, "TMR1004")
	if d.File != filepath.Join(link, "a.bpmn") {
		t.Errorf("finding at %s, want it under the name given", d.File)
	}
}

// TestUnreadableDirectoryIsAFinding: one unreadable subdirectory is a
// TMR0001 and the rest of the tree is checked (root reads every
// directory, so this runs only for other users).
func TestUnreadableDirectoryIsAFinding(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	dir := writeTree(t, map[string]string{"ok/a.bpmn": approvalModel(`PT48H`), "locked/b.bpmn": approvalModel(`PT48H`)})
	locked := filepath.Join(dir, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	rep := check(t, []string{dir}, nil)
	d := findingOf(t, rep, "TMR0001")
	if d.File != locked || !strings.Contains(d.Message, "permission denied") {
		t.Errorf("TMR0001 %s: %s", d.File, d.Message)
	}
	findingOf(t, rep, "TMR1004")
}

// TestRepeatedIDNotJoined: a lifted id that two timers carry is reported
// (TMR2010) and joined with neither, whatever their order in the file.
func TestRepeatedIDNotJoined(t *testing.T) {
	boundary := func(task, body string) string {
		return `<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="` + task +
			`"><bpmn:timerEventDefinition><bpmn:timeDuration>` + body + `</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>`
	}
	a, b := boundary("Approve", `"PT48H"`), boundary("Review", `"P0D"`) // P0D: a TMR1xxx finding, joined or not
	var got [][]string
	for _, order := range [][2]string{{a, b}, {b, a}} {
		dir := writeTree(t, map[string]string{
			"m.bpmn": `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="https://example.com/t">
<bpmn:process id="P" isExecutable="true"><bpmn:userTask id="Approve"/><bpmn:userTask id="Review"/>
` + order[0] + "\n" + order[1] + `
</bpmn:process></bpmn:definitions>
`,
			"index.ttl": ttlHeader + "<m.bpmn#P> a proc:Process .\n<m.bpmn#Remind> a proc:TimerCatchEvent .\n",
		})
		rep := check(t, []string{dir}, nil)
		var rules []string
		for _, d := range rep.Diagnostics {
			if !strings.HasPrefix(d.Rule, "TMR1") {
				rules = append(rules, d.Rule)
			}
		}
		got = append(got, rules)
	}
	for _, g := range got {
		if strings.Join(g, " ") != "TMR2010" {
			t.Errorf("findings %v, want the repeated id only (no join finding)", g)
		}
	}
}
