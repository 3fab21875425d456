package rules

import (
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// SchedulesTypes refuses seam:schedules between terms of the wrong types.
var SchedulesTypes = &lint.Rule{
	ID:       "TMR4005",
	Name:     "schedules-types",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "seam:schedules whose subject is not an arch:Container or whose object is not a proc:Process",
	Doc: `seam:schedules is arch:Container -> proc:Process (ADR-0037 section 3, seamsh:SchedulesShape):
the subject must be typed arch:Container and the object proc:Process in the graph. A subject
that is a node, a store or an untyped IRI runs nothing, and an object that is an event, a
task or an untyped IRI is nothing the scheduler can start; the shape refuses both, and the
compose generator would not find the container. Each subject and each object is reported
once, at its first seam:schedules triple. Type the terms, or point the triple at the
container and the process it means.`,
	Bad: `<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<#api> a arch:Container ;
  seam:schedules <digest.bpmn#EveryMorning> .`,
	Good: `<digest.bpmn#Digest> a proc:Process .
<#api> a arch:Container ;
  seam:schedules <digest.bpmn#Digest> .`,
	Run: runSchedulesTypes,
}

func runSchedulesTypes(p *lint.Pass) {
	ix := IndexOf(p.Project)
	container, process := ix.Vocab.Container(), ix.Vocab.Process()
	// Sized up front: a large graph schedules tens of thousands of
	// processes, and a map grown entry by entry leaves its former tables
	// behind.
	seenS, seenO := newTermSet(0), newTermSet(ix.Graph.CountByPredicate(ix.Vocab.Schedules()))
	for tr := range ix.Schedules() {
		file := tr.Predicate.File
		if seenS.add(tr.S) {
			if !ix.Graph.HasType(tr.S, container) {
				ix.ReportTriple(p, tr, tr.S, "seam:schedules",
					"the subject of seam:schedules is not typed "+compact(ix, container)+typesOf(ix, tr.S, file),
					"Type the container: `"+turtleRef(ix, tr.S, file)+" a "+compact(ix, container)+
						" .`, or make the container that runs the process the subject (ADR-0037 section 3).")
			}
		}
		if seenO.add(tr.O) {
			if !ix.Graph.HasType(tr.O, process) {
				ix.ReportTriple(p, tr, tr.S, "seam:schedules",
					"the object "+ix.DisplayTerm(tr.O, file)+" of seam:schedules is not typed "+compact(ix, process)+typesOf(ix, tr.O, file),
					"Point seam:schedules at the process, <model.bpmn#process-id>, and type it "+compact(ix, process)+" (ADR-0037 section 3).",
					ix.TermRelated(tr.O, "the object: ")...)
			}
		}
	}
}

// typesOf describes the types a term has, for a message: ` (it is
// proc:TimerStartEvent)`, or "" when it has none.
func typesOf(ix *join.Index, t graph.Term, file string) string {
	if t.IsLiteral() {
		return " (it is a literal)"
	}
	types := ix.Graph.Types(t)
	if len(types) == 0 {
		return " (it has no rdf:type)"
	}
	s := ""
	for i, ty := range types {
		if i > 0 {
			s += ", "
		}
		s += ix.DisplayTerm(ty, file)
	}
	return " (it is " + s + ")"
}

// termSet is a set of terms that keeps an IRI by its value alone: most
// terms are IRIs, and an entry keyed by a whole graph.Term takes four
// times the bytes (a large graph schedules tens of thousands of
// processes).
type termSet struct {
	iris  map[string]struct{}
	other map[graph.Term]struct{}
}

// newTermSet is a set sized for n IRIs.
func newTermSet(n int) termSet {
	return termSet{iris: make(map[string]struct{}, n), other: map[graph.Term]struct{}{}}
}

// add adds t, and reports whether it was not in the set.
func (s termSet) add(t graph.Term) bool {
	if t.IsIRI() {
		if _, ok := s.iris[t.Value]; ok {
			return false
		}
		s.iris[t.Value] = struct{}{}
		return true
	}
	if _, ok := s.other[t]; ok {
		return false
	}
	s.other[t] = struct{}{}
	return true
}
