package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// newFromRevFindings runs check --new-from-rev HEAD (JSON) on paths and
// returns the exit code, the findings as "file#element RULE" and stderr.
func newFromRevFindings(t *testing.T, paths ...string) (int, []string, string) {
	t.Helper()
	args := append([]string{"check", "--no-config", "--format", "json", "--now", "2026-11-01T12:00:00Z", "--new-from-rev", "HEAD"}, paths...)
	code, out, errOut := runCLI(t, "", args...)
	var rep struct{ Diagnostics []lint.Diagnostic }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %v\nstdout %q\nstderr %q", args, err, out, errOut)
	}
	var got []string
	for _, d := range rep.Diagnostics {
		got = append(got, filepath.Base(d.File)+"#"+d.Element+" "+d.Rule)
	}
	return code, got, errOut
}

// newTimer is a timer start whose cycle has no start (TMR1031).
const newTimer = `    <bpmn:startEvent id="New"><bpmn:timerEventDefinition>
      <bpmn:timeCycle>"R/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
`

// TestNewFromRevDiffSpoofing: a pull request's added or removed lines that
// look like the headers of a unified diff (a file header "+++ b/decoy",
// "--- a/...", "diff --git", a hunk header) do not move its new finding to
// another file or line: the finding is reported and the run fails. Before,
// the added comment line "++ b/decoy.bpmn" became the diff line
// "+++ b/decoy.bpmn" and every later hunk of the file was booked to the
// decoy.
func TestNewFromRevDiffSpoofing(t *testing.T) {
	// documented is a model whose process is documented by doc, then
	// holds the timer Old, then extra.
	documented := func(doc, extra string) string {
		return strings.Replace(twoTimers(extra), "<bpmn:process id=\"P\">\n",
			"<bpmn:process id=\"P\">\n    <bpmn:documentation>\n"+doc+"\n    </bpmn:documentation>\n", 1)
	}
	gitRepo(t, map[string]string{"a.bpmn": documented("-- a/old.bpmn", ""), "decoy.bpmn": twoTimers("")})
	for _, lookAlike := range []string{
		"++ b/decoy.bpmn",
		"++ \"b/decoy.bpmn\"",
		"diff --git a/decoy.bpmn b/decoy.bpmn\n--- a/decoy.bpmn\n+++ b/decoy.bpmn",
		"@ -1,0 +1 @@\n@@ -1,0 +1 @@\n\\ No newline at end of file",
		"++ /dev/null",
	} {
		// The base's documentation line "-- a/old.bpmn" (the diff line
		// "--- a/old.bpmn") is replaced by the look-alike; the new timer
		// comes in a later hunk of the same file, after the unchanged
		// timer Old.
		writeFile(t, ".", "a.bpmn", []byte(documented(lookAlike, newTimer)))
		code, got, errOut := newFromRevFindings(t, ".")
		if want := []string{"a.bpmn#New TMR1031"}; code != lint.ExitFindings || !slices.Equal(got, want) {
			t.Errorf("look-alike %q: exit %d, findings %v, want %v (stderr %q)", lookAlike, code, got, want, errOut)
		}
		// The decoy's own finding did not change: it stays hidden, and
		// stderr says so.
		if !strings.Contains(errOut, "2 findings hidden") {
			t.Errorf("look-alike %q: stderr %q does not say that findings were hidden", lookAlike, errOut)
		}
	}
}

// TestNewFromRevFileNameSpoofing: a file whose name holds a line break and
// a diff header is read by its name, not as a header.
func TestNewFromRevFileNameSpoofing(t *testing.T) {
	name := "x\n+++ b/decoy.bpmn\n@@ -1,0 +1,0 @@\n.bpmn"
	gitRepo(t, map[string]string{name: twoTimers(""), "decoy.bpmn": twoTimers("")})
	writeFile(t, ".", name, []byte(twoTimers(newTimer)))
	code, got, errOut := newFromRevFindings(t, ".")
	if want := []string{filepath.Base(name) + "#New TMR1031"}; code != lint.ExitFindings || !slices.Equal(got, want) {
		t.Errorf("exit %d, findings %v, want %v (stderr %q)", code, got, want, errOut)
	}
}

// TestNewFromRevJoinBreakage: a change in one file that makes a finding
// in another, on a line that did not change, keeps the finding: the lift
// deleted from the index graph (TMR3001 on the model), and the model the
// graph names removed (TMR0004 on the graph's unchanged line). A finding
// of a file rule on an unchanged line stays hidden, and stderr counts it.
func TestNewFromRevJoinBreakage(t *testing.T) {
	files := map[string]string{"other/old.bpmn": twoTimers("")}
	for _, name := range []string{"approval.bpmn", "digest.bpmn", "index.ttl"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		files["models/"+name] = string(b)
	}
	dir := gitRepo(t, files)
	index := files["models/index.ttl"]
	restore := func() {
		t.Helper()
		if out, err := exec.Command("git", "checkout", "-q", "--", ".").CombinedOutput(); err != nil {
			t.Fatalf("git checkout: %v\n%s", err, out)
		}
	}

	code, got, errOut := newFromRevFindings(t, "models", "other")
	if code != 0 || len(got) != 0 || !strings.Contains(errOut, "1 finding hidden") {
		t.Fatalf("nothing changed: exit %d, findings %v, stderr %q; want exit 0, the old finding hidden and counted", code, got, errOut)
	}

	lift := "<approval.bpmn#Remind>    a proc:TimerCatchEvent ."
	if !strings.Contains(index, lift) {
		t.Fatal("the example graph no longer lifts Remind")
	}
	writeFile(t, dir, "models/index.ttl", []byte(strings.Replace(index, lift, "", 1)))
	code, got, errOut = newFromRevFindings(t, "models", "other")
	if want := []string{"approval.bpmn#Remind TMR3001"}; code != lint.ExitFindings || !slices.Equal(got, want) {
		t.Errorf("lift deleted: exit %d, findings %v, want %v (stderr %q)", code, got, want, errOut)
	}
	restore()

	if err := os.Remove(filepath.Join(dir, "models", "digest.bpmn")); err != nil {
		t.Fatal(err)
	}
	code, got, errOut = newFromRevFindings(t, "models", "other")
	if code != lint.ExitFindings || !hasFinding(got, "index.ttl#", " TMR0004") {
		t.Errorf("named model deleted: exit %d, findings %v, want index.ttl's TMR0004 (stderr %q)", code, got, errOut)
	}
	restore()

	// A rename is a deletion and an addition: the graph's name for the
	// old file is broken.
	if out, err := exec.Command("git", "mv", "models/digest.bpmn", "models/digest2.bpmn").CombinedOutput(); err != nil {
		t.Fatalf("git mv: %v\n%s", err, out)
	}
	code, got, errOut = newFromRevFindings(t, "models", "other")
	if code != lint.ExitFindings || !hasFinding(got, "index.ttl#", " TMR0004") {
		t.Errorf("named model renamed: exit %d, findings %v, want index.ttl's TMR0004 (stderr %q)", code, got, errOut)
	}
}

// TestParseFileDiff: hunks are read by their counts, so content lines
// that look like headers are skipped, and a diff whose hunks do not hold
// the lines their headers announce is an error, not a guess.
func TestParseFileDiff(t *testing.T) {
	good := "diff --git a/a.bpmn b/a.bpmn\nindex 1..2 100644\n--- a/a.bpmn\n+++ b/a.bpmn\n" +
		"@@ -3 +3,3 @@ <bpmn:process>\n--- a/x\n+++ b/decoy.bpmn\n+@@ -1 +99 @@\n+diff --git a/y b/y\n" +
		"@@ -10,2 +12,0 @@\n-a\n-b\n" +
		"@@ -20 +20 @@\n-c\n\\ No newline at end of file\n+d\n\\ No newline at end of file\n"
	got, err := parseFileDiff([]byte(good))
	if want := []lineRange{{3, 5}}; err != nil || !slices.Equal(got, append(want, lineRange{20, 20})) {
		t.Errorf("parseFileDiff = %v, %v", got, err)
	}
	for _, bad := range []string{
		"@@ -1 +1,2 @@\n-x\n+y\n",                 // ends inside the hunk
		"@@ -1 +1 @@\n-x\n+y\n+++ b/decoy.bpmn\n", // one line too many
		"@@ -1 +1 @@\n+y\n-x\n",                   // added before removed
		"@@ -1 +x @@\n",
		"@@ -1 +1,99999999999 @@\n",
	} {
		if got, err := parseFileDiff([]byte(bad)); err == nil {
			t.Errorf("parseFileDiff(%q) = %v, want an error", bad, got)
		}
	}
}

// TestReadNameStatus: NUL-separated names are taken whole (line breaks and
// tabs in them included); a rename's source is a deletion; a path git
// would never write is refused.
func TestReadNameStatus(t *testing.T) {
	ch, err := readNameStatus([]byte("M\x00a\n+++ b/x.bpmn\x00R087\x00old.bpmn\x00new.bpmn\x00D\x00gone.ttl\x00"), []byte("u v.bpmn\x00"), "/r")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]byte{"/r/a\n+++ b/x.bpmn": 'M', "/r/old.bpmn": 'D', "/r/new.bpmn": 'A', "/r/gone.ttl": 'D', "/r/u v.bpmn": 'A'}
	if len(ch.status) != len(want) {
		t.Errorf("status %q, want %q", ch.status, want)
	}
	for p, st := range want {
		if ch.status[p] != st {
			t.Errorf("%q: status %q, want %q", p, ch.status[p], st)
		}
	}
	for _, bad := range []string{"M\x00../x\x00", "M\x00/etc/passwd\x00", "M\x00a/./b\x00", "M\x00", "R100\x00a\x00"} {
		if _, err := readNameStatus([]byte(bad), nil, "/r"); err == nil {
			t.Errorf("readNameStatus(%q): no error", bad)
		}
	}
}

// TestNewFromRevOptionLikeRevision: a revision git would read as an
// option is refused as not a commit.
func TestNewFromRevOptionLikeRevision(t *testing.T) {
	gitRepo(t, map[string]string{"a.bpmn": twoTimers("")})
	code, _, errOut := runCLI(t, "", "check", "--no-config", "--new-from-rev=--output=pwned", ".")
	if code != lint.ExitUsage || !strings.Contains(errOut, "not a commit") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat("pwned"); err == nil {
		t.Error("git wrote the file an option-like revision named")
	}
}

func hasFinding(got []string, prefix, suffix string) bool {
	return slices.ContainsFunc(got, func(f string) bool { return strings.HasPrefix(f, prefix) && strings.HasSuffix(f, suffix) })
}

// TestNewFromRevShallowClone: in a shallow clone that lacks the revision,
// the error says so and how to fetch it; in a full clone it does not.
func TestNewFromRevShallowClone(t *testing.T) {
	src := gitRepo(t, map[string]string{"a.bpmn": twoTimers("")})
	writeFile(t, src, "a.bpmn", []byte(twoTimers("<!-- second -->")))
	if out, err := exec.Command("git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "second").CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	shallow := filepath.Join(t.TempDir(), "shallow")
	if out, err := exec.Command("git", "clone", "-q", "--depth", "1", "file://"+src, shallow).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	t.Chdir(shallow)
	code, _, errOut := runCLI(t, "", "check", "--no-config", "--new-from-rev", "HEAD~1", ".")
	if code != lint.ExitUsage || !strings.Contains(errOut, "shallow clone") || !strings.Contains(errOut, "fetch-depth: 0") {
		t.Errorf("shallow clone: exit %d, stderr %q", code, errOut)
	}
	t.Chdir(src)
	if code, _, errOut := runCLI(t, "", "check", "--no-config", "--new-from-rev", "HEAD~5", "."); code != lint.ExitUsage || strings.Contains(errOut, "shallow") {
		t.Errorf("full clone, a revision it lacks: exit %d, stderr %q", code, errOut)
	}
}
