package rules

import "github.com/seams/seams-timers/lint"

// FileUnreadable is reported by the loaders and by discovery, not run.
var FileUnreadable = &lint.Rule{
	ID:       "TMR0001",
	Name:     "file-unreadable",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "file unreadable, or not BPMN or RDF",
	Doc: `A file or directory that was named or found could not be read. Discovery reports, in every
engine's tree, a directory that cannot be read (the rest of the tree is still checked). A file
named on the command line that no engine reads (not BPMN, RDF, a Workflow Engine scheme, C#,
Go or a history) is handed to the BPMN engine, which says why it is not a model. The BPMN
engine reports a model or graph file that is empty, binary, not UTF-8, or well-formed XML whose
root is not bpmn:definitions; or that is not a regular file (a FIFO, a device: never opened), is
larger than 64 MiB, or is a symbolic link leading outside the project (not followed). The other
engines report their own files' read errors under their own IDs (TMR6001, TMR7001, TMR8000,
TMR8020). Nothing in such a file was checked, so its timers could still be wrong. SECURITY.md
says what the project is.`,
	Bad: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://example.com/not-bpmn"/>`,
	Good: `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    id="Defs" targetNamespace="https://example.com/models"/>`,
	Examples: []lint.Example{
		{Kind: kindBPMN, Lang: "xml", Bad: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://example.com/not-bpmn"/>`, Good: `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    id="Defs" targetNamespace="https://example.com/models"/>`},
		{Kind: kindCommand + ": a file no engine reads", Lang: "console", Bad: `$ seams-timers check Workflows/Payment.cs.orig`,
			Good: `$ seams-timers check Workflows/Payment.cs`},
		{Kind: kindCommand + ": a directory that cannot be read", Lang: "console", Bad: `$ ls -ld schemes/archive
d---------  2 ci ci 4096 Nov  9 08:00 schemes/archive
$ seams-timers check schemes/`, Good: `$ cat .seams-timers.yaml
exclude:
  - schemes/archive
$ seams-timers check schemes/`},
	},
}
