package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/wfe"
	wferules "github.com/seams/seams-timers/wfe/rules"
	wfesim "github.com/seams/seams-timers/wfe/sim"
)

// simulateWFE simulates Workflow Engine schemes: the scenario file, the
// wfe: section of the config and the flags (the flags win) say what
// happens; without instances, one instance of each scheme enters its
// initial activity at the start.
func simulateWFE(s *streams, o *simulateOptions, cfg *lint.Config) error {
	for _, f := range []string{"complete", "choose", "crash", "stall", "lease", "seed", "debug"} {
		if o.changed(f) {
			return usageErrorf("--%s is a flag of the BPMN simulator; a Workflow Engine scenario gives commands and condition outcomes per instance", f)
		}
	}
	wcfg := wferules.ConfigOf(cfg)
	sc, note, err := wfeScenario(o, cfg, wcfg)
	if err != nil {
		return usageErrorf("%v", err)
	}
	loaded, err := project.Load(loadOptions(o.Paths, cfg), engines())
	if err != nil {
		return loadError(err)
	}
	failed := false
	for _, d := range wfeLoadFindings(loaded) {
		_, _ = fmt.Fprintf(s.Err, "%s:%d:%d: error: %s [%s %s]\n", d.File, d.Line, d.Column, d.Message, d.Rule, d.Name)
		failed = true
	}
	var schemes []*wfe.Scheme
	iris := map[*wfe.Scheme][2]string{}
	for _, f := range wferules.Files(loaded.Project) {
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
		d, ok := wferules.TimerVerdict(at[0], at[1], t, wcfg)
		return d.Rule, d.What, ok
	}}
	res, err := wfesim.Run(in, sc)
	if err != nil {
		return usageErrorf("%v", err)
	}
	res.Note = note
	if err := wfeSimWrite(s, o, res); err != nil {
		return &exitError{code: lint.ExitInternal, err: err}
	}
	if failed {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// wfeScenario builds the scenario from the file, the config and the flags.
func wfeScenario(o *simulateOptions, cfg *lint.Config, wcfg *wferules.Config) (wfesim.Scenario, string, error) {
	var sc wfesim.Scenario
	if o.Scenario != "" {
		src, err := lint.ReadInput(o.Scenario, lint.MaxInputSize)
		if err != nil {
			return sc, "", err
		}
		if sc, err = wfesim.ParseScenario(src); err != nil {
			return sc, "", fmt.Errorf("%s: %w", o.Scenario, err)
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
	now, err := simNow(o.Now, cfg)
	if err != nil {
		return sc, "", err
	}
	if o.From != "" {
		if sc.From, err = wfesim.ParseTime(o.From); err != nil {
			return sc, "", fmt.Errorf("--from: %w", err)
		}
	}
	if o.Until != "" {
		if sc.Until, err = wfesim.ParseTime(o.Until); err != nil {
			return sc, "", fmt.Errorf("--until: %w", err)
		}
	}
	if sc.From.IsZero() {
		sc.From = now
	}
	if o.changed("replicas") {
		sc.Replicas = o.Replicas
		if o.Replicas > 1 {
			sc.Multi = true
		}
	}
	if o.Step != "" {
		if sc.Period, err = positiveDuration(o.Step); err != nil {
			return sc, "", fmt.Errorf("--step: %w", err)
		}
	}
	for _, v := range o.Down {
		w, err := wfesim.ParseWindow(v)
		if err != nil {
			return sc, "", fmt.Errorf("--down %w", err)
		}
		sc.Down = append(sc.Down, w)
	}
	for _, v := range o.Start {
		name, t, ok := strings.Cut(v, "@")
		if !ok || name == "" {
			return sc, "", fmt.Errorf("--start %q: want SCHEME@TIME, such as ServiceDeskTicket@2026-11-02T09:00:00Z", v)
		}
		at, err := wfesim.ParseTime(t)
		if err != nil {
			return sc, "", fmt.Errorf("--start %q: %w", v, err)
		}
		sc.Instances = append(sc.Instances, wfesim.InstancePlan{Scheme: name, Start: at})
	}
	assume, err := parseAssume(o.Assume)
	if err != nil {
		return sc, "", err
	}
	if len(assume) > 0 && sc.Assume == nil {
		sc.Assume = map[string]string{}
	}
	for k, v := range assume {
		sc.Assume[k] = v
	}
	note := ""
	if o.Scenario == "" && o.From == "" && o.Until == "" {
		note = "no scenario: simulating the next 30 days from --now (" + sc.From.Format("2006-01-02T15:04:05Z07:00") + ")"
	}
	sc.Defaults()
	return sc, note, sc.Validate()
}

// wfeSimWrite writes the result in the chosen format.
func wfeSimWrite(s *streams, o *simulateOptions, res *wfesim.Result) error {
	return writeSimOutput(s, o, func(w io.Writer) error {
		switch o.Format {
		case "json":
			return wfesim.WriteJSON(w, res)
		case "svg":
			return wfesim.WriteSVG(w, res)
		}
		return wfesim.WriteText(w, res)
	})
}
