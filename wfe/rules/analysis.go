package rules

import (
	"slices"
	"strings"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe"
	"github.com/seams/seams-timers/wfe/value"
)

// Types are the timer types the engine knows.
var Types = []string{"Interval", "Time", "Date", "DateAndTime", "Expression"}

// knownType reports whether a Type is one of Types, spelled exactly.
func knownType(t string) bool { return slices.Contains(Types, t) }

// Value is a timer value to check: its type and text, the timer's name,
// and the runtime's config.
type Value struct {
	Type, Text, Name string
	Config           *Config
}

// found is what a value check reports: what is wrong, and what to do.
type found struct{ what, detail string }

// valueCheck is a value rule's check.
type valueCheck func(v *Value) []found

// engine is the build the config models.
func (v *Value) engine() value.Engine {
	if v.Config == nil {
		return value.Engine6
	}
	return v.Config.Engine
}

// interval reads the value as an Interval, as the configured build does.
func (v *Value) interval() value.Interval { return value.ReadIntervalAs(v.Text, v.engine()) }

// label names the timer in a message: `timer "SLA"`, or "value" for a
// value given on the command line.
func (v *Value) label() string {
	if v.Name == "" {
		return "value"
	}
	return "timer " + quote(v.Name)
}

// nameOr is the timer's name, or alt for a value with none.
func (v *Value) nameOr(alt string) string {
	if v.Name == "" {
		return alt
	}
	return v.Name
}

// sentinel reports the special values 0 and -1.
func (v *Value) sentinel() bool { return value.IsSentinel(v.Text) }

// ValueFindings runs the value rules (or those in only, when not nil) on
// one value, for next: the findings check would report on the timer's
// Value, with the value itself as subject.
func ValueFindings(v *Value, only []*lint.Rule) []lint.Diagnostic {
	var out []lint.Diagnostic
	for _, vr := range valueRules {
		if only != nil && !slices.Contains(only, vr.rule) {
			continue
		}
		for _, f := range vr.check(v) {
			d := lint.Diagnostic{Rule: vr.rule.ID, Name: vr.rule.Name, Severity: vr.rule.Severity,
				Predicate: "Value", What: f.what, Detail: f.detail}
			d.Message = f.what
			out = append(out, d)
		}
	}
	return out
}

// runValue reports a value rule, its check, on the Value of every timer of
// the file.
func runValue(p *lint.Pass, check valueCheck) {
	cfg := configOf(p)
	for _, s := range schemes(p) {
		for _, t := range s.Timers {
			if !knownType(t.Type.Value) {
				continue
			}
			v := &Value{Type: t.Type.Value, Text: t.Value.Value, Name: t.Name.Value, Config: cfg}
			for _, f := range check(v) {
				p.ReportSpan(t.Value.Range, t.ID, "Value", f.what, f.detail)
			}
		}
	}
}

// configOf is the runtime config of a pass.
func configOf(p *lint.Pass) *Config {
	if st, ok := p.State().(*State); ok && st.Config != nil {
		return st.Config
	}
	return DefaultConfig()
}

// schemes returns the schemes of the pass's file.
func schemes(p *lint.Pass) []*wfe.Scheme {
	if f, ok := p.File.Model.(*wfe.File); ok {
		return f.Schemes
	}
	return nil
}

// Flow is what clear-and-register does at one activity: the timers its
// outgoing timer transitions register, and for each the transitions it
// triggers there.
type Flow struct {
	Activity string
	Timers   []*wfe.Timer
	Uses     map[*wfe.Timer][]*wfe.Transition
}

// CanFail reports whether a firing of t at the activity can leave the
// instance where it is: every transition t triggers there has a condition
// that can fail.
func (f *Flow) CanFail(t *wfe.Timer) bool {
	for _, tr := range f.Uses[t] {
		if !tr.CanFail() {
			return false
		}
	}
	return true
}

// Flows returns, per activity that has outgoing timer transitions, what
// entering it registers: the activities in scheme order, then the
// transitions' From names that no activity declares.
func Flows(s *wfe.Scheme) []*Flow {
	var names []string
	seen := map[string]bool{}
	for _, a := range s.Activities {
		if !seen[a.Name.Value] {
			seen[a.Name.Value] = true
			names = append(names, a.Name.Value)
		}
	}
	for _, tr := range s.Transitions {
		if !seen[tr.From.Value] {
			seen[tr.From.Value] = true
			names = append(names, tr.From.Value)
		}
	}
	var out []*Flow
	for _, name := range names {
		if ts, uses := s.TimersOut(name); len(ts) > 0 {
			out = append(out, &Flow{Activity: name, Timers: ts, Uses: uses})
		}
	}
	return out
}

// reachable returns the activities a path of transitions reaches from the
// initial activity; nil when the scheme has none.
func reachable(s *wfe.Scheme) map[string]bool {
	init := s.Initial()
	if init == nil {
		return nil
	}
	seen := map[string]bool{init.Name.Value: true}
	queue := []string{init.Name.Value}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, tr := range s.Outgoing(a) {
			if to := tr.To.Value; !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	return seen
}

// typeLabel is how a message names a timer: `Interval timer "SLA"`.
func typeLabel(t *wfe.Timer) string {
	return strings.TrimSpace(t.Type.Value + " timer " + quote(t.Name.Value))
}

// quote double-quotes s.
func quote(s string) string { return `"` + s + `"` }

// TimerVerdict returns the first error check reports on a timer of the
// file at path (whose IRI is iri) among the rules that mean the runtime
// registers nothing for it (its Type, its Value), at the same place; ok
// is false when there is none.
func TimerVerdict(path, iri string, t *wfe.Timer, cfg *Config) (lint.Diagnostic, bool) {
	if f, bad := checkType(t); bad {
		d := lint.ElementDiagnostic(path, iri, t.Type.Range, t.ID, "Type", f.what, f.detail)
		d.Rule, d.Name, d.Severity = TimerTypeUnknown.ID, TimerTypeUnknown.Name, TimerTypeUnknown.Severity
		return d, true
	}
	v := &Value{Type: t.Type.Value, Text: t.Value.Value, Name: t.Name.Value, Config: cfg}
	for _, vr := range valueRules {
		if !vr.rule.Refuses || vr.rule.Severity != lint.SeverityError {
			continue
		}
		for _, f := range vr.check(v) {
			d := lint.ElementDiagnostic(path, iri, t.Value.Range, t.ID, "Value", f.what, f.detail)
			d.Rule, d.Name, d.Severity = vr.rule.ID, vr.rule.Name, vr.rule.Severity
			return d, true
		}
	}
	return lint.Diagnostic{}, false
}

// Runtime is the runtime's clock, culture and work calendar, as due-time
// arithmetic needs them.
func (c *Config) Runtime() value.Runtime {
	return value.Runtime{Engine: c.Engine, Clock: c.Clock, Culture: c.Culture, Calendar: c.WorkCalendar()}
}

// flowKey is the memo key of a scheme's flows.
type flowKey struct{ s *wfe.Scheme }

// flowsOf is Flows, computed once per scheme for every rule of the file.
func flowsOf(p *lint.Pass, s *wfe.Scheme) []*Flow {
	return p.Memo(flowKey{s}, func() any { return Flows(s) }).([]*Flow)
}
