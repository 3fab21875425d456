package rules

import (
	"strconv"
	"strings"

	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// VocabularyVersion warns about a graph that declares a vocabulary version
// older than the timer terms it uses.
var VocabularyVersion = &lint.Rule{
	ID:       "TMR4007",
	Name:     "vocabulary-version",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a graph that declares seam < 1.6 or proc < 1.1 yet uses their timer terms",
	Doc: `The graph declares, as owl:versionInfo on the vocabulary's ontology IRI, a seam version
older than 1.6 or a proc version older than 1.1, yet it uses the terms those versions added:
seam:schedules (seam 1.6), proc:TimerStartEvent and proc:TimerCatchEvent (proc 1.1).
ADR-0037 section 5 adds them as compatible widenings (ADR-0021: a minor step only adds), so
a tool that trusts the declared version does not know the terms, and the graph was likely
written against one vocabulary and labelled with another. Declare the version that defines
the terms.`,
	Bad: `@prefix owl: <http://www.w3.org/2002/07/owl#> .
<https://w3id.org/seams/seam> owl:versionInfo "1.5" .
<#api> seam:schedules <digest.bpmn#Digest> .`,
	Good: `@prefix owl: <http://www.w3.org/2002/07/owl#> .
<https://w3id.org/seams/seam> owl:versionInfo "1.6" .
<#api> seam:schedules <digest.bpmn#Digest> .`,
	Run: runVocabularyVersion,
}

func runVocabularyVersion(p *lint.Pass) {
	ix := IndexOf(p.Project)
	v := ix.Vocab
	type need struct {
		ns, name, min string
		uses          []string // the terms of that version the graph uses
	}
	needs := []need{{ns: v.Seam, name: "seam", min: "1.6"}, {ns: v.Proc, name: "proc", min: "1.1"}}
	if ix.Graph.CountByPredicate(v.Schedules()) > 0 {
		needs[0].uses = append(needs[0].uses, compact(ix, v.Schedules()))
	}
	var start, catch bool
	for _, n := range ix.Nodes {
		start, catch = start || n.Start, catch || n.Catch
	}
	if start {
		needs[1].uses = append(needs[1].uses, compact(ix, v.TimerStartEvent()))
	}
	if catch {
		needs[1].uses = append(needs[1].uses, compact(ix, v.TimerCatchEvent()))
	}
	for _, n := range needs {
		if len(n.uses) == 0 {
			continue
		}
		vv := ix.Graph.VocabularyVersion(n.ns)
		if !vv.Declared || !older(vv.Version, n.min) {
			continue
		}
		onto := graph.NewIRI(vv.Ontology)
		what := "declares " + n.name + " " + vv.Version + ", but the graph uses " + strings.Join(n.uses, " and ") +
			", added in " + n.name + " " + n.min
		detail := "Declare " + n.name + " " + n.min + " or later: `<" + vv.Ontology + "> owl:versionInfo \"" + n.min +
			"\" .` (ADR-0037 section 5)."
		reported := false
		for _, tr := range ix.Graph.BySubject(onto) {
			if tr.P.Value == graph.OWLVersionInfo && tr.O.Value == vv.Version {
				ix.ReportTriple(p, tr, onto, "owl:versionInfo", what, detail)
				reported = true
				break
			}
		}
		if !reported {
			ix.ReportAt(p, vv.Range, onto, "owl:versionInfo", what, detail)
		}
	}
}

// older reports whether the dotted version a is older than b, comparing
// numbers part by part ("1.10" is newer than "1.6"). A version that is not
// dotted numbers is not compared.
func older(a, b string) bool {
	pa, ok1 := versionParts(a)
	pb, ok2 := versionParts(b)
	if !ok1 || !ok2 {
		return false
	}
	for i := range max(len(pa), len(pb)) {
		x, y := 0, 0
		if i < len(pa) {
			x = pa[i]
		}
		if i < len(pb) {
			y = pb[i]
		}
		if x != y {
			return x < y
		}
	}
	return false
}

func versionParts(s string) ([]int, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	var out []int
	for _, f := range strings.Split(s, ".") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, len(out) > 0
}
