package bpmn

import (
	"slices"
	"strings"
	"testing"
)

// FuzzLoadBPMN checks that Parse never panics, that an error sits inside
// the file, and that a loaded document keeps its invariants (positions
// inside the file and agreeing with their offsets, spans running forward,
// links between the parts of the model consistent, the element tree the
// same as etree's own reader builds). Seeds are added here
// and committed under testdata/fuzz/FuzzLoadBPMN/.
func FuzzLoadBPMN(f *testing.F) {
	f.Add([]byte(model))
	f.Add([]byte(strings.ReplaceAll(model, "\n", "\r\n")))
	f.Add([]byte("\xEF\xBB\xBF" + model))
	f.Add([]byte(exprDoc(`<timeDuration>&quot;PT1H&quot;<![CDATA[x]]><!--c-->y</timeDuration>`)))
	f.Add([]byte(exprDoc("<timeCycle>\n  \"R/2026-11-09T08:00:00Z/P1D\"\n</timeCycle><timeDate/>")))
	f.Add([]byte(`<semantic:definitions xmlns:semantic="` + Namespace + `"><semantic:process id="P"><semantic:subProcess id="S" triggeredByEvent="true"><semantic:startEvent id="E"/></semantic:subProcess></semantic:process></semantic:definitions>`))
	f.Add([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><definitions xmlns="` + Namespace + `"/>`))
	f.Add([]byte(defsOpen + "\n  <bpmn:process>\n  </bpmn:proces>\n</bpmn:definitions>"))
	f.Add([]byte(defsOpen + `<bpmn:process id="a" id="b"/>`))
	f.Add([]byte("<html><body></body></html>"))
	f.Add([]byte(""))
	f.Add([]byte("\x00\x01"))
	f.Add(nested(20))
	f.Add([]byte(defsOpen + `<bpmn:process xmlns:a="urn:x" xmlns:b="urn:x"` + manyAttrs + ` a:k="1" b:k="2"/></bpmn:definitions>`))
	f.Add([]byte(strings.ReplaceAll(model, "  ", "\t")))
	f.Add([]byte(defsOpen + `<bpmn:timerEventDefinition id="T"><bpmn:timeDuration>"PT1H"</bpmn:timeDuration></bpmn:timerEventDefinition>` +
		`<bpmn:process id="P"><bpmn:startEvent id="S"><bpmn:eventDefinitionRef>x:T</bpmn:eventDefinitionRef></bpmn:startEvent></bpmn:process></bpmn:definitions>`))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := Parse("fuzz.bpmn", src)
		if err != nil {
			if doc != nil {
				t.Fatal("Parse returned both a document and an error")
			}
			if err.Rule != "TMR0001" && err.Rule != "TMR0002" {
				t.Fatalf("rule %q", err.Rule)
			}
			checkErrorPos(t, src, err)
			return
		}
		checkDocument(t, doc)
		checkLinks(t, doc)
		checkTree(t, src)
	})
}

// checkLinks checks that the parts of a document point at each other.
func checkLinks(t *testing.T, doc *Document) {
	t.Helper()
	for _, p := range doc.Processes {
		if (p.Parent == nil) != (p.Node == nil) || (p.Node != nil && p.Node.Sub != p) {
			t.Fatalf("process %q: Parent and Node disagree", p.ID)
		}
		if p.Kind < KindProcess || p.Kind > KindAdHocSubProcess {
			t.Fatalf("process %q: kind %d", p.ID, p.Kind)
		}
		for _, e := range p.Elements {
			if e.Container != p {
				t.Fatalf("element %q is listed in %q but contained in another", e.ID, p.ID)
			}
		}
	}
	for _, e := range doc.Elements {
		if e.Container == nil || e.Type == "" {
			t.Fatalf("element %q has no container or type", e.ID)
		}
		for _, tm := range e.Timers {
			if tm.Event != e {
				t.Fatalf("timer of %q points elsewhere", e.ID)
			}
		}
		for _, b := range e.Boundaries {
			if b.AttachedTo != e {
				t.Fatalf("boundary %q of %q is attached elsewhere", b.ID, e.ID)
			}
		}
		for _, d := range e.EventDefinitions {
			if d.Target != nil && (!slices.Contains(doc.Definitions, d.Target) || d.Ref == "" || d.Timer != nil) {
				t.Fatalf("event %q: eventDefinitionRef %q resolved to %+v, not a definitions-level one", e.ID, d.Ref, d.Target)
			}
		}
	}
	for _, d := range doc.Definitions {
		if (d.Timer != nil) != (d.Type == "timerEventDefinition") || d.Timer != nil && d.Timer.Event != nil {
			t.Fatalf("definitions-level %s %q: timer %+v", d.Type, d.ID, d.Timer)
		}
	}
	for _, f := range doc.Flows {
		if f.Container == nil {
			t.Fatalf("flow %q has no container", f.ID)
		}
		if f.Source != nil && f.Source.ID != f.SourceRef || f.Target != nil && f.Target.ID != f.TargetRef {
			t.Fatalf("flow %q resolved to the wrong element", f.ID)
		}
	}
	for id, v := range doc.ByID {
		var got string
		switch x := v.(type) {
		case *Element:
			got = x.ID
		case *Process:
			got = x.ID
		case *Flow:
			got = x.ID
		default:
			t.Fatalf("ByID[%q] is a %T", id, v)
		}
		if got != id {
			t.Fatalf("ByID[%q] has id %q", id, got)
		}
	}
}
