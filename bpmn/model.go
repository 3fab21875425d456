// Package bpmn loads BPMN 2.0 XML into a model of processes, flow nodes and
// timer definitions, each carrying its position in the source file.
//
// Elements are matched on the BPMN model namespace URI, never on the
// prefix, so `bpmn:`, `bpmn2:`, `semantic:` and a default namespace all
// load the same way.
//
// Load and Parse build a Document; a file that cannot be loaded is an
// *Error carrying rule TMR0001 or TMR0002 and a position. The file is read
// once, with internal/xmltok (encoding/xml's raw tokenizer, token for
// token, without its allocations), into a github.com/beevik/etree
// element tree (etree keeps no positions, so the reader attaches where each
// BPMN element, text body and comment is); the model is built from that
// tree.
package bpmn

import (
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/span"
)

// Namespace is the BPMN 2.0 model namespace URI.
const Namespace = "http://www.omg.org/spec/BPMN/20100524/MODEL"

// Pos is a position in a source file (span.Pos). Line and Col are 1-based;
// Col counts bytes. Offset is the 0-based byte offset.
//
// Lines end at '\n' only: in a CRLF file the '\r' is the last byte of its
// line. On line 1 of a file that starts with a UTF-8 byte order mark, Col
// counts from after the mark (as editors do), while Offset still counts it.
type Pos = span.Pos

// Span is a half-open range of source text [Start, End) of the document's
// file (span.Range): File is the document's Path.
type Span = span.Range

// Document is one loaded BPMN file.
type Document struct {
	// Path is the file's path as the user gave it (or as it was found by
	// walking a directory). It is what diagnostics print.
	Path string
	// IRI is the model IRI: the file's absolute `file://` URL.
	IRI string
	// Src is the file's bytes, kept for source snippets and fixes.
	Src []byte
	// Root is the span of the definitions element's start tag.
	Root Span
	// Processes holds every process, sub-process, transaction and event
	// sub-process in document order; top-level processes have Parent nil.
	Processes []*Process
	// Elements holds every flow node (events, activities, gateways, and
	// sub-processes themselves) in document order.
	Elements []*Element
	// Flows holds every sequence flow in document order.
	Flows []*Flow
	// ByID indexes elements, processes and flows by their id attribute:
	// each value is an *Element, a *Process or a *Flow. A sub-process is
	// indexed as its *Element (its Sub field is the *Process). The first one
	// in document order wins when ids repeat; later ones are only reachable
	// through Processes, Elements and Flows.
	ByID map[string]any
	// Definitions holds the event definitions declared at the definitions
	// level (outside any event), in document order, which events may name
	// through an eventDefinitionRef. SpiffWorkflow's parser never reads
	// them.
	Definitions []*EventDefinition
	// Comments holds every XML comment in the file in document order; the
	// `seams-timers:ignore` suppressions are read from them.
	Comments []*Comment
}

// ElementIRI is the subject IRI of an element of the model: the model's
// IRI plus #id.
func (d *Document) ElementIRI(id string) string { return d.IRI + "#" + id }

// ElementDisplay is the compact form of an element's IRI used in messages:
// the document's path as the user gave it, plus #id.
func (d *Document) ElementDisplay(id string) string { return d.Path + "#" + id }

// ProcessKind says what kind of container a Process is.
type ProcessKind int

// Process kinds.
const (
	KindProcess ProcessKind = iota + 1
	KindSubProcess
	KindEventSubProcess
	KindTransaction
	KindAdHocSubProcess
)

// Process is a top-level process or a sub-process: anything that holds flow
// nodes. For a sub-process, Node is the flow-node view of the same element.
type Process struct {
	ID   string
	Name string
	Kind ProcessKind
	// Span covers the start tag.
	Span   Span
	Parent *Process
	Node   *Element
	// Elements are the flow nodes directly inside this container.
	Elements []*Element
	// Flows are the sequence flows directly inside this container.
	Flows []*Flow
}

// Top returns the top-level process that holds p.
func (p *Process) Top() *Process {
	for p.Parent != nil {
		p = p.Parent
	}
	return p
}

// Element is a flow node: an event, an activity, a gateway or a
// sub-process.
type Element struct {
	ID   string
	Name string
	// Type is the BPMN local name: "startEvent", "userTask",
	// "boundaryEvent", "subProcess", "exclusiveGateway", ...
	Type string
	// Span covers the element's start tag.
	Span Span
	// Container is the process or sub-process the element sits in.
	Container *Process
	// Sub is, for a subProcess, transaction or adHocSubProcess, the Process
	// view of the same element (Sub.Node is this element); nil otherwise.
	Sub *Process
	// AttachedToRef is the boundary event's attachedToRef attribute as
	// written; AttachedTo is the element it names, nil when none does.
	AttachedToRef string
	AttachedTo    *Element
	// AttachedSpan is the span of the attachedToRef attribute value, quotes
	// excluded. When the attribute is absent it is the element's Span.
	AttachedSpan Span
	// CancelActivity is the boundary event's cancelActivity (default true).
	// It is read as Spiff reads it: a value is true only when it is "true"
	// in any letter case, so "false", "0" and "1" are all false.
	CancelActivity bool
	// Interrupting is the start event's isInterrupting (default true), read
	// the same way as CancelActivity.
	Interrupting bool
	// Default is a gateway's or activity's default flow id.
	Default string
	// CalledElement is a callActivity's calledElement attribute as written:
	// the id of the process it runs.
	CalledElement string
	// EventDefinitions lists every *EventDefinition child (and
	// eventDefinitionRef) in document order, timers included.
	EventDefinitions []*EventDefinition
	// Timers are the timer event definitions among EventDefinitions.
	Timers []*Timer
	// Incoming and Outgoing are the sequence flows that end and start here.
	Incoming []*Flow
	Outgoing []*Flow
	// Boundaries are the boundary events attached to this element.
	Boundaries []*Element
}

// IsActivity reports whether the element is a task or sub-process.
func (e *Element) IsActivity() bool { return IsActivityType(e.Type) }

// IsActivityType reports whether a flow node's BPMN local name is that of
// a task or sub-process.
func IsActivityType(local string) bool {
	switch local {
	case "task", "userTask", "manualTask", "serviceTask", "scriptTask",
		"sendTask", "receiveTask", "businessRuleTask", "callActivity",
		"subProcess", "transaction", "adHocSubProcess":
		return true
	}
	return false
}

// EventDefinition is one event definition child of an event.
type EventDefinition struct {
	// Type is the local name: "timerEventDefinition",
	// "messageEventDefinition", ... or "eventDefinitionRef".
	Type string
	ID   string
	// Span covers the start tag.
	Span Span
	// Ref is, for an eventDefinitionRef, the id it names (its text with
	// surrounding white space removed); "" otherwise. A referenced
	// definition is not copied into Timers: Spiff reads only inline ones.
	Ref string
	// Target is, for an eventDefinitionRef, the definitions-level event
	// definition whose id is Ref, nil when there is none.
	Target *EventDefinition
	// Timer is, for a timerEventDefinition declared at the definitions
	// level, the timer with its expressions (its Event is nil); nil
	// otherwise (an inline timer is in its event's Timers).
	Timer *Timer
}

// HasTimer reports whether the element holds a timer: an inline
// timerEventDefinition, or an eventDefinitionRef naming one (see
// RefTimers).
func (e *Element) HasTimer() bool {
	if len(e.Timers) > 0 {
		return true
	}
	for _, d := range e.EventDefinitions {
		if d.Target != nil && d.Target.Type == "timerEventDefinition" {
			return true
		}
	}
	return false
}

// RefTimers returns the element's eventDefinitionRefs that name a
// definitions-level timerEventDefinition: timers the model means but
// SpiffWorkflow does not read.
func (e *Element) RefTimers() []*EventDefinition {
	var out []*EventDefinition
	for _, d := range e.EventDefinitions {
		if d.Target != nil && d.Target.Type == "timerEventDefinition" {
			out = append(out, d)
		}
	}
	return out
}

// ExprKind is which of the three timer expressions an element holds.
type ExprKind int

// Expression kinds, named after their BPMN elements.
const (
	TimeDate ExprKind = iota + 1
	TimeDuration
	TimeCycle
)

// String returns the BPMN local name of the expression element.
func (k ExprKind) String() string {
	switch k {
	case TimeDate:
		return "timeDate"
	case TimeDuration:
		return "timeDuration"
	case TimeCycle:
		return "timeCycle"
	}
	return "unknown"
}

// Predicate returns the prefixed name used in diagnostics: bpmn:timeCycle.
func (k ExprKind) Predicate() string { return "bpmn:" + k.String() }

// ValueKind returns the kind of ISO 8601 value the expression element
// holds, for timeexpr.ParseValue; 0 for an unknown kind.
func (k ExprKind) ValueKind() timeexpr.ValueKind {
	switch k {
	case TimeDate:
		return timeexpr.ValueDate
	case TimeDuration:
		return timeexpr.ValueDuration
	case TimeCycle:
		return timeexpr.ValueCycle
	}
	return 0
}

// Timer is a timerEventDefinition.
type Timer struct {
	ID string
	// Span covers the start tag.
	Span Span
	// Event is the element the definition belongs to.
	Event *Element
	// Exprs are the timeDate, timeDuration and timeCycle children in
	// document order. Spiff evaluates one and ignores the rest: see
	// Effective.
	Exprs []*Expr
}

// Effective returns the expression Spiff evaluates: it looks for a timeDate
// first, then a timeDuration, then a timeCycle, whatever their order in the
// file. It returns nil when the timer has none of the three.
func (t *Timer) Effective() *Expr {
	for _, k := range [...]ExprKind{TimeDate, TimeDuration, TimeCycle} {
		for _, x := range t.Exprs {
			if x.Kind == k {
				return x
			}
		}
	}
	return nil
}

// Expr is the body of a timeDate, timeDuration or timeCycle element.
type Expr struct {
	Kind ExprKind
	// Text is the element's text content as Spiff sees it (lxml's .text):
	// entities and CDATA decoded, line ends normalized to "\n", nothing
	// trimmed, and only the text before the first child node (a comment, a
	// processing instruction or an element ends it).
	Text string
	// Span covers the expression element's start tag.
	Span Span
	// TextSpan covers the raw text between the start and end tags. For an
	// empty element both ends sit just after the start tag.
	TextSpan Span
	// Raw reports whether Text equals the source bytes of TextSpan (no
	// entity, no CDATA, no comment inside), so that offsets into Text map
	// one-to-one onto the file.
	Raw bool
}

// Flow is a sequence flow.
type Flow struct {
	ID        string
	Name      string
	SourceRef string
	TargetRef string
	Source    *Element
	Target    *Element
	// Condition is the text of the first conditionExpression child, read
	// as Expr.Text is; "" when there is none.
	Condition string
	// Span covers the start tag.
	Span      Span
	Container *Process
}

// Comment is an XML comment, kept for suppressions.
type Comment struct {
	// Text is what lies between "<!--" and "-->", untrimmed.
	Text string
	// Span covers the whole comment, "<!--" and "-->" included.
	Span Span
	// Parent is the id of the nearest enclosing element that has an id, ""
	// at the document level (or when no enclosing element has one). Next is
	// the id of the first element that starts after the comment within the
	// same parent element, "" if there is none or it has no id.
	Parent string
	Next   string
}
