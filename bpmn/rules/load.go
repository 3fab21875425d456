package rules

import "github.com/seams/seams-timers/lint"

// FileUnreadable is reported by the loaders, not run.
var FileUnreadable = &lint.Rule{
	ID:       "TMR0001",
	Name:     "file-unreadable",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "file unreadable, or not BPMN or RDF",
	Doc: `A file that was named or found could not be read as a BPMN 2.0 model or an
RDF index graph: it is empty, binary, not UTF-8, or well-formed XML whose root is not
bpmn:definitions; or it is not a regular file (a FIFO, a device: never opened), is larger
than 64 MiB, is a symbolic link leading outside the project (not followed), or is a
directory that cannot be read (the rest of the tree is still checked). Nothing in it was
checked, so its timers could still be wrong. SECURITY.md says what the project is.`,
	Bad: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://example.com/not-bpmn"/>`,
	Good: `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    id="Defs" targetNamespace="https://example.com/models"/>`,
}

// XMLSyntax is reported by the BPMN loader, not run.
var XMLSyntax = &lint.Rule{
	ID:       "TMR0002",
	Name:     "xml-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "XML syntax error",
	Doc: `The BPMN file is not well-formed XML (an unclosed or mismatched tag, a bad
entity, nesting deeper than the loader allows). The diagnostic points at the line and
column where the parser stopped. No timer in the file was checked.`,
	Bad: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest">
</bpmn:definitions>`,
	Good: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest"/>
</bpmn:definitions>`,
}

// RDFSyntax is reported by the graph loader, not run.
var RDFSyntax = &lint.Rule{
	ID:       "TMR0003",
	Name:     "rdf-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "RDF syntax error",
	Doc: `The index graph document is not valid Turtle (.ttl) or N-Triples (.nt): an unterminated
IRI or string, a missing '.', an undeclared prefix, a relative IRI in N-Triples, invalid UTF-8.
The diagnostic points at the line and column where the reader stopped. A document with an
error contributes no triple to the graph, so the timers it lifts look unlifted (TMR3001) until
it is fixed; the other documents are still read.`,
	Bad: `@prefix proc: <https://w3id.org/seams/proc#> .
<approval.bpmn#Remind> a proc:TimerCatchEvent
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
	Good: `@prefix proc: <https://w3id.org/seams/proc#> .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
}

// ModelFileMissing is reported by the join, not run.
var ModelFileMissing = &lint.Rule{
	ID:       "TMR0004",
	Name:     "model-file-missing",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "a graph names a model file that cannot be found",
	Doc: `The index graph names a BPMN model, through an element IRI <model IRI>#<bpmn id>, that the
join cannot find. A relative IRI resolves against the graph document's own location (RFC 3986),
so <approval.bpmn#Remind> in models/index.ttl names models/approval.bpmn, and
<../models/approval.bpmn#Remind> in graph/index.ttl names the same file. An absolute IRI that
is not a file: URL names a file only through a --map IRI-PREFIX=DIR flag or the map: section
of the config file. The model is loaded when it was not given on the command line; when the
file does not exist, or no map covers the IRI, nothing about it could be checked. A model
outside the project (the paths given, the config's directory, the directory of the nearest
.git or config above them, --map targets) is not read at all: the finding says "outside the
project", the same whether the file exists or not. The finding is reported at the first
triple that names the model.`,
	Bad: `# models/index.ttl, with no models/aproval.bpmn beside it
<aproval.bpmn#Remind> a proc:TimerCatchEvent .`,
	Good: `# models/index.ttl, beside models/approval.bpmn
<approval.bpmn#Remind> a proc:TimerCatchEvent .`,
}

// SuppressionNoReason is reported by the driver, not run.
var SuppressionNoReason = &lint.Rule{
	ID:       "TMR0010",
	Name:     "suppression-no-reason",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "a suppression comment without a reason",
	Doc: `A seams-timers:ignore comment must say why the finding is accepted, after the
rule ID, so that the next reader knows the timer was looked at on purpose (as staticcheck's
lint:ignore requires). A suppression without a reason suppresses nothing.`,
	Bad: `<!-- seams-timers:ignore TMR1034 -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`,
	Good: `<!-- seams-timers:ignore TMR1034 the month-end close is meant to stride 31 days -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`,
}

// SuppressionUnknownRule is reported by the driver, not run.
var SuppressionUnknownRule = &lint.Rule{
	ID:       "TMR0011",
	Name:     "suppression-unknown-rule",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "a suppression comment that names no known rule",
	Doc: `A seams-timers:ignore comment names a rule ID or name that does not exist (a typo,
or a rule of another tool), so it suppresses nothing. ` + "`seams-timers rules`" + ` lists the IDs and names.`,
	Bad: `<!-- seams-timers:ignore TMR9999 not a rule -->
<bpmn:boundaryEvent id="Remind" attachedToRef="Approve">...</bpmn:boundaryEvent>`,
	Good: `<!-- seams-timers:ignore TMR1034 quarterly review strides on purpose -->
<bpmn:startEvent id="Quarterly">...</bpmn:startEvent>`,
}

// SuppressionUnused is reported by the driver, not run.
var SuppressionUnused = &lint.Rule{
	ID:       "TMR0012",
	Name:     "suppression-unused",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "a suppression comment that suppresses nothing",
	Doc: `A seams-timers:ignore comment covers no finding of the rules it names: the model was
fixed, the comment sits before the wrong element (or triple), or the rule never fires there.
A stale suppression would silently hide the next real finding, so it is reported.`,
	Bad: `<!-- seams-timers:ignore TMR1031 legacy schedule -->
<bpmn:startEvent id="Daily">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Good: `<bpmn:startEvent id="Daily">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`,
}
