package join

import (
	"slices"
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/span"
)

// Model is what the join and the project rules keep of a loaded BPMN model
// (a *bpmn.Document): its top-level processes, its timer elements, and what
// the ids the index graph names stand for, each with the span of its start
// tag. It is built by Summarize (or Index.Summarize) while the file is
// checked, so that the parsed tree can be dropped at once: a check of many
// models with an index graph then holds a few hundred bytes per model
// instead of the whole tree.
//
// A Model is read-only once the join is done (Index.Finish), so rules may
// read it from several goroutines.
type Model struct {
	// Path is the file's path as the user gave it (or as it was found):
	// what findings print. IRI is the model's IRI (its file: URL).
	Path string
	IRI  string
	// Processes are the top-level processes, in document order.
	Processes []*Process
	// Timers are the flow nodes that hold an inline timerEventDefinition,
	// in document order.
	Timers []*Element

	// ids holds what each kept id names (the first in document order
	// when ids repeat, as bpmn.Document.ByID), sorted by id, except the
	// ids that Timers and Processes answer for (carried once, by a timer
	// element or a top-level process): every id of the model until
	// Index.Prune keeps those the graph names.
	ids []idRef
	// repeated are the ids several elements of the model carry.
	repeated map[string]bool
	abs      string // absolute path
	// nodes is where the last Finish given the model put the nodes of its
	// file in the index's nodes by element: byKey[nodes[0]:nodes[1]]
	// (32-bit, as the flag beside it: a Model takes 144 bytes, not 152).
	nodes   [2]int32
	indexed bool // the graph covers the model (set by Finish)
}

// Process is a top-level process of a Model.
type Process struct {
	ID string
	// Index is the process's place in the bpmn.Document's Processes, which
	// also lists sub-processes: doc.Processes[Index] is the process this
	// one summarizes.
	Index int
	// at is the start tag's span without its file, path's.
	at   posRange
	path *string
}

// Span is the start tag's span.
func (p *Process) Span() span.Range { return p.at.in(*p.path) }

// Element is a flow node of a Model: one that holds a timer definition
// (Model.Timers), or another that the index graph names as a timer (then
// it has no Timers, and only ID, Type and Span are set).
type Element struct {
	ID string
	// at is the start tag's span without its file, path's: a check of
	// many models holds one Element per timer to the end.
	at   posRange
	path *string
	// AttachedTo is, for a boundary event, the element its attachedToRef
	// names; nil when none does.
	AttachedTo *Attached
	// Process is the top-level process that holds the element.
	Process *Process
	// Timers counts the inline timer event definitions.
	Timers int32
	// Placement is where the element sits (bpmn.Element.Placement).
	Placement bpmn.Placement
	// kind is the BPMN local name (Type), as bpmn.FlowNodeKind numbers
	// it: an Element takes 72 bytes, not 96.
	kind uint8
}

// Type is the BPMN local name: "startEvent", "boundaryEvent", ...
func (e *Element) Type() string { return bpmn.FlowNodeType(e.kind) }

// Span is the start tag's span.
func (e *Element) Span() span.Range { return e.at.in(*e.path) }

// newElement is an Element that only the index graph names as a timer: it
// holds no timer definition.
func newElement(m *Model, id, what string, r span.Range) *Element {
	return &Element{ID: id, kind: bpmn.FlowNodeKind(what), at: newPosRange(r), path: &m.Path}
}

// posRange is a span of a model file without the file, in 32-bit numbers:
// start line, column, offset; end line, column, offset.
type posRange [6]int32

func newPosRange(r span.Range) posRange {
	s, e := r.Start, r.End
	return posRange{int32(s.Line), int32(s.Col), int32(s.Offset), int32(e.Line), int32(e.Col), int32(e.Offset)}
}

// in is the span in the file at path.
func (p posRange) in(path string) span.Range {
	return span.Range{File: path,
		Start: span.Pos{Line: int(p[0]), Col: int(p[1]), Offset: int(p[2])},
		End:   span.Pos{Line: int(p[3]), Col: int(p[4]), Offset: int(p[5])}}
}

// Attached is the element a boundary event is attached to.
type Attached struct {
	ID   string
	kind uint8 // Type, as bpmn.FlowNodeKind numbers it
}

// Type is the BPMN local name: "userTask", "subProcess", ...
func (a *Attached) Type() string { return bpmn.FlowNodeType(a.kind) }

// IsActivity reports whether the element is a task or sub-process.
func (a *Attached) IsActivity() bool { return bpmn.IsActivityType(a.Type()) }

// Ref is what an id of a Model names.
type Ref struct {
	// What is "process" for a top-level process, "sequenceFlow" for a
	// sequence flow, and a flow node's BPMN local name otherwise (a
	// sub-process is a flow node: "subProcess").
	What string
	// Span is the start tag's span.
	Span span.Range
	// Process is set for a top-level process, Element for a flow node that
	// holds a timer definition.
	Process *Process
	Element *Element
}

// Ref kinds that are not flow nodes.
const (
	WhatProcess = "process"
	WhatFlow    = "sequenceFlow"
)

// idRef is a Ref as a Model keeps it: its span without the file (the
// model's Path), in 32-bit numbers.
type idRef struct {
	id, what string
	pos      posRange
	proc     *Process
	el       *Element
}

func newIDRef(id string, r Ref) idRef {
	return idRef{id: id, what: r.What, proc: r.Process, el: r.Element, pos: newPosRange(r.Span)}
}

// ref is the Ref an idRef of model m stands for.
func (x *idRef) ref(m *Model) Ref {
	return Ref{What: x.what, Process: x.proc, Element: x.el, Span: x.pos.in(m.Path)}
}

func compareIDRef(a, b idRef) int { return strings.Compare(a.id, b.id) }

// Summarize builds the Model of a loaded model, every id kept.
func Summarize(doc *bpmn.Document) *Model {
	m := summarize(doc)
	m.ids = make([]idRef, 0, len(doc.ByID))
	for id, v := range doc.ByID {
		m.add(id, v)
	}
	slices.SortFunc(m.ids, compareIDRef)
	m.ids = slices.Clip(m.ids)
	return m
}

// add records what the id names (v, from doc.ByID), unless Timers and
// Processes answer for it.
func (m *Model) add(id string, v any) {
	r := m.ref(v)
	if (r.Element != nil || r.Process != nil) && !m.repeated[id] {
		return
	}
	m.ids = append(m.ids, newIDRef(id, r))
}

// summarize builds a Model with no ids.
func summarize(doc *bpmn.Document) *Model {
	m := &Model{Path: doc.Path, IRI: doc.IRI, abs: AbsPath(doc.Path), repeated: RepeatedIDs(doc)}
	if strings.HasSuffix(m.IRI, m.abs) {
		// The file: IRI spells the absolute path when nothing in it is
		// escaped: one copy of it is kept, not two.
		m.abs = m.IRI[len(m.IRI)-len(m.abs):]
	}
	// The processes, elements and attached activities of a model are
	// allocated together: a check of many models holds them to the end,
	// and fewer objects are less for the collector to mark.
	tops, timers, attached := 0, 0, 0
	for _, p := range doc.Processes {
		if p.Parent == nil {
			tops++
		}
	}
	for _, e := range doc.Elements {
		if len(e.Timers) > 0 {
			timers++
			if e.AttachedTo != nil {
				attached++
			}
		}
	}
	procs, els, atts := make([]Process, 0, tops), make([]Element, 0, timers), make([]Attached, 0, attached)
	m.Processes, m.Timers = make([]*Process, 0, tops), make([]*Element, 0, timers)
	for i, p := range doc.Processes {
		if p.Parent == nil {
			procs = append(procs, Process{ID: p.ID, at: newPosRange(p.Span), path: &m.Path, Index: i})
			m.Processes = append(m.Processes, &procs[len(procs)-1])
		}
	}
	top := func(p *bpmn.Process) *Process {
		for _, mp := range m.Processes {
			if doc.Processes[mp.Index] == p {
				return mp
			}
		}
		return nil
	}
	for _, e := range doc.Elements {
		if len(e.Timers) == 0 {
			continue
		}
		els = append(els, Element{ID: e.ID, kind: bpmn.FlowNodeKind(e.Type), at: newPosRange(e.Span), path: &m.Path, Placement: e.Placement(), Timers: int32(len(e.Timers))})
		el := &els[len(els)-1]
		if to := e.AttachedTo; to != nil {
			atts = append(atts, Attached{ID: to.ID, kind: bpmn.FlowNodeKind(to.Type)})
			el.AttachedTo = &atts[len(atts)-1]
		}
		if e.Container != nil {
			el.Process = top(e.Container.Top())
		}
		m.Timers = append(m.Timers, el)
	}
	if len(m.Processes) == 0 {
		m.Processes = nil
	}
	if len(m.Timers) == 0 {
		m.Timers = nil
	}
	return m
}

// internType returns a shared copy of a flow node's BPMN local name (a
// constant), or t: a summary then holds no copy of the parser's.
func internType(t string) string {
	if k := bpmn.FlowNodeKind(t); k != 0 {
		return bpmn.FlowNodeType(k)
	}
	return t
}

// ref is the Ref of a value of doc.ByID.
func (m *Model) ref(v any) Ref {
	switch v := v.(type) {
	case *bpmn.Process:
		r := Ref{What: WhatProcess, Span: v.Span}
		for _, p := range m.Processes {
			if p.Span() == v.Span {
				r.Process = p
				break
			}
		}
		return r
	case *bpmn.Element:
		r := Ref{What: internType(v.Type), Span: v.Span}
		if len(v.Timers) > 0 {
			for _, el := range m.Timers {
				if el.Span() == v.Span {
					r.Element = el
					break
				}
			}
		}
		return r
	case *bpmn.Flow:
		return Ref{What: WhatFlow, Span: v.Span}
	}
	return Ref{}
}

// keep drops the ids that are neither in want (sorted) nor the id of a
// top-level process, into a list of the size it needs.
func (m *Model) keep(want []string) {
	kept := func(id string) bool {
		_, ok := slices.BinarySearch(want, id)
		return ok || slices.ContainsFunc(m.Processes, func(p *Process) bool { return p.ID == id })
	}
	n := 0
	for _, x := range m.ids {
		if kept(x.id) {
			n++
		}
	}
	ids := make([]idRef, 0, n)
	for _, x := range m.ids {
		if kept(x.id) {
			ids = append(ids, x)
		}
	}
	m.ids = ids
}

// shareIDs makes the ids of the model's processes and timer elements, and
// of the elements these are attached to, the equal strings of ids (sorted)
// where it holds them.
func (m *Model) shareIDs(ids []string) {
	share := func(id *string) {
		if i, ok := slices.BinarySearch(ids, *id); ok {
			*id = ids[i]
		}
	}
	for _, p := range m.Processes {
		share(&p.ID)
	}
	for _, el := range m.Timers {
		share(&el.ID)
		if el.AttachedTo != nil {
			share(&el.AttachedTo.ID)
		}
	}
}

// summarizeKept builds the Model of doc keeping the ids in want and those
// of the top-level processes: what keep would leave of Summarize(doc).
func summarizeKept(doc *bpmn.Document, want []string) *Model {
	m := summarize(doc)
	add := func(id string) {
		if v, ok := doc.ByID[id]; ok {
			m.add(id, v)
		}
	}
	for _, p := range m.Processes {
		add(p.ID)
	}
	for _, id := range want {
		add(id)
	}
	slices.SortFunc(m.ids, compareIDRef)
	m.ids = slices.Clip(slices.CompactFunc(m.ids, func(a, b idRef) bool { return a.id == b.id }))
	return m
}

// ID returns what an id of the model names, when the model keeps it: every
// id that the index graph names, and those of the top-level processes.
func (m *Model) ID(id string) (Ref, bool) {
	if i, ok := slices.BinarySearchFunc(m.ids, id, func(x idRef, id string) int { return strings.Compare(x.id, id) }); ok {
		return m.ids[i].ref(m), true
	}
	if id == "" || m.repeated[id] {
		return Ref{}, false
	}
	for _, el := range m.Timers {
		if el.ID == id {
			return Ref{What: el.Type(), Span: el.Span(), Element: el}, true
		}
	}
	for _, p := range m.Processes {
		if p.ID == id {
			return Ref{What: WhatProcess, Span: p.Span(), Process: p}, true
		}
	}
	return Ref{}, false
}

// ElementIRI is the subject IRI of an element of the model: the model's
// IRI plus #id.
func (m *Model) ElementIRI(id string) string { return m.IRI + "#" + id }

// ElementDisplay is the compact form of an element's IRI used in messages:
// the model's path as the user gave it, plus #id.
func (m *Model) ElementDisplay(id string) string { return m.Path + "#" + id }
