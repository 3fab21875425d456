package project

import (
	_ "embed"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/sim"
)

// NextSchemaID is the version of next's JSON document (its "schema"
// field); a change that could break a reader gets a new number.
const NextSchemaID = "seams-timers/next/1"

// NextSchema is the JSON Schema of next's JSON document
// (project/next.schema.json, documented in docs/json.md).
//
//go:embed next.schema.json
var NextSchema []byte

// The statuses of a timer in next's JSON document.
const (
	// NextDue: the timer has due times (Due, at most the count asked for;
	// empty when a bounded timer has fired every time already, see Note).
	NextDue = "due"
	// NextNone: the runtime computes no due time from the definition
	// (an expression computed at run time, a value it does not register,
	// a trigger of the class's own code); Note says why.
	NextNone = "none"
	// NextRefused: the engine's rules refuse the timer; the refusal is
	// among the findings, at Rule's ID.
	NextRefused = "refused"
	// NextError: no due time can be computed although no rule refused
	// the timer (the value does not parse); Note says why.
	NextError = "error"
)

// NextTimer is one timer of next's JSON document.
type NextTimer struct {
	// TimerID is the timer's identity, the one simulate's JSON document
	// writes for the same timer (sim.TimerID, docs/json.md).
	sim.TimerID
	// Kind is what the value is to the engine: timeDate, timeDuration or
	// timeCycle (bpmn); Interval, Time, Date, DateAndTime or Expression
	// (wfe); the catalog type (stateflows); CronSchedule (cadence).
	Kind string `json:"kind,omitempty"`
	// Value is the timer's value as written.
	Value string `json:"value,omitempty"`
	// Status is one of NextDue, NextNone, NextRefused, NextError.
	Status string `json:"status"`
	// Rule is the ID of the refusing finding's rule (NextRefused).
	Rule string `json:"rule,omitempty"`
	// Due are the next due times, RFC 3339 in UTC, in order.
	Due []string `json:"due"`
	// Delivered are when the host delivers each due time (stateflows:
	// the scheduler's next minute tick), beside Due, when any differs.
	Delivered []string `json:"delivered,omitempty"`
	// Notes say, beside Due, what the engine's arithmetic did for each
	// due time ("" for none), when any says something.
	Notes []string `json:"notes,omitempty"`
	// Note says what applies to the timer as a whole: how the engine
	// reads the value, why it has no due time.
	Note string `json:"note,omitempty"`
}

// NextDocument is next's JSON document.
type NextDocument struct {
	// Schema is NextSchemaID.
	Schema string `json:"schema"`
	// Now is the reference time the due times are computed from.
	Now string `json:"now"`
	// Count is the most due times listed per timer (-n).
	Count int `json:"count"`
	// Timers are every timer, in the order text output prints them.
	Timers []NextTimer `json:"timers"`
	// Findings are the refusals, the loading findings and the rules'
	// warnings on the values, shaped as check --format json's.
	Findings []lint.Diagnostic `json:"findings"`
}

// NextJSON collects next's JSON document while the engines run.
type NextJSON struct {
	Timers   []NextTimer
	Findings []lint.Diagnostic
}

// Instant is an instant as the JSON documents write it: RFC 3339 in UTC,
// with fractional seconds only when there are some.
func Instant(t time.Time) string { return sim.Instant(t) }

// Instants writes instants as Instant does.
func Instants(ts []time.Time) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = Instant(t)
	}
	return out
}

// Timer adds a timer to the JSON document when next writes one (it does
// nothing otherwise). A nil Due is written as an empty list.
func (r *NextRun) Timer(t NextTimer) {
	if r.JSON == nil {
		return
	}
	if t.Due == nil {
		t.Due = []string{}
	}
	r.JSON.Timers = append(r.JSON.Timers, t)
}

// Refuse prints a finding (a refusal, a loading finding) on standard
// output, indented by indent, and adds it to the JSON document.
func (r *NextRun) Refuse(indent string, d lint.Diagnostic) {
	r.Out.Finding(indent, d)
	r.Record(d)
}

// Record adds a finding to the JSON document without printing it (the
// caller prints it in its own form, such as a warning on stderr).
func (r *NextRun) Record(d lint.Diagnostic) {
	if r.JSON != nil {
		r.JSON.Findings = append(r.JSON.Findings, d)
	}
}
