package rules

import "github.com/seams/seams-timers/bpmn"

// placement is where a timer event sits, in the terms of ADR-0037 section
// 1's table.
type placement int

// Placements.
const (
	placeOther placement = iota
	// placeProcessStart is a start event directly in a top-level process:
	// a proc:TimerStartEvent.
	placeProcessStart
	// placeEventSubStart is the start event of an event sub-process: out of
	// scope.
	placeEventSubStart
	// placeSubStart is the start event of an embedded sub-process or
	// transaction, which BPMN starts with a none start event only.
	placeSubStart
	// placeCatch is an intermediate catch event.
	placeCatch
	// placeBoundary is an interrupting boundary event.
	placeBoundary
	// placeBoundaryNI is a non-interrupting boundary event.
	placeBoundaryNI
)

// placeOf returns where an event sits.
func placeOf(e *bpmn.Element) placement {
	switch e.Type {
	case "startEvent":
		if e.Container == nil {
			return placeOther
		}
		switch e.Container.Kind {
		case bpmn.KindProcess:
			return placeProcessStart
		case bpmn.KindEventSubProcess:
			return placeEventSubStart
		}
		return placeSubStart
	case "intermediateCatchEvent":
		return placeCatch
	case "boundaryEvent":
		if e.CancelActivity {
			return placeBoundary
		}
		return placeBoundaryNI
	}
	return placeOther
}

// String describes the placement for messages.
func (p placement) String() string {
	switch p {
	case placeProcessStart:
		return "a process's start event"
	case placeEventSubStart:
		return "the start event of an event sub-process"
	case placeSubStart:
		return "the start event of a sub-process"
	case placeCatch:
		return "an intermediate catch event"
	case placeBoundary:
		return "an interrupting boundary event"
	case placeBoundaryNI:
		return "a non-interrupting boundary event"
	}
	return "an event that cannot wait on a timer"
}

// timerEvents returns the elements that hold at least one timer
// definition, in document order.
func timerEvents(doc *bpmn.Document) []*bpmn.Element {
	var out []*bpmn.Element
	for _, e := range doc.Elements {
		if len(e.Timers) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// article returns "a" or "an" for an element type name.
func article(word string) string {
	if word != "" && (word[0] == 'a' || word[0] == 'e' || word[0] == 'i' || word[0] == 'o' || word[0] == 'u') {
		return "an"
	}
	return "a"
}
