package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/stateflows/catalog"
	sfrules "github.com/seams/seams-timers/stateflows/rules"
)

// stateflowsCLI is what the Stateflows engine adds to next and simulate.
var stateflowsCLI = engineCLI{nextValues: nextStateflowsValues, nextFiles: nextStateflowsFiles,
	simulate: simulateStateflows, now: stateflowsNow}

// stateflowsSettings are the engine's settings for a run: the config's,
// with --tz and --revision over them.
func stateflowsSettings(o *nextOptions, cfg *lint.Config) (sfrules.Settings, error) {
	s := sfrules.SettingsOf(cfg)
	if o.TZ != "" {
		loc, err := sfrules.LoadZone(o.TZ)
		if err != nil {
			return s, usageErrorf("--tz %v", err)
		}
		s.Zone, s.ZoneSet = loc, true
	}
	if o.Revision != "" {
		b, err := catalog.ParseBehaviour(o.Revision)
		if err != nil {
			return s, usageErrorf("--revision: %v", err)
		}
		s.Behaviour = b
	}
	return s, nil
}

// stateflowsNow reads --now as the host's wall time in its zone
// (2026-11-04T10:00:30), or an RFC 3339 instant; by default the config's
// now, else the current time.
func stateflowsNow(o *nextOptions, cfg *lint.Config) (time.Time, error) {
	s, err := stateflowsSettings(o, cfg)
	if err != nil {
		return time.Time{}, err
	}
	if o.Now == "" {
		return simNow("", cfg)
	}
	if t, err := time.Parse(time.RFC3339Nano, o.Now); err == nil {
		return t.UTC(), nil
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"} {
		w, err := time.Parse(layout, o.Now)
		if err != nil {
			continue
		}
		at, gap, _ := catalog.Reach(w, s.Zone, time.Time{})
		if gap {
			return time.Time{}, fmt.Errorf("--now %s: the clock of %s never shows that time (it jumps over it at a DST change)", o.Now, s.Zone)
		}
		return at, nil
	}
	return time.Time{}, fmt.Errorf("--now %q: want the host's wall time, such as 2026-11-04T10:00:30, or an RFC 3339 instant", o.Now)
}

// nextStateflowsValues prints the triggers of catalog types named on the
// command line.
func nextStateflowsValues(run *nextRun, names []string) (bool, error) {
	s, err := stateflowsSettings(run.opts, run.cfg)
	if err != nil {
		return false, err
	}
	ok := true
	for _, name := range names {
		t := catalog.Lookup(strings.TrimSpace(name))
		if t == nil {
			run.w.printf("error: %q is not one of Stateflows' time events (AfterOneMinute ... AfterOneMonth, EveryOneMinute ... AtEvery12PM)\n", name)
			ok = false
			continue
		}
		prefix := ""
		if run.labelled {
			prefix = t.Name + ": "
		}
		writeFirings(run.w, "", prefix, t.Firings(t.Defaults, s.Behaviour, s.Zone, run.now, run.n), s)
	}
	return ok, nil
}

// nextStateflowsFiles prints the triggers of every call site of the C#
// files reported on, each under a line naming it.
func nextStateflowsFiles(run *nextRun, loaded *project.Loaded) (bool, error) {
	s, err := stateflowsSettings(run.opts, run.cfg)
	if err != nil {
		return false, err
	}
	ok := true
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f == nil || f.Kind != sfrules.KindCS || !f.Reported {
			continue
		}
		name := ""
		if r := sfrules.Lookup(d.Rule); r != nil {
			name = " " + r.Name
		}
		run.w.printf("%s:%d:%d: %s: %s [%s%s]\n", d.File, d.Line, d.Column, d.Severity, d.Message, d.Rule, name)
		if d.Severity == lint.SeverityError {
			ok = false
		}
	}
	st := sfrules.StateOf(loaded.Project)
	if st == nil {
		return ok, nil
	}
	for _, f := range sfrules.Files(loaded.Project) {
		for _, site := range f.Sites {
			r := st.Classes.Resolve(site.Type)
			if !r.Event {
				continue
			}
			where := fmt.Sprintf("%s:%d:%d: %s<%s>", f.Path, site.At.Start.Line, site.At.Start.Col, site.Method, site.Type)
			switch {
			case r.Custom:
				run.w.printf("%s: not computed (the trigger is the class's own code)\n", where)
				continue
			case r.Via != "":
				where += " (" + r.Via + " : " + r.Type.Name + ")"
			}
			run.w.printf("%s\n", where)
			writeFirings(run.w, "  ", "", r.Type.Firings(r.Params, s.Behaviour, s.Zone, run.now, run.n), s)
		}
	}
	return ok, nil
}

// writeFirings prints one line per firing: the trigger as a local wall
// time and in UTC, what the scheduler makes of it (due at once, a time the
// clock skips, a held tick, a DST change the wall-clock arithmetic does
// not see), and the documentation's instant when it differs.
func writeFirings(w *lineWriter, indent, prefix string, fs []catalog.Firing, s sfrules.Settings) {
	for _, f := range fs {
		var notes []string
		line := fmt.Sprintf("%s local, %s", localText(f.Wall), utcText(f.At))
		delivered := fmt.Sprintf("%s local, %s", localText(catalog.Wall(f.Delivered, s.Zone)), utcText(f.Delivered))
		switch {
		case f.Gap:
			line = fmt.Sprintf("%s local", localText(f.Wall))
			notes = append(notes, "the clock skips this time at a DST change, delivered when it jumps, "+delivered)
		case f.Past:
			notes = append(notes, "due at once, delivered at the next minute tick, "+delivered)
		case f.Held:
			notes = append(notes, "the scheduler does not tick while the clock repeats an hour, delivered "+delivered)
		}
		if f.Ambiguous {
			_, off := f.At.In(s.Zone).Zone()
			notes = append(notes, "the clock shows this time twice, this is its showing at "+offsetText(off))
		}
		if !f.Gap {
			for _, c := range f.Changes {
				notes = append(notes, fmt.Sprintf("local wall-clock arithmetic across the DST change at %s local (%s to %s), %s on the wall clock, %s real",
					localText(c.Wall), offsetText(c.From), offsetText(c.To), durText(f.Wall.Sub(catalog.Wall(f.Started, s.Zone))), durText(f.At.Sub(f.Started))))
			}
		}
		if len(notes) > 0 {
			line += ": " + strings.Join(notes, "; ")
		}
		if s.Behaviour.Source() && !f.Documented.Equal(f.At) {
			line += "; documented: " + utcText(f.Documented)
		}
		w.printf("%s%s%s\n", indent, prefix, line)
	}
}

// durText renders a duration without zero units: 36h59m30s, 1h, 15m.
func durText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// localText renders a wall time, 2026-11-16T00:00 (seconds when set).
func localText(t time.Time) string {
	if t.Second() != 0 || t.Nanosecond() != 0 {
		return t.Format("2006-01-02T15:04:05")
	}
	return t.Format("2006-01-02T15:04")
}

// utcText renders an instant in UTC, 2026-11-15T23:00Z.
func utcText(t time.Time) string { return localText(t.UTC()) + "Z" }

// offsetText renders an offset in seconds east of UTC, +01:00.
func offsetText(off int) string {
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("%c%02d:%02d", sign, off/3600, off%3600/60)
}

// simulateStateflows is simulate --engine stateflows.
func simulateStateflows(*streams, *simulateOptions, *lint.Config) error {
	return usageErrorf("--engine %s: the Stateflows engine has no simulator yet; `next --engine %s TYPE -n N` lists a time event's deliveries at the scheduler's minute ticks",
		sfrules.EngineName, sfrules.EngineName)
}
