package bpmn

import (
	"strings"

	"github.com/beevik/etree"
)

// flowNodeTypes are the BPMN local names of the flow nodes a process or
// sub-process holds, numbered from 1 (FlowNodeKind): an array of
// constants, so that nothing is built at start-up.
var flowNodeTypes = [...]string{
	1: "startEvent", "endEvent", "intermediateCatchEvent",
	"intermediateThrowEvent", "boundaryEvent", "implicitThrowEvent",

	"task", "userTask", "manualTask", "serviceTask",
	"scriptTask", "sendTask", "receiveTask",
	"businessRuleTask", "callActivity",
	"subProcess", "transaction", "adHocSubProcess",

	"exclusiveGateway", "inclusiveGateway", "parallelGateway",
	"complexGateway", "eventBasedGateway",
}

// isFlowNode reports the BPMN local names of the flow nodes: those of
// flowNodeTypes, as a switch, since the reader asks for every element a
// process holds (TestFlowNodeKind holds the two lists equal).
func isFlowNode(local string) bool {
	switch local {
	case "startEvent", "endEvent", "intermediateCatchEvent",
		"intermediateThrowEvent", "boundaryEvent", "implicitThrowEvent",

		"task", "userTask", "manualTask", "serviceTask",
		"scriptTask", "sendTask", "receiveTask",
		"businessRuleTask", "callActivity",
		"subProcess", "transaction", "adHocSubProcess",

		"exclusiveGateway", "inclusiveGateway", "parallelGateway",
		"complexGateway", "eventBasedGateway":
		return true
	}
	return false
}

// FlowNodeKind is the number of a flow node's BPMN local name (an
// Element's Type), 0 for any other name: what a summary that keeps many
// elements keeps of their types, in a byte (FlowNodeType). It is asked
// once per summarized element, not per element read.
func FlowNodeKind(local string) uint8 {
	for k, t := range flowNodeTypes {
		if k > 0 && t == local {
			return uint8(k)
		}
	}
	return 0
}

// FlowNodeType is the BPMN local name FlowNodeKind numbered k, "" for 0
// or a number it gives no name.
func FlowNodeType(k uint8) string {
	if int(k) < len(flowNodeTypes) {
		return flowNodeTypes[k]
	}
	return ""
}

// exprKind returns the kind of a timer expression element.
func exprKind(local string) (ExprKind, bool) {
	switch local {
	case "timeDate":
		return TimeDate, true
	case "timeDuration":
		return TimeDuration, true
	case "timeCycle":
		return TimeCycle, true
	}
	return 0, false
}

// frameKind is the role of an element in the model, which decides what its
// children can be.
type frameKind int

const (
	frameOther       frameKind = iota
	frameDocument              // the document node, above the root
	frameDefinitions           // the definitions root: holds processes
	frameContainer             // a process or sub-process: holds flow nodes and flows
	frameEvent                 // an event: holds event definitions
	frameTimer                 // a timerEventDefinition: holds expressions
	frameFlow                  // a sequenceFlow: holds its condition
)

// frame is what the walk knows about the element whose children it visits.
type frame struct {
	kind  frameKind
	proc  *Process
	elem  *Element
	timer *Timer
	flow  *Flow
	// hasCond records that the flow's first conditionExpression was read.
	hasCond bool
	// nodes and flows are, for a container, where its flow nodes and
	// flows start in builder.nodes and builder.flows.
	nodes, flows int
	// id is the id of the nearest element with one, for comments.
	id string
}

// builder fills a Document from the etree tree, with the positions the
// reader attached to its BPMN elements and comments.
type builder struct {
	doc      *Document
	lines    *lineIndex
	src      []byte
	pos      map[*etree.Element]elemRec
	comments map[*etree.Comment][2]int
	// elemByID indexes doc.Elements by id, the first one winning.
	elemByID map[string]int
	// pending are comments whose next sibling element is not known yet.
	pending []*Comment
	// nodes and flows hold the flow nodes and flows of the open
	// containers, each container's after its parent's: a container's lists
	// are made at their final size when its element ends.
	nodes []*Element
	flows []*Flow
}

// build walks the tree from the document node and resolves references.
func (b *builder) build(root *etree.Element) {
	b.children(root, &frame{kind: frameDocument})
	b.resolve()
}

// children visits the element and comment children of e in order.
func (b *builder) children(e *etree.Element, f *frame) {
	start := len(b.pending)
	for _, tok := range e.Child {
		switch t := tok.(type) {
		case *etree.Element:
			id := attr(t, "id")
			for _, c := range b.pending[start:] {
				c.Next = id
			}
			b.pending = b.pending[:start]
			b.element(t, f, id)
		case *etree.Comment:
			at := b.comments[t]
			c := &Comment{Text: t.Data, Span: b.lines.span(at[0], at[1]), Parent: f.id}
			b.doc.Comments = append(b.doc.Comments, c)
			b.pending = append(b.pending, c)
		}
	}
	b.pending = b.pending[:start]
}

// element visits one element whose parent's frame is parent.
func (b *builder) element(e *etree.Element, parent *frame, id string) {
	f := frame{id: parent.id}
	if id != "" {
		f.id = id
	}
	if rec, ok := b.pos[e]; ok {
		b.model(e, rec, b.lines.span(rec.start, rec.tagEnd), id, parent, &f)
	}
	b.children(e, &f)
	if f.kind == frameContainer {
		f.proc.Elements = tail(b.nodes, f.nodes)
		f.proc.Flows = tail(b.flows, f.flows)
		b.nodes, b.flows = b.nodes[:f.nodes], b.flows[:f.flows]
	}
}

// tail returns a copy of s[from:], nil if it is empty.
func tail[T any](s []T, from int) []T {
	if len(s) == from {
		return nil
	}
	return append(make([]T, 0, len(s)-from), s[from:]...)
}

// container makes f the frame of the container p.
func (b *builder) container(f *frame, p *Process) {
	f.kind, f.proc = frameContainer, p
	f.nodes, f.flows = len(b.nodes), len(b.flows)
}

// model adds a BPMN element to the document according to where it sits,
// and sets its frame for its children.
func (b *builder) model(e *etree.Element, rec elemRec, span Span, id string, parent, f *frame) {
	local := e.Tag
	switch parent.kind {
	case frameDocument:
		f.kind = frameDefinitions
		b.doc.Root = span

	case frameDefinitions:
		if strings.HasSuffix(local, "EventDefinition") {
			d := &EventDefinition{Type: local, ID: id, Span: span}
			b.doc.Definitions = append(b.doc.Definitions, d)
			if local == "timerEventDefinition" {
				d.Timer = &Timer{ID: id, Span: span}
				f.kind, f.timer = frameTimer, d.Timer
			}
		}
		if local == "process" {
			p := &Process{ID: id, Name: attr(e, "name"), Kind: KindProcess, Span: span}
			b.doc.Processes = append(b.doc.Processes, p)
			b.index(id, p)
			b.container(f, p)
		}

	case frameContainer:
		switch {
		case isFlowNode(local):
			el := b.flowNode(e, local, id, span, rec, parent.proc)
			f.elem = el
			if el.Sub != nil {
				b.container(f, el.Sub)
			} else if strings.HasSuffix(local, "Event") {
				f.kind = frameEvent
			}
		case local == "sequenceFlow":
			fl := &Flow{
				ID:        id,
				Name:      attr(e, "name"),
				SourceRef: attr(e, "sourceRef"),
				TargetRef: attr(e, "targetRef"),
				Span:      span,
				Container: parent.proc,
			}
			b.flows = append(b.flows, fl)
			b.doc.Flows = append(b.doc.Flows, fl)
			b.index(id, fl)
			f.kind, f.flow = frameFlow, fl
		}

	case frameEvent:
		if strings.HasSuffix(local, "EventDefinition") || local == "eventDefinitionRef" {
			d := &EventDefinition{Type: local, ID: id, Span: span}
			if local == "eventDefinitionRef" {
				d.Ref = strings.Trim(leadText(e), " \t\r\n")
			}
			parent.elem.EventDefinitions = append(parent.elem.EventDefinitions, d)
			if local == "timerEventDefinition" {
				t := &Timer{ID: id, Span: span, Event: parent.elem}
				parent.elem.Timers = append(parent.elem.Timers, t)
				f.kind, f.timer = frameTimer, t
			}
		}

	case frameTimer:
		if k, ok := exprKind(local); ok {
			text := leadText(e)
			parent.timer.Exprs = append(parent.timer.Exprs, &Expr{
				Kind:     k,
				Text:     text,
				Span:     span,
				TextSpan: b.lines.span(rec.tagEnd, rec.bodyEnd),
				Raw:      text == string(b.src[rec.tagEnd:rec.bodyEnd]),
			})
		}

	case frameFlow:
		if local == "conditionExpression" && !parent.hasCond {
			parent.hasCond = true
			parent.flow.Condition = leadText(e)
		}
	}
}

// flowNode adds a flow node, and for a sub-process its Process too.
func (b *builder) flowNode(e *etree.Element, local, id string, span Span, rec elemRec, container *Process) *Element {
	el := &Element{
		ID:             id,
		Name:           attr(e, "name"),
		Type:           local,
		Span:           span,
		Container:      container,
		CancelActivity: true,
		Interrupting:   true,
		Default:        attr(e, "default"),
	}
	switch local {
	case "boundaryEvent":
		el.AttachedSpan = span
		if v, ok := lookupAttr(e, "attachedToRef"); ok {
			el.AttachedToRef = v
			if lo, hi, ok := attrValueSpan(b.src, rec.start, rec.tagEnd, "attachedToRef", 0); ok {
				el.AttachedSpan = b.lines.span(lo, hi)
			}
		}
		el.CancelActivity = spiffBool(e, "cancelActivity", true)
	case "startEvent":
		el.Interrupting = spiffBool(e, "isInterrupting", true)
	case "callActivity":
		el.CalledElement = attr(e, "calledElement")
	}
	b.nodes = append(b.nodes, el)
	b.doc.Elements = append(b.doc.Elements, el)
	b.index(id, el)
	if _, seen := b.elemByID[id]; !seen && id != "" {
		b.elemByID[id] = len(b.doc.Elements) - 1
	}

	kind := ProcessKind(0)
	switch local {
	case "subProcess":
		kind = KindSubProcess
		if spiffBool(e, "triggeredByEvent", false) {
			kind = KindEventSubProcess
		}
	case "transaction":
		kind = KindTransaction
	case "adHocSubProcess":
		kind = KindAdHocSubProcess
	}
	if kind != 0 {
		el.Sub = &Process{ID: id, Name: el.Name, Kind: kind, Span: span, Parent: container, Node: el}
		b.doc.Processes = append(b.doc.Processes, el.Sub)
	}
	return el
}

// index records v under id unless the id is empty or already taken.
func (b *builder) index(id string, v any) {
	if id == "" {
		return
	}
	if _, seen := b.doc.ByID[id]; !seen {
		b.doc.ByID[id] = v
	}
}

// resolve links boundary events to their activities and flows to their
// ends, once every element is known. It counts the links of each element
// first, so that each list is made at its final size.
func (b *builder) resolve() {
	els := b.doc.Elements
	ref := func(id string) int {
		if i, ok := b.elemByID[id]; ok {
			return i
		}
		return -1
	}
	// What element i is attached to (if it is a boundary event), and the
	// source and target of flow j, as indexes into els, -1 for none. One
	// array holds the three lists.
	refs := make([]int, len(els)+2*len(b.doc.Flows))
	to, src, dst := refs[:len(els)], refs[len(els):len(els)+len(b.doc.Flows)], refs[len(els)+len(b.doc.Flows):]
	// n[i] counts the boundaries, outgoing and incoming flows of element i.
	n := make([][3]int, len(els))
	for i, el := range els {
		to[i] = -1
		if el.Type == "boundaryEvent" && el.AttachedToRef != "" {
			if to[i] = ref(el.AttachedToRef); to[i] >= 0 {
				n[to[i]][0]++
			}
		}
	}
	for j, fl := range b.doc.Flows {
		if src[j] = ref(fl.SourceRef); src[j] >= 0 {
			n[src[j]][1]++
		}
		if dst[j] = ref(fl.TargetRef); dst[j] >= 0 {
			n[dst[j]][2]++
		}
	}
	var total [3]int
	for i := range n {
		for k := range total {
			total[k] += n[i][k]
		}
	}
	bounds := make([]*Element, 0, total[0])
	flows := make([]*Flow, 0, total[1]+total[2])
	for i, el := range els {
		el.Boundaries, bounds = carve(bounds, n[i][0])
		el.Outgoing, flows = carve(flows, n[i][1])
		el.Incoming, flows = carve(flows, n[i][2])
	}
	b.resolveRefs()
	for i, el := range els {
		if t := to[i]; t >= 0 {
			el.AttachedTo = els[t]
			els[t].Boundaries = append(els[t].Boundaries, el)
		}
	}
	for j, fl := range b.doc.Flows {
		if s := src[j]; s >= 0 {
			fl.Source = els[s]
			els[s].Outgoing = append(els[s].Outgoing, fl)
		}
		if t := dst[j]; t >= 0 {
			fl.Target = els[t]
			els[t].Incoming = append(els[t].Incoming, fl)
		}
	}
}

// resolveRefs links each eventDefinitionRef to the definitions-level
// event definition it names, the first one with that id.
func (b *builder) resolveRefs() {
	if len(b.doc.Definitions) == 0 {
		return
	}
	byID := map[string]*EventDefinition{}
	for _, d := range b.doc.Definitions {
		if _, seen := byID[d.ID]; !seen && d.ID != "" {
			byID[d.ID] = d
		}
	}
	for _, el := range b.doc.Elements {
		for _, d := range el.EventDefinitions {
			if d.Ref == "" {
				continue
			}
			// The reference is a QName: a prefix, when written, names the
			// target namespace of this same file.
			d.Target = byID[d.Ref]
			if i := strings.LastIndexByte(d.Ref, ':'); d.Target == nil && i >= 0 {
				d.Target = byID[d.Ref[i+1:]]
			}
		}
	}
}

// carve cuts an empty list of capacity n off the free capacity of s (nil
// when n is 0), and returns it and what is left of s.
func carve[T any](s []T, n int) ([]T, []T) {
	if n == 0 {
		return nil, s
	}
	return s[len(s) : len(s) : len(s)+n], s[:len(s)+n]
}

// leadText returns the text of e as lxml's .text gives it, which is what
// Spiff reads: the character data (CDATA included) before the first child
// node of any other kind.
func leadText(e *etree.Element) string {
	var text string
	var sb *strings.Builder
	for _, tok := range e.Child {
		cd, ok := tok.(*etree.CharData)
		if !ok {
			break
		}
		if sb == nil && text == "" {
			text = cd.Data
			continue
		}
		if sb == nil {
			sb = &strings.Builder{}
			sb.WriteString(text)
		}
		sb.WriteString(cd.Data)
	}
	if sb != nil {
		return sb.String()
	}
	return text
}

// attr returns the value of the unprefixed attribute key, "" if absent.
func attr(e *etree.Element, key string) string {
	v, _ := lookupAttr(e, key)
	return v
}

// lookupAttr returns the value of the unprefixed attribute key. (etree's
// SelectAttr matches a key without a prefix against any prefix.)
func lookupAttr(e *etree.Element, key string) (string, bool) {
	for _, a := range e.Attr {
		if a.Space == "" && a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// spiffBool reads a boolean attribute as Spiff does: absent means dflt,
// and a value is true only when it is "true" in any letter case.
func spiffBool(e *etree.Element, key string, dflt bool) bool {
	v, ok := lookupAttr(e, key)
	if !ok {
		return dflt
	}
	return strings.ToLower(v) == "true"
}
