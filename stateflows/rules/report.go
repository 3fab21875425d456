package rules

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/stateflows/catalog"
)

// exampleAt is the activation the findings' examples start from, a wall
// time: ENGINES.md's worked example, Wednesday 2026-11-04 10:00:30. The
// findings so read the same on every day.
var exampleAt = time.Date(2026, 11, 4, 10, 0, 30, 0, time.UTC)

// wallText renders a wall time: Wed 2026-11-04 10:00 (seconds when set).
func wallText(t time.Time) string {
	if t.Second() != 0 {
		return t.Format("Mon 2006-01-02 15:04:05")
	}
	return t.Format("Mon 2006-01-02 15:04")
}

// state is the engine's state for a pass (the defaults when the engine
// read no state, as a lone file rule in a test).
func state(p *lint.Pass) *State {
	if s, ok := p.State().(*State); ok {
		return s
	}
	return &State{Settings: DefaultSettings(), Classes: Classes{}}
}

// resolvedKey memoizes what the call sites of a file resolve to, for all
// the file's rules.
type resolvedKey struct{}

// eachSite calls fn for every call site of the pass's file whose event is
// a catalog type, or derives from one with constant overrides.
func eachSite(p *lint.Pass, fn func(s Site, r Resolved, st *State)) {
	f, ok := p.File.Model.(*File)
	if !ok {
		return
	}
	st := state(p)
	resolved := p.Memo(resolvedKey{}, func() any {
		rs := make([]Resolved, len(f.Sites))
		for i, s := range f.Sites {
			rs[i] = st.Classes.Resolve(s.Type)
		}
		return rs
	}).([]Resolved)
	for i, s := range f.Sites {
		if r := resolved[i]; r.Type != nil && !r.Custom {
			fn(s, r, st)
		}
	}
}

// reportSite reports a finding on a call site: the subject is the class
// the call is in, the predicate the call.
func reportSite(p *lint.Pass, s Site, what, detail string) {
	id := s.Class
	if id == "" {
		id = s.Type
	}
	p.ReportSpan(s.At, id, fmt.Sprintf("%s<%s>", s.Method, s.Type), what, detail)
}

// display names a site's event: the catalog type, or the project's class
// and what it derives from, with its overrides.
func display(s Site, r Resolved) string {
	if r.Via == "" {
		return r.Type.Name
	}
	var set []string
	switch r.Type.Overridable {
	case catalog.OverrideHours:
		set = append(set, fmt.Sprintf("Hours %d", r.Params.Hours))
	case catalog.OverrideDay:
		set = append(set, "Day "+r.Params.Day.String())
	case catalog.OverrideTimeOfDay:
		set = append(set, "TimeOfDay "+clockText(r.Params.TimeOfDay))
	}
	if len(set) == 0 {
		return fmt.Sprintf("%s (derived from %s)", s.Type, r.Type.Name)
	}
	return fmt.Sprintf("%s (derived from %s, %s)", s.Type, r.Type.Name, strings.Join(set, ", "))
}

// clockText renders a time of day, 08:30 (or 08:30:15).
func clockText(d time.Duration) string {
	t := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Add(d)
	if t.Second() != 0 {
		return t.Format("15:04:05")
	}
	return t.Format("15:04")
}
