package lint

import (
	"testing"

	"github.com/seams/seams-timers/span"
)

func TestElementAndResolutionForms(t *testing.T) {
	r := span.Range{Start: span.Pos{Line: 3, Col: 5}, End: span.Pos{Line: 3, Col: 9}}
	plain := ElementDiagnostic("m.xml", "file:///m.xml", r, "Timer/SLA", "Name", `timer "SLA" is declared twice`, "Rename one.")
	adr := ResolutionDiagnostic("m.bpmn", "file:///m.bpmn", r, "T", "bpmn:timeDuration", "expression is not quoted: 'PT48H'", "Quote it.")
	for _, c := range []struct {
		d                               Diagnostic
		message, subject, predicate, el string
	}{
		{plain, `timer "SLA" is declared twice`, "file:///m.xml#Timer/SLA", "Name", "Timer/SLA"},
		{adr, `ResolutionError(<m.bpmn#T>, bpmn:timeDuration, "expression is not quoted: 'PT48H'")`, "file:///m.bpmn#T", "bpmn:timeDuration", "T"},
	} {
		if c.d.Message != c.message || c.d.Subject != c.subject || c.d.Predicate != c.predicate || c.d.Element != c.el {
			t.Errorf("got message %q subject %q predicate %q element %q\nwant %q %q %q %q",
				c.d.Message, c.d.Subject, c.d.Predicate, c.d.Element, c.message, c.subject, c.predicate, c.el)
		}
		if c.d.Line != 3 || c.d.Column != 5 || c.d.EndColumn != 9 {
			t.Errorf("%s: position %d:%d-%d", c.d.Message, c.d.Line, c.d.Column, c.d.EndColumn)
		}
	}
	if plain.What != `timer "SLA" is declared twice` || adr.What != "expression is not quoted: 'PT48H'" {
		t.Errorf("What = %q, %q: the words without the form", plain.What, adr.What)
	}
}
