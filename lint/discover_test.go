package lint_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/rules"
)

// TestBrokenGraphCoversNothing: a graph document that fails to parse
// reports its syntax error and nothing else; the models beside it are not
// all reported as unlifted.
func TestBrokenGraphCoversNothing(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
		"index.ttl":     ttlHeader + "<approval.bpmn#Remind> a proc:TimerCatchEvent .\n<x> <y\n",
	})
	rep, err := lint.Check(lint.Input{Paths: []string{dir}}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Diagnostics {
		if d.Rule != "TMR0003" {
			t.Errorf("unexpected %s at %s:%d: %s", d.Rule, d.File, d.Line, d.Message)
		}
	}
	if len(rep.Diagnostics) != 1 {
		t.Errorf("want one TMR0003, got %d findings", len(rep.Diagnostics))
	}
}

// TestExcludedModelNamedByGraph: a model the config excludes is neither
// checked nor loaded because the graph names it.
func TestExcludedModelNamedByGraph(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"vendor/v.bpmn":    approvalModel(`PT48H`),
		"models/index.ttl": ttlHeader + "<../vendor/v.bpmn#Remind> a proc:TimerCatchEvent .\n",
	})
	in := lint.Input{Paths: []string{filepath.Join(dir, "models")}, Exclude: []string{"vendor"}, ExcludeBase: dir}
	rep, err := lint.Check(in, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Diagnostics {
		if filepath.Base(d.File) == "v.bpmn" {
			t.Errorf("the excluded model was checked: %s %s", d.Rule, d.Message)
		}
	}
}

// TestExcludeRelativeToConfig: a pattern names the same files whatever the
// working directory and however the path is spelled.
func TestExcludeRelativeToConfig(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"models/legacy/old.bpmn": approvalModel(`PT48H`),
		"models/new.bpmn":        approvalModel(`"PT48H"`),
	})
	for _, root := range []string{dir, filepath.Join(dir, "models"), filepath.Join(dir, ".", "models", "..")} {
		in := lint.Input{Paths: []string{root}, Exclude: []string{"models/legacy"}, ExcludeBase: dir}
		bpmnFiles, _, err := lint.Discover(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(bpmnFiles) != 1 || filepath.Base(bpmnFiles[0]) != "new.bpmn" {
			t.Errorf("from %s: discovered %v, want only new.bpmn", root, bpmnFiles)
		}
	}
}

// TestOnePathTwoSpellings: a file named twice, or as ./a and a, is read
// once; the stdin buffer stands for its file on disk.
func TestOnePathTwoSpellings(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.bpmn": approvalModel(`PT48H`)})
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(wd) })
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	rep, err := lint.Check(lint.Input{Paths: []string{"a.bpmn", "./a.bpmn", filepath.Join(dir, "a.bpmn")}}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files != 1 || len(rep.Diagnostics) != 1 {
		t.Errorf("files %d, findings %d; want the file read once, one finding", rep.Files, len(rep.Diagnostics))
	}
	// The buffer is clean; the stale file on disk is not read beside it.
	rep, err = lint.Check(lint.Input{Paths: []string{"-", "."}, Stdin: []byte(approvalModel(`"PT48H"`)), StdinName: "./a.bpmn"},
		lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) != 0 {
		t.Errorf("the file on disk was checked beside its buffer: %+v", rep.Diagnostics)
	}
}
