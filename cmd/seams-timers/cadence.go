package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/seams/seams-timers/cadence/catalog"
	"github.com/seams/seams-timers/cadence/cron"
	temporal "github.com/seams/seams-timers/cadence/rules"
	cronsim "github.com/seams/seams-timers/cadence/sim"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// cadenceCLI is what the Cadence and Temporal engine adds to next and
// simulate: the firings of cron schedules, given as cron:SPEC or found in
// the CronSchedule literals of Go code, and the server's cron runs.
var cadenceCLI = engineCLI{nextValues: nextCronValues, nextFiles: nextCronFiles, simulate: simulateCron}

// runVetTool hands go vet's tool protocol to seams-timers-go, which links
// the analyzers, and exits with its exit code.
func runVetTool(args []string) {
	helper, err := temporal.Helper()
	if err != nil {
		fmt.Fprintf(os.Stderr, "seams-timers: go vet's tool protocol is served by %s, which is neither beside seams-timers nor on PATH: go install github.com/seams/seams-timers/cmd/seams-timers-go\n", temporal.HelperName)
		os.Exit(lint.ExitInternal)
	}
	cmd := exec.Command(helper, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			os.Exit(ee.ExitCode())
		}
		fmt.Fprintf(os.Stderr, "seams-timers: running %s: %v\n", helper, err)
		os.Exit(lint.ExitInternal)
	}
	os.Exit(0)
}

// cronPrefix marks a cron schedule on the command line.
const cronPrefix = "cron:"

// cronRefusal is the error of a schedule the server refuses, in the form
// next prints refusals.
func cronRefusal(w *lineWriter, where, spec string, f cron.Finding) {
	id := catalog.CronSyntax
	if f.Problem == cron.Never {
		id = catalog.CronNeverFires
	}
	d := lint.Diagnostic{Rule: id, Name: catalog.Name(id), Severity: lint.SeverityError,
		Message: lint.Resolution(spec, "CronSchedule", f.What), Detail: f.Detail}
	writeDiagnostic(w, where, d)
}

// nextCron prints the next n firings of a schedule after now, in UTC; a
// refused schedule prints its refusal instead. It reports false for a
// refusal.
func nextCron(run *nextRun, where, spec, label string) bool {
	s, findings := cron.Read(spec)
	var warn []cron.Finding
	for _, f := range findings {
		if f.Problem == cron.TimeZone {
			warn = append(warn, f)
			continue
		}
		cronRefusal(run.w, where, spec, f)
		return false
	}
	for _, f := range warn {
		fmt.Fprintf(run.errw, "seams-timers: warning: %s [%s %s]\n", lint.Resolution(spec, "CronSchedule", f.What), catalog.CronTimeZone, catalog.Name(catalog.CronTimeZone))
	}
	t := run.now
	for range run.n {
		t = s.Next(t)
		if t.IsZero() {
			break
		}
		line := t.Format(time.RFC3339)
		if label != "" {
			line += "  " + label
		}
		run.w.printf("%s\n", line)
	}
	return true
}

// nextCronValues prints the next firings of cron:SPEC values.
func nextCronValues(run *nextRun, values []string) (bool, error) {
	ok := true
	for _, v := range values {
		spec, found := strings.CutPrefix(v, cronPrefix)
		if !found {
			return false, usageErrorf("next --engine %s %q: want cron:SPEC, such as 'cron:0 9 * * 1-5'", temporal.EngineName, v)
		}
		label := ""
		if run.labelled {
			label = v
		}
		if !nextCron(run, "", spec, label) {
			ok = false
		}
	}
	return ok, nil
}

// nextCronFiles prints the next firings of the CronSchedule literals of
// the Go code loaded, each line naming the literal.
func nextCronFiles(run *nextRun, loaded *project.Loaded) (bool, error) {
	st := temporal.StateOf(loaded.Project)
	if st == nil {
		return true, nil
	}
	ok := true
	for _, c := range st.Crons {
		where := fmt.Sprintf("%s:%d:%d", c.At.File, c.At.Start.Line, c.At.Start.Col)
		if !nextCron(run, where, c.Spec, where+" CronSchedule "+strconv.Quote(c.Spec)) {
			ok = false
		}
	}
	return ok, nil
}

// simulateCron simulates cron workflows: the schedules given as cron:SPEC
// among the paths, and the CronSchedule literals of the Go code under the
// others.
func simulateCron(s *streams, o *simulateOptions, cfg *lint.Config) error {
	if o.Format != "text" {
		return usageErrorf("simulate --engine %s writes text only (--format text)", temporal.EngineName)
	}
	in, err := cronInput(o, cfg)
	if err != nil {
		return err
	}
	type sched struct{ spec, where string }
	var scheds []sched
	var paths []string
	for _, p := range o.Paths {
		if spec, ok := strings.CutPrefix(p, cronPrefix); ok {
			scheds = append(scheds, sched{spec: spec})
		} else {
			paths = append(paths, p)
		}
	}
	if len(paths) > 0 {
		loaded, err := project.Load(loadOptions(paths, cfg), engines())
		if err != nil {
			return loadError(err)
		}
		if st := temporal.StateOf(loaded.Project); st != nil {
			for _, c := range st.Crons {
				scheds = append(scheds, sched{spec: c.Spec, where: fmt.Sprintf("%s:%d:%d", c.At.File, c.At.Start.Line, c.At.Start.Col)})
			}
		}
	}
	if len(scheds) == 0 {
		return usageErrorf("simulate --engine %s: no cron schedule: give cron:SPEC or Go code with a CronSchedule", temporal.EngineName)
	}
	bw := &lineWriter{w: s.Out}
	refused := false
	for i, sc := range scheds {
		if i > 0 {
			bw.printf("\n")
		}
		if sc.where != "" {
			bw.printf("%s:\n", sc.where)
		}
		parsed, findings := cron.Read(sc.spec)
		refusals := 0
		for _, f := range findings {
			if f.Problem != cron.TimeZone {
				cronRefusal(bw, "", sc.spec, f)
				refusals++
			}
		}
		if refusals > 0 {
			refused = true
			continue
		}
		in.Schedule = parsed
		if bw.err == nil {
			bw.err = cronsim.WriteText(bw.w, in, cronsim.Simulate(in))
		}
	}
	if bw.err != nil {
		return &exitError{code: lint.ExitInternal, err: bw.err}
	}
	if refused {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

// cronInput reads the flags of a cron simulation.
func cronInput(o *simulateOptions, cfg *lint.Config) (cronsim.Input, error) {
	var in cronsim.Input
	now, err := simNow(o.Now, cfg)
	if err != nil {
		return in, usageErrorf("%v", err)
	}
	in.From = now
	if o.From != "" {
		if in.From, err = time.Parse(time.RFC3339, o.From); err != nil {
			return in, usageErrorf("--from %q: want an RFC 3339 time", o.From)
		}
	}
	in.Until = in.From.Add(7 * 24 * time.Hour)
	if o.Until != "" {
		if in.Until, err = time.Parse(time.RFC3339, o.Until); err != nil {
			return in, usageErrorf("--until %q: want an RFC 3339 time", o.Until)
		}
	}
	if in.RunTime, err = flagDuration("--run-time", o.RunTime); err != nil {
		return in, err
	}
	if in.Jitter, err = flagDuration("--jitter", o.Jitter); err != nil {
		return in, err
	}
	if in.Overlap, err = cronsim.ParseOverlap(o.Overlap); err != nil {
		return in, usageErrorf("%v", err)
	}
	in.Seed = 1
	if o.changed != nil && o.changed("seed") {
		in.Seed = uint64(o.Seed)
	}
	for _, v := range o.Down {
		a, b, ok := strings.Cut(v, "/")
		start, err1 := time.Parse(time.RFC3339, a)
		end, err2 := time.Parse(time.RFC3339, b)
		if !ok || err1 != nil || err2 != nil || !end.After(start) {
			return in, usageErrorf("--down %q: want START/END, two RFC 3339 times, END after START", v)
		}
		in.Down = append(in.Down, cronsim.Window{Start: start.UTC(), End: end.UTC()})
	}
	in.From, in.Until = in.From.UTC(), in.Until.UTC()
	return in, nil
}

// flagDuration reads a Go duration (90s, 1h30m) or an ISO 8601 one
// (PT90S) of zero or more; empty is zero.
func flagDuration(name, v string) (time.Duration, error) {
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		if d, err = positiveDuration(v); err != nil {
			return 0, usageErrorf("%s %q: want a duration such as 90s, 1h30m or PT1H30M", name, v)
		}
	}
	if d < 0 {
		return 0, usageErrorf("%s %q: want a duration of zero or more", name, v)
	}
	return d, nil
}
