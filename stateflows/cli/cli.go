// Package cli is what the Stateflows engine does in next and simulate:
// the triggers of its time events, as a host in a zone computes and
// delivers them.
package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
	"github.com/seams/seams-timers/stateflows/catalog"
	"github.com/seams/seams-timers/stateflows/rules"
	sfsim "github.com/seams/seams-timers/stateflows/sim"
)

// Commands is the engine's next and simulate.
var Commands commands

type commands struct{}

// The engine's flags of next.
var (
	flagTZ       = project.Flag{Name: "tz", Usage: "stateflows: the host's zone, an IANA name (default: the config's stateflows.timezone, else UTC)"}
	flagRevision = project.Flag{Name: "revision", Usage: "stateflows: main, before-2024-12-17 or documented (default: the config's, else main)"}
)

func (commands) NextFlags() []project.Flag { return []project.Flag{flagTZ, flagRevision} }

func (commands) SimulateFlags() []project.Flag {
	return []project.Flag{project.FlagScenario, project.FlagFrom, project.FlagUntil, project.FlagDown}
}

func (commands) Formats() []string { return []string{"text", "json"} }

// Settings are the engine's settings for a run: the config's, with --tz
// and --revision over them.
func Settings(flags project.Flags, cfg *lint.Config) (rules.Settings, error) {
	s := rules.SettingsOf(cfg)
	if tz := flags.Value("tz"); tz != "" {
		loc, err := rules.LoadZone(tz)
		if err != nil {
			return s, project.Usagef("--tz %v", err)
		}
		s.Zone, s.ZoneSet = loc, true
	}
	if rev := flags.Value("revision"); rev != "" {
		b, err := catalog.ParseBehaviour(rev)
		if err != nil {
			return s, project.Usagef("--revision: %v", err)
		}
		s.Behaviour = b
	}
	return s, nil
}

func (commands) ScenarioKeys() []string { return sfsim.ScenarioKeys }

// ReadNow reads --now as the host's wall time in its zone
// (2026-11-04T10:00:30), or an RFC 3339 instant: the one place where a
// zone-less instant is read, and it is read on the host's clock, as
// Stateflows reads DateTime.Now.
func (commands) ReadNow(text string, flags project.Flags, cfg *lint.Config) (time.Time, error) {
	s, err := Settings(flags, cfg)
	if err != nil {
		return time.Time{}, err
	}
	if t, err := simcore.ParseInstant(text); err == nil {
		return t, nil
	}
	w, ok := simcore.ParseWallTime(text)
	if !ok {
		return time.Time{}, project.Usagef("--now %q: want the host's wall time, such as 2026-11-04T10:00:30, or an RFC 3339 instant", text)
	}
	at, gap, ambiguous := catalog.Reach(w, s.Zone, time.Time{})
	if gap {
		return time.Time{}, project.Usagef("--now %s: the clock of %s never shows that time (it jumps over it at a DST change)", text, s.Zone)
	}
	if ambiguous {
		// The first showing is at; the second is the same wall time at
		// the offset after the change back.
		_, first := at.In(s.Zone).Zone()
		later, _, _ := catalog.Reach(w, s.Zone, at.Add(time.Second))
		_, second := later.In(s.Zone).Zone()
		return time.Time{}, project.Usagef("--now %s: the clock of %s shows that time twice (at %s and at %s, a DST change back); "+
			"give the instant with its offset, such as %s%s", text, s.Zone, offsetText(first), offsetText(second),
			w.Format("2006-01-02T15:04:05"), offsetText(first))
	}
	return at, nil
}

// Next prints the triggers of the catalog types named on the command
// line, and of every call site of the C# files reported on.
func (commands) Next(run *project.NextRun) (bool, error) {
	s, err := Settings(run.Flags, run.Config)
	if err != nil {
		return false, err
	}
	ok := true
	for _, name := range run.Values {
		t := catalog.Lookup(strings.TrimSpace(name))
		entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, Timer: name}}
		if t == nil {
			run.Out.Printf("error: %q is not one of Stateflows' time events (AfterOneMinute ... AfterOneMonth, EveryOneMinute ... AtEvery12PM)\n", name)
			entry.Status, entry.Note = project.NextError, "not one of Stateflows' time events (AfterOneMinute ... AfterOneMonth, EveryOneMinute ... AtEvery12PM)"
			run.Timer(entry)
			ok = false
			continue
		}
		prefix := ""
		if run.Labelled {
			prefix = t.Name + ": "
		}
		entry.Kind, entry.Status = t.Name, project.NextDue
		writeFirings(run.Out, &entry, "", prefix, t.Firings(t.Defaults, s.Behaviour, s.Zone, run.Now, run.N), s)
		run.Timer(entry)
	}
	if run.Loaded == nil {
		return ok, nil
	}
	loaded := run.Loaded
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f == nil || f.Kind != rules.KindCS || !f.Reported {
			continue
		}
		if r := run.Rule(d.Rule); r != nil {
			d.Name = r.Name
		}
		d.Detail = ""
		run.Refuse("", d)
		if d.Severity == lint.SeverityError {
			ok = false
		}
	}
	st := rules.StateOf(loaded.Project)
	if st == nil {
		return ok, nil
	}
	for _, f := range rules.Files(loaded.Project) {
		for _, site := range f.Sites {
			r := st.Classes.Resolve(site.Type)
			if !r.Event {
				continue
			}
			where := fmt.Sprintf("%s:%d:%d: %s<%s>", f.Path, site.At.Start.Line, site.At.Start.Col, site.Method, site.Type)
			id := site.Class
			if id == "" {
				id = site.Type
			}
			if pf := loaded.Project.File(f.Path); pf != nil {
				id = pf.IRI + "#" + id
			}
			entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, File: f.Path, Line: site.At.Start.Line, Column: site.At.Start.Col,
				Timer: fmt.Sprintf("%s<%s>", site.Method, site.Type), ID: id}, Kind: site.Type}
			switch {
			case r.Custom:
				run.Out.Printf("%s: not computed (the trigger is the class's own code)\n", where)
				entry.Status, entry.Note = project.NextNone, "not computed (the trigger is the class's own code)"
				run.Timer(entry)
				continue
			case r.Via != "":
				where += " (" + r.Via + " : " + r.Type.Name + ")"
				entry.Note = r.Via + " : " + r.Type.Name
			}
			n := run.N
			if r.Type.Recurs && !site.StaysActive() {
				const once = "a transition out of its state fires once (one back into it re-registers)"
				where += ": " + once
				entry.Note = strings.TrimPrefix(entry.Note+"; "+once, "; ")
				n = 1
			}
			run.Out.Printf("%s\n", where)
			entry.Status = project.NextDue
			writeFirings(run.Out, &entry, "  ", "", r.Type.Firings(r.Params, s.Behaviour, s.Zone, run.Now, n), s)
			run.Timer(entry)
		}
	}
	return ok, nil
}

// writeFirings prints one line per firing: the trigger as a local wall
// time and in UTC, what the scheduler makes of it (due at once, a time the
// clock skips, a held tick, a DST change the wall-clock arithmetic does
// not see), and the documentation's instant when it differs.
// The firings go into entry's Due (the triggers), Delivered and Notes.
func writeFirings(w *project.Lines, entry *project.NextTimer, indent, prefix string, fs []catalog.Firing, s rules.Settings) {
	entry.Due = make([]string, 0, len(fs))
	deliveries := make([]string, 0, len(fs))
	notesOf := make([]string, 0, len(fs))
	differs, noted := false, false
	for _, f := range fs {
		var notes []string
		line := fmt.Sprintf("%s local, %s", sfsim.LocalText(f.Wall), utcText(f.At))
		delivered := fmt.Sprintf("%s local, %s", sfsim.LocalText(catalog.Wall(f.Delivered, s.Zone)), utcText(f.Delivered))
		switch {
		case f.Gap:
			line = fmt.Sprintf("%s local", sfsim.LocalText(f.Wall))
			notes = append(notes, "the clock skips this time at a DST change, delivered when it jumps, "+delivered)
		case f.Past:
			notes = append(notes, "due at once, delivered at the next minute tick, "+delivered)
		case f.Held:
			notes = append(notes, "the scheduler does not tick while the clock repeats an hour, delivered "+delivered)
		case f.Delivered.After(f.At):
			// A trigger with seconds: the scheduler handles time events at
			// its first wake-up after a minute boundary.
			notes = append(notes, "delivered at the next minute tick, "+delivered)
		}
		if f.Ambiguous {
			_, off := f.At.In(s.Zone).Zone()
			notes = append(notes, "the clock shows this time twice, this is its showing at "+offsetText(off))
		}
		if !f.Gap {
			for _, c := range f.Changes {
				notes = append(notes, fmt.Sprintf("local wall-clock arithmetic across the DST change at %s local (%s to %s), %s on the wall clock, %s real",
					sfsim.LocalText(c.Wall), offsetText(c.From), offsetText(c.To), sfsim.DurText(f.Wall.Sub(catalog.Wall(f.Started, s.Zone))), sfsim.DurText(f.At.Sub(f.Started))))
			}
		}
		if len(notes) > 0 {
			line += ": " + strings.Join(notes, "; ")
		}
		if s.Behaviour.Source() && !f.Documented.Equal(f.At) {
			line += "; documented: " + utcText(f.Documented)
			notes = append(notes, "documented: "+project.Instant(f.Documented))
		}
		entry.Due = append(entry.Due, project.Instant(f.At))
		deliveries = append(deliveries, project.Instant(f.Delivered))
		notesOf = append(notesOf, strings.Join(notes, "; "))
		differs = differs || !f.Delivered.Equal(f.At)
		noted = noted || len(notes) > 0
		w.Printf("%s%s%s\n", indent, prefix, line)
	}
	if differs {
		entry.Delivered = deliveries
	}
	if noted {
		entry.Notes = notesOf
	}
}

// utcText renders an instant in UTC, 2026-11-15T23:00Z.
func utcText(t time.Time) string { return sfsim.LocalText(t.UTC()) + "Z" }

// offsetText renders an offset in seconds east of UTC, +01:00.
func offsetText(off int) string {
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("%c%02d:%02d", sign, off/3600, off%3600/60)
}

// Options are simulate's options for the engine.
type Options struct {
	Scenario sfsim.Scenario
}

// ParseOptions reads the scenario file (--scenario) and the flags over
// it; now is --now.
func ParseOptions(flags project.Flags, now time.Time) (Options, error) {
	var o Options
	if path := flags.Value("scenario"); path != "" {
		src, err := lint.ReadInput(path, lint.MaxInputSize)
		if err != nil {
			return o, project.Usagef("%v", err)
		}
		if o.Scenario, err = sfsim.ParseScenario(src); err != nil {
			return o, project.Usagef("%s: %v", path, err)
		}
	}
	sc := &o.Scenario
	if err := simcore.ReadWindowFlags(flags, &sc.From, &sc.Until, &sc.Down); err != nil {
		return o, project.Usagef("%v", err)
	}
	if sc.From.IsZero() {
		sc.From = now
	}
	sc.Defaults()
	if err := sc.Validate(); err != nil {
		return o, project.Usagef("scenario: %v", err)
	}
	return o, nil
}

// Simulate is simulate --engine stateflows: every time event of the C#
// files registered at the start and delivered at the scheduler's minute
// ticks (stateflows/sim).
func (commands) Simulate(run *project.SimulateRun) (bool, error) {
	o, err := ParseOptions(run.Flags, run.Now)
	if err != nil {
		return false, err
	}
	loaded, err := run.Load(run.Paths)
	if err != nil {
		return false, err
	}
	set := rules.SettingsOf(run.Config)
	in := sfsim.Input{Scenario: o.Scenario, Behaviour: set.Behaviour, Zone: set.Zone}
	var loading []any
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f != nil && f.Kind == rules.KindCS && f.Reported {
			if r := run.Rule(d.Rule); r != nil {
				d.Name = r.Name
			}
			d.Detail = ""
			run.Err.Finding("", d)
			loading = append(loading, d)
		}
	}
	var ids []simcore.TimerID
	if st := rules.StateOf(loaded.Project); st != nil {
		for _, f := range rules.Files(loaded.Project) {
			iri := ""
			if pf := loaded.Project.File(f.Path); pf != nil {
				iri = pf.IRI
			}
			for _, site := range f.Sites {
				r := st.Classes.Resolve(site.Type)
				if !r.Event {
					continue
				}
				loc, _, _ := lint.FindingParts(lint.Diagnostic{File: f.Path, Line: site.At.Start.Line, Column: site.At.Start.Col})
				s := sfsim.Site{Where: loc, Event: lint.Printable(fmt.Sprintf("%s<%s>", site.Method, site.Type))}
				if r.Custom {
					s.Custom = true
				} else {
					s.Type, s.Params, s.Recurs = r.Type, r.Params, site.StaysActive()
				}
				in.Sites = append(in.Sites, s)
				// The subject of the findings on the call site: the class
				// the call is in (rules.reportSite).
				class := site.Class
				if class == "" {
					class = site.Type
				}
				ids = append(ids, simcore.TimerID{Engine: rules.EngineName, File: f.Path, Line: site.At.Start.Line, Column: site.At.Start.Col,
					Timer: fmt.Sprintf("%s<%s>", site.Method, site.Type), ID: iri + "#" + class})
			}
		}
	}
	if run.Format != "json" {
		if err := run.Write(func(w io.Writer) error { return sfsim.WriteText(w, in) }); err != nil {
			return false, err
		}
		return true, nil
	}
	// The findings of check on each call site, as check writes them.
	rep, err := run.Check(run.Paths, lint.Options{Rules: rules.Engine.Rules, Now: o.Scenario.From, Config: run.Config})
	if err != nil {
		return false, err
	}
	at := map[[3]any][]any{}
	for _, d := range rep.Diagnostics {
		if r := run.Rule(d.Rule); r != nil && d.Name == "" {
			d.Name = r.Name
		}
		k := [3]any{d.File, d.Line, d.Column}
		at[k] = append(at[k], d)
	}
	opts := sfsim.JSONOptions{Loading: loading,
		Identify: func(i int) simcore.TimerID { return ids[i] },
		Findings: func(i int) []any { return at[[3]any{ids[i].File, ids[i].Line, ids[i].Column}] },
	}
	if err := run.Write(func(w io.Writer) error { return sfsim.WriteJSON(w, in, opts) }); err != nil {
		return false, err
	}
	return true, nil
}
