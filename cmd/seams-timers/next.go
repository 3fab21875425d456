package main

import (
	"bufio"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// nextOptions are the flags of `next` that every engine shares; the
// engines' own flags are read into Flags.
type nextOptions struct {
	Args   []string
	N      int
	Engine string
	Now    string
	// Format is --format: text or json.
	Format string
	// Flags are the engine flags given.
	Flags  project.Flags
	config configFlags
	// engineGiven says that --engine was given.
	engineGiven bool
}

func newNextCmd(s *streams) *cobra.Command { return newCmdNext(s, runNext) }

// newCmdNext builds next; runF runs it with the options the command line
// gave (tests pass their own, to test the flags apart from what they do).
func newCmdNext(s *streams, runF func(*streams, *nextOptions) error) *cobra.Command {
	o := &nextOptions{}
	ef := nextFlags()
	c := &cobra.Command{
		Use:   "next EXPR|PATH...",
		Short: "Print the next firings of a timer expression, or of every timer in a model",
		Long: `Next prints the next due times of one timer expression, one per line in UTC, like
systemd-analyze calendar. An argument that names an existing file or directory is read as
models instead, and the next firings of every timer in them are printed, each line naming
its timer.

A cycle or a date is read as a timer start (the seams scheduler: a period in months or years
adds calendar months from the start, clamped to the month's end); --as catch reads it as
SpiffWorkflow reads a catch event (a fixed stride measured from the start month). A duration
is a catch reached at --now. Lines whose due time used calendar arithmetic say which.

An expression the rules refuse (the findings check would report on it in a model) prints the
refusal (a BPMN one in the ADR's form, ResolutionError(<expr>, predicate, "what"); the other
engines' in their own terms) and a line saying what to write instead.
Their warnings go to stderr, and the due times are still printed. In models, each refused
timer prints the first error check reports on it, at the same place.

Values are read by --engine (default bpmn; cron:SPEC values by cadence); files by their own
engines, or by --engine only when it is given. A flag of an engine that does not run is a
usage error.

--format json writes one JSON document instead (docs/json.md, project/next.schema.json):
every timer with its engine, place, name and subject, its due times in UTC, and the
refusals and warnings as check --format json writes findings.

Exit codes: 0 printed, 1 an expression was refused, 2 usage error or missing path.`,
		Example: `  seams-timers next 'R/2026-11-09T08:00:00Z/P1D' -n 5
  seams-timers next --as catch --now 2026-01-01T00:00:00Z 'R/2026-01-31T00:00:00Z/P1M'
  seams-timers next --kind duration PT48H
  seams-timers next models/
  seams-timers next --engine stateflows AfterOneDay --now 2026-11-04T10:00:30 --tz Europe/Berlin`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Args = args
			o.Flags = ef.given(cmd.Flags())
			o.engineGiven = cmd.Flags().Changed("engine")
			return runF(s, o)
		},
	}
	f := c.Flags()
	f.IntVarP(&o.N, "count", "n", 5, "how many due times to print per timer")
	f.StringVar(&o.Engine, "engine", engineNames(isNext)[0], "the engine that reads EXPR, and the only one whose files are read: "+strings.Join(engineNames(isNext), ", "))
	f.StringVarP(&o.Format, "format", "f", "text", "output format: text or json")
	f.StringVar(&o.Now, "now", "", "reference time, RFC 3339; for stateflows also the host's wall time (default: the config's now, else the current time)")
	ef.register(c)
	o.config.register(c)
	return c
}

func runNext(s *streams, o *nextOptions) error {
	if o.N < 1 || o.N > lint.MaxNextCount {
		return usageErrorf("-n %d: want 1 to %d", o.N, lint.MaxNextCount)
	}
	if o.Format != "text" && o.Format != "json" {
		return usageErrorf("--format %q: want text or json", o.Format)
	}
	if e := engineNamed(o.Engine); e == nil || !isNext(e.Commands) {
		return usageErrorf("--engine %q: want one of %s", o.Engine, strings.Join(engineNames(isNext), ", "))
	}
	var paths, values []string
	for _, a := range o.Args {
		if _, err := os.Stat(a); err == nil {
			paths = append(paths, a)
		} else {
			values = append(values, a)
		}
	}
	// The engine that reads the values: --engine, else the one that
	// claims them (cadence's cron:SPEC), else the first.
	valuesEngine := o.Engine
	if e := claimant(values, true); e != nil && !o.engineGiven {
		valuesEngine = e.Name
	}
	cfg, err := o.config.load(paths)
	if err != nil {
		return err
	}
	var loaded *project.Loaded
	if len(paths) > 0 {
		if loaded, err = project.Load(loadOptions(paths, cfg), engines()); err != nil {
			return loadError(err)
		}
	}
	// The engines that run: the values' engine, and those of the files
	// (only --engine's when it is given).
	var running []string
	if len(values) > 0 {
		running = append(running, valuesEngine)
	}
	for _, e := range engines() {
		if !isNext(e.Commands) || slices.Contains(running, e.Name) {
			continue
		}
		if o.engineGiven && e.Name != o.Engine {
			continue
		}
		if loaded != nil && hasFiles(loaded, e) {
			running = append(running, e.Name)
		}
	}
	if len(running) == 0 {
		running = []string{o.Engine}
	}
	ef := nextFlags()
	if err := ef.check(o.Flags, running); err != nil {
		return err
	}
	// --now as the one engine that runs reads it, else an instant.
	now, err := nextNow(o, cfg, running, ef)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(s.Out)
	out := &project.Lines{W: bw}
	var doc *project.NextJSON
	if o.Format == "json" {
		// The engines print their text to nowhere and fill the document.
		out = &project.Lines{W: io.Discard}
		doc = &project.NextJSON{}
	}
	refused := false
	for _, name := range running {
		e := engineNamed(name)
		run := &project.NextRun{Out: out, Warn: &project.Lines{W: s.Err}, Now: now, N: o.N, Loaded: loaded,
			Labelled: len(o.Args) > 1, Config: cfg, Flags: ef.only(o.Flags, name), Rule: ruleByID, JSON: doc}
		if name == valuesEngine {
			run.Values = values
		}
		ok, err := e.Commands.(project.NextCommand).Next(run)
		if err != nil {
			return usageError(err)
		}
		if !ok {
			refused = true
		}
	}
	if doc != nil && out.Err == nil {
		out.Err = lint.WriteJSON(bw, nextDocument(doc, now, o.N))
	}
	if out.Err == nil {
		out.Err = bw.Flush()
	}
	if out.Err != nil {
		return &exitError{code: lint.ExitInternal, err: out.Err}
	}
	if refused {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

// nextNow reads --now: as the engine reads it when one engine runs and
// it reads --now its own way (project.NowReader), else as an RFC 3339
// instant; by default the config's now, else the current time.
func nextNow(o *nextOptions, cfg *lint.Config, running []string, ef *engineFlags) (time.Time, error) {
	if o.Now != "" && len(running) == 1 {
		if r, ok := engineNamed(running[0]).Commands.(project.NowReader); ok {
			t, err := r.ReadNow(o.Now, ef.only(o.Flags, running[0]), cfg)
			if err != nil {
				return t, usageError(err)
			}
			return t, nil
		}
	}
	t, err := simNow(o.Now, cfg)
	if err != nil {
		return t, usageErrorf("%v", err)
	}
	return t, nil
}

// hasFiles reports whether the project holds files of an engine that the
// run reports on, or files the engine could not load (Go code that does
// not build, or with no seams-timers-go to analyse it: the engine runs,
// to say so).
func hasFiles(loaded *project.Loaded, e *project.Engine) bool {
	for _, f := range loaded.Project.Files {
		if f.Reported && project.EngineOfKind([]*project.Engine{e}, f.Kind) != nil {
			return true
		}
	}
	return len(loaded.LoadFindings(e, ruleByID)) > 0
}

// nextDocument is next's JSON document of what the engines collected.
func nextDocument(doc *project.NextJSON, now time.Time, n int) project.NextDocument {
	out := project.NextDocument{Schema: project.NextSchemaID, Now: project.Instant(now), Count: n,
		Timers: doc.Timers, Findings: doc.Findings}
	if out.Timers == nil {
		out.Timers = []project.NextTimer{}
	}
	if out.Findings == nil {
		out.Findings = []lint.Diagnostic{}
	}
	return out
}
