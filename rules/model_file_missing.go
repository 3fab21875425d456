package rules

import "github.com/seams/seams-timers/lint"

// ModelFileMissing is reported by the BPMN engine's join, not run.
var ModelFileMissing = &lint.Rule{
	ID:       "TMR0004",
	Name:     "model-file-missing",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
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
triple that names the model. Only the BPMN engine joins models with a graph.`,
	Bad: `# models/index.ttl, with no models/aproval.bpmn beside it
<aproval.bpmn#Remind> a proc:TimerCatchEvent .`,
	Good: `# models/index.ttl, beside models/approval.bpmn
<approval.bpmn#Remind> a proc:TimerCatchEvent .`,
	Examples: []lint.Example{{Kind: kindTurtle, Lang: "turtle", Bad: `# models/index.ttl, with no models/aproval.bpmn beside it
<aproval.bpmn#Remind> a proc:TimerCatchEvent .`, Good: `# models/index.ttl, beside models/approval.bpmn
<approval.bpmn#Remind> a proc:TimerCatchEvent .`}},
}
