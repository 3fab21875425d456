package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/sim"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// simulateOptions are the flags of `simulate`.
type simulateOptions struct {
	Paths    []string
	Engine   string
	Scenario string
	Now      string
	From     string
	Until    string
	Step     string
	Replicas int
	Seed     int64
	Lease    string
	Down     []string
	Crash    []string
	Stall    []string
	Start    []string
	Complete []string
	Choose   []string
	Assume   []string
	Format   string
	Output   string
	Debug    bool
	Runtime  string
	// RunTime, Overlap and Jitter are the cron simulation's (--engine
	// cadence).
	RunTime string
	Overlap string
	Jitter  string
	config  configFlags
	// changed reports which flags the user gave.
	changed func(name string) bool
}

func newSimulateCmd(s *streams) *cobra.Command {
	o := &simulateOptions{}
	c := &cobra.Command{
		Use:   "simulate [PATH...]",
		Short: "Show when every timer fires, under a stepped clock",
		Long: `Simulate runs the seams scheduler loop of every replica on a stepped clock (ticks at
from + k*step, none inside a --down window) and walks every instance through its process.
Timer starts follow ADR-0037 section 4: due times come from the expression, each firing is
claimed once across the replicas, and several due times passed since the last run fire only
the latest ("timer missed <event> N firing(s)"). Timer catches follow SpiffWorkflow: the due
time is fixed on arrival and the timer fires at the first tick strictly after it.

With an index graph (*.ttl, *.nt) among the paths, only the timer starts of the processes a
container seam:schedules run; without one, every process with a timer start is scheduled. The
header says which. A timer that check refuses (an error of a TMR1xxx or TMR2xxx rule) is
listed with that finding and not run.

Without a scenario (--scenario, or --from/--until) it simulates the next 30 days from --now
with one replica and no downtime, and says so.

Output: text (the ADR's log lines prefixed with tick and replica, then a summary per timer),
json (every event) or svg (a timeline, one lane per timer).

Exit codes: 0 simulated, 1 a model file could not be loaded, 2 usage error or missing path.`,
		Example: `  seams-timers simulate examples/
  seams-timers simulate --from 2026-11-01T00:00:00Z --until 2026-12-01T00:00:00Z \
      --replicas 3 --down 2026-11-10T00:00:00Z/2026-11-17T00:00:00Z --crash 2@2026-11-20T08:00:00Z models/
  seams-timers simulate --scenario scenario.yaml --format svg -o timeline.svg models/
  seams-timers simulate --start Approval@2026-11-02T09:00:00Z --complete Approve=PT47H,never models/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Paths = args
			if len(o.Paths) == 0 {
				o.Paths = []string{"."}
			}
			o.changed = cmd.Flags().Changed
			return runSimulate(s, o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Scenario, "scenario", "", "scenario file (YAML): clock, replicas, outages, and what users do per process")
	f.StringVar(&o.Now, "now", "", "reference time, RFC 3339 (default: the config's now, else the current time)")
	f.StringVar(&o.From, "from", "", "first tick, RFC 3339 (default: --now)")
	f.StringVar(&o.Until, "until", "", "end of the simulation, exclusive (default: 30 days after --from)")
	f.StringVar(&o.Runtime, "runtime", "", "how to read --from: starts-at-from (the runtime starts then; earlier due times are missed at first load) or already-running (it handled them); default the scenario's, else starts-at-from")
	f.StringVar(&o.Step, "step", "", "tick interval, ISO 8601 (default: the config's scheduler poll interval, else PT1S)")
	f.IntVar(&o.Replicas, "replicas", 0, "replicas running the scheduler loop (default 1)")
	f.Int64Var(&o.Seed, "seed", 0, "seed that orders replicas racing for the same firing (default 1)")
	f.StringVar(&o.Lease, "lease", "", "lease on a timer row a replica takes, ISO 8601 (default PT30S)")
	f.StringArrayVar(&o.Down, "down", nil, "START/END window in which no replica runs (repeatable)")
	f.StringArrayVar(&o.Crash, "crash", nil, "REPLICA@TIME[/RESTART]: the replica crashes in its first run at or after TIME (repeatable)")
	f.StringArrayVar(&o.Stall, "stall", nil, "REPLICA@TIME/DURATION: the replica pauses while holding a timer row's lease (repeatable)")
	f.StringArrayVar(&o.Start, "start", nil, "PROCESS@TIME: a user starts an instance (repeatable)")
	f.StringArrayVar(&o.Complete, "complete", nil, "TASK=DELAY[,DELAY...]: each instance completes the task DELAY after it opens, or never; round robin (repeatable)")
	f.StringArrayVar(&o.Choose, "choose", nil, "GATEWAY=FLOW[,FLOW...]: the flow each instance takes at an exclusive gateway; round robin (repeatable)")
	f.StringArrayVar(&o.Assume, "assume", nil, "NAME=VALUE: the value of a Workflow Engine timer computed at run time (an Expression, or a SetTimerValue) (repeatable)")
	f.StringVarP(&o.Format, "format", "f", "text", "output format: text, json or svg")
	f.StringVarP(&o.Output, "output", "o", "", "write the output to FILE instead of stdout")
	f.BoolVar(&o.Debug, "debug", false, "include debug lines in text output (timer claimed elsewhere, instance ends)")
	f.StringVar(&o.RunTime, "run-time", "", "cadence: how long each cron run takes, such as 90m or PT90M (default 0)")
	f.StringVar(&o.Overlap, "overlap", "skip", "cadence: a scheduled time that falls before the run closes is skipped (skip) or the first is buffered (buffer-one)")
	f.StringVar(&o.Jitter, "jitter", "", "cadence: the cron start jitter's upper bound, such as 30s (each run's is drawn from --seed)")
	f.StringVar(&o.Engine, "engine", rules.EngineName, "the engine whose models to simulate: "+strings.Join(engineCLINames(), ", "))
	o.config.register(c)
	// Registering fails only for a flag that does not exist.
	if err := c.RegisterFlagCompletionFunc("runtime", fixedValues([]string{sim.RuntimeStartsAtFrom, sim.RuntimeAlreadyRunning})); err != nil {
		panic(err)
	}
	return c
}

func runSimulate(s *streams, o *simulateOptions) error {
	switch o.Format {
	case "text", "json", "svg":
	default:
		return usageErrorf("--format %q: want text, json or svg", o.Format)
	}
	engine, ok := engineCLIs()[o.Engine]
	if !ok {
		return usageErrorf("--engine %q: want one of %s", o.Engine, strings.Join(engineCLINames(), ", "))
	}
	cfg, err := o.config.load(o.Paths)
	if err != nil {
		return err
	}
	return engine.simulate(s, o, cfg)
}

// simulateBPMN simulates BPMN models on SpiffWorkflow under the seams
// runtime.
func simulateBPMN(s *streams, o *simulateOptions, cfg *lint.Config) error {
	sc, note, err := o.scenario(cfg)
	if err != nil {
		return usageErrorf("%v", err)
	}
	rep, err := simCheck(o.Paths, cfg, sc.From)
	if err != nil {
		return err
	}
	var loadErrs []lint.Diagnostic
	for _, d := range rep.Diagnostics {
		if loadRules[d.Rule] {
			if r := lookupRule(d.Rule); r != nil && d.Name == "" {
				// The check ran the verdict rules only, which do not
				// name the loaders' findings.
				d.Name = r.Name
			}
			loadErrs = append(loadErrs, d)
			_, _ = fmt.Fprintf(s.Err, "%s:%d:%d: error: %s [%s %s]\n", lint.Printable(d.File), d.Line, d.Column, lint.Printable(d.Message), d.Rule, d.Name)
		}
	}
	docs := reportedModels(rep.Project)
	verdicts := rules.VerdictsOf(docs, rep.Diagnostics)
	starts, scheduling := scheduledStarts(rules.IndexOf(rep.Project), docs)
	in := sim.Input{Docs: docs, Starts: starts, Refused: func(d *bpmn.Document, el *bpmn.Element) (string, string, bool) {
		v, ok := verdicts[d.ElementIRI(el.ID)]
		return v.Rule, rules.Reason(v), ok
	}}
	res, err := sim.Run(in, sc)
	if err != nil {
		return usageErrorf("%v", err)
	}
	res.Note = note
	res.Scheduling = scheduling
	if err := simWrite(s, o, res); err != nil {
		return &exitError{code: lint.ExitInternal, err: err}
	}
	if len(loadErrs) > 0 {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

// scenario builds the scenario from the file, the config and the flags
// (the flags win), and says what was assumed when nothing was given.
func (o *simulateOptions) scenario(cfg *lint.Config) (sim.Scenario, string, error) {
	var sc sim.Scenario
	if o.Scenario != "" {
		src, err := lint.ReadInput(o.Scenario, lint.MaxInputSize)
		if err != nil {
			return sc, "", err
		}
		if sc, err = sim.ParseScenario(src); err != nil {
			// file:line: as the config's errors say it.
			var se *sim.ScenarioError
			if errors.As(err, &se) && se.Line > 0 {
				return sc, "", fmt.Errorf("%s:%d: %s", o.Scenario, se.Line, scenarioMessage(se))
			}
			return sc, "", fmt.Errorf("%s: %w", o.Scenario, err)
		}
		sc.RelativeTo(filepath.Dir(o.Scenario))
	}
	now, err := simNow(o.Now, cfg)
	if err != nil {
		return sc, "", err
	}
	if o.From != "" {
		if sc.From, err = sim.ParseTime(o.From); err != nil {
			return sc, "", fmt.Errorf("--from: %w", err)
		}
	}
	if o.Until != "" {
		if sc.Until, err = sim.ParseTime(o.Until); err != nil {
			return sc, "", fmt.Errorf("--until: %w", err)
		}
	}
	if sc.From.IsZero() {
		sc.From = now
	}
	if o.Step != "" {
		if sc.Step, err = positiveDuration(o.Step); err != nil {
			return sc, "", fmt.Errorf("--step: %w", err)
		}
	} else if poll, set := rules.PollOf(cfg); sc.Step == 0 && set {
		sc.Step = poll
	}
	if o.Runtime != "" {
		if sc.AlreadyRunning, err = sim.ParseRuntime(o.Runtime); err != nil {
			var se *sim.ScenarioError
			if errors.As(err, &se) {
				return sc, "", fmt.Errorf("--runtime: %s", scenarioMessage(se))
			}
			return sc, "", fmt.Errorf("--runtime: %w", err)
		}
	}
	if o.changed("replicas") {
		sc.Replicas = o.Replicas
	}
	if o.changed("seed") {
		sc.Seed = o.Seed
	}
	if o.Lease != "" {
		if sc.Lease, err = positiveDuration(o.Lease); err != nil {
			return sc, "", fmt.Errorf("--lease: %w", err)
		}
	}
	for _, v := range o.Down {
		w, err := sim.ParseWindow(v)
		if err != nil {
			return sc, "", fmt.Errorf("--down %w", err)
		}
		sc.Down = append(sc.Down, w)
	}
	for _, v := range o.Crash {
		c, err := sim.ParseCrash(v)
		if err != nil {
			return sc, "", fmt.Errorf("--crash %w", err)
		}
		sc.Crashes = append(sc.Crashes, c)
	}
	for _, v := range o.Stall {
		st, err := sim.ParseStall(v)
		if err != nil {
			return sc, "", fmt.Errorf("--stall %w", err)
		}
		sc.Stalls = append(sc.Stalls, st)
	}
	plans, err := o.plans()
	if err != nil {
		return sc, "", err
	}
	sc.Processes = append(sc.Processes, plans...)
	note := ""
	if o.Scenario == "" && o.From == "" && o.Until == "" {
		note = fmt.Sprintf("no scenario: simulating the next 30 days from --now (%s)", timeexpr.FormatTime(now))
		if sc.Replicas <= 1 && len(sc.Down) == 0 && len(sc.Crashes) == 0 && len(sc.Stalls) == 0 {
			note += " with one replica and no downtime"
		}
	}
	sc.Defaults()
	return sc, note, sc.Validate()
}

// plans turns --start, --complete and --choose into process plans.
func (o *simulateOptions) plans() ([]sim.ProcessPlan, error) {
	byProc := map[string]*sim.ProcessPlan{}
	var order []string
	for _, v := range o.Start {
		name, t, ok := strings.Cut(v, "@")
		if !ok || name == "" {
			return nil, fmt.Errorf("--start %q: want PROCESS@TIME, such as Approval@2026-11-02T09:00:00Z", v)
		}
		at, err := sim.ParseTime(t)
		if err != nil {
			return nil, fmt.Errorf("--start %q: %w", v, err)
		}
		p := byProc[name]
		if p == nil {
			p = &sim.ProcessPlan{Process: name}
			byProc[name] = p
			order = append(order, name)
		}
		p.Starts = append(p.Starts, at)
	}
	var out []sim.ProcessPlan
	for _, name := range order {
		out = append(out, *byProc[name])
	}
	var any sim.ProcessPlan
	for _, v := range o.Complete {
		task, vals, ok := strings.Cut(v, "=")
		if !ok || task == "" || vals == "" {
			return nil, fmt.Errorf("--complete %q: want TASK=DELAY[,DELAY...], such as Approve=PT47H,never", v)
		}
		tp := sim.TaskPlan{Task: task}
		for _, x := range strings.Split(vals, ",") {
			c, err := sim.ParseCompletion(x)
			if err != nil {
				return nil, fmt.Errorf("--complete %q: %w", v, err)
			}
			tp.After = append(tp.After, c)
		}
		any.Complete = append(any.Complete, tp)
	}
	for _, v := range o.Choose {
		gw, flows, ok := strings.Cut(v, "=")
		if !ok || gw == "" || flows == "" {
			return nil, fmt.Errorf("--choose %q: want GATEWAY=FLOW[,FLOW...]", v)
		}
		any.Choose = append(any.Choose, sim.Choice{Gateway: gw, Flows: strings.Split(flows, ",")})
	}
	if len(any.Complete) > 0 || len(any.Choose) > 0 {
		out = append(out, any)
	}
	return out, nil
}

// positiveDuration reads an exact ISO 8601 duration greater than zero.
func positiveDuration(s string) (time.Duration, error) {
	d, err := sim.ParseDurationFlag(s)
	if err != nil {
		return 0, err
	}
	if d <= 0 {
		return 0, fmt.Errorf("%q: want a positive duration such as PT1S", s)
	}
	return d, nil
}

// simNow is --now, else the config's now, else the current time to the
// second.
func simNow(flag string, cfg *lint.Config) (time.Time, error) {
	if flag != "" {
		t, err := sim.ParseTime(flag)
		if err != nil {
			return t, fmt.Errorf("--now: %w", err)
		}
		return t, nil
	}
	if cfg != nil && !cfg.Now.IsZero() {
		return cfg.Now.UTC(), nil
	}
	return wallClock().UTC().Truncate(time.Second), nil
}

// loadRules are the findings of a model or graph file that could not be
// loaded: simulate reports them and goes on with the rest.
var loadRules = map[string]bool{"TMR0001": true, "TMR0002": true, "TMR0003": true, "TMR0004": true}

// simCheck loads the models and the index graph under the paths as check
// does (lint.Check), and runs the rules whose errors refuse a timer
// (rules.VerdictRules), against now. A path that does not exist is a usage
// error.
func simCheck(paths []string, cfg *lint.Config, now time.Time) (*lint.Report, error) {
	opts := lint.Options{Rules: rules.VerdictRules(), Now: now, Config: cfg}
	rep, err := project.Check(loadOptions(paths, cfg), engines(), opts)
	if err != nil {
		return nil, loadError(err)
	}
	return rep, nil
}

// scheduledStarts returns the timer starts a scheduler runs and says so
// for the header. With an index graph, they are the timer starts of the
// processes that some container seam:schedules (an object that names no
// loaded top-level process is left out: check reports it); without one,
// nil, which schedules every timer start of a top-level process.
func scheduledStarts(ix *join.Index, docs []*bpmn.Document) ([]*bpmn.Element, string) {
	if ix == nil {
		return nil, "no index graph: every process with a timer start is scheduled"
	}
	var containers []string
	byContainer := map[string][]string{}
	scheduled := map[*bpmn.Process]bool{}
	unresolved := 0
	for _, tr := range ix.Graph.ByPredicate(ix.Vocab.Schedules()) {
		doc, p := ix.Process(tr.O)
		if p == nil {
			unresolved++
			continue
		}
		// The container as the graph document that says so names it:
		// <#api> shows as index.ttl#api.
		c := ix.DisplayTerm(tr.S, tr.Predicate.File)
		if strings.HasPrefix(c, "#") {
			c = tr.Predicate.File + c
		}
		if _, seen := byContainer[c]; !seen {
			containers = append(containers, c)
		}
		name := doc.ElementDisplay(p.ID)
		if !slices.Contains(byContainer[c], name) {
			byContainer[c] = append(byContainer[c], name)
		}
		scheduled[p] = true
	}
	starts := []*bpmn.Element{}
	for _, el := range sim.TimerStarts(docs) {
		if scheduled[el.Container] {
			starts = append(starts, el)
		}
	}
	var parts []string
	for _, c := range containers {
		parts = append(parts, c+" schedules "+strings.Join(byContainer[c], ", "))
	}
	desc := "index graph: " + strings.Join(parts, "; ")
	if len(parts) == 0 {
		desc = "index graph: no container schedules a process, so no timer start is scheduled"
	}
	if unresolved > 0 {
		desc += fmt.Sprintf(" (%d seam:schedules object(s) name no loaded process)", unresolved)
	}
	return starts, desc
}

// bpmnLoadFindings are the loading findings of the BPMN models reported
// on, sorted, with their rules' names.
func bpmnLoadFindings(loaded *project.Loaded) []lint.Diagnostic {
	var diags []lint.Diagnostic
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f != nil && f.Reported && f.Kind == rules.KindBPMN {
			if r := lookupRule(d.Rule); r != nil {
				d.Name = r.Name
			}
			diags = append(diags, d)
		}
	}
	lint.Sort(diags)
	return diags
}

// simWrite writes the result in the chosen format to stdout or --output.
func simWrite(s *streams, o *simulateOptions, res *sim.Result) error {
	return writeSimOutput(s, o, func(w io.Writer) error {
		switch o.Format {
		case "json":
			return sim.WriteJSON(w, res)
		case "svg":
			return sim.WriteSVG(w, res)
		}
		return sim.WriteText(w, res, sim.TextOptions{Debug: o.Debug, Escape: lint.Printable})
	})
}

// writeSimOutput runs write, buffered, on stdout or on the --output file
// (through a temporary file and a rename, so that a failure never leaves
// half a timeline), and returns the first error of writing and flushing.
func writeSimOutput(s *streams, o *simulateOptions, write func(io.Writer) error) error {
	buffered := func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		err := write(bw)
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
		return err
	}
	if o.Output != "" {
		return lint.WriteReport(o.Output, buffered)
	}
	return buffered(s.Out)
}

// scenarioMessage is a scenario mistake as the config's errors say one:
// a wrong choice ends with the nearest valid one.
func scenarioMessage(se *sim.ScenarioError) string {
	if len(se.Choices) == 0 {
		return se.Msg
	}
	return se.Msg + lint.Suggest(se.Got, se.Choices)
}
