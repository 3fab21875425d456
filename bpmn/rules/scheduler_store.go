package rules

import (
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// SchedulerStore refuses a container that runs a scheduler loop without a
// relational store to claim firings in.
var SchedulerStore = &lint.Rule{
	ID:       "TMR4006",
	Name:     "scheduler-store",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a container that schedules, or executes timer catch events, without a SQLite or PostgreSQL store",
	Doc: `A container that schedules a process, or executes a process with lifted timer catch events,
runs a scheduler loop (ADR-0037 section 4). Its replicas agree on each firing through the store
the instances share: a firing row claims a timer start, a lease claims a timer catch, both
in Store.transaction() on SQLite or PostgreSQL. A SemPKM store holds no workflow state, so a
container whose seam:storedIn store is an arch:SemPKMStore, is typed neither
arch:SQLiteStore nor arch:PostgreSQLStore, or that has no seam:storedIn at all, cannot claim
a firing once, and Runtime.load refuses it with ResolutionError(<container>, seam:schedules,
...). The finding is reported at the container's seam:storedIn triple, or at its first triple
when it has none. Store the container in a SQLite or PostgreSQL store.`,
	Bad: `<#api> a arch:Container ;
  seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> ;
  seam:storedIn <#kb> .
<#kb> a arch:SemPKMStore .`,
	Good: `<#api> a arch:Container ;
  seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> ;
  seam:storedIn <#db> .
<#db> a arch:PostgreSQLStore .`,
	Run: runSchedulerStore,
}

func runSchedulerStore(p *lint.Pass) {
	ix := IndexOf(p.Project)
	v := ix.Vocab
	// The containers that run a scheduler loop, in load order, with why.
	var order []graph.Term
	why := map[graph.Term]graph.Triple{}
	schedules := map[graph.Term]bool{}
	add := func(c graph.Term, tr graph.Triple, sched bool) {
		if _, seen := why[c]; !seen {
			why[c] = tr
			order = append(order, c)
		}
		if sched {
			schedules[c] = true
		}
	}
	for tr := range ix.Schedules() {
		add(tr.S, tr, true)
	}
	catches := timerCatchProcesses(ix)
	for tr := range ix.Executes() {
		if _, proc := ix.Process(tr.O); proc != nil && catches[proc] != nil {
			add(tr.S, tr, false)
		}
	}
	relational := func(store graph.Term) bool {
		return ix.Graph.HasType(store, v.SQLiteStore()) || ix.Graph.HasType(store, v.PostgreSQLStore())
	}
	storedIn := map[graph.Term][]graph.Triple{}
	for tr := range ix.StoredIn() {
		storedIn[tr.S] = append(storedIn[tr.S], tr)
	}
	for _, c := range order {
		stores := storedIn[c]
		ok := false
		for _, tr := range stores {
			ok = ok || relational(tr.O)
		}
		if ok {
			continue
		}
		reason := why[c]
		file := reason.Predicate.File
		label := "it schedules " + ix.DisplayTerm(reason.O, file) + " here"
		if !schedules[c] {
			label = "it executes " + ix.DisplayTerm(reason.O, file) + " here"
		}
		rel := append([]lint.Related{lint.RelatedAt(join.TripleRange(reason), label)}, ix.TermRelated(reason.O, "the process: ")...)
		pred, runs := "seam:schedules", "schedules "+ix.DisplayTerm(reason.O, file)
		if !schedules[c] {
			pred, runs = "seam:storedIn", "executes "+ix.DisplayTerm(reason.O, file)+", which has timer catch events,"
		}
		const detail = "Every container that schedules a process or executes timer catch events claims each firing in its " +
			"store (ADR-0037 section 4): store it in an arch:SQLiteStore or an arch:PostgreSQLStore."
		if len(stores) == 0 {
			if !ix.ReportNode(p, c, pred, runs+" but has no seam:storedIn store to claim its firings in", detail, rel...) {
				ix.ReportTriple(p, reason, c, pred, runs+" but has no seam:storedIn store to claim its firings in", detail, rel[1:]...)
			}
			continue
		}
		tr := stores[0]
		what := runs + " but is stored in " + ix.DisplayTerm(tr.O, tr.Predicate.File)
		switch {
		case ix.Graph.HasType(tr.O, v.SemPKMStore()):
			what += ", an " + compact(ix, v.SemPKMStore()) + ", which holds no workflow state"
		default:
			what += typesOf(ix, tr.O, tr.Predicate.File) + ", not a SQLite or PostgreSQL store"
		}
		ix.ReportTriple(p, tr, c, pred, what, detail, rel...)
	}
}
