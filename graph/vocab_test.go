package graph

import (
	"reflect"
	"strings"
	"testing"
)

func TestDefaultVocabulary(t *testing.T) {
	v := DefaultVocabulary()
	if v.Proc != "https://w3id.org/seams/proc#" || v.Seam != "https://w3id.org/seams/seam#" || v.Arch != "https://w3id.org/seams/arch#" {
		t.Errorf("DefaultVocabulary = %+v", v)
	}
	if err := v.Validate(); err != nil {
		t.Error(err)
	}
	terms := map[Term]string{
		v.Process(): "proc:Process", v.UserTask(): "proc:UserTask", v.TimerStartEvent(): "proc:TimerStartEvent",
		v.TimerCatchEvent(): "proc:TimerCatchEvent", v.Container(): "arch:Container", v.Store(): "arch:Store",
		v.SQLiteStore(): "arch:SQLiteStore", v.PostgreSQLStore(): "arch:PostgreSQLStore", v.SemPKMStore(): "arch:SemPKMStore",
		v.Executes(): "seam:executes", v.Schedules(): "seam:schedules", v.StoredIn(): "seam:storedIn", v.DeployedTo(): "seam:deployedTo",
	}
	for term, want := range terms {
		if !term.IsIRI() || v.Compact(term.Value) != want {
			t.Errorf("%v compacts to %q, want %q", term, v.Compact(term.Value), want)
		}
	}
	if len(terms) != len(vocabTerms) {
		t.Errorf("%d term helpers, %d terms known to the foreign-namespace detector", len(terms), len(vocabTerms))
	}
	for iri, want := range map[string]string{
		NSBPMN + "timeCycle": "bpmn:timeCycle", RDFType: "rdf:type", OWLVersionInfo: "owl:versionInfo",
		XSDString: "xsd:string", "http://other/x": "<http://other/x>", NSProc: "<" + NSProc + ">",
		NSProc + "a/b": "<" + NSProc + "a/b>",
	} {
		if got := v.Compact(iri); got != want {
			t.Errorf("Compact(%q) = %q, want %q", iri, got, want)
		}
	}
	custom := Vocabulary{Proc: "http://example.org/proc/", Seam: "urn:seam:", Arch: "http://example.org/arch#"}
	if custom.TimerStartEvent().Value != "http://example.org/proc/TimerStartEvent" {
		t.Errorf("custom term %v", custom.TimerStartEvent())
	}
	if err := custom.Validate(); err == nil || !strings.Contains(err.Error(), "seam") {
		t.Errorf("Validate(%+v) = %v", custom, err)
	}
	if err := (Vocabulary{Proc: "proc#", Seam: NSSeam, Arch: NSArch}).Validate(); err == nil || !strings.Contains(err.Error(), "absolute") {
		t.Errorf("Validate of a relative namespace = %v", err)
	}
}

func TestOntologyIRI(t *testing.T) {
	for ns, want := range map[string]string{
		NSSeam: "https://w3id.org/seams/seam", NSProc: "https://w3id.org/seams/proc",
		"http://example.org/v/": "http://example.org/v", "urn:x": "urn:x",
	} {
		if got := OntologyIRI(ns); got != want {
			t.Errorf("OntologyIRI(%q) = %q, want %q", ns, got, want)
		}
	}
}

// TestForeignVocabularyPerDocument checks that a document is judged on its
// own: another document of the run that uses the configured namespace does
// not hide the foreign one.
func TestForeignVocabularyPerDocument(t *testing.T) {
	good := Source{Path: "a/index.ttl", Data: []byte("<x.bpmn#P> a <https://w3id.org/seams/proc#Process> .\n")}
	foreign := Source{Path: "b/index.ttl", Data: []byte("<y.bpmn#P> a <http://w3id.org/seams/proc#Process> .\n")}
	for _, srcs := range [][]Source{{foreign}, {good, foreign}, {foreign, good}} {
		g, errs := LoadSources(srcs)
		if len(errs) > 0 {
			t.Fatal(errs[0])
		}
		got := g.ForeignVocabulary(DefaultVocabulary())
		if len(got) != 1 || got[0].Range.File != "b/index.ttl" || got[0].Namespace != "http://w3id.org/seams/proc#" {
			t.Errorf("with %d documents: got %+v, want one finding in b/index.ttl", len(srcs), got)
		}
	}
}

func TestForeignVocabulary(t *testing.T) {
	src := `@prefix oldproc: <http://w3id.org/seams/proc#> .
@prefix seamslash: <https://w3id.org/seams/seam/> .
@prefix arch: <https://w3id.org/seams/arch#> .
<a.bpmn#Start> a oldproc:TimerStartEvent .
<a.bpmn#P> a oldproc:Process .
<#api> a arch:Container ;
  seamslash:schedules <a.bpmn#P> ;
  seamslash:executes <a.bpmn#P> .
<#other> a <http://example.org/Container> .
`
	g := parseOK(t, "foreign.ttl", src)
	got := g.ForeignVocabulary(DefaultVocabulary())
	want := []ForeignNamespace{
		{Configured: NSProc, Namespace: "http://w3id.org/seams/proc#", Terms: []string{"Process", "TimerStartEvent"}},
		{Configured: NSSeam, Namespace: "https://w3id.org/seams/seam/", Terms: []string{"executes", "schedules"}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		w := want[i]
		if got[i].Configured != w.Configured || got[i].Namespace != w.Namespace || !reflect.DeepEqual(got[i].Terms, w.Terms) {
			t.Errorf("finding %d = %+v, want %+v", i, got[i], w)
		}
	}
	if at(got[0].Range) != "4:18" || at(got[1].Range) != "7:3" || got[0].Range.File != "foreign.ttl" {
		t.Errorf("positions %s and %s, want 4:18 and 7:3", at(got[0].Range), at(got[1].Range))
	}
	// A configured namespace in use is never reported, even beside a
	// foreign one; and local names are matched in their role only.
	g = parseOK(t, "ok.ttl", `<x> a <https://w3id.org/seams/proc#Process> , <http://w3id.org/seams/proc#TimerStartEvent> .
<y> <http://other.example/Process> <z> .
<y> a <http://other.example/schedules> .
`)
	if got := g.ForeignVocabulary(DefaultVocabulary()); len(got) != 0 {
		t.Errorf("got %+v, want nothing", got)
	}
}

func TestVocabularyVersions(t *testing.T) {
	src := `@prefix owl: <http://www.w3.org/2002/07/owl#> .
<https://w3id.org/seams/seam> a owl:Ontology ; owl:versionInfo "1.6" .
<https://w3id.org/seams/proc> owl:versionInfo "1.0", "1.1", "1.0" .
`
	g := parseOK(t, "versions.ttl", src)
	vs := g.VocabularyVersions(DefaultVocabulary())
	if len(vs) != 3 {
		t.Fatalf("got %+v", vs)
	}
	seam, proc, arch := vs[0], vs[1], vs[2]
	if !seam.Declared || seam.Version != "1.6" || seam.Ontology != "https://w3id.org/seams/seam" || at(seam.Range) != "2:64" || seam.Others != 0 {
		t.Errorf("seam = %+v", seam)
	}
	if !proc.Declared || proc.Version != "1.0" || proc.Others != 1 || at(proc.Range) != "3:47" {
		t.Errorf("proc = %+v", proc)
	}
	if arch.Declared || arch.Namespace != NSArch {
		t.Errorf("arch = %+v", arch)
	}
}
