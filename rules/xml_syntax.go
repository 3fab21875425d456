package rules

import "github.com/seams/seams-timers/lint"

// XMLSyntax is reported by the BPMN loader, not run.
var XMLSyntax = &lint.Rule{
	ID:       "TMR0002",
	Name:     "xml-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "XML syntax error",
	Doc: `The BPMN file is not well-formed XML (an unclosed or mismatched tag, a bad
entity, nesting deeper than the loader allows). The diagnostic points at the line and
column where the parser stopped. No timer in the file was checked. Only the BPMN engine
reports it; a Workflow Engine scheme that is not well-formed is TMR6002.`,
	Bad: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest">
</bpmn:definitions>`,
	Good: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest"/>
</bpmn:definitions>`,
	Examples: []lint.Example{{Kind: kindBPMN, Lang: "xml", Bad: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest">
</bpmn:definitions>`, Good: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest"/>
</bpmn:definitions>`}},
}
