package sim

import (
	"fmt"
	"strconv"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// Level is a log level.
type Level uint8

// Levels.
const (
	LevelDebug Level = iota + 1
	LevelInfo
	LevelWarn
)

// String returns the lower-case level name.
func (l Level) String() string {
	switch l {
	case LevelDebug:
		return "debug"
	case LevelInfo:
		return "info"
	case LevelWarn:
		return "warn"
	}
	return "unknown"
}

// Kind is what an event records.
type Kind uint8

// Event kinds. The first three are the ADR's log lines.
const (
	// KindFire is `timer fire <event> due <due> instance <id>`: a replica
	// started (timer start) or woke (timer catch) an instance.
	KindFire Kind = iota + 1
	// KindClaimedElsewhere is `timer claimed elsewhere <event> due <due>`
	// (debug): the replica's insert conflicted, or the row's lease was held.
	KindClaimedElsewhere
	// KindMissed is `timer missed <event> N firing(s)`: only the latest of
	// several passed due times fired.
	KindMissed
	// KindArmed: an instance reached a timer catch; its due time is fixed.
	KindArmed
	// KindCancelled: an armed timer was removed before it fired (its task
	// completed, or another timer of an event-based gateway won).
	KindCancelled
	// KindLeaseLost: a replica whose lease lapsed rolled its run back.
	KindLeaseLost
	// KindReplicaCrash, KindReplicaRestart and KindReplicaStall are what the
	// scenario does to one replica.
	KindReplicaCrash
	KindReplicaRestart
	KindReplicaStall
	// KindDown and KindUp bound a downtime window of every replica.
	KindDown
	KindUp
	KindInstanceStart
	KindInstanceEnd
	KindTaskOpen
	KindTaskComplete
	KindTaskCancelled
	// KindGateway: a gateway took a flow the scenario did not name.
	KindGateway
	// KindWaitsForever: a token waits for something no simulation sends.
	KindWaitsForever
)

var kindNames = [...]string{
	KindFire:             "timer-fire",
	KindClaimedElsewhere: "timer-claimed-elsewhere",
	KindMissed:           "timer-missed",
	KindArmed:            "timer-armed",
	KindCancelled:        "timer-cancelled",
	KindLeaseLost:        "timer-lease-lost",
	KindReplicaCrash:     "replica-crash",
	KindReplicaRestart:   "replica-restart",
	KindReplicaStall:     "replica-stall",
	KindDown:             "runtime-down",
	KindUp:               "runtime-up",
	KindInstanceStart:    "instance-start",
	KindInstanceEnd:      "instance-end",
	KindTaskOpen:         "task-open",
	KindTaskComplete:     "task-complete",
	KindTaskCancelled:    "task-cancelled",
	KindGateway:          "gateway",
	KindWaitsForever:     "waits-forever",
}

// String returns the kind's JSON name, such as "timer-fire".
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Event is one thing that happened, at one instant, on one replica.
type Event struct {
	// At is the tick (or, for what a user does, the instant) it happened.
	At time.Time
	// Replica is 1-based; 0 means every replica (downtime).
	Replica int
	Level   Level
	Kind    Kind
	// Timer indexes Result.Timers; -1 when the event is not about a timer.
	Timer int
	// Due is the firing's due time; K its occurrence number from 0.
	Due time.Time
	K   int
	// Instance numbers Result.Instance from 1; 0 when none.
	Instance int
	// Count is N of `timer missed`.
	Count int
	// Element is the task, gateway or catch event a task or gateway event
	// is about; Other is a second element (the flow a gateway took, the
	// boundary that cancelled a task).
	Element string
	Other   string
	// Until is the end of a downtime, a lease's expiry, or a stall's end.
	Until time.Time
	// Note qualifies the event in words.
	Note string
}

// Role is where a timer sits, as the summary names it: its placement
// (bpmn.Placement) in the four words of the simulator's output.
type Role uint8

// Roles.
const (
	RoleStart Role = iota + 1
	RoleIntermediate
	RoleBoundary
	RoleBoundaryNonInterrupting
)

// String names the role.
func (r Role) String() string {
	switch r {
	case RoleStart:
		return "start"
	case RoleIntermediate:
		return "catch"
	case RoleBoundary:
		return "boundary"
	case RoleBoundaryNonInterrupting:
		return "boundary-ni"
	}
	return "unknown"
}

// roles is the role of a timer in each placement: every start event is a
// start, an event that cannot wait on a timer is listed as a catch.
var roles = [...]Role{
	bpmn.PlaceOther:                   RoleIntermediate,
	bpmn.PlaceProcessStart:            RoleStart,
	bpmn.PlaceEventSubProcessStart:    RoleStart,
	bpmn.PlaceSubProcessStart:         RoleStart,
	bpmn.PlaceIntermediateCatch:       RoleIntermediate,
	bpmn.PlaceInterruptingBoundary:    RoleBoundary,
	bpmn.PlaceNonInterruptingBoundary: RoleBoundaryNonInterrupting,
	bpmn.PlaceThrow:                   RoleIntermediate,
	bpmn.PlaceEnd:                     RoleIntermediate,
}

// TimerStats is one timer's line of the summary.
type TimerStats struct {
	// Doc and Element are the timer's model and event.
	Doc     *bpmn.Document
	Element *bpmn.Element
	// Name is the element as messages show it (path#id); IRI its IRI.
	Name string
	IRI  string
	Role Role
	// Kind and Value are the expression Spiff evaluates
	// (bpmn.Timer.Effective), as Spiff reads it.
	Kind  bpmn.ExprKind
	Value string
	// Arith is the arithmetic of its due times (seams calendar for a
	// timer start with a monthly period, spiff stride for a catch).
	Arith timeexpr.Arith
	// Scheduled reports a timer start that a scheduler runs.
	Scheduled bool
	// Refusal says why the timer was not simulated: the caller's verdict,
	// or a value the simulator cannot read.
	Refusal *Refusal
	// Note qualifies the line ("no container schedules it").
	Note string

	// Fired counts firings (occurrences, for a catch cycle); Missed the due
	// times collapsed into a later firing; ClaimedElsewhere the losing
	// claims; Armed the catches reached; Cancelled those removed before
	// they fired; Pending the due times before Until that never fired;
	// Waiting the catches still armed at Until; RolledBack the runs a lost
	// lease or a crash undid.
	Fired, Missed, ClaimedElsewhere, Armed, Cancelled, Pending, Waiting, RolledBack int
	// LateMax is the largest delay between a due time and its firing.
	LateMax time.Duration
}

// Instance names one process instance.
type Instance struct {
	// Process indexes Result.Processes; Seq counts from 1 per process.
	Process int32
	Seq     int32
}

// Result is the outcome of one simulation.
type Result struct {
	Scenario Scenario
	// Spiff is the SpiffWorkflow engine loop the timer catches followed.
	Spiff SpiffVersion
	// Note says what was assumed (no scenario: the next 30 days).
	Note string
	// Scheduling says, as the caller read it from the index graph, which
	// container schedules which process (Input.Starts); "" when the caller
	// says nothing.
	Scheduling string
	Timers     []*TimerStats
	Processes  []string

	insts chunked[Instance]
	ninst int
	log   log
}

// Instances returns how many instances the simulation created.
func (r *Result) Instances() int { return r.ninst }

// Instance returns the i-th instance, from 1.
func (r *Result) Instance(i int) Instance { return *r.insts.at(i - 1) }

// InstanceName returns the instance's id as log lines show it:
// <process>#<n>.
func (r *Result) InstanceName(i int) string {
	if i <= 0 || i > r.insts.len() {
		return ""
	}
	in := r.insts.at(i - 1)
	return r.Processes[in.Process] + "#" + strconv.Itoa(int(in.Seq))
}

// ReplicaName returns r1, r2... or "all" for the runtime as a whole.
func ReplicaName(n int) string {
	if n == 0 {
		return "all"
	}
	return "r" + strconv.Itoa(n)
}

// Message renders an event as a log line without its time, replica and
// level prefix; the first three kinds are ADR-0037 section 5's lines.
func (r *Result) Message(ev Event) string { return r.message(ev, r.InstanceName(ev.Instance)) }

// message is Message with the instance's name given.
func (r *Result) message(ev Event, inst string) string {
	timer := ""
	var ts *TimerStats
	if ev.Timer >= 0 && ev.Timer < len(r.Timers) {
		ts = r.Timers[ev.Timer]
		timer = ts.Name
	}
	due := timeexpr.FormatTime(ev.Due)
	switch ev.Kind {
	case KindFire:
		s := fmt.Sprintf("timer fire %s due %s instance %s", timer, due, inst)
		if ts != nil && (ts.Arith == timeexpr.ArithCalendar || ts.Arith == timeexpr.ArithStride) && ev.Note != "" {
			s += " [" + ev.Note + "]"
		}
		return s
	case KindClaimedElsewhere:
		return fmt.Sprintf("timer claimed elsewhere %s due %s", timer, due)
	case KindMissed:
		return fmt.Sprintf("timer missed %s %d firing(s)", timer, ev.Count)
	case KindArmed:
		return fmt.Sprintf("timer armed %s due %s instance %s", timer, due, inst)
	case KindCancelled:
		return fmt.Sprintf("timer cancelled %s due %s instance %s (%s)", timer, due, inst, ev.Note)
	case KindLeaseLost:
		return fmt.Sprintf("timer lease lost %s due %s instance %s: its lease expired at %s, run rolled back", timer, due, inst, timeexpr.FormatTime(ev.Until))
	case KindReplicaCrash:
		switch {
		case ts != nil && ev.Note == "claim":
			return fmt.Sprintf("replica crash while claiming %s due %s: claim rolled back", timer, due)
		case ts != nil:
			return fmt.Sprintf("replica crash holding the lease of %s due %s until %s", timer, due, timeexpr.FormatTime(ev.Until))
		}
		return "replica crash"
	case KindReplicaRestart:
		return "replica restart"
	case KindReplicaStall:
		return fmt.Sprintf("replica stall until %s holding the lease of %s due %s", timeexpr.FormatTime(ev.Until), timer, due)
	case KindDown:
		return "runtime down until " + timeexpr.FormatTime(ev.Until)
	case KindUp:
		return "runtime up"
	case KindInstanceStart:
		return fmt.Sprintf("instance start %s at %s", inst, ev.Element)
	case KindInstanceEnd:
		return "instance end " + inst
	case KindTaskOpen:
		return fmt.Sprintf("task open %s instance %s", ev.Element, inst)
	case KindTaskComplete:
		return fmt.Sprintf("task complete %s instance %s", ev.Element, inst)
	case KindTaskCancelled:
		return fmt.Sprintf("task cancelled %s instance %s by %s", ev.Element, inst, ev.Other)
	case KindGateway:
		return fmt.Sprintf("gateway %s took %s instance %s (%s)", ev.Element, ev.Other, inst, ev.Note)
	case KindWaitsForever:
		return fmt.Sprintf("token waits forever at %s instance %s (%s)", ev.Element, inst, ev.Note)
	}
	return ev.Kind.String()
}
