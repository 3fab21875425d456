package main

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
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
		at, gap, ambiguous := catalog.Reach(w, s.Zone, time.Time{})
		if gap {
			return time.Time{}, fmt.Errorf("--now %s: the clock of %s never shows that time (it jumps over it at a DST change)", o.Now, s.Zone)
		}
		if ambiguous {
			// The first showing is at; the second is the same wall time
			// at the offset after the change back.
			_, first := at.In(s.Zone).Zone()
			later, _, _ := catalog.Reach(w, s.Zone, at.Add(time.Second))
			_, second := later.In(s.Zone).Zone()
			return time.Time{}, fmt.Errorf("--now %s: the clock of %s shows that time twice (at %s and at %s, a DST change back); "+
				"give the instant with its offset, such as %s%s", o.Now, s.Zone, offsetText(first), offsetText(second),
				w.Format("2006-01-02T15:04:05"), offsetText(first))
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
		if r := lookupRule(d.Rule); r != nil {
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
			n := run.n
			if r.Type.Recurs && !site.StaysActive() {
				where += ": a transition out of its state fires once (one back into it re-registers)"
				n = 1
			}
			run.w.printf("%s\n", where)
			writeFirings(run.w, "  ", "", r.Type.Firings(r.Params, s.Behaviour, s.Zone, run.now, n), s)
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

// shownPerTimer bounds the timeline lines of one call site; the summary
// counts every delivery.
const shownPerTimer = 5

// simulateLimit bounds the deliveries computed for one call site (a year
// of minute ticks).
const simulateLimit = 366 * 24 * 60

// simulateStateflows is simulate --engine stateflows: every time event of
// the C# files registered at --from (its source state entered then) and
// delivered at the scheduler's minute ticks until --until, the recurring
// ones whose source stays active (internal transitions, accepting nodes)
// re-registered from each delivery, none while the host is --down nor
// before the first tick after it restarts.
func simulateStateflows(s *streams, o *simulateOptions, cfg *lint.Config) error {
	for _, name := range []string{"replicas", "seed", "lease", "crash", "stall", "start", "complete", "choose"} {
		if o.changed != nil && o.changed(name) {
			return usageErrorf("--%s does not apply to --engine %s (one host, no instances: each time event's source state is active from --from)", name, sfrules.EngineName)
		}
	}
	if o.Format != "text" {
		return usageErrorf("--format %s: --engine %s prints text only", o.Format, sfrules.EngineName)
	}
	sc, _, err := o.scenario(cfg)
	if err != nil {
		return usageErrorf("%v", err)
	}
	loaded, err := project.Load(loadOptions(o.Paths, cfg), engines())
	if err != nil {
		return loadError(err)
	}
	set := sfrules.SettingsOf(cfg)
	b := set.Behaviour
	if !b.Source() {
		b = catalog.Main
	}
	var down []catalog.Down
	var windows []string
	for _, w := range sc.Down {
		down = append(down, catalog.Down{Start: w.Start, End: w.End})
		windows = append(windows, w.String())
	}
	type line struct {
		at   time.Time
		site int
		text string
	}
	type summary struct {
		where, event string
		fired, past  int
		late         time.Duration
		note         string
	}
	var lines []line
	var sums []summary
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f != nil && f.Kind == sfrules.KindCS && f.Reported {
			_, _ = fmt.Fprintf(s.Err, "%s:%d:%d: %s: %s [%s]\n", d.File, d.Line, d.Column, d.Severity, d.Message, d.Rule)
		}
	}
	st := sfrules.StateOf(loaded.Project)
	if st != nil {
		for _, f := range sfrules.Files(loaded.Project) {
			for _, site := range f.Sites {
				r := st.Classes.Resolve(site.Type)
				if !r.Event {
					continue
				}
				where := fmt.Sprintf("%s:%d:%d", f.Path, site.At.Start.Line, site.At.Start.Col)
				sum := summary{where: where, event: fmt.Sprintf("%s<%s>", site.Method, site.Type)}
				if r.Custom {
					sum.note = "not computed (its own code)"
					sums = append(sums, sum)
					continue
				}
				k := len(sums)
				ds, more := r.Type.Simulate(r.Params, b, set.Zone, sc.From, sc.Until, site.StaysActive(), down, simulateLimit)
				for i, d := range ds {
					sum.fired++
					late := d.At.Sub(d.Due)
					if d.Past {
						sum.past++
					} else {
						sum.late = max(sum.late, late)
					}
					if i >= shownPerTimer {
						continue
					}
					text := fmt.Sprintf("timer fire %s %s due %s (%s local)", where, sum.event, rfc(d.Due), localText(d.Wall))
					switch {
					case d.Past:
						text += ": due at once"
					case late >= time.Minute:
						text += " late by " + durText(late)
					}
					lines = append(lines, line{at: d.At, site: k, text: text})
				}
				if n := len(ds) - shownPerTimer; n > 0 {
					lines = append(lines, line{at: ds[shownPerTimer-1].At, site: k,
						text: fmt.Sprintf("timer %s %s: %s not listed", where, sum.event, plural(n, "more delivery", "more deliveries"))})
				}
				if more {
					sum.note = fmt.Sprintf("stopped after %d deliveries", simulateLimit)
				}
				sums = append(sums, sum)
			}
		}
	}
	for _, w := range sc.Down {
		lines = append(lines, line{at: w.Start, site: -2, text: "runtime down until " + rfc(w.End)},
			line{at: w.End, site: -1, text: "runtime up, first scheduler tick " + rfc(w.End.Truncate(time.Minute).Add(time.Minute))})
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return a.site - b.site
	})
	out := &lineWriter{w: s.Out}
	header := fmt.Sprintf("# seams-timers simulate --engine %s: %s .. %s, revision %s, host zone %s, every time event registered at the start",
		sfrules.EngineName, rfc(sc.From), rfc(sc.Until), b, set.Zone)
	if len(windows) > 0 {
		header += ", down " + strings.Join(windows, ", ")
	}
	out.printf("%s\n", header)
	for _, l := range lines {
		level := "info "
		if l.site < 0 {
			level = "warn "
		}
		out.printf("%s host %s %s\n", rfc(l.at), level, l.text)
	}
	out.printf("\n")
	tw := tabwriter.NewWriter(s.Out, 0, 0, 2, ' ', 0)
	_, _ = fmt.Fprintln(tw, "call site\tevent\tfired\tdue at once\tlate by at most\tnotes")
	for _, sum := range sums {
		note := sum.note
		if note == "" {
			note = "-"
		}
		late := "-"
		if sum.late > 0 {
			late = durText(sum.late)
		}
		_, _ = fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", sum.where, sum.event, sum.fired, sum.past, late, note)
	}
	if err := tw.Flush(); err != nil {
		return &exitError{code: lint.ExitInternal, err: err}
	}
	if out.err != nil {
		return &exitError{code: lint.ExitInternal, err: out.err}
	}
	return nil
}

// plural renders a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// rfc renders an instant in UTC, RFC 3339.
func rfc(t time.Time) string { return t.UTC().Format(time.RFC3339) }
