// Package cli is what the Cadence and Temporal engine does in next and
// simulate: the firings of cron schedules, given as cron:SPEC or found in
// the CronSchedule literals of Go code, and the server's cron runs
// (cadence/sim).
package cli

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seams/seams-timers/cadence/catalog"
	"github.com/seams/seams-timers/cadence/cron"
	"github.com/seams/seams-timers/cadence/rules"
	cadencesim "github.com/seams/seams-timers/cadence/sim"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
)

// Commands is the engine's next and simulate.
var Commands commands

type commands struct{}

// CronPrefix marks a cron schedule on the command line.
const CronPrefix = "cron:"

// The engine's flags of simulate beyond the shared ones.
var (
	flagRunTime = project.Flag{Name: "run-time", Usage: "cadence: how long each cron run takes, such as 90m or PT90M (default 0)"}
	flagOverlap = project.Flag{Name: "overlap", Usage: "cadence: a scheduled time that falls before the run closes is skipped (skip) or the first is buffered (buffer-one)", Default: "skip"}
	flagJitter  = project.Flag{Name: "jitter", Usage: "cadence: the cron start jitter's upper bound, such as 30s (each run's is drawn from --seed)"}
)

func (commands) NextFlags() []project.Flag { return nil }

// ClaimsArg claims cron:SPEC arguments.
func (commands) ClaimsArg(arg string) bool { return strings.HasPrefix(arg, CronPrefix) }

func (commands) SimulateFlags() []project.Flag {
	return []project.Flag{project.FlagFrom, project.FlagUntil, project.FlagDown, project.FlagSeed, flagRunTime, flagOverlap, flagJitter}
}

func (commands) Formats() []string { return []string{"text", "json"} }

// refusal is the finding of a schedule the server refuses.
func refusal(where, spec string, f cron.Finding) lint.Diagnostic {
	id := catalog.CronSyntax
	if f.Problem == cron.Never {
		id = catalog.CronNeverFires
	}
	d := cronFinding(spec, f, id, lint.SeverityError)
	d.File = where
	return d
}

// cronFinding is the finding of rule id on a schedule, its message the
// schedule quoted as the Go analyzer quotes it, then what is wrong.
func cronFinding(spec string, f cron.Finding, id string, sev lint.Severity) lint.Diagnostic {
	return lint.Diagnostic{Rule: id, Name: catalog.Name(id), Severity: sev,
		Subject: spec, Predicate: "CronSchedule", Message: strconv.Quote(spec) + ": " + f.What, What: f.What, Detail: f.Detail}
}

// warningID is the rule of a problem the server runs the schedule with.
func warningID(p cron.Problem) string {
	if p == cron.Every {
		return catalog.CronEvery
	}
	return catalog.CronTimeZone
}

func (commands) ScenarioKeys() []string { return nil }

// at is a position in Go code as a finding's location.
type at struct {
	file      string
	line, col int
}

func (a at) String() string { return fmt.Sprintf("%s:%d:%d", a.file, a.line, a.col) }

func (a at) finding(d lint.Diagnostic) lint.Diagnostic {
	d.File, d.Line, d.Column = a.file, a.line, a.col
	return d
}

// nextCron prints the next firings of a schedule after now, in UTC; a
// refused schedule prints its refusal instead. It reports false for a
// refusal.
func nextCron(run *project.NextRun, where *at, spec, label, name string) bool {
	entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, Timer: name}, Kind: "CronSchedule", Value: spec}
	if where != nil {
		entry.File, entry.Line, entry.Column = where.file, where.line, where.col
	}
	s, findings := cron.Read(spec)
	var warn []cron.Finding
	for _, f := range findings {
		if !f.Problem.Refuses() {
			warn = append(warn, f)
			continue
		}
		d := refusal("", spec, f)
		if where != nil {
			d = where.finding(d)
		}
		run.Refuse("", d)
		entry.Status, entry.Rule = project.NextRefused, d.Rule
		run.Timer(entry)
		return false
	}
	for _, f := range warn {
		d := cronFinding(spec, f, warningID(f.Problem), lint.SeverityWarning)
		if where != nil {
			d = where.finding(d)
		}
		run.Warn.Finding("", d)
		run.Record(d)
	}
	entry.Status, entry.Due = project.NextDue, []string{}
	t := run.Now
	for range run.N {
		t = s.Next(t)
		if t.IsZero() {
			break
		}
		line := t.Format(time.RFC3339)
		if label != "" {
			line += "  " + label
		}
		run.Out.Printf("%s\n", line)
		entry.Due = append(entry.Due, project.Instant(t))
	}
	if len(entry.Due) == 0 {
		entry.Note = "no firing found after --now"
	}
	run.Timer(entry)
	return true
}

// Next prints the next firings of cron:SPEC values and of the
// CronSchedule literals of the Go code loaded.
func (commands) Next(run *project.NextRun) (bool, error) {
	ok := true
	for _, v := range run.Values {
		spec, found := strings.CutPrefix(v, CronPrefix)
		if !found {
			return false, project.Usagef("next --engine %s %q: want cron:SPEC, such as 'cron:0 9 * * 1-5'", rules.EngineName, v)
		}
		label := ""
		if run.Labelled {
			label = v
		}
		if !nextCron(run, nil, spec, label, v) {
			ok = false
		}
	}
	if run.Loaded == nil {
		return ok, nil
	}
	// Go code that could not be analysed (TMR8000: it does not build, or
	// seams-timers-go is not installed) has schedules next cannot list:
	// say so, as check does, rather than print nothing.
	for _, d := range run.Loaded.LoadFindings(rules.Engine(), run.Rule) {
		run.Refuse("", d)
		ok = false
	}
	st := rules.StateOf(run.Loaded.Project)
	if st == nil {
		return ok, nil
	}
	for _, c := range st.Crons {
		where := at{c.At.File, c.At.Start.Line, c.At.Start.Col}
		if !nextCron(run, &where, c.Spec, where.String()+" CronSchedule "+strconv.Quote(c.Spec), "CronSchedule "+strconv.Quote(c.Spec)) {
			ok = false
		}
	}
	return ok, nil
}

// Options are simulate's options for the engine, read from its flags.
type Options struct {
	From, Until time.Time
	RunTime     time.Duration
	Overlap     cadencesim.Overlap
	Jitter      time.Duration
	Seed        uint64
	Down        []simcore.Window
}

// ParseOptions reads the engine's flags of simulate; now is --now.
func ParseOptions(flags project.Flags, now time.Time) (Options, error) {
	o := Options{From: now, Seed: 1}
	var err error
	if err := simcore.ReadWindowFlags(flags, &o.From, &o.Until, &o.Down); err != nil {
		return o, project.Usagef("%v", err)
	}
	if !flags.Given("until") {
		o.Until = o.From.Add(7 * 24 * time.Hour)
	}
	for _, x := range []struct {
		name string
		out  *time.Duration
	}{{"run-time", &o.RunTime}, {"jitter", &o.Jitter}} {
		if v := flags.Value(x.name); v != "" {
			if *x.out, err = simcore.ParseDuration(v); err != nil {
				return o, project.Usagef("--%s: %v", x.name, err)
			}
		}
	}
	if o.Overlap, err = cadencesim.ParseOverlap(flags.Value("overlap")); err != nil {
		return o, project.Usagef("%v", err)
	}
	if flags.Given("seed") {
		o.Seed = uint64(flags.Int("seed"))
	}
	h := simcore.Header{From: o.From, Until: o.Until, Down: o.Down}
	if err := h.Validate(); err != nil {
		return o, project.Usagef("%v", err)
	}
	return o, nil
}

// Simulate simulates cron workflows: the schedules given as cron:SPEC
// among the paths, and the CronSchedule literals of the Go code under the
// others.
func (commands) Simulate(run *project.SimulateRun) (bool, error) {
	o, err := ParseOptions(run.Flags, run.Now)
	if err != nil {
		return false, err
	}
	in := cadencesim.Input{From: o.From, Until: o.Until, RunTime: o.RunTime, Overlap: o.Overlap, Jitter: o.Jitter, Seed: o.Seed, Down: o.Down}
	type sched struct {
		spec  string
		where string
		at    at
	}
	var scheds []sched
	var paths []string
	for _, p := range run.Paths {
		if spec, ok := strings.CutPrefix(p, CronPrefix); ok {
			scheds = append(scheds, sched{spec: spec})
		} else {
			paths = append(paths, p)
		}
	}
	if len(paths) > 0 {
		loaded, err := run.Load(paths)
		if err != nil {
			return false, err
		}
		if st := rules.StateOf(loaded.Project); st != nil {
			for _, c := range st.Crons {
				a := at{c.At.File, c.At.Start.Line, c.At.Start.Col}
				scheds = append(scheds, sched{spec: c.Spec, where: a.String(), at: a})
			}
		}
	}
	if len(scheds) == 0 {
		return false, project.Usagef("simulate --engine %s: no cron schedule: give cron:SPEC or Go code with a CronSchedule", rules.EngineName)
	}
	// A jitter the frontend refuses for a schedule is refused before any
	// output, as a usage error.
	for _, sc := range scheds {
		if parsed, _ := cron.Read(sc.spec); parsed != nil {
			if err := cadencesim.CheckJitter(parsed, in.Jitter); err != nil {
				return false, project.Usagef("simulate --engine %s --jitter %s: %v", rules.EngineName, in.Jitter, err)
			}
		}
	}
	refused := false
	if run.Format == "json" {
		err = run.Write(func(w io.Writer) error {
			var err error
			refused, err = simulateJSON(w, in, func(yield func(spec, where string, a at) bool) {
				for _, sc := range scheds {
					if !yield(sc.spec, sc.where, sc.at) {
						return
					}
				}
			})
			return err
		})
		if err != nil {
			return false, err
		}
		return !refused, nil
	}
	err = run.Write(func(w0 io.Writer) error {
		w := &project.Lines{W: w0}
		for i, sc := range scheds {
			if i > 0 {
				w.Printf("\n")
			}
			if sc.where != "" {
				w.Printf("%s:\n", sc.where)
			}
			parsed, findings := cron.Read(sc.spec)
			refusals := 0
			for _, f := range findings {
				if f.Problem.Refuses() {
					w.Finding("", refusal("", sc.spec, f))
					refusals++
				}
			}
			if refusals > 0 {
				refused = true
				continue
			}
			in.Schedule = parsed
			if w.Err == nil {
				// Written as the runs are known (cadencesim.StreamText).
				w.Err = cadencesim.StreamText(w.W, in)
			}
		}
		return w.Err
	})
	if err != nil {
		return false, err
	}
	return !refused, nil
}

// cronEvent is one scheduled time in the JSON document.
type cronEvent struct {
	Time    string `json:"time"`
	Kind    string `json:"kind"`
	Timer   string `json:"timer"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Due     string `json:"due"`
	Start   string `json:"start,omitempty"`
	Close   string `json:"close,omitempty"`
	Jitter  string `json:"jitter,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message"`
}

// cronTimer is one schedule in the JSON document.
type cronTimer struct {
	simcore.TimerID
	Spec      string `json:"spec"`
	Simulated bool   `json:"simulated"`
	Scheduled int    `json:"scheduled"`
	Fired     int    `json:"fired"`
	Run       int    `json:"run"`
	Buffered  int    `json:"buffered"`
	Skipped   int    `json:"skipped"`
	Stopped   bool   `json:"stopped"`
	Findings  []any  `json:"findings"`
}

// simulateJSON writes the JSON document (simcore.SimulateSchema) of the
// schedules, one after the other, each scheduled time as it is known;
// it reports whether a schedule was refused.
func simulateJSON(w io.Writer, in cadencesim.Input, scheds func(yield func(spec, where string, a at) bool)) (bool, error) {
	jitter := "no jitter"
	if in.Jitter > 0 {
		jitter = fmt.Sprintf("jitter up to %s (seed %d)", in.Jitter, in.Seed)
	}
	var down []string
	for _, d := range in.Down {
		down = append(down, simcore.Instant(d.Start)+"/"+simcore.Instant(d.End))
	}
	scenario := struct {
		From    string   `json:"from"`
		Until   string   `json:"until"`
		RunTime string   `json:"runTime"`
		Overlap string   `json:"overlap"`
		Jitter  string   `json:"jitter"`
		Seed    uint64   `json:"seed"`
		Down    []string `json:"down"`
	}{simcore.Instant(in.From), simcore.Instant(in.Until), in.RunTime.String(), in.Overlap.String(), in.Jitter.String(), in.Seed, down}
	if scenario.Down == nil {
		scenario.Down = []string{}
	}
	doc := simcore.NewJSONDoc(w, simcore.Head{Engine: rules.EngineName, From: in.From, Until: in.Until,
		Header: fmt.Sprintf("seams-timers simulate --engine %s: from %s until %s, each run %s, overlap %s, %s; schedule by schedule",
			rules.EngineName, simcore.Instant(in.From), simcore.Instant(in.Until), in.RunTime, in.Overlap, jitter),
		Scenario: scenario})
	var timers []any
	refused := false
	scheds(func(spec, where string, a at) bool {
		// The name next gives the same schedule; the place is beside it.
		name := CronPrefix + spec
		if where != "" {
			name = "CronSchedule " + strconv.Quote(spec)
		}
		ct := cronTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, File: a.file, Line: a.line, Column: a.col, Timer: name},
			Spec: spec, Findings: []any{}}
		parsed, findings := cron.Read(spec)
		for _, f := range findings {
			if f.Problem.Refuses() {
				d := refusal("", spec, f)
				if where != "" {
					d = a.finding(d)
				}
				ct.Findings = append(ct.Findings, d)
				continue
			}
			id := warningID(f.Problem)
			d := lint.Diagnostic{Rule: id, Name: catalog.Name(id), Severity: lint.SeverityWarning,
				Message: lint.Resolution(spec, "CronSchedule", f.What), Detail: f.Detail}
			if where != "" {
				d = a.finding(d)
			}
			ct.Findings = append(ct.Findings, d)
		}
		if parsed == nil || slices.ContainsFunc(findings, func(f cron.Finding) bool { return f.Problem.Refuses() }) {
			refused = true
			timers = append(timers, ct)
			return doc.Err() == nil
		}
		ct.Simulated = true
		in.Schedule = parsed
		err := cadencesim.Each(in, func(e cadencesim.Entry) error {
			ct.Scheduled++
			ev := cronEvent{Time: simcore.Instant(e.Scheduled), Kind: string(e.Status), Timer: name, File: a.file, Line: a.line, Column: a.col, Due: simcore.Instant(e.Scheduled),
				Reason: e.Reason, Message: e.Message()}
			switch e.Status {
			case cadencesim.Run:
				ct.Run++
			case cadencesim.Buffered:
				ct.Buffered++
			default:
				ct.Skipped++
			}
			if e.Status != cadencesim.Skipped {
				ev.Start, ev.Close = simcore.Instant(e.Start), simcore.Instant(e.Close)
				if e.Jitter > 0 {
					ev.Jitter = e.Jitter.String()
				}
			}
			doc.Event(ev)
			return doc.Err()
		})
		ct.Fired = ct.Run + ct.Buffered
		ct.Stopped = ct.Scheduled >= cadencesim.MaxEntries
		timers = append(timers, ct)
		return err == nil
	})
	return refused, doc.End(timers)
}
