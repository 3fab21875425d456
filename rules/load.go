package rules

import "github.com/seams/seams-timers/lint"

// FileUnreadable is reported by the loaders, not run.
var FileUnreadable = &lint.Rule{
	ID:       "TMR0001",
	Name:     "file-unreadable",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "file unreadable, or not BPMN or RDF",
	Doc: `A file that was named or found could not be read as a BPMN 2.0 model or an
RDF index graph: it is empty, binary, not UTF-8, or well-formed XML whose root is not
bpmn:definitions. Nothing in it was checked, so its timers could still be wrong.`,
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
