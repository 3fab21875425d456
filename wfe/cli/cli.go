// Package cli is what the Workflow Engine engine does in next and
// simulate: when the runtime makes a timer's value due, and its timers
// over time (wfe/sim).
package cli

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
	"github.com/seams/seams-timers/wfe"
	"github.com/seams/seams-timers/wfe/rules"
	wfesim "github.com/seams/seams-timers/wfe/sim"
	"github.com/seams/seams-timers/wfe/value"
)

// Commands is the engine's next and simulate.
var Commands commands

type commands struct{}

func (commands) NextFlags() []project.Flag { return []project.Flag{project.FlagAssume} }

func (commands) SimulateFlags() []project.Flag {
	return []project.Flag{project.FlagScenario, project.FlagFrom, project.FlagUntil, project.FlagStep, project.FlagReplicas,
		project.FlagDown, project.FlagStart, project.FlagAssume}
}

func (commands) Formats() []string { return []string{"text", "json", "svg"} }

// ParseAssume reads --assume NAME=VALUE flags.
func ParseAssume(flags []string) (map[string]string, error) {
	out := map[string]string{}
	for _, a := range flags {
		name, v, ok := strings.Cut(a, "=")
		if !ok || name == "" || v == "" {
			return nil, project.Usagef("--assume %q: want NAME=VALUE, such as HardDeadline=2027-01-01T00:00:00Z", a)
		}
		out[name] = v
	}
	return out, nil
}

func (commands) ScenarioKeys() []string { return wfesim.ScenarioKeys }

// wfeTime writes an instant on the runtime's clock.
func wfeTime(t time.Time) string { return t.Format(time.RFC3339) }

// Next prints, for each TYPE:VALUE given on the command line (a value
// with no type is an Interval), when the engine makes it due from --now
// and how it reads it; and, per scheme and activity of the files loaded,
// the timers the runtime registers on entering the activity.
func (commands) Next(run *project.NextRun) (bool, error) {
	assume, err := ParseAssume(run.Flags.Values("assume"))
	if err != nil {
		return false, err
	}
	cfg := rules.ConfigOf(run.Config)
	ok := nextValues(run, cfg)
	if run.Loaded != nil && !nextFiles(run, cfg, assume) {
		ok = false
	}
	return ok, nil
}

// nextValues prints the values given on the command line. A value the
// engine registers nothing for prints the finding check reports on it;
// other findings go to stderr.
func nextValues(run *project.NextRun, cfg *rules.Config) bool {
	rt := cfg.Runtime()
	ok := true
	for _, arg := range run.Values {
		typ, text, found := strings.Cut(arg, ":")
		if !found || !slices.Contains(rules.Types, typ) {
			typ, text = "Interval", arg
		}
		label := ""
		if run.Labelled {
			label = "  " + arg
		}
		refused := false
		entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, Timer: arg}, Kind: typ, Value: text}
		for _, d := range rules.ValueFindings(&rules.Value{Type: typ, Text: text, Config: cfg}, nil) {
			if d.Severity == lint.SeverityError && run.Rule(d.Rule).Refuses {
				run.Refuse("", d)
				if !refused {
					entry.Status, entry.Rule = project.NextRefused, d.Rule
				}
				refused = true
			} else {
				run.Warn.Finding("", d)
				run.Record(d)
			}
		}
		if refused {
			run.Timer(entry)
			ok = false
			continue
		}
		if typ == "Expression" {
			run.Out.Printf("-  (an Expression is computed at run time)%s\n", label)
			entry.Status, entry.Note = project.NextNone, "an Expression is computed at run time"
			run.Timer(entry)
			continue
		}
		due, why, registered := value.Due(typ, text, run.Now, rt)
		if !registered {
			run.Out.Printf("-  (not registered: %s)%s\n", why, label)
			entry.Status, entry.Note = project.NextNone, "not registered: "+why
			run.Timer(entry)
			continue
		}
		note := reading(typ, text, run.Now.In(rt.Clock), due)
		run.Out.Printf("%s  %s%s\n", wfeTime(due), note, label)
		entry.Status, entry.Due, entry.Note = project.NextDue, []string{project.Instant(due)}, unparen(note)
		run.Timer(entry)
	}
	return ok
}

// reading says how the engine reads a value it registers: for an
// Interval, the length it adds and why it differs from the text; for a
// Time, whether it is today's or tomorrow's; for a date, the moment.
func reading(typ, text string, now, due time.Time) string {
	switch typ {
	case "Interval":
		iv := value.ReadInterval(text)
		r := iv.Reading()
		var why []string
		switch {
		case iv.Bare:
			why = append(why, "a bare integer is milliseconds")
			r = value.FormatDuration(iv.Plain)
		case len(iv.Dropped) > 0:
			why = append(why, "the "+iv.DroppedText()+" is dropped")
		}
		if _, ok := iv.CapitalM(); ok {
			why = append(why, "M is minutes")
		}
		out := "+" + r
		if strings.Join(strings.Fields(text), " ") != r || len(why) > 0 {
			out += fmt.Sprintf(" (read %q", r)
			if len(why) > 0 {
				out += ": " + strings.Join(why, ", ")
			}
			out += ")"
		}
		if iv.HasWork() {
			out += " (working time)"
		}
		return out
	case "Time":
		if due.YearDay() != now.YearDay() || due.Year() != now.Year() {
			return "(tomorrow: today's " + due.Format("15:04:05") + " has passed)"
		}
		return "(today)"
	case "Date":
		return "(midnight of " + due.Format("2006-01-02") + " on the runtime's clock)"
	}
	return "(on the runtime's clock, which stores no zone)"
}

// nextFiles lists, per scheme and activity, the timers the runtime
// registers on entering the activity and their due times from --now.
func nextFiles(run *project.NextRun, cfg *rules.Config, assume map[string]string) bool {
	rt := cfg.Runtime()
	ok := true
	for _, d := range run.Loaded.LoadFindings(rules.Engine, run.Rule) {
		run.Refuse("", d)
		ok = false
	}
	for _, f := range rules.Files(run.Loaded.Project) {
		iri := run.Loaded.Project.File(f.Path).IRI
		for _, s := range f.Schemes {
			run.Out.Printf("%s: %s\n", f.Path, s.Label())
			for _, flow := range rules.Flows(s) {
				run.Out.Printf("  %s\n", flow.Activity)
				for _, t := range flow.Timers {
					if !nextTimer(run, f, iri, t, cfg, rt, assume) {
						ok = false
					}
				}
			}
		}
	}
	return ok
}

// nextTimer prints one timer registered on entry at --now.
func nextTimer(run *project.NextRun, f *wfe.File, iri string, t *wfe.Timer, cfg *rules.Config, rt value.Runtime, assume map[string]string) bool {
	name := t.Name.Value
	typ, text := t.Type.Value, t.Value.Value
	at := t.Value.Range.Start
	entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, File: f.Path, Line: at.Line, Column: at.Col,
		Timer: name, ID: iri + "#" + t.ID}, Kind: typ, Value: text}
	if d, refused := rules.TimerVerdict(f.Path, iri, t, cfg); refused {
		run.Refuse("    ", d)
		entry.Status, entry.Rule = project.NextRefused, d.Rule
		run.Timer(entry)
		return false
	}
	var due time.Time
	var why string
	var registered bool
	note := ""
	if v, ok := assume[name]; ok {
		due, why, registered = value.Assumed(v, run.Now, rt)
		entry.Note = "assumed " + v
		note = "  (" + entry.Note + ")"
	} else if typ == "Expression" {
		run.Out.Printf("    -  %s  Expression  (computed at run time: pass --assume %s=VALUE)\n", name, name)
		entry.Status, entry.Note = project.NextNone, "computed at run time: pass --assume "+name+"=VALUE"
		run.Timer(entry)
		return true
	} else {
		due, why, registered = value.Due(typ, text, run.Now, rt)
		if registered {
			r := reading(typ, text, run.Now.In(rt.Clock), due)
			entry.Note = unparen(r)
			note = "  " + r
		}
	}
	if !registered {
		run.Out.Printf("    -  %s  %s %q  (not registered: %s)\n", name, typ, text, why)
		entry.Status, entry.Note = project.NextNone, "not registered: "+why
		run.Timer(entry)
		return true
	}
	run.Out.Printf("    %s  %s  %s %q%s\n", wfeTime(due), name, typ, text, note)
	entry.Status, entry.Due = project.NextDue, []string{project.Instant(due)}
	run.Timer(entry)
	return true
}

// unparen is a reading without the parentheses text output puts around
// it, for the JSON document's note.
func unparen(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && strings.Count(s, "(") == 1 {
		return s[1 : len(s)-1]
	}
	return s
}

// Options are simulate's options for the engine: the scenario the file,
// the config's wfe: section and the flags (the flags win) make.
type Options struct {
	Scenario wfesim.Scenario
	// Note says what was assumed.
	Note string
}

// ParseOptions builds the scenario from the file, the config and the
// flags; now is --now.
func ParseOptions(flags project.Flags, now time.Time, cfg *lint.Config) (Options, error) {
	var o Options
	wcfg := rules.ConfigOf(cfg)
	sc := &o.Scenario
	if path := flags.Value("scenario"); path != "" {
		src, err := lint.ReadInput(path, lint.MaxInputSize)
		if err != nil {
			return o, project.Usagef("%v", err)
		}
		if *sc, err = wfesim.ParseScenario(src); err != nil {
			return o, project.Usagef("%s: %v", path, err)
		}
	}
	if !sc.Multi {
		sc.Multi = wcfg.Multi
	}
	if sc.Period == 0 {
		sc.Period = wcfg.Period
	}
	if sc.Interval == 0 {
		sc.Interval = wcfg.Interval
	}
	var err error
	if err := simcore.ReadWindowFlags(flags, &sc.From, &sc.Until, &sc.Down); err != nil {
		return o, project.Usagef("%v", err)
	}
	if sc.From.IsZero() {
		sc.From = now
	}
	if flags.Given("replicas") {
		sc.Replicas = int(flags.Int("replicas"))
		if sc.Replicas > 1 {
			sc.Multi = true
		}
	}
	if flags.Given("step") {
		if sc.Period, err = simcore.ParsePositiveDuration(flags.Value("step")); err != nil {
			return o, project.Usagef("--step: %v", err)
		}
	}
	for _, v := range flags.Values("start") {
		name, t, ok := strings.Cut(v, "@")
		if !ok || name == "" {
			return o, project.Usagef("--start %q: want SCHEME@TIME, such as ServiceDeskTicket@2026-11-02T09:00:00Z", v)
		}
		at, err := simcore.ParseInstant(t)
		if err != nil {
			return o, project.Usagef("--start %q: %v", v, err)
		}
		sc.Instances = append(sc.Instances, wfesim.InstancePlan{Scheme: name, Start: at})
	}
	assume, err := ParseAssume(flags.Values("assume"))
	if err != nil {
		return o, err
	}
	if len(assume) > 0 && sc.Assume == nil {
		sc.Assume = map[string]string{}
	}
	maps.Copy(sc.Assume, assume)
	if !flags.Given("scenario") && !flags.Given("from") && !flags.Given("until") {
		o.Note = "no scenario: simulating the next 30 days from --now (" + sc.From.Format("2006-01-02T15:04:05Z07:00") + ")"
	}
	sc.Defaults()
	if err := sc.Validate(); err != nil {
		return o, project.Usagef("%v", err)
	}
	return o, nil
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// Simulate simulates Workflow Engine schemes; without instances, one
// instance of each scheme enters its initial activity at the start.
func (commands) Simulate(run *project.SimulateRun) (bool, error) {
	o, err := ParseOptions(run.Flags, run.Now, run.Config)
	if err != nil {
		return false, err
	}
	sc, note := o.Scenario, o.Note
	wcfg := rules.ConfigOf(run.Config)
	loaded, err := run.Load(run.Paths)
	if err != nil {
		return false, err
	}
	failed := false
	for _, d := range loaded.LoadFindings(rules.Engine, run.Rule) {
		run.Err.Finding("", d)
		failed = true
	}
	var schemes []*wfe.Scheme
	iris := map[*wfe.Scheme][2]string{}
	for _, f := range rules.Files(loaded.Project) {
		for _, sch := range f.Schemes {
			schemes = append(schemes, sch)
			iris[sch] = [2]string{f.Path, loaded.Project.File(f.Path).IRI}
		}
	}
	if len(sc.Instances) == 0 {
		for _, sch := range schemes {
			sc.Instances = append(sc.Instances, wfesim.InstancePlan{Scheme: sch.Label(), Start: sc.From})
		}
		note = joinNotes(note, "no instances given: one instance of each scheme enters its initial activity at the start, and no command is executed")
	}
	in := wfesim.Input{Schemes: schemes, Runtime: wcfg.Runtime(), Refused: func(sch *wfe.Scheme, t *wfe.Timer) (string, string, bool) {
		at := iris[sch]
		d, ok := rules.TimerVerdict(at[0], at[1], t, wcfg)
		return d.Rule, d.What, ok
	}}
	// The timers by scheme label, as the simulation names them: the first
	// scheme of a label is the one it runs.
	byLabel := map[string]*wfe.Scheme{}
	for _, sch := range schemes {
		if byLabel[sch.Label()] == nil {
			byLabel[sch.Label()] = sch
		}
	}
	var loading []any
	for _, d := range loaded.LoadFindings(rules.Engine, run.Rule) {
		loading = append(loading, d)
	}
	jopts := wfesim.JSONOptions{
		Loading: loading,
		Identify: func(scheme, timer string) simcore.TimerID {
			id := simcore.TimerID{Engine: "wfe", Timer: timer}
			sch := byLabel[scheme]
			if sch == nil {
				return id
			}
			if t := sch.Timer(timer); t != nil {
				at := iris[sch]
				// At the Value attribute, as next and the findings on the value.
				v := t.Value.Range.Start
				id.File, id.Line, id.Column, id.ID = at[0], v.Line, v.Col, at[1]+"#"+t.ID
			}
			return id
		},
		Findings: func(scheme, timer string) []any {
			sch := byLabel[scheme]
			if sch == nil {
				return nil
			}
			t := sch.Timer(timer)
			if t == nil {
				return nil
			}
			at := iris[sch]
			if d, refused := rules.TimerVerdict(at[0], at[1], t, wcfg); refused {
				return []any{d}
			}
			return nil
		},
	}
	// The output is written as the simulation runs (wfesim.Stream).
	err = run.Write(func(w io.Writer) error {
		var sink wfesim.Sink
		switch run.Format {
		case "json":
			sink = wfesim.NewJSONSink(w, jopts)
		case "svg":
			sink = wfesim.NewSVGSink(w)
		default:
			esc := &lineEscaper{w: w}
			if _, err := wfesim.Stream(in, sc, note, wfesim.NewTextSink(esc)); err != nil {
				return err
			}
			return esc.Close()
		}
		_, err := wfesim.Stream(in, sc, note, sink)
		return err
	})
	if err != nil {
		return false, project.Usagef("%v", err)
	}
	return !failed, nil
}

// lineEscaper makes each line written through it inert, as
// project.EscapeLines does, line by line as they come.
type lineEscaper struct {
	w       io.Writer
	partial []byte
}

func (l *lineEscaper) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			l.partial = append(l.partial, p...)
			break
		}
		l.partial = append(l.partial, p[:i]...)
		if _, err := io.WriteString(l.w, lint.NoCommand(lint.Printable(string(l.partial)))+"\n"); err != nil {
			return 0, err
		}
		l.partial, p = l.partial[:0], p[i+1:]
	}
	return n, nil
}

// Close writes a last line that has no line break.
func (l *lineEscaper) Close() error {
	if len(l.partial) == 0 {
		return nil
	}
	_, err := io.WriteString(l.w, lint.NoCommand(lint.Printable(string(l.partial))))
	l.partial = l.partial[:0]
	return err
}
