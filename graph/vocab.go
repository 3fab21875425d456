package graph

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/seams/seams-timers/span"
)

// Default namespaces (DESIGN.md section 4).
const (
	NSBPMN = "http://www.omg.org/spec/BPMN/20100524/MODEL#"
	NSProc = "https://w3id.org/seams/proc#"
	NSSeam = "https://w3id.org/seams/seam#"
	NSArch = "https://w3id.org/seams/arch#"
)

// Vocabulary holds the namespaces of the terms seams-timers reads. The
// configuration file may override them.
type Vocabulary struct {
	Proc string
	Seam string
	Arch string
}

// DefaultVocabulary returns the namespaces of DESIGN.md section 4.
func DefaultVocabulary() Vocabulary {
	return Vocabulary{Proc: NSProc, Seam: NSSeam, Arch: NSArch}
}

// Validate checks that each namespace is an absolute IRI ending in '#' or
// '/', so that appending a local name makes a term.
func (v Vocabulary) Validate() error {
	for _, n := range [...]struct{ name, ns string }{{"proc", v.Proc}, {"seam", v.Seam}, {"arch", v.Arch}} {
		if !isAbsoluteIRI(n.ns) {
			return fmt.Errorf("vocabulary namespace %s: %q is not an absolute IRI", n.name, n.ns)
		}
		if !strings.HasSuffix(n.ns, "#") && !strings.HasSuffix(n.ns, "/") {
			return fmt.Errorf("vocabulary namespace %s: %q must end in '#' or '/'", n.name, n.ns)
		}
	}
	return nil
}

// Classes of proc:.

// Process is proc:Process.
func (v Vocabulary) Process() Term { return NewIRI(v.Proc + "Process") }

// UserTask is proc:UserTask.
func (v Vocabulary) UserTask() Term { return NewIRI(v.Proc + "UserTask") }

// TimerStartEvent is proc:TimerStartEvent.
func (v Vocabulary) TimerStartEvent() Term { return NewIRI(v.Proc + "TimerStartEvent") }

// TimerCatchEvent is proc:TimerCatchEvent.
func (v Vocabulary) TimerCatchEvent() Term { return NewIRI(v.Proc + "TimerCatchEvent") }

// Classes of arch:.

// Container is arch:Container.
func (v Vocabulary) Container() Term { return NewIRI(v.Arch + "Container") }

// Store is arch:Store.
func (v Vocabulary) Store() Term { return NewIRI(v.Arch + "Store") }

// SQLiteStore is arch:SQLiteStore.
func (v Vocabulary) SQLiteStore() Term { return NewIRI(v.Arch + "SQLiteStore") }

// PostgreSQLStore is arch:PostgreSQLStore.
func (v Vocabulary) PostgreSQLStore() Term { return NewIRI(v.Arch + "PostgreSQLStore") }

// SemPKMStore is arch:SemPKMStore.
func (v Vocabulary) SemPKMStore() Term { return NewIRI(v.Arch + "SemPKMStore") }

// Properties of seam:.

// Executes is seam:executes (Container -> Process).
func (v Vocabulary) Executes() Term { return NewIRI(v.Seam + "executes") }

// Schedules is seam:schedules (Container -> Process).
func (v Vocabulary) Schedules() Term { return NewIRI(v.Seam + "schedules") }

// StoredIn is seam:storedIn (Container -> Store).
func (v Vocabulary) StoredIn() Term { return NewIRI(v.Seam + "storedIn") }

// DeployedTo is seam:deployedTo (Container -> Node).
func (v Vocabulary) DeployedTo() Term { return NewIRI(v.Seam + "deployedTo") }

// vocabTerm is a term the tool reads: its namespace, local name, and
// whether it is a class (used as an rdf:type object) or a property.
type vocabTerm struct {
	ns    func(Vocabulary) string
	local string
	class bool
}

func procNS(v Vocabulary) string { return v.Proc }
func seamNS(v Vocabulary) string { return v.Seam }
func archNS(v Vocabulary) string { return v.Arch }

var vocabTerms = [...]vocabTerm{
	{procNS, "Process", true},
	{procNS, "UserTask", true},
	{procNS, "TimerStartEvent", true},
	{procNS, "TimerCatchEvent", true},
	{archNS, "Container", true},
	{archNS, "Store", true},
	{archNS, "SQLiteStore", true},
	{archNS, "PostgreSQLStore", true},
	{archNS, "SemPKMStore", true},
	{seamNS, "executes", false},
	{seamNS, "schedules", false},
	{seamNS, "storedIn", false},
	{seamNS, "deployedTo", false},
}

// Compact renders an IRI for a message: as a prefixed name (bpmn:,
// proc:, seam:, arch:, rdf:, xsd:, owl:) when it is in one of those
// namespaces, and as <iri> otherwise.
func (v Vocabulary) Compact(iri string) string {
	for _, n := range [...]struct{ prefix, ns string }{
		{"bpmn", NSBPMN}, {"proc", v.Proc}, {"seam", v.Seam}, {"arch", v.Arch},
		{"rdf", NSRDF}, {"xsd", NSXSD}, {"owl", NSOWL},
	} {
		if n.ns == "" || !strings.HasPrefix(iri, n.ns) {
			continue
		}
		local := iri[len(n.ns):]
		if local != "" && !strings.ContainsAny(local, "/#?") {
			return n.prefix + ":" + local
		}
	}
	return "<" + iri + ">"
}

// splitNamespace splits an IRI after its last '#' or '/'.
func splitNamespace(iri string) (ns, local string) {
	i := strings.LastIndexAny(iri, "#/")
	return iri[:i+1], iri[i+1:]
}

// ForeignNamespace is a namespace that seems to stand in for a configured
// one: the graph uses no term of the configured namespace, but uses terms
// with the same local names as the tool's terms under this namespace (a
// typo, http for https, '/' for '#', or an old vocabulary).
type ForeignNamespace struct {
	// Configured is the configured namespace the graph does not use.
	Configured string
	// Namespace is the namespace the graph uses instead.
	Namespace string
	// Terms are the local names found under Namespace, sorted.
	Terms []string
	// Range is where the first of them (in load order) was written.
	Range span.Range
}

// ForeignVocabulary finds, for each graph document and each configured
// namespace that the document does not use at all, the other namespaces
// under which it uses the tool's local names: properties (executes,
// schedules, storedIn, deployedTo) as predicates, and classes (Process,
// TimerStartEvent, Container, ...) as rdf:type objects. Each document is
// judged on its own, so that a finding does not depend on which other
// documents the run reads. The result is sorted by position.
func (g *Graph) ForeignVocabulary(v Vocabulary) []ForeignNamespace {
	configured := [...]string{v.Proc, v.Seam, v.Arch}
	// in[id] has bit k set when term id is an IRI in configured
	// namespace k; used[doc] ORs them over the terms of document doc
	// (1-based).
	in := make([]uint8, g.numTerms())
	var want uint8
	for k, ns := range configured {
		if ns == "" {
			continue
		}
		want |= 1 << k
		for id, e := range g.terms.ents {
			if entryKind(e) == KindIRI && strings.HasPrefix(g.terms.str(e), ns) {
				in[id] |= 1 << k
			}
		}
	}
	used := make([]uint8, len(g.docs)+1)
	for k := range g.docs {
		for i := g.docs[k].first; i < g.docs[k].end; i++ {
			t := g.triples.at(i)
			used[k+1] |= in[t.s] | in[t.p] | in[t.o]
		}
	}
	// A document that uses every configured namespace has nothing to
	// report: its triples need no second look.
	if !slices.ContainsFunc(used[1:], func(u uint8) bool { return u&want != want }) {
		return nil
	}
	type key struct {
		doc            uint32
		configured, ns string
	}
	found := make(map[key]*ForeignNamespace)
	var order []key
	note := func(doc, id uint32, class bool, at func() span.Range) {
		if g.terms.kind(id) != KindIRI {
			return
		}
		ns, local := splitNamespace(g.terms.value(id))
		for _, vt := range vocabTerms {
			conf := vt.ns(v)
			if vt.class != class || vt.local != local || conf == "" || conf == ns || used[doc]&(1<<slices.Index(configured[:], conf)) != 0 {
				continue
			}
			k := key{doc, conf, ns}
			f := found[k]
			if f == nil {
				f = &ForeignNamespace{Configured: conf, Namespace: ns, Range: at()}
				found[k] = f
				order = append(order, k)
			}
			if !slices.Contains(f.Terms, local) {
				f.Terms = append(f.Terms, local)
			}
		}
	}
	typeID, hasType := g.terms.lookup(KindIRI, RDFType, litAttr{})
	for k := range g.docs {
		d, doc := &g.docs[k], uint32(k+1)
		if used[doc]&want == want {
			continue
		}
		for i := d.first; i < d.end; i++ {
			t := g.triples.at(i)
			note(doc, t.p, false, func() span.Range { pl := g.triples.place(i); return g.rng(d, pl.voff, pl.vlen) })
			if hasType && t.p == typeID {
				note(doc, t.o, true, func() span.Range { pl := g.triples.place(i); return g.rng(d, pl.ooff, pl.olen) })
			}
		}
	}
	out := make([]ForeignNamespace, 0, len(order))
	for _, k := range order {
		f := found[k]
		sort.Strings(f.Terms)
		out = append(out, *f)
	}
	return out
}

// OntologyIRI returns the IRI of the ontology that defines a namespace:
// the namespace without its trailing '#' (or '/').
func OntologyIRI(namespace string) string {
	if strings.HasSuffix(namespace, "#") || strings.HasSuffix(namespace, "/") {
		return namespace[:len(namespace)-1]
	}
	return namespace
}

// VocabularyVersion is the version a graph declares for a vocabulary, as
// owl:versionInfo on the vocabulary's ontology IRI.
type VocabularyVersion struct {
	// Namespace is the configured namespace, Ontology its ontology IRI.
	Namespace string
	Ontology  string
	// Declared reports whether the graph declares a version. Version is
	// the first declared value in load order, and Range where it was
	// written; Others counts further, different values.
	Declared bool
	Version  string
	Range    span.Range
	Others   int
}

// VocabularyVersion returns the version the graph declares for the
// vocabulary of namespace.
func (g *Graph) VocabularyVersion(namespace string) VocabularyVersion {
	vv := VocabularyVersion{Namespace: namespace, Ontology: OntologyIRI(namespace)}
	for _, t := range g.BySubject(NewIRI(vv.Ontology)) {
		if t.P.Value != OWLVersionInfo {
			continue
		}
		switch {
		case !vv.Declared:
			vv.Declared, vv.Version, vv.Range = true, t.O.Value, t.Object
		case t.O.Value != vv.Version:
			vv.Others++
		}
	}
	return vv
}

// VocabularyVersions returns the declared versions of the seam, proc and
// arch vocabularies, in that order.
func (g *Graph) VocabularyVersions(v Vocabulary) []VocabularyVersion {
	return []VocabularyVersion{g.VocabularyVersion(v.Seam), g.VocabularyVersion(v.Proc), g.VocabularyVersion(v.Arch)}
}
