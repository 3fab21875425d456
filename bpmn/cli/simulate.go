package cli

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/sim"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// The engine's flags of simulate beyond those several engines share.
var (
	flagRuntime = project.Flag{Name: "runtime", Usage: "how to read --from: starts-at-from (the runtime starts then; earlier due times are missed at first load) or already-running (it handled them); default the scenario's, else starts-at-from",
		Choices: []string{sim.RuntimeStartsAtFrom, sim.RuntimeAlreadyRunning}}
	flagLease    = project.Flag{Name: "lease", Usage: "lease on a timer row a replica takes, PT30S or 30s (default PT30S)"}
	flagCrash    = project.Flag{Name: "crash", Kind: project.FlagStrings, Usage: "REPLICA@TIME[/RESTART]: the replica crashes in its first run at or after TIME (repeatable)"}
	flagStall    = project.Flag{Name: "stall", Kind: project.FlagStrings, Usage: "REPLICA@TIME/DURATION: the replica pauses while holding a timer row's lease (repeatable)"}
	flagComplete = project.Flag{Name: "complete", Kind: project.FlagStrings, Usage: "TASK=DELAY[,DELAY...]: each instance completes the task DELAY after it opens, or never; round robin (repeatable)"}
	flagChoose   = project.Flag{Name: "choose", Kind: project.FlagStrings, Usage: "GATEWAY=FLOW[,FLOW...]: the flow each instance takes at an exclusive gateway; round robin (repeatable)"}
	flagSpiff    = project.Flag{Name: "spiff", Usage: "the SpiffWorkflow whose engine loop the run follows: main (default, nearest to ADR-0037's 3.2) or 3.1.2; default the scenario's, else main",
		Choices: []string{string(sim.SpiffMain), string(sim.Spiff312)}}
	flagDebug = project.Flag{Name: "debug", Kind: project.FlagBool, Usage: "include debug lines in text output (timer claimed elsewhere, instance ends)"}
)

func (commands) SimulateFlags() []project.Flag {
	return []project.Flag{project.FlagScenario, project.FlagFrom, project.FlagUntil, project.FlagStep, flagRuntime,
		project.FlagReplicas, project.FlagSeed, flagLease, project.FlagDown, flagCrash, flagStall,
		project.FlagStart, flagComplete, flagChoose, flagSpiff, flagDebug}
}

func (commands) Formats() []string { return []string{"text", "json", "svg"} }

// SimulateOptions are simulate's options for the engine: the scenario the
// file, the config and the flags make (the flags win).
type SimulateOptions struct {
	Scenario sim.Scenario
	// Note says what was assumed when nothing was given.
	Note  string
	Debug bool
}

func (commands) ScenarioKeys() []string { return sim.ScenarioKeys() }

// ParseSimulateOptions builds the scenario from the file, the config and
// the flags; now is --now.
func ParseSimulateOptions(flags project.Flags, now time.Time, cfg *lint.Config) (SimulateOptions, error) {
	o := SimulateOptions{Debug: flags.Value("debug") == "true"}
	sc, note, err := scenario(flags, now, cfg)
	if err != nil {
		return o, project.Usagef("%v", err)
	}
	o.Scenario, o.Note = sc, note
	return o, nil
}

// scenario builds the scenario from the file, the config and the flags
// (the flags win), and says what was assumed when nothing was given.
func scenario(flags project.Flags, now time.Time, cfg *lint.Config) (sim.Scenario, string, error) {
	var sc sim.Scenario
	if path := flags.Value("scenario"); path != "" {
		src, err := lint.ReadInput(path, lint.MaxInputSize)
		if err != nil {
			return sc, "", err
		}
		if sc, err = sim.ParseScenario(src); err != nil {
			// file:line: as the config's errors say it.
			var se *sim.ScenarioError
			if errors.As(err, &se) && se.Line > 0 {
				return sc, "", fmt.Errorf("%s:%d: %s", path, se.Line, scenarioMessage(se))
			}
			return sc, "", fmt.Errorf("%s: %w", path, err)
		}
		sc.RelativeTo(filepath.Dir(path))
	}
	var err error
	if flags.Given("from") {
		if sc.From, err = sim.ParseTime(flags.Value("from")); err != nil {
			return sc, "", fmt.Errorf("--from: %w", err)
		}
	}
	if flags.Given("until") {
		if sc.Until, err = sim.ParseTime(flags.Value("until")); err != nil {
			return sc, "", fmt.Errorf("--until: %w", err)
		}
	}
	if sc.From.IsZero() {
		sc.From = now
	}
	if v := flags.Value("step"); v != "" {
		if sc.Step, err = positiveDuration(v); err != nil {
			return sc, "", fmt.Errorf("--step: %w", err)
		}
	} else if poll, set := rules.PollOf(cfg); sc.Step == 0 && set {
		sc.Step = poll
	}
	if v := flags.Value("runtime"); v != "" {
		if sc.AlreadyRunning, err = sim.ParseRuntime(v); err != nil {
			var se *sim.ScenarioError
			if errors.As(err, &se) {
				return sc, "", fmt.Errorf("--runtime: %s", scenarioMessage(se))
			}
			return sc, "", fmt.Errorf("--runtime: %w", err)
		}
	}
	if v := flags.Value("spiff"); v != "" {
		if sc.Spiff, err = sim.ParseSpiffVersion(v); err != nil {
			return sc, "", fmt.Errorf("--spiff: %w", err)
		}
	}
	if flags.Given("replicas") {
		sc.Replicas = int(flags.Int("replicas"))
	}
	if flags.Given("seed") {
		sc.Seed = flags.Int("seed")
	}
	if v := flags.Value("lease"); v != "" {
		if sc.Lease, err = positiveDuration(v); err != nil {
			return sc, "", fmt.Errorf("--lease: %w", err)
		}
	}
	for _, v := range flags.Values("down") {
		w, err := sim.ParseWindow(v)
		if err != nil {
			return sc, "", fmt.Errorf("--down %w", err)
		}
		sc.Down = append(sc.Down, w)
	}
	for _, v := range flags.Values("crash") {
		c, err := sim.ParseCrash(v)
		if err != nil {
			return sc, "", fmt.Errorf("--crash %w", err)
		}
		sc.Crashes = append(sc.Crashes, c)
	}
	for _, v := range flags.Values("stall") {
		st, err := sim.ParseStall(v)
		if err != nil {
			return sc, "", fmt.Errorf("--stall %w", err)
		}
		sc.Stalls = append(sc.Stalls, st)
	}
	plans, err := plans(flags)
	if err != nil {
		return sc, "", err
	}
	sc.Processes = append(sc.Processes, plans...)
	note := ""
	if !flags.Given("scenario") && !flags.Given("from") && !flags.Given("until") {
		note = fmt.Sprintf("no scenario: simulating the next 30 days from --now (%s)", timeexpr.FormatTime(now))
		if sc.Replicas <= 1 && len(sc.Down) == 0 && len(sc.Crashes) == 0 && len(sc.Stalls) == 0 {
			note += " with one replica and no downtime"
		}
	}
	sc.Defaults()
	return sc, note, sc.Validate()
}

// plans turns --start, --complete and --choose into process plans.
func plans(flags project.Flags) ([]sim.ProcessPlan, error) {
	byProc := map[string]*sim.ProcessPlan{}
	var order []string
	for _, v := range flags.Values("start") {
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
	for _, v := range flags.Values("complete") {
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
	for _, v := range flags.Values("choose") {
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

// positiveDuration reads a duration greater than zero.
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

// scenarioMessage is a scenario mistake as the config's errors say one:
// a wrong choice ends with the nearest valid one.
func scenarioMessage(se *sim.ScenarioError) string {
	if len(se.Choices) == 0 {
		return se.Msg
	}
	return se.Msg + lint.Suggest(se.Got, se.Choices)
}

// loadRules are the findings of a model or graph file that could not be
// loaded: simulate reports them and goes on with the rest.
var loadRules = map[string]bool{"TMR0001": true, "TMR0002": true, "TMR0003": true, "TMR0004": true}

// Simulate simulates BPMN models on SpiffWorkflow under the seams runtime.
func (commands) Simulate(run *project.SimulateRun) (bool, error) {
	o, err := ParseSimulateOptions(run.Flags, run.Now, run.Config)
	if err != nil {
		return false, err
	}
	sc := o.Scenario
	// The rules whose errors refuse a timer, against the start.
	opts := lint.Options{Rules: rules.VerdictRules(), Now: sc.From, Config: run.Config}
	rep, err := run.Check(run.Paths, opts)
	if err != nil {
		return false, err
	}
	failed := false
	var loading []any
	about := map[string][]any{}
	for _, d := range rep.Diagnostics {
		if r := run.Rule(d.Rule); r != nil && d.Name == "" {
			// The check ran the verdict rules only, which do not name
			// the loaders' findings.
			d.Name = r.Name
		}
		if loadRules[d.Rule] {
			d.Detail = ""
			run.Err.Finding("", d)
			loading = append(loading, d)
			failed = true
			continue
		}
		if d.Subject != "" {
			about[d.Subject] = append(about[d.Subject], d)
		}
	}
	docs := ReportedModels(rep.Project)
	verdicts := rules.VerdictsOf(docs, rep.Diagnostics)
	starts, scheduling := scheduledStarts(rules.IndexOf(rep.Project), docs)
	in := sim.Input{Docs: docs, Starts: starts, Spiff: sc.Spiff, Refused: func(d *bpmn.Document, el *bpmn.Element) (string, string, bool) {
		v, ok := verdicts[d.ElementIRI(el.ID)]
		return v.Rule, rules.Reason(v), ok
	}}
	out := sim.Output{
		Format: run.Format, Text: sim.TextOptions{Debug: o.Debug, Escape: lint.Printable}, Note: o.Note, Scheduling: scheduling,
		JSON: sim.JSONOptions{Loading: loading, Findings: func(t *sim.TimerStats) []any { return about[t.IRI] }},
	}
	// The output is written as the simulation runs (sim.Stream), so that
	// a year of firings costs no more memory than a day.
	err = run.Write(func(w io.Writer) error {
		_, err := sim.Stream(w, in, sc, out)
		return err
	})
	if err != nil {
		return false, project.Usagef("%v", err)
	}
	return !failed, nil
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
	// The join names a process by its model's path and its place in the
	// model's processes.
	type procAt struct {
		path  string
		index int
	}
	scheduled := map[procAt]bool{}
	unresolved := 0
	for tr := range ix.Graph.ByPredicateSeq(ix.Vocab.Schedules()) {
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
		scheduled[procAt{doc.Path, p.Index}] = true
	}
	procs := map[*bpmn.Process]procAt{}
	for _, d := range docs {
		for i, p := range d.Processes {
			procs[p] = procAt{d.Path, i}
		}
	}
	starts := []*bpmn.Element{}
	for _, el := range sim.TimerStarts(docs) {
		if at, ok := procs[el.Container]; ok && scheduled[at] {
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
