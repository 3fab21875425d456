package rules_test

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// checkWith runs a whole check with the loader's options given.
func checkWith(t *testing.T, opts project.Options) *lint.Report {
	t.Helper()
	rep, err := project.Check(opts, []*project.Engine{rules.Engine}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// configAt is a config file at dir with the given exclude patterns.
func configAt(dir string, exclude ...string) *lint.Config {
	return &lint.Config{Path: filepath.Join(dir, lint.ConfigFileName), Exclude: exclude}
}

// TestBrokenGraphCoversNothing: a graph document that fails to parse
// reports its syntax error and nothing else; the models beside it are not
// all reported as unlifted.
func TestBrokenGraphCoversNothing(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
		"index.ttl":     ttlHeader + "<approval.bpmn#Remind> a proc:TimerCatchEvent .\n<x> <y\n",
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir, "index.ttl:5 TMR0003")
}

// TestExcludedModelNamedByGraph: a model the config excludes is neither
// checked nor loaded because the graph names it.
func TestExcludedModelNamedByGraph(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"vendor/v.bpmn":    approvalModel(`PT48H`),
		"models/index.ttl": ttlHeader + "<../vendor/v.bpmn#Remind> a proc:TimerCatchEvent .\n",
	})
	rep := checkWith(t, project.Options{Paths: []string{filepath.Join(dir, "models")}, Config: configAt(dir, "vendor")})
	for _, d := range rep.Diagnostics {
		if filepath.Base(d.File) == "v.bpmn" {
			t.Errorf("the excluded model was checked: %s %s", d.Rule, d.Message)
		}
	}
	if rules.Documents(rep.Project) != nil {
		t.Errorf("the excluded model was loaded")
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
		loaded, err := project.Load(project.Options{Paths: []string{root}, Config: configAt(dir, "models/legacy")}, []*project.Engine{rules.Engine})
		if err != nil {
			t.Fatal(err)
		}
		docs := rules.Documents(loaded.Project)
		if len(docs) != 1 || filepath.Base(docs[0].Path) != "new.bpmn" {
			t.Errorf("from %s: loaded %d models, want only new.bpmn", root, len(docs))
		}
	}
}

// TestOnePathTwoSpellings: a file named twice, or as ./a and a, is read
// once; the stdin buffer stands for its file on disk.
func TestOnePathTwoSpellings(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.bpmn": approvalModel(`PT48H`)})
	t.Chdir(dir)
	rep := checkWith(t, project.Options{Paths: []string{"a.bpmn", "./a.bpmn", filepath.Join(dir, "a.bpmn")}})
	if rep.Files != 1 || len(rep.Diagnostics) != 1 {
		t.Errorf("files %d, findings %d; want the file read once, one finding", rep.Files, len(rep.Diagnostics))
	}
	// The buffer is clean; the stale file on disk is not read beside it.
	rep = checkWith(t, project.Options{Paths: []string{"-", "."}, Stdin: []byte(approvalModel(`"PT48H"`)), StdinName: "./a.bpmn"})
	if len(rep.Diagnostics) != 0 {
		t.Errorf("the file on disk was checked beside its buffer: %+v", rep.Diagnostics)
	}
}

// TestModelByPathJoinsItsGraph: a model given by path, in a project (the
// directory of a .git), (as a pre-commit hook
// or an editor's :make % gives it) is joined with the index graph beside
// it or above it, and its unlifted timer is reported; the graph's own
// findings, and those of the other models it names, are not.
func TestModelByPathJoinsItsGraph(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		"beside/approval.bpmn": approvalModel(`"PT48H"`),
		"beside/digest.bpmn":   digestModel,
		"beside/index.ttl": ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
`,
		"above/models/approval.bpmn": approvalModel(`"PT48H"`),
		"above/index.ttl": ttlHeader + `<models/approval.bpmn#Approval> a proc:Process .
`,
	})
	rep := check(t, []string{filepath.Join(dir, "beside", "approval.bpmn")}, nil)
	wantFindings(t, rep, dir, "beside/approval.bpmn:6 TMR3001")
	// The whole directory says more: the digest is lifted but not scheduled.
	rep = check(t, []string{filepath.Join(dir, "beside")}, nil)
	wantFindings(t, rep, dir, "beside/approval.bpmn:6 TMR3001", "beside/index.ttl:5 TMR4001")

	rep = check(t, []string{filepath.Join(dir, "above", "models", "approval.bpmn")}, nil)
	wantFindings(t, rep, dir, "above/models/approval.bpmn:6 TMR3001")
	// The same bytes through stdin give the same finding.
	name := filepath.Join(dir, "above", "models", "approval.bpmn")
	rep = checkWith(t, project.Options{Paths: []string{"-"}, Stdin: []byte(approvalModel(`"PT48H"`)), StdinName: name})
	wantFindings(t, rep, dir, "above/models/approval.bpmn:6 TMR3001")
}

// TestVocabularyNamespacePerDocument: TMR4008 is decided per graph
// document, so it fires for examples/broken/namespace/index.ttl whether
// that document is checked alone or with every other graph of the
// examples.
func TestVocabularyNamespacePerDocument(t *testing.T) {
	const ns = "../../examples/broken/namespace/"
	at := func(rep *lint.Report) []string {
		var out []string
		for _, d := range rep.Diagnostics {
			if d.Rule == "TMR4008" {
				out = append(out, d.Range().String())
			}
		}
		return out
	}
	alone := at(check(t, []string{ns}, nil))
	all := at(check(t, []string{"../../examples/"}, nil))
	if len(alone) == 0 || !slices.Equal(alone, all) {
		t.Errorf("TMR4008 alone at %v, with the other graphs at %v", alone, all)
	}
}

// TestEachFileReadOnce counts the reads of a whole check of the example
// project: every file is read exactly once, the graph documents (loaded,
// searched for suppressions, underlined, joined) included.
func TestEachFileReadOnce(t *testing.T) {
	var mu sync.Mutex
	reads := map[string]int{}
	read := func(p string) ([]byte, error) {
		mu.Lock()
		reads[p]++
		mu.Unlock()
		return os.ReadFile(p)
	}
	rep := checkWith(t, project.Options{Paths: []string{"../../examples/"}, ReadFile: read})
	if len(rep.Diagnostics) == 0 {
		t.Fatal("examples/broken/ shows no finding")
	}
	graphs := 0
	for p, n := range reads {
		if n != 1 {
			t.Errorf("%s read %d times", p, n)
		}
		if filepath.Ext(p) == ".ttl" {
			graphs++
		}
	}
	if len(reads) != rep.Files || graphs < 3 {
		t.Errorf("%d files read (%d graphs), the report counts %d", len(reads), graphs, rep.Files)
	}
	// The printers take their source lines from what was read.
	for _, d := range rep.Diagnostics {
		if (lint.ProjectSources{Project: rep.Project}).Source(d.File) == nil {
			t.Errorf("no source kept for %s", d.File)
		}
	}
}
