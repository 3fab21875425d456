package bpmn

import (
	"strings"

	"github.com/beevik/etree"
)

// flowNodeTypes are the BPMN local names of the flow nodes a process or
// sub-process holds.
var flowNodeTypes = map[string]bool{
	"startEvent": true, "endEvent": true, "intermediateCatchEvent": true,
	"intermediateThrowEvent": true, "boundaryEvent": true, "implicitThrowEvent": true,

	"task": true, "userTask": true, "manualTask": true, "serviceTask": true,
	"scriptTask": true, "sendTask": true, "receiveTask": true,
	"businessRuleTask": true, "callActivity": true,
	"subProcess": true, "transaction": true, "adHocSubProcess": true,

	"exclusiveGateway": true, "inclusiveGateway": true, "parallelGateway": true,
	"complexGateway": true, "eventBasedGateway": true,
}

// exprKinds maps the timer expression elements to their kinds.
var exprKinds = map[string]ExprKind{
	"timeDate":     TimeDate,
	"timeDuration": TimeDuration,
	"timeCycle":    TimeCycle,
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
	// id is the id of the nearest element with one, for comments.
	id string
}

// builder fills a Document from the etree tree and the position records,
// pairing the n-th element etree built with the n-th record of the scan.
type builder struct {
	doc      *Document
	lines    *lineIndex
	src      []byte
	recs     []elemRec
	comments [][2]int
	nextElem int // index of the next element record
	nextCom  int // index of the next comment record
	elemByID map[string]*Element
	// pending are comments whose next sibling element is not known yet.
	pending []*Comment
}

// build walks the tree from the document node and resolves references.
func (b *builder) build(root *etree.Element) *Error {
	b.children(root, &frame{kind: frameDocument})
	if b.nextElem != len(b.recs) || b.nextCom != len(b.comments) {
		// This would be a bug: etree and the scan disagree on the tokens.
		return &Error{Rule: "TMR0001", Pos: b.lines.pos(0),
			Msg: "internal error: the element tree and the position scan disagree; please report this file"}
	}
	b.resolve()
	return nil
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
			c := &Comment{Text: t.Data, Parent: f.id}
			if i := b.nextCom; i < len(b.comments) {
				c.Span = b.lines.span(b.comments[i][0], b.comments[i][1])
			}
			b.nextCom++
			b.doc.Comments = append(b.doc.Comments, c)
			b.pending = append(b.pending, c)
		}
	}
	b.pending = b.pending[:start]
}

// element visits one element whose parent's frame is parent.
func (b *builder) element(e *etree.Element, parent *frame, id string) {
	var rec elemRec
	if b.nextElem < len(b.recs) {
		rec = b.recs[b.nextElem]
	}
	b.nextElem++
	f := frame{id: parent.id}
	if id != "" {
		f.id = id
	}
	if rec.bpmn {
		b.model(e, rec, b.lines.span(rec.start, rec.tagEnd), id, parent, &f)
	}
	b.children(e, &f)
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
		if local == "process" {
			p := &Process{ID: id, Name: attr(e, "name"), Kind: KindProcess, Span: span}
			b.doc.Processes = append(b.doc.Processes, p)
			b.index(id, p)
			f.kind, f.proc = frameContainer, p
		}

	case frameContainer:
		switch {
		case flowNodeTypes[local]:
			el := b.flowNode(e, local, id, span, rec, parent.proc)
			f.elem = el
			if el.Sub != nil {
				f.kind, f.proc = frameContainer, el.Sub
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
			parent.proc.Flows = append(parent.proc.Flows, fl)
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
		if k, ok := exprKinds[local]; ok {
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
	}
	container.Elements = append(container.Elements, el)
	b.doc.Elements = append(b.doc.Elements, el)
	b.index(id, el)
	if _, seen := b.elemByID[id]; !seen && id != "" {
		b.elemByID[id] = el
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
// ends, once every element is known.
func (b *builder) resolve() {
	for _, el := range b.doc.Elements {
		if el.Type != "boundaryEvent" || el.AttachedToRef == "" {
			continue
		}
		if to := b.elemByID[el.AttachedToRef]; to != nil {
			el.AttachedTo = to
			to.Boundaries = append(to.Boundaries, el)
		}
	}
	for _, fl := range b.doc.Flows {
		if s := b.elemByID[fl.SourceRef]; s != nil && fl.SourceRef != "" {
			fl.Source = s
			s.Outgoing = append(s.Outgoing, fl)
		}
		if t := b.elemByID[fl.TargetRef]; t != nil && fl.TargetRef != "" {
			fl.Target = t
			t.Incoming = append(t.Incoming, fl)
		}
	}
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
