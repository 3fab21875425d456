package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/internal/benchgen"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

var joinNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

const ttlHeader = `@prefix proc: <https://w3id.org/seams/proc#> .
@prefix seam: <https://w3id.org/seams/seam#> .
@prefix arch: <https://w3id.org/seams/arch#> .
`

// approvalModel has a user task Approve with a non-interrupting timer
// boundary Remind; body is the boundary's timeDuration.
func approvalModel(body string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com/t">
  <bpmn:process id="Approval" isExecutable="true">
    <bpmn:startEvent id="Submitted"/>
    <bpmn:userTask id="Approve"/>
    <bpmn:boundaryEvent id="Remind" attachedToRef="Approve" cancelActivity="false">
      <bpmn:timerEventDefinition><bpmn:timeDuration>` + body + `</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:endEvent id="Approved"/>
  </bpmn:process>
</bpmn:definitions>
`
}

// digestModel has a process Digest started daily by EveryMorning.
const digestModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com/t">
  <bpmn:process id="Digest" isExecutable="true">
    <bpmn:startEvent id="EveryMorning">
      <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition>
    </bpmn:startEvent>
    <bpmn:endEvent id="Sent"/>
  </bpmn:process>
</bpmn:definitions>
`

// writeTree writes files (slash paths relative to a new temporary
// directory) and returns the directory.
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func check(t testing.TB, paths []string, maps map[string]string) *lint.Report {
	t.Helper()
	rep, err := project.Check(project.Options{Paths: paths, Maps: maps}, []*project.Engine{rules.Engine}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// findings renders the diagnostics as "file:line RULE" with file relative
// to dir, sorted.
func findings(rep *lint.Report, dir string) []string {
	var out []string
	for _, d := range rep.Diagnostics {
		f := d.File
		if rel, err := filepath.Rel(dir, f); err == nil && !strings.HasPrefix(rel, "..") {
			f = filepath.ToSlash(rel)
		}
		out = append(out, fmt.Sprintf("%s:%d %s", f, d.Line, d.Rule))
	}
	slices.Sort(out)
	return out
}

func wantFindings(t *testing.T, rep *lint.Report, dir string, want ...string) {
	t.Helper()
	got := findings(rep, dir)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got  %q\n want %q", got, want)
		for _, d := range rep.Diagnostics {
			t.Logf("  %s:%d:%d %s %s", d.File, d.Line, d.Column, d.Rule, d.Message)
		}
	}
}

// joined returns the node of the element id of the model at path, failing
// when the join did not find it.
func joined(t *testing.T, rep *lint.Report, path, id string) *join.Node {
	t.Helper()
	ix := rules.IndexOf(rep.Project)
	if ix == nil {
		t.Fatal("no index")
	}
	doc := ix.Doc(path)
	if doc == nil {
		t.Fatalf("model %s not loaded", path)
	}
	if _, ok := doc.ID(id); !ok {
		t.Fatalf("%s has no %s", path, id)
	}
	for _, e := range doc.Timers {
		if e.ID == id {
			n := ix.NodeOf(doc, e)
			if n == nil {
				t.Fatalf("%s#%s has no index node", path, id)
			}
			if !ix.Indexed(doc) {
				t.Errorf("%s is not indexed", path)
			}
			return n
		}
	}
	t.Fatalf("%s#%s is not a timer element", path, id)
	return nil
}

func TestJoinRelativeParentIRIs(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"models/approval.bpmn": approvalModel(`"PT48H"`),
		"graph/index.ttl": ttlHeader + `<../models/approval.bpmn#Approval> a proc:Process .
<../models/./sub/../approval.bpmn#Remind> a proc:TimerCatchEvent .
`,
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir)
	n := joined(t, rep, filepath.Join(dir, "models", "approval.bpmn"), "Remind")
	if !n.Catch || n.Start || n.Element == nil || n.Element.Type() != "boundaryEvent" {
		t.Errorf("node %+v", n)
	}
	if want := "file://" + filepath.ToSlash(filepath.Join(dir, "models", "approval.bpmn")) + "#Remind"; n.Term().Value != want {
		t.Errorf("IRI %s, want %s", n.Term().Value, want)
	}
}

func TestJoinBase(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"models/approval.bpmn": approvalModel(`"PT48H"`),
		"graph/index.ttl": "@base <../models/> .\n" + ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
`,
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir)
	joined(t, rep, filepath.Join(dir, "models", "approval.bpmn"), "Remind")
}

// TestJoinSiblingDirectory: an index in graph/ covers the models it names
// in models/, and not the ones it does not name.
func TestJoinSiblingDirectory(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"models/approval.bpmn": approvalModel(`"PT48H"`),
		"models/other.bpmn":    approvalModel(`"PT1H"`),
		"graph/index.ttl": ttlHeader + `<../models/approval.bpmn#Approval> a proc:Process .
`,
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir, "models/approval.bpmn:6 TMR3001")
	ix := rules.IndexOf(rep.Project)
	if doc := ix.Doc(filepath.Join(dir, "models", "other.bpmn")); doc == nil || ix.Indexed(doc) {
		t.Errorf("other.bpmn: loaded %v, want loaded and not indexed", doc != nil)
	}
	if d := rep.Diagnostics; len(d) == 1 && !strings.Contains(d[0].Message, "proc:TimerCatchEvent") {
		t.Errorf("message %q does not name the type", d[0].Message)
	}
}

// TestJoinGraphDirectoryScope: a model beside a graph document is in its
// scope even when the graph does not name it.
func TestJoinGraphDirectoryScope(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
		"index.ttl":     ttlHeader + "<#api> a arch:Container .\n",
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir, "approval.bpmn:6 TMR3001")
}

// TestJoinTwoIndexFiles: one document lifts the timers, the other deploys
// the processes; together they are complete.
func TestJoinTwoIndexFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
		"digest.bpmn":   digestModel,
		"lift.ttl": ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<digest.bpmn#Digest> a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
`,
		"deploy.ttl": ttlHeader + `<#api> a arch:Container ;
  seam:executes <approval.bpmn#Approval>, <digest.bpmn#Digest> ;
  seam:schedules <digest.bpmn#Digest> ;
  seam:storedIn <#db> .
<#db> a arch:SQLiteStore .
`,
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir)
	joined(t, rep, filepath.Join(dir, "digest.bpmn"), "EveryMorning")
	joined(t, rep, filepath.Join(dir, "approval.bpmn"), "Remind")
	if got := len(rules.IndexOf(rep.Project).Files); got != 2 {
		t.Errorf("%d graph files, want 2", got)
	}

	// Models given by path are joined with the whole index graph of
	// their directory, the document not given included.
	rep = check(t, []string{filepath.Join(dir, "lift.ttl"), filepath.Join(dir, "approval.bpmn"), filepath.Join(dir, "digest.bpmn")}, nil)
	wantFindings(t, rep, dir)
	if got := len(rules.IndexOf(rep.Project).Files); got != 2 {
		t.Errorf("%d graph files, want 2", got)
	}

	// Either document alone is incomplete.
	rep = check(t, []string{filepath.Join(dir, "lift.ttl")}, nil)
	wantFindings(t, rep, dir, "lift.ttl:6 TMR4001")
}

// TestJoinMap: an absolute https IRI names a file through a --map prefix,
// and a prefix matches only at a path boundary.
func TestJoinMap(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"repo/models/approval.bpmn": approvalModel(`"PT48H"`),
		"graph/index.ttl": ttlHeader + `<https://example.com/seams/models/approval.bpmn#Approval> a proc:Process .
<https://example.com/seams/models/approval.bpmn#Remind> a proc:TimerCatchEvent .
`,
	})
	maps := map[string]string{
		"https://example.com/seams/models/": filepath.Join(dir, "repo", "models"),
		"https://example.com/seams/model":   filepath.Join(dir, "wrong"),
	}
	// The model is not given: the graph names it, and the map finds it.
	rep := check(t, []string{filepath.Join(dir, "graph")}, maps)
	wantFindings(t, rep, dir)
	n := joined(t, rep, filepath.Join(dir, "repo", "models", "approval.bpmn"), "Remind")
	if n.ModelIRI() != "https://example.com/seams/models/approval.bpmn" {
		t.Errorf("model IRI %q", n.ModelIRI())
	}

	// Without the map, the IRI names no file.
	rep = check(t, []string{filepath.Join(dir, "graph")}, nil)
	wantFindings(t, rep, dir, "graph/index.ttl:4 TMR0004")
	if msg := rep.Diagnostics[0].Message; !strings.Contains(msg, "https://example.com/seams/models/approval.bpmn") {
		t.Errorf("message %q does not name the IRI", msg)
	}
}

func TestModelPath(t *testing.T) {
	maps := map[string]string{
		"https://example.com/a/":  "/srv/a",
		"https://example.com/a/b": "/srv/b",
		"urn:models:":             "/srv/urn",
	}
	for _, c := range []struct {
		iri, path, frag string
		ok              bool
	}{
		{"file:///w/models/approval.bpmn#Remind", "/w/models/approval.bpmn", "Remind", true},
		{"file:///w/my%20models/a.bpmn#R%C3%A9", "/w/my models/a.bpmn", "Ré", true},
		{"https://example.com/a/x/approval.bpmn#P", "/srv/a/x/approval.bpmn", "P", true},
		{"https://example.com/a/b/approval.bpmn#P", "/srv/b/approval.bpmn", "P", true},
		{"https://example.com/a/bc/approval.bpmn#P", "/srv/a/bc/approval.bpmn", "P", true},
		{"https://example.com/ab/approval.bpmn#P", "", "", false},
		{"urn:models:approval.bpmn#P", "/srv/urn/approval.bpmn", "P", true},
		{"https://other.example/approval.bpmn#P", "", "", false},
	} {
		path, frag, ok := join.ModelPath(c.iri, maps)
		if ok != c.ok || ok && (path != filepath.FromSlash(c.path) || frag != c.frag) {
			t.Errorf("ModelPath(%q) = %q, %q, %v; want %q, %q, %v", c.iri, path, frag, ok, c.path, c.frag, c.ok)
		}
	}
}

// TestJoinLoadsNamedModel: a model the graph names that was not given on
// the command line, inside the project (here the directory of a .git), is
// loaded and checked with every rule.
func TestJoinLoadsNamedModel(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		"models/approval.bpmn": approvalModel(`PT48H`), // unquoted: TMR1004
		"graph/index.ttl": ttlHeader + `<../models/approval.bpmn#Approval> a proc:Process .
<../models/approval.bpmn#Remind> a proc:TimerCatchEvent .
`,
	})
	rep := check(t, []string{filepath.Join(dir, "graph", "index.ttl")}, nil)
	wantFindings(t, rep, dir, "models/approval.bpmn:7 TMR1004")
	if rep.Files != 2 || rep.Timers != 1 || len(rules.Documents(rep.Project)) != 1 {
		t.Errorf("files %d, timers %d, docs %d; want 2, 1, 1", rep.Files, rep.Timers, len(rules.Documents(rep.Project)))
	}
}

// TestJoinMissingModel: a model file the graph names that does not exist
// is TMR0004 at the triple that names it first, and its nodes are not
// orphans.
func TestJoinMissingModel(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"index.ttl": ttlHeader + `<#api> a arch:Container .
<aproval.bpmn#Remind>
  a proc:TimerCatchEvent .
<aproval.bpmn#Approval> a proc:Process .
`,
	})
	rep := check(t, []string{dir}, nil)
	wantFindings(t, rep, dir, "index.ttl:5 TMR0004")
	d := rep.Diagnostics[0]
	if d.Column != 1 || d.EndColumn != 1+len("<aproval.bpmn#Remind>") || d.Severity != lint.SeverityError {
		t.Errorf("span %d-%d, severity %v", d.Column, d.EndColumn, d.Severity)
	}
	if !strings.Contains(d.Message, "aproval.bpmn, which does not exist") {
		t.Errorf("message %q", d.Message)
	}
}

// TestJoinBrokenModelNotReloaded: a model given on the command line that
// does not parse is reported once, not loaded again because the graph
// names it.
func TestJoinBrokenModelNotReloaded(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": "<bpmn:definitions xmlns:bpmn=\"http://www.omg.org/spec/BPMN/20100524/MODEL\">\n<bpmn:process>\n",
		"index.ttl": ttlHeader + `<approval.bpmn#Remind> a proc:TimerCatchEvent .
`,
	})
	rep := check(t, []string{dir}, nil)
	var rules []string
	for _, d := range rep.Diagnostics {
		rules = append(rules, d.Rule)
	}
	if !slices.Equal(rules, []string{"TMR0002"}) {
		t.Errorf("findings %v, want one TMR0002", rules)
	}
}

// TestJoinStdinGraph: an editor's unsaved index graph, read from stdin,
// joins like a file, and only the buffer's findings are reported.
func TestJoinStdinGraph(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
	})
	name := filepath.Join(dir, "index.ttl")
	src := ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Reminder> a proc:TimerCatchEvent .
`
	rep, err := project.Check(project.Options{Paths: []string{"-"}, Stdin: []byte(src), StdinName: name},
		[]*project.Engine{rules.Engine}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil {
		t.Fatal(err)
	}
	// The model's own finding (TMR3001 on approval.bpmn) is not reported:
	// an editor checking one buffer hears about that buffer only.
	wantFindings(t, rep, dir, "index.ttl:5 TMR3003")
	for _, d := range rep.Diagnostics {
		if d.Rule == "TMR3003" && d.EndColumn <= d.Column {
			t.Errorf("TMR3003 has no span: %d-%d", d.Column, d.EndColumn)
		}
	}
}

func TestDisplay(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "graph", "index.ttl")
	iri := func(p string) string {
		s, err := graph.FileIRI(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ix := &join.Index{Vocab: graph.DefaultVocabulary()}
	for _, c := range []struct{ iri, want string }{
		{iri("graph/index.ttl") + "#api", "#api"},
		{iri("graph/approval.bpmn") + "#Remind", "approval.bpmn#Remind"},
		{iri("models/approval.bpmn") + "#Remind", "../models/approval.bpmn#Remind"},
		{iri("models/approval.bpmn"), "../models/approval.bpmn"},
		{graph.NSSeam + "schedules", "seam:schedules"},
		{"https://example.com/x#y", "https://example.com/x#y"},
	} {
		if got := ix.Display(c.iri, g); got != c.want {
			t.Errorf("Display(%q) = %q, want %q", c.iri, got, c.want)
		}
	}
}

// TestMessages pins the ADR's message forms of the graph rules.
func TestMessages(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
		"digest.bpmn":   digestModel,
		"index.ttl": ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<digest.bpmn#Digest> a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<#worker> a arch:Container ; seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> ; seam:storedIn <#db> .
<#api> a arch:Container ; seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> ; seam:storedIn <#kb> .
<#db> a arch:SQLiteStore .
<#kb> a arch:SemPKMStore .
`,
	})
	rep := check(t, []string{dir}, nil)
	got := map[string]lint.Diagnostic{}
	for _, d := range rep.Diagnostics {
		got[d.Rule] = d
	}
	indexIRI, _ := graph.FileIRI(filepath.Join(dir, "index.ttl"))
	digestIRI, _ := graph.FileIRI(filepath.Join(dir, "digest.bpmn"))
	for rule, want := range map[string]struct{ msg, subject, pred string }{
		"TMR4002": {`ResolutionError(<digest.bpmn#Digest>, seam:schedules, [<#api>, <#worker>])`, digestIRI + "#Digest", "seam:schedules"},
		"TMR4006": {`ResolutionError(<#api>, seam:schedules, "schedules digest.bpmn#Digest but is stored in #kb, an arch:SemPKMStore, which holds no workflow state")`, indexIRI + "#api", "seam:schedules"},
	} {
		d, ok := got[rule]
		if !ok {
			t.Errorf("no %s finding", rule)
			continue
		}
		if d.Message != want.msg || d.Subject != want.subject || d.Predicate != want.pred {
			t.Errorf("%s:\n got  %s | %s | %s\n want %s | %s | %s", rule, d.Message, d.Subject, d.Predicate, want.msg, want.subject, want.pred)
		}
	}
	if len(rep.Diagnostics) != 2 {
		t.Errorf("%d findings, want 2: %v", len(rep.Diagnostics), findings(rep, dir))
	}

	// A process with a lifted timer start and no seam:schedules is named.
	dir = writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`"PT48H"`),
		"index.ttl": ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
`,
		"digest.bpmn": digestModel,
	})
	rep = check(t, []string{dir}, nil)
	wantFindings(t, rep, dir, "index.ttl:6 TMR4001")
	if d := rep.Diagnostics[0]; d.Message != `ResolutionError(<digest.bpmn#Digest>, seam:schedules, [])` {
		t.Errorf("TMR4001 message %s", d.Message)
	}
}

// writeJoinBench writes n generated models and an index graph of about
// triples triples lifting all their timers, and returns the directory.
func writeJoinBench(tb testing.TB, n, triples int) string {
	tb.Helper()
	dir := tb.TempDir()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, benchgen.ModelName(i)), []byte(benchgen.Model(i)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	f, err := os.Create(filepath.Join(dir, "index.ttl"))
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := benchgen.WriteIndex(f, n, triples); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkJoin1MTriples2000Models checks 2,000 generated models with an
// index of 1,000,000 triples that lifts every timer: the whole check,
// graph load and join included (target: under 5 s and 500 MB peak RSS on
// the 2-core reference machine; bench/join.sh measures the process).
func BenchmarkJoin1MTriples2000Models(b *testing.B) {
	dir := writeJoinBench(b, 2000, 1_000_000)
	opts := lint.Options{Rules: rules.All(), Now: joinNow}
	runtime.GC()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		rep, err := project.Check(project.Options{Paths: []string{dir}}, []*project.Engine{rules.Engine}, opts)
		if err != nil || rep.Timers != 6000 || len(rep.Diagnostics) != 0 {
			b.Fatalf("err %v, %d timers, %d findings", err, rep.Timers, len(rep.Diagnostics))
		}
	}
	b.StopTimer()
	b.ReportMetric(peakRSSMiB(), "peak-RSS-MiB")
}

// BenchmarkCheckOneModelIndex1k checks one model with a typical index of
// 1,000 triples: compare with BenchmarkCheckOneModel for what the index
// adds (target: under 5 ms).
func BenchmarkCheckOneModelIndex1k(b *testing.B) {
	dir := writeJoinBench(b, 1, 1000)
	opts := lint.Options{Rules: rules.All(), Now: joinNow}
	b.ReportAllocs()
	for b.Loop() {
		rep, err := project.Check(project.Options{Paths: []string{dir}}, []*project.Engine{rules.Engine}, opts)
		if err != nil || rep.Timers != 3 || len(rep.Diagnostics) != 0 {
			b.Fatalf("err %v, %d timers, %d findings", err, rep.Timers, len(rep.Diagnostics))
		}
	}
}

// peakRSSMiB is the process's peak resident set size (Linux), or 0.
func peakRSSMiB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb float64
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(v), " kB"), &kb)
			return kb / 1024
		}
	}
	return 0
}
