package bpmn

// Placement is where an event that may hold a timer sits, in the terms of
// ADR-0037 section 1's table: it decides whether the timer is lifted, as
// which index type, and which expressions it accepts.
type Placement uint8

// Placements.
const (
	// PlaceOther is any other element: a task, or a start event outside
	// any process.
	PlaceOther Placement = iota
	// PlaceProcessStart is a start event directly in a top-level process:
	// a proc:TimerStartEvent.
	PlaceProcessStart
	// PlaceEventSubProcessStart is the start event of an event
	// sub-process: out of scope.
	PlaceEventSubProcessStart
	// PlaceSubProcessStart is the start event of an embedded sub-process
	// or transaction, which BPMN starts with a none start event only.
	PlaceSubProcessStart
	// PlaceIntermediateCatch is an intermediate catch event.
	PlaceIntermediateCatch
	// PlaceInterruptingBoundary is an interrupting boundary event.
	PlaceInterruptingBoundary
	// PlaceNonInterruptingBoundary is a non-interrupting boundary event.
	PlaceNonInterruptingBoundary
	// PlaceThrow is an intermediate throw event (or an implicit throw
	// event): it throws and never waits.
	PlaceThrow
	// PlaceEnd is an end event: the path ends there.
	PlaceEnd
)

// Placements lists every placement, in order, so that a caller can check
// it answers each one.
var Placements = []Placement{
	PlaceOther, PlaceProcessStart, PlaceEventSubProcessStart, PlaceSubProcessStart, PlaceIntermediateCatch,
	PlaceInterruptingBoundary, PlaceNonInterruptingBoundary, PlaceThrow, PlaceEnd,
}

// InTable reports whether ADR-0037 section 1's table has a row for the
// placement: a process's start event, an intermediate catch event, a
// boundary event (lifted on a user task, refused on any other activity),
// and the start event of an event sub-process (refused). A timer anywhere
// else (a throw or end event, the start event of an embedded
// sub-process) has no row.
func (p Placement) InTable() bool {
	switch p {
	case PlaceProcessStart, PlaceEventSubProcessStart, PlaceIntermediateCatch,
		PlaceInterruptingBoundary, PlaceNonInterruptingBoundary:
		return true
	}
	return false
}

// Placement returns where the element sits.
func (e *Element) Placement() Placement {
	switch e.Type {
	case "startEvent":
		if e.Container == nil {
			return PlaceOther
		}
		switch e.Container.Kind {
		case KindProcess:
			return PlaceProcessStart
		case KindEventSubProcess:
			return PlaceEventSubProcessStart
		}
		return PlaceSubProcessStart
	case "intermediateCatchEvent":
		return PlaceIntermediateCatch
	case "intermediateThrowEvent", "implicitThrowEvent":
		return PlaceThrow
	case "endEvent":
		return PlaceEnd
	case "boundaryEvent":
		if e.CancelActivity {
			return PlaceInterruptingBoundary
		}
		return PlaceNonInterruptingBoundary
	}
	return PlaceOther
}

// IsStart reports whether the placement is a start event: of a process,
// of an event sub-process or of an embedded sub-process.
func (p Placement) IsStart() bool {
	switch p {
	case PlaceProcessStart, PlaceEventSubProcessStart, PlaceSubProcessStart:
		return true
	}
	return false
}

// String describes the placement for messages: "a non-interrupting
// boundary event".
func (p Placement) String() string {
	switch p {
	case PlaceProcessStart:
		return "a process's start event"
	case PlaceEventSubProcessStart:
		return "the start event of an event sub-process"
	case PlaceSubProcessStart:
		return "the start event of a sub-process"
	case PlaceIntermediateCatch:
		return "an intermediate catch event"
	case PlaceInterruptingBoundary:
		return "an interrupting boundary event"
	case PlaceNonInterruptingBoundary:
		return "a non-interrupting boundary event"
	case PlaceThrow:
		return "an intermediate throw event"
	case PlaceEnd:
		return "an end event"
	}
	return "an event that cannot wait on a timer"
}
