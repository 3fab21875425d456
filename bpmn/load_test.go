package bpmn

import (
	"strings"
	"testing"
)

// model is a small document that exercises every field of the model.
const model = `<?xml version="1.0" encoding="UTF-8"?>
<!-- top comment -->
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:x="urn:other" id="Defs">
  <bpmn:process id="Approval" name="Approval process">
    <bpmn:startEvent id="Start" />
    <bpmn:userTask id="Approve" name="Approve" default="F2">
    </bpmn:userTask>
    <!-- seams-timers:ignore TMR1004 -->
    <bpmn:boundaryEvent id="Remind" name="Remind" cancelActivity="false" attachedToRef="Approve">
      <bpmn:timerEventDefinition id="T_Remind">
        <bpmn:timeDuration xsi:type="bpmn:tFormalExpression">"PT48H"</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="Escalate" attachedToRef="Approve" cancelActivity="TRUE">
      <bpmn:messageEventDefinition id="M1" />
      <bpmn:timerEventDefinition>
        <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
        <bpmn:timeDate>"2026-12-01T09:00:00Z"</bpmn:timeDate>
      </bpmn:timerEventDefinition>
      <bpmn:eventDefinitionRef> SharedTimer </bpmn:eventDefinitionRef>
    </bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="Lost" attachedToRef="Nowhere" cancelActivity="1"/>
    <bpmn:boundaryEvent id="Unattached"/>
    <bpmn:exclusiveGateway id="Gw" default="F3"/>
    <bpmn:endEvent id="End"/>
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Approve"/>
    <bpmn:sequenceFlow id="F2" name="done" sourceRef="Approve" targetRef="Gw"/>
    <bpmn:sequenceFlow id="F3" sourceRef="Gw" targetRef="End">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">a &lt; b</bpmn:conditionExpression>
      <bpmn:conditionExpression>second</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="F4" sourceRef="Remind" targetRef="Ghost"/>
    <bpmn:subProcess id="Sub" name="Inner">
      <bpmn:intermediateCatchEvent id="Wait">
        <bpmn:timerEventDefinition id="T_Wait">
          <bpmn:timeDuration>"PT1H"</bpmn:timeDuration>
        </bpmn:timerEventDefinition>
      </bpmn:intermediateCatchEvent>
      <bpmn:sequenceFlow id="F5" sourceRef="Wait" targetRef="Wait"/>
      <bpmn:subProcess id="Events" triggeredByEvent="true">
        <bpmn:startEvent id="EvStart" isInterrupting="false">
          <bpmn:timerEventDefinition id="T_EvStart"><bpmn:timeDate>"2026-11-09T08:00:00Z"</bpmn:timeDate></bpmn:timerEventDefinition>
        </bpmn:startEvent>
      </bpmn:subProcess>
    </bpmn:subProcess>
    <bpmn:transaction id="Tx"/>
    <bpmn:adHocSubProcess id="AdHoc"/>
    <bpmn:callActivity id="Call"/>
    <bpmn:task id="Approve" name="duplicate id"/>
    <x:startEvent id="NotBPMN"/>
    <bpmn:extensionElements><bpmn:startEvent id="Hidden"/></bpmn:extensionElements>
  </bpmn:process>
  <bpmn:process id="Digest">
    <bpmn:startEvent id="EveryMorning">
      <bpmn:timerEventDefinition id="T_Digest">
        <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
      </bpmn:timerEventDefinition>
    </bpmn:startEvent>
  </bpmn:process>
  <bpmndi:BPMNDiagram xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"><!-- in diagram --></bpmndi:BPMNDiagram>
</bpmn:definitions>
<!-- trailing -->
`

// refPos computes the position of a byte offset the slow, obvious way, as a
// reference for the line index.
func refPos(src string, off int) Pos {
	line := 1 + strings.Count(src[:off], "\n")
	return Pos{Offset: off, Line: line, Col: off - (strings.LastIndex(src[:off], "\n") + 1) + 1}
}

// refSpan is the reference span of [start, end).
func refSpan(src string, start, end int) Span {
	return Span{File: testPath, Start: refPos(src, start), End: refPos(src, end)}
}

// after returns the offset of needle after the (unique) anchor.
func after(t *testing.T, src, anchor, needle string) int {
	t.Helper()
	a := strings.Index(src, anchor)
	if a < 0 || strings.Count(src, anchor) != 1 {
		t.Fatalf("anchor %q is not unique in the source", anchor)
	}
	i := strings.Index(src[a:], needle)
	if i < 0 {
		t.Fatalf("%q not found after %q", needle, anchor)
	}
	return a + i
}

// tagSpan is the reference span of the start tag that begins at the unique
// anchor.
func tagSpan(t *testing.T, src, anchor string) Span {
	t.Helper()
	start := after(t, src, anchor, "")
	start = strings.LastIndex(src[:start+1], "<")
	end := start + strings.Index(src[start:], ">") + 1
	return refSpan(src, start, end)
}

// testPath is the path the tests parse their models under.
const testPath = "models/test.bpmn"

func mustParse(t *testing.T, src string) *Document {
	t.Helper()
	doc, err := Parse(testPath, []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	checkDocument(t, doc)
	checkLinks(t, doc)
	return doc
}

func elem(t *testing.T, doc *Document, id string) *Element {
	t.Helper()
	e, ok := doc.ByID[id].(*Element)
	if !ok {
		t.Fatalf("ByID[%q] = %T, want *Element", id, doc.ByID[id])
	}
	return e
}

func ids[T any](xs []T, id func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = id(x)
	}
	return out
}

func elemIDs(xs []*Element) []string { return ids(xs, func(e *Element) string { return e.ID }) }
func flowIDs(xs []*Flow) []string    { return ids(xs, func(f *Flow) string { return f.ID }) }

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func eqList(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

func TestParseDocument(t *testing.T) {
	doc := mustParse(t, model)
	eq(t, "Path", doc.Path, "models/test.bpmn")
	if !strings.HasPrefix(doc.IRI, "file:///") || !strings.HasSuffix(doc.IRI, "/models/test.bpmn") {
		t.Errorf("IRI = %q", doc.IRI)
	}
	eq(t, "len(Src)", len(doc.Src), len(model))
	eq(t, "Root", doc.Root, tagSpan(t, model, `<bpmn:definitions`))
	eq(t, "Root.Start", doc.Root.Start, Pos{Offset: 60, Line: 3, Col: 1})
}

func TestParseProcesses(t *testing.T) {
	doc := mustParse(t, model)
	type want struct {
		id, name string
		kind     ProcessKind
		parent   string
		anchor   string
		elems    []string
		flows    []string
	}
	wants := []want{
		{"Approval", "Approval process", KindProcess, "", `<bpmn:process id="Approval"`,
			[]string{"Start", "Approve", "Remind", "Escalate", "Lost", "Unattached", "Gw", "End", "Sub", "Tx", "AdHoc", "Call", "Approve"},
			[]string{"F1", "F2", "F3", "F4"}},
		{"Sub", "Inner", KindSubProcess, "Approval", `<bpmn:subProcess id="Sub"`, []string{"Wait", "Events"}, []string{"F5"}},
		{"Events", "", KindEventSubProcess, "Sub", `<bpmn:subProcess id="Events"`, []string{"EvStart"}, nil},
		{"Tx", "", KindTransaction, "Approval", `<bpmn:transaction id="Tx"`, nil, nil},
		{"AdHoc", "", KindAdHocSubProcess, "Approval", `<bpmn:adHocSubProcess id="AdHoc"`, nil, nil},
		{"Digest", "", KindProcess, "", `<bpmn:process id="Digest"`, []string{"EveryMorning"}, nil},
	}
	if len(doc.Processes) != len(wants) {
		t.Fatalf("got %d processes, want %d", len(doc.Processes), len(wants))
	}
	for i, w := range wants {
		p := doc.Processes[i]
		eq(t, w.id+" ID", p.ID, w.id)
		eq(t, w.id+" Name", p.Name, w.name)
		eq(t, w.id+" Kind", p.Kind, w.kind)
		eq(t, w.id+" Span", p.Span, tagSpan(t, model, w.anchor))
		eqList(t, w.id+" Elements", elemIDs(p.Elements), w.elems)
		eqList(t, w.id+" Flows", flowIDs(p.Flows), w.flows)
		parent := ""
		if p.Parent != nil {
			parent = p.Parent.ID
		}
		eq(t, w.id+" Parent", parent, w.parent)
		if w.parent == "" {
			eq(t, w.id+" Node", p.Node, (*Element)(nil))
			if doc.ByID[w.id] != p {
				t.Errorf("ByID[%q] is not the process", w.id)
			}
			continue
		}
		// A sub-process is indexed as its element; each view points at the other.
		n := elem(t, doc, w.id)
		if p.Node != n || n.Sub != p {
			t.Errorf("%s: Node and Sub do not point at each other", w.id)
		}
		eq(t, w.id+" Node.Container", n.Container, p.Parent)
		eq(t, w.id+" Top", p.Top().ID, "Approval")
	}
}

func TestParseElements(t *testing.T) {
	doc := mustParse(t, model)
	eqList(t, "Elements", elemIDs(doc.Elements), []string{
		"Start", "Approve", "Remind", "Escalate", "Lost", "Unattached", "Gw", "End",
		"Sub", "Wait", "Events", "EvStart", "Tx", "AdHoc", "Call", "Approve", "EveryMorning"})
	for _, id := range []string{"NotBPMN", "Hidden"} {
		if doc.ByID[id] != nil {
			t.Errorf("%s is not a flow node but was indexed", id)
		}
	}
	tests := []struct {
		id, typ, name, dflt, container string
		activity                       bool
		cancel, interrupting           bool
	}{
		{"Start", "startEvent", "", "", "Approval", false, true, true},
		{"Approve", "userTask", "Approve", "F2", "Approval", true, true, true},
		{"Remind", "boundaryEvent", "Remind", "", "Approval", false, false, true},
		{"Escalate", "boundaryEvent", "", "", "Approval", false, true, true},
		{"Lost", "boundaryEvent", "", "", "Approval", false, false, true}, // "1" is not "true" for Spiff
		{"Unattached", "boundaryEvent", "", "", "Approval", false, true, true},
		{"Gw", "exclusiveGateway", "", "F3", "Approval", false, true, true},
		{"Wait", "intermediateCatchEvent", "", "", "Sub", false, true, true},
		{"EvStart", "startEvent", "", "", "Events", false, true, false},
		{"Tx", "transaction", "", "", "Approval", true, true, true},
		{"Call", "callActivity", "", "", "Approval", true, true, true},
	}
	for _, tt := range tests {
		e := elem(t, doc, tt.id)
		eq(t, tt.id+" Type", e.Type, tt.typ)
		eq(t, tt.id+" Name", e.Name, tt.name)
		eq(t, tt.id+" Default", e.Default, tt.dflt)
		eq(t, tt.id+" Container", e.Container.ID, tt.container)
		eq(t, tt.id+" IsActivity", e.IsActivity(), tt.activity)
		eq(t, tt.id+" CancelActivity", e.CancelActivity, tt.cancel)
		eq(t, tt.id+" Interrupting", e.Interrupting, tt.interrupting)
		eq(t, tt.id+" Span", e.Span, tagSpan(t, model, `<bpmn:`+tt.typ+` id="`+tt.id+`"`))
	}
	// The second "Approve" is in Elements but not in ByID: the first wins.
	dup := doc.Elements[15]
	eq(t, "duplicate Type", dup.Type, "task")
	if doc.ByID["Approve"] == dup {
		t.Error("a repeated id replaced the first element in ByID")
	}
}

func TestParseBoundaries(t *testing.T) {
	doc := mustParse(t, model)
	approve := elem(t, doc, "Approve")
	eqList(t, "Approve.Boundaries", elemIDs(approve.Boundaries), []string{"Remind", "Escalate"})

	remind := elem(t, doc, "Remind")
	eq(t, "Remind.AttachedToRef", remind.AttachedToRef, "Approve")
	eq(t, "Remind.AttachedTo", remind.AttachedTo, approve)
	start := after(t, model, `id="Remind"`, `attachedToRef="`) + len(`attachedToRef="`)
	eq(t, "Remind.AttachedSpan", remind.AttachedSpan, refSpan(model, start, start+len("Approve")))
	eq(t, "Remind.AttachedSpan literal", remind.AttachedSpan, Span{
		File:  testPath,
		Start: Pos{Offset: start, Line: 9, Col: 89},
		End:   Pos{Offset: start + 7, Line: 9, Col: 96},
	})

	lost := elem(t, doc, "Lost")
	eq(t, "Lost.AttachedToRef", lost.AttachedToRef, "Nowhere")
	eq(t, "Lost.AttachedTo", lost.AttachedTo, (*Element)(nil))

	un := elem(t, doc, "Unattached")
	eq(t, "Unattached.AttachedToRef", un.AttachedToRef, "")
	eq(t, "Unattached.AttachedSpan", un.AttachedSpan, un.Span)
}

func TestParseEventDefinitions(t *testing.T) {
	doc := mustParse(t, model)
	esc := elem(t, doc, "Escalate")
	type def struct{ typ, id, ref, anchor string }
	wants := []def{
		{"messageEventDefinition", "M1", "", `<bpmn:messageEventDefinition id="M1"`},
		{"timerEventDefinition", "", "", `<bpmn:timerEventDefinition>`},
		{"eventDefinitionRef", "", "SharedTimer", `<bpmn:eventDefinitionRef>`},
	}
	if len(esc.EventDefinitions) != len(wants) {
		t.Fatalf("Escalate has %d event definitions, want %d", len(esc.EventDefinitions), len(wants))
	}
	for i, w := range wants {
		d := esc.EventDefinitions[i]
		eq(t, "Type", d.Type, w.typ)
		eq(t, w.typ+" ID", d.ID, w.id)
		eq(t, w.typ+" Ref", d.Ref, w.ref)
		eq(t, w.typ+" Span", d.Span, tagSpan(t, model, w.anchor))
	}
	if len(esc.Timers) != 1 {
		t.Fatalf("Escalate has %d timers, want 1", len(esc.Timers))
	}
	tm := esc.Timers[0]
	eq(t, "Timer.Event", tm.Event, esc)
	eq(t, "Timer.Span", tm.Span, esc.EventDefinitions[1].Span)
	if len(tm.Exprs) != 2 || tm.Exprs[0].Kind != TimeCycle || tm.Exprs[1].Kind != TimeDate {
		t.Fatalf("Escalate exprs in the wrong order: %+v", tm.Exprs)
	}
	// Spiff prefers a timeDate whatever the order.
	eq(t, "Effective", tm.Effective(), tm.Exprs[1])
	eq(t, "Effective of none", (&Timer{}).Effective(), (*Expr)(nil))

	// Every timer in document order, with its expression.
	type timer struct{ event, id, kind, text string }
	var got []timer
	for _, e := range doc.Elements {
		for _, tm := range e.Timers {
			for _, x := range tm.Exprs {
				got = append(got, timer{e.ID, tm.ID, x.Kind.String(), x.Text})
			}
		}
	}
	want := []timer{
		{"Remind", "T_Remind", "timeDuration", `"PT48H"`},
		{"Escalate", "", "timeCycle", `"R/2026-11-09T08:00:00Z/P1D"`},
		{"Escalate", "", "timeDate", `"2026-12-01T09:00:00Z"`},
		{"Wait", "T_Wait", "timeDuration", `"PT1H"`},
		{"EvStart", "T_EvStart", "timeDate", `"2026-11-09T08:00:00Z"`},
		{"EveryMorning", "T_Digest", "timeCycle", `"R/2026-11-09T08:00:00Z/P1D"`},
	}
	if len(got) != len(want) {
		t.Fatalf("timers = %v, want %v", got, want)
	}
	for i := range want {
		eq(t, "timer", got[i], want[i])
	}

	// Exact positions of one expression, written out.
	x := elem(t, doc, "Remind").Timers[0].Exprs[0]
	eq(t, "Expr.Span", x.Span, tagSpan(t, model, `<bpmn:timeDuration xsi:type`))
	eq(t, "Expr.TextSpan.Start", x.TextSpan.Start, Pos{Offset: x.TextSpan.Start.Offset, Line: 11, Col: 62})
	eq(t, "Expr.TextSpan.End", x.TextSpan.End, Pos{Offset: x.TextSpan.Start.Offset + 7, Line: 11, Col: 69})
	eq(t, "Expr.TextSpan source", model[x.TextSpan.Start.Offset:x.TextSpan.End.Offset], `"PT48H"`)
	eq(t, "Expr.Raw", x.Raw, true)
}

func TestParseFlows(t *testing.T) {
	doc := mustParse(t, model)
	eqList(t, "Flows", flowIDs(doc.Flows), []string{"F1", "F2", "F3", "F4", "F5"})
	tests := []struct {
		id, name, src, dst, cond, container string
	}{
		{"F1", "", "Start", "Approve", "", "Approval"},
		{"F2", "done", "Approve", "Gw", "", "Approval"},
		{"F3", "", "Gw", "End", "a < b", "Approval"},
		{"F4", "", "Remind", "", "", "Approval"},
		{"F5", "", "Wait", "Wait", "", "Sub"},
	}
	for _, tt := range tests {
		f, ok := doc.ByID[tt.id].(*Flow)
		if !ok {
			t.Fatalf("ByID[%q] = %T, want *Flow", tt.id, doc.ByID[tt.id])
		}
		eq(t, tt.id+" Name", f.Name, tt.name)
		eq(t, tt.id+" Condition", f.Condition, tt.cond)
		eq(t, tt.id+" Container", f.Container.ID, tt.container)
		eq(t, tt.id+" Span", f.Span, tagSpan(t, model, `id="`+tt.id+`"`))
		src, dst := "", ""
		if f.Source != nil {
			src = f.Source.ID
		}
		if f.Target != nil {
			dst = f.Target.ID
		}
		eq(t, tt.id+" Source", src, tt.src)
		eq(t, tt.id+" Target", dst, tt.dst)
	}
	eq(t, "F4.TargetRef", doc.ByID["F4"].(*Flow).TargetRef, "Ghost")
	eqList(t, "Approve.Incoming", flowIDs(elem(t, doc, "Approve").Incoming), []string{"F1"})
	eqList(t, "Approve.Outgoing", flowIDs(elem(t, doc, "Approve").Outgoing), []string{"F2"})
	eqList(t, "Remind.Outgoing", flowIDs(elem(t, doc, "Remind").Outgoing), []string{"F4"})
	eqList(t, "Wait.Incoming", flowIDs(elem(t, doc, "Wait").Incoming), []string{"F5"})
	eqList(t, "Wait.Outgoing", flowIDs(elem(t, doc, "Wait").Outgoing), []string{"F5"})
	eqList(t, "End.Incoming", flowIDs(elem(t, doc, "End").Incoming), []string{"F3"})
}

func TestParseComments(t *testing.T) {
	doc := mustParse(t, model)
	tests := []struct{ text, parent, next string }{
		{" top comment ", "", "Defs"},
		{" seams-timers:ignore TMR1004 ", "Approval", "Remind"},
		{" in diagram ", "Defs", ""}, // BPMNDiagram has no id
		{" trailing ", "", ""},
	}
	if len(doc.Comments) != len(tests) {
		t.Fatalf("got %d comments, want %d", len(doc.Comments), len(tests))
	}
	for i, tt := range tests {
		c := doc.Comments[i]
		eq(t, "Text", c.Text, tt.text)
		eq(t, tt.text+" Parent", c.Parent, tt.parent)
		eq(t, tt.text+" Next", c.Next, tt.next)
		start := strings.Index(model, "<!--"+tt.text+"-->")
		eq(t, tt.text+" Span", c.Span, refSpan(model, start, start+len(tt.text)+7))
	}
	eq(t, "ignore comment line", doc.Comments[1].Span.Start, Pos{Offset: doc.Comments[1].Span.Start.Offset, Line: 8, Col: 5})
}

// exprDoc wraps the body of one timeDuration in a document.
func exprDoc(body string) string {
	return `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P">
<intermediateCatchEvent id="E"><timerEventDefinition>` + body + `</timerEventDefinition></intermediateCatchEvent>
</process></definitions>`
}

func TestExprText(t *testing.T) {
	tests := []struct {
		name, body string
		text       string
		raw        bool
		// textSrc is the raw source of TextSpan.
		textSrc string
	}{
		{"plain", `<timeDuration>"PT1H"</timeDuration>`, `"PT1H"`, true, `"PT1H"`},
		{"entities", `<timeDuration>&quot;PT1H&quot;&#x20;</timeDuration>`, `"PT1H" `, false, `&quot;PT1H&quot;&#x20;`},
		{"cdata", `<timeDuration><![CDATA["PT1H"]]></timeDuration>`, `"PT1H"`, false, `<![CDATA["PT1H"]]>`},
		{"cdata and text", `<timeDuration> <![CDATA[a<b]]>c</timeDuration>`, ` a<bc`, false, ` <![CDATA[a<b]]>c`},
		{"comment ends the text", `<timeDuration>"PT1H"<!-- x -->"PT2H"</timeDuration>`, `"PT1H"`, false, `"PT1H"<!-- x -->"PT2H"`},
		{"leading comment", `<timeDuration><!-- x -->"PT2H"</timeDuration>`, ``, false, `<!-- x -->"PT2H"`},
		{"pi ends the text", `<timeDuration>a<?pi x?>b</timeDuration>`, `a`, false, `a<?pi x?>b`},
		{"child element ends the text", `<timeDuration>a<b:x xmlns:b="urn:b"/>b</timeDuration>`, `a`, false, `a<b:x xmlns:b="urn:b"/>b`},
		{"not trimmed", "<timeDuration>\n   \"PT1H\"  \n</timeDuration>", "\n   \"PT1H\"  \n", true, "\n   \"PT1H\"  \n"},
		{"crlf normalized", "<timeDuration>\r\n  \"PT1H\"\r\n</timeDuration>", "\n  \"PT1H\"\n", false, "\r\n  \"PT1H\"\r\n"},
		{"char ref cr kept", `<timeDuration>a&#13;b</timeDuration>`, "a\rb", false, `a&#13;b`},
		{"empty element", `<timeDuration/>`, ``, true, ``},
		{"empty pair", `<timeDuration></timeDuration>`, ``, true, ``},
		{"utf8", `<timeDuration>"PT1H" – é</timeDuration>`, `"PT1H" – é`, true, `"PT1H" – é`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := exprDoc(tt.body)
			doc := mustParse(t, src)
			e := elem(t, doc, "E")
			if len(e.Timers) != 1 || len(e.Timers[0].Exprs) != 1 {
				t.Fatalf("want one timer with one expression, got %+v", e.Timers)
			}
			x := e.Timers[0].Exprs[0]
			eq(t, "Kind", x.Kind, TimeDuration)
			eq(t, "Text", x.Text, tt.text)
			eq(t, "Raw", x.Raw, tt.raw)
			eq(t, "TextSpan source", src[x.TextSpan.Start.Offset:x.TextSpan.End.Offset], tt.textSrc)
			start := strings.Index(src, "<timeDuration")
			tagEnd := start + strings.Index(src[start:], ">") + 1
			eq(t, "Span", x.Span, refSpan(src, start, tagEnd))
			eq(t, "TextSpan", x.TextSpan, refSpan(src, tagEnd, tagEnd+len(tt.textSrc)))
		})
	}
}

func TestMultiLineBody(t *testing.T) {
	src := exprDoc("<timeCycle>\n    \"R/2026-11-09T08:00:00Z/P1D\"\n  </timeCycle>")
	x := elem(t, mustParse(t, src), "E").Timers[0].Exprs[0]
	eq(t, "TextSpan", x.TextSpan, Span{
		File:  testPath,
		Start: Pos{Offset: 146, Line: 2, Col: 65},
		End:   Pos{Offset: 182, Line: 4, Col: 3},
	})
	eq(t, "Text", x.Text, "\n    \"R/2026-11-09T08:00:00Z/P1D\"\n  ")
}

func TestCRLF(t *testing.T) {
	src := strings.ReplaceAll(model, "\n", "\r\n")
	doc := mustParse(t, src)
	remind := elem(t, doc, "Remind")
	eq(t, "Remind.Span", remind.Span, tagSpan(t, src, `id="Remind"`))
	eq(t, "Remind.Span.Start", remind.Span.Start, Pos{Offset: remind.Span.Start.Offset, Line: 9, Col: 5})
	x := remind.Timers[0].Exprs[0]
	eq(t, "TextSpan", x.TextSpan, Span{
		File:  testPath,
		Start: Pos{Offset: x.TextSpan.Start.Offset, Line: 11, Col: 62},
		End:   Pos{Offset: x.TextSpan.Start.Offset + 7, Line: 11, Col: 69},
	})
	eq(t, "Raw", x.Raw, true)
	for _, e := range doc.Elements {
		eq(t, e.ID+" Span", e.Span, refSpan(src, e.Span.Start.Offset, e.Span.End.Offset))
	}
	eq(t, "Comments", len(doc.Comments), 4)
}

func TestBOM(t *testing.T) {
	src := "\xEF\xBB\xBF" + model
	doc := mustParse(t, src)
	eq(t, "len(Src)", len(doc.Src), len(src))
	// Line 1 starts after the mark: the declaration is at column 1.
	lines := newLineIndex("", []byte(src), 3)
	eq(t, "declaration", lines.pos(3), Pos{Offset: 3, Line: 1, Col: 1})
	remind := elem(t, doc, "Remind")
	eq(t, "Remind.Span.Start", remind.Span.Start, Pos{Offset: 3 + strings.Index(model, `<bpmn:boundaryEvent id="Remind"`), Line: 9, Col: 5})

	// A BOM on a one-line document shifts offsets, not columns.
	one := "\xEF\xBB\xBF" + `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D"/>`
	d := mustParse(t, one)
	eq(t, "Root", d.Root, Span{File: testPath, Start: Pos{Offset: 3, Line: 1, Col: 1}, End: Pos{Offset: len(one), Line: 1, Col: len(one) - 2}})
}

func TestNamespacePrefixes(t *testing.T) {
	const body = `<P:process id="P">
    <P:userTask id="Task"/>
    <P:boundaryEvent id="B" attachedToRef="Task">
      <P:timerEventDefinition id="T"><P:timeDuration>"PT1H"</P:timeDuration></P:timerEventDefinition>
    </P:boundaryEvent>
    <P:sequenceFlow id="F" sourceRef="Task" targetRef="B"/>
  </P:process>
</P:definitions>`
	tests := []struct{ name, doc string }{
		{"bpmn", `<bpmn:definitions xmlns:bpmn="` + Namespace + `">` + strings.ReplaceAll(body, "P:", "bpmn:")},
		{"bpmn2", `<bpmn2:definitions xmlns:bpmn2="` + Namespace + `">` + strings.ReplaceAll(body, "P:", "bpmn2:")},
		{"semantic", `<semantic:definitions xmlns:semantic="` + Namespace + `">` + strings.ReplaceAll(body, "P:", "semantic:")},
		{"default", `<definitions xmlns="` + Namespace + `">` + strings.ReplaceAll(body, "P:", "")},
		// The prefix b means something else outside the process.
		{"redeclared", `<a:definitions xmlns:a="` + Namespace + `" xmlns:b="urn:other"><b:process id="Q"/>` +
			strings.NewReplacer("P:process", "b:process", "P:definitions", "a:definitions", "P:", "b:").Replace(
				strings.Replace(body, `<P:process id="P">`, `<P:process id="P" xmlns:b="`+Namespace+`">`, 1))},
		{"default inside", `<b:definitions xmlns:b="` + Namespace + `">` +
			strings.NewReplacer("P:definitions", "b:definitions", "P:", "").Replace(
				strings.Replace(body, `<P:process id="P">`, `<P:process id="P" xmlns="`+Namespace+`">`, 1))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.doc)
			if len(doc.Processes) != 1 || doc.Processes[0].ID != "P" {
				t.Fatalf("processes = %+v", doc.Processes)
			}
			eqList(t, "Elements", elemIDs(doc.Elements), []string{"Task", "B"})
			b := elem(t, doc, "B")
			eq(t, "B.AttachedTo", b.AttachedTo, elem(t, doc, "Task"))
			if len(b.Timers) != 1 || len(b.Timers[0].Exprs) != 1 || b.Timers[0].Exprs[0].Text != `"PT1H"` {
				t.Fatalf("timer not found: %+v", b.Timers)
			}
			eqList(t, "Flows", flowIDs(doc.Flows), []string{"F"})
		})
	}

	// The prefix bpmn bound to another namespace is not BPMN.
	other := `<d:definitions xmlns:d="` + Namespace + `" xmlns:bpmn="urn:not-bpmn"><bpmn:process id="P"/></d:definitions>`
	if doc := mustParse(t, other); len(doc.Processes) != 0 {
		t.Errorf("a process in another namespace was read: %+v", doc.Processes)
	}
}

func TestAcceptedEncodings(t *testing.T) {
	for _, decl := range []string{
		`<?xml version="1.0" encoding="ISO-8859-1"?>`,
		`<?xml version="1.0" encoding='us-ascii'?>`,
		`<?xml version="1.0" encoding="windows-1252" standalone="yes"?>`,
		`<?xml version="1.0" encoding="utf-8"?>`,
		`<?xml encoding="UTF-8" version="1.0"?>`,
	} {
		src := decl + "\n" + exprDoc(`<timeDate>"2026-12-01T09:00:00Z"</timeDate>`)
		doc, err := Parse("a.bpmn", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", decl, err)
			continue
		}
		eq(t, decl, elem(t, doc, "E").Timers[0].Exprs[0].Text, `"2026-12-01T09:00:00Z"`)
	}
}

func TestAttachedSpanForms(t *testing.T) {
	tests := []struct{ name, tag, ref, raw string }{
		{"single quotes and spaces", `<boundaryEvent id="E" attachedToRef = 'T'/>`, "T", "T"},
		{"entity", `<boundaryEvent id="E" attachedToRef="A&amp;B"/>`, "A&B", "A&amp;B"},
		{"gt in an earlier value", `<boundaryEvent id="E" name="a>attachedToRef='x'" attachedToRef="T"/>`, "T", "T"},
		{"prefixed lookalike first", `<boundaryEvent xmlns:o="urn:o" id="E" o:attachedToRef="X" attachedToRef="T"/>`, "T", "T"},
		{"new lines", "<boundaryEvent\n  id=\"E\"\n  attachedToRef=\"T\"\n/>", "T", "T"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<definitions xmlns="` + Namespace + `"><process id="P"><task id="T"/><task id="A&amp;B"/>` + tt.tag + `</process></definitions>`
			doc := mustParse(t, src)
			e := elem(t, doc, "E")
			eq(t, "AttachedToRef", e.AttachedToRef, tt.ref)
			eq(t, "AttachedTo", e.AttachedTo, elem(t, doc, tt.ref))
			eq(t, "AttachedSpan source", src[e.AttachedSpan.Start.Offset:e.AttachedSpan.End.Offset], tt.raw)
		})
	}
}
