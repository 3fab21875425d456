package bpmn

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// placementModel has one event in each placement of ADR-0037's table.
const placementModel = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="P">
    <bpmn:startEvent id="Start"/>
    <bpmn:userTask id="Task"/>
    <bpmn:boundaryEvent id="Cancel" attachedToRef="Task"/>
    <bpmn:boundaryEvent id="Nag" attachedToRef="Task" cancelActivity="false"/>
    <bpmn:intermediateCatchEvent id="Wait"/>
    <bpmn:intermediateThrowEvent id="Throw"/>
    <bpmn:endEvent id="End"/>
    <bpmn:subProcess id="Sub">
      <bpmn:startEvent id="SubStart"/>
    </bpmn:subProcess>
    <bpmn:transaction id="Tx">
      <bpmn:startEvent id="TxStart"/>
    </bpmn:transaction>
    <bpmn:subProcess id="Events" triggeredByEvent="true">
      <bpmn:startEvent id="EvStart"/>
    </bpmn:subProcess>
  </bpmn:process>
</bpmn:definitions>`

func TestPlacement(t *testing.T) {
	doc := mustParse(t, placementModel)
	for id, want := range map[string]Placement{
		"Start":    PlaceProcessStart,
		"Cancel":   PlaceInterruptingBoundary,
		"Nag":      PlaceNonInterruptingBoundary,
		"Wait":     PlaceIntermediateCatch,
		"Throw":    PlaceThrow,
		"End":      PlaceEnd,
		"Task":     PlaceOther,
		"SubStart": PlaceSubProcessStart,
		"TxStart":  PlaceSubProcessStart,
		"EvStart":  PlaceEventSubProcessStart,
	} {
		got := elem(t, doc, id).Placement()
		if got != want {
			t.Errorf("%s: placement %q, want %q", id, got, want)
		}
		if start := elem(t, doc, id).Type == "startEvent"; got.IsStart() != start {
			t.Errorf("%s: IsStart %v, want %v", id, got.IsStart(), start)
		}
	}
	if got := (&Element{Type: "startEvent"}).Placement(); got != PlaceOther {
		t.Errorf("a start event outside any process: %q", got)
	}
	if got := PlaceNonInterruptingBoundary.String(); got != "a non-interrupting boundary event" {
		t.Errorf("String: %q", got)
	}
}

// TestEventDefinitionRef reads a timer declared at the definitions level
// and the events that name it, by id or by QName.
func TestEventDefinitionRef(t *testing.T) {
	doc := mustParse(t, `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:timerEventDefinition id="Daily"><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition>
  <bpmn:messageEventDefinition id="Paid"/>
  <bpmn:process id="P">
    <bpmn:startEvent id="ByID"><bpmn:eventDefinitionRef>Daily</bpmn:eventDefinitionRef></bpmn:startEvent>
    <bpmn:startEvent id="ByQName"><bpmn:eventDefinitionRef> tns:Daily </bpmn:eventDefinitionRef></bpmn:startEvent>
    <bpmn:intermediateCatchEvent id="Message"><bpmn:eventDefinitionRef>Paid</bpmn:eventDefinitionRef></bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="Dangling"><bpmn:eventDefinitionRef>Nothing</bpmn:eventDefinitionRef></bpmn:intermediateCatchEvent>
  </bpmn:process>
</bpmn:definitions>`)
	if len(doc.Definitions) != 2 || doc.Definitions[0].Timer == nil || len(doc.Definitions[0].Timer.Exprs) != 1 ||
		doc.Definitions[0].Timer.Exprs[0].Text != `"R/2026-11-09T08:00:00Z/P1D"` || doc.Definitions[1].Timer != nil {
		t.Fatalf("definitions: %+v", doc.Definitions)
	}
	if line := doc.Definitions[0].Span.Start.Line; line != 2 {
		t.Errorf("the timer definition is on line %d, want 2", line)
	}
	for id, want := range map[string]int{"ByID": 1, "ByQName": 1, "Message": 0, "Dangling": 0} {
		el := elem(t, doc, id)
		if got := len(el.RefTimers()); got != want {
			t.Errorf("%s: %d referenced timers, want %d", id, got, want)
		}
		if el.HasTimer() != (want > 0) {
			t.Errorf("%s: HasTimer %v, want %v", id, el.HasTimer(), want > 0)
		}
		if len(el.Timers) != 0 {
			t.Errorf("%s: a referenced timer was copied into Timers", id)
		}
	}
}

// TestFlowNodeKind: every flow node's local name has a number that gives
// it back; other names have none; and isFlowNode's switch lists the same
// names.
func TestFlowNodeKind(t *testing.T) {
	n := 0
	for k := 1; k < 256; k++ {
		name := FlowNodeType(uint8(k))
		if name == "" {
			continue
		}
		n++
		if got := FlowNodeKind(name); got != uint8(k) || !isFlowNode(name) {
			t.Errorf("FlowNodeKind(%q) = %d (flow node %v), want %d", name, got, isFlowNode(name), k)
		}
	}
	if n != 23 {
		t.Errorf("%d flow node names, want 23", n)
	}
	for _, name := range []string{"", "process", "sequenceFlow", "timerEventDefinition", "StartEvent"} {
		if FlowNodeKind(name) != 0 || isFlowNode(name) {
			t.Errorf("%q is numbered a flow node", name)
		}
	}
	if FlowNodeType(0) != "" {
		t.Errorf("FlowNodeType(0) = %q", FlowNodeType(0))
	}
	if got, want := isFlowNodeCases(t), flowNodeTypes[1:]; !slices.Equal(got, want) {
		t.Errorf("isFlowNode's switch lists %q,\nflowNodeTypes %q", got, want)
	}
}

// isFlowNodeCases are the strings isFlowNode's switch lists, in order,
// read from build.go.
func isFlowNodeCases(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "build.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "isFlowNode" {
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					cases = append(cases, s)
				}
				return true
			})
		}
	}
	return cases
}
