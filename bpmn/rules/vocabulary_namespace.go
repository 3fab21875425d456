package rules

import (
	"strings"

	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// VocabularyNamespace warns about a graph that writes the tool's terms
// under another namespace than the configured one.
var VocabularyNamespace = &lint.Rule{
	ID:       "TMR4008",
	Name:     "vocabulary-namespace",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a graph that uses the vocabulary's local names under another namespace",
	Doc: `The graph uses no term of a configured vocabulary namespace (proc:, seam: or arch:, the
vocabulary: section of .seams-timers.yaml), but it uses the same local names (TimerStartEvent, schedules, Container, ...) under
another namespace: a typo, http for https, '/' for '#', or an old vocabulary IRI. The graph
rules match terms by their full IRI, so they see none of these nodes: the timers look
unlifted and the containers absent. The finding names the namespace found, at the first
place it is used. Write the terms in the vocabulary's namespace (ADR-0037 section 5), or,
if the graph is right, set the namespace under vocabulary: in .seams-timers.yaml.`,
	Bad: `@prefix proc: <http://w3id.org/seams/proc#> .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
	Good: `@prefix proc: <https://w3id.org/seams/proc#> .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
	Run: runVocabularyNamespace,
}

func runVocabularyNamespace(p *lint.Pass) {
	ix := IndexOf(p.Project)
	// Each graph document is judged on its own (ForeignVocabulary), so
	// that the finding does not depend on the other documents of the run.
	for _, f := range ix.Graph.ForeignVocabulary(ix.Vocab) {
		name := prefixOf(ix.Vocab, f.Configured)
		msg := "the graph uses no " + name + " term of <" + f.Configured + ">, but uses " + strings.Join(f.Terms, ", ") +
			" under <" + f.Namespace + ">"
		detail := "Write these terms in <" + f.Configured + ">, the " + name + " namespace seams-timers reads " +
			"(its default, or vocabulary: in .seams-timers.yaml); if <" + f.Namespace + "> is right, set vocabulary." + strings.TrimSuffix(name, ":") +
			" in .seams-timers.yaml. Until then the graph rules do not see these terms."
		ix.ReportGraphMessage(p, f.Range, graph.NewIRI(f.Namespace), "", msg, detail)
	}
}

// prefixOf names a configured namespace by its prefix: "proc:".
func prefixOf(v graph.Vocabulary, ns string) string {
	switch ns {
	case v.Proc:
		return "proc:"
	case v.Seam:
		return "seam:"
	case v.Arch:
		return "arch:"
	}
	return "<" + ns + ">"
}
