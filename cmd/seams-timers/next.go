package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// lineWriter writes output lines and keeps the first write error. What
// its lines quote of the input (paths, element ids, expressions, messages)
// is printed as check's text output prints it: every string and error
// argument escaped (lint.Printable), so that a file name or a model's text
// cannot break a line or send an escape sequence, and no line reads as a
// GitHub workflow command.
type lineWriter struct {
	w   io.Writer
	err error
}

func (l *lineWriter) printf(format string, args ...any) {
	if l.err != nil {
		return
	}
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = lint.Printable(v)
		case error:
			args[i] = lint.Printable(v.Error())
		}
	}
	text := fmt.Sprintf(format, args...)
	if strings.Contains(text, "::") {
		lines := strings.SplitAfter(text, "\n")
		for i, line := range lines {
			lines[i] = lint.NoCommand(line)
		}
		text = strings.Join(lines, "")
	}
	_, l.err = io.WriteString(l.w, text)
}

// nextOptions are the flags of `next`.
type nextOptions struct {
	Args   []string
	N      int
	Kind   string
	As     string
	Engine string
	Now    string
	// TZ and Revision are the Stateflows engine's host zone and revision.
	TZ       string
	Revision string
	// Assume are the Workflow Engine's values of timers computed at run
	// time (NAME=VALUE).
	Assume []string
	config configFlags
}

func newNextCmd(s *streams) *cobra.Command {
	o := &nextOptions{}
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
refusal, ResolutionError(<expr>, predicate, "what"), and a line saying what to write instead.
Their warnings go to stderr, and the due times are still printed. In models, each refused
timer prints the first error check reports on it, at the same place.

Exit codes: 0 printed, 1 an expression was refused, 2 usage error or missing path.`,
		Example: `  seams-timers next 'R/2026-11-09T08:00:00Z/P1D' -n 5
  seams-timers next --as catch --now 2026-01-01T00:00:00Z 'R/2026-01-31T00:00:00Z/P1M'
  seams-timers next --kind duration PT48H
  seams-timers next models/
  seams-timers next --engine stateflows AfterOneDay --now 2026-11-04T10:00:30 --tz Europe/Berlin`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Args = args
			return runNext(s, o)
		},
	}
	f := c.Flags()
	f.IntVarP(&o.N, "count", "n", 5, "how many due times to print per timer")
	f.StringVar(&o.Kind, "kind", "", "what EXPR is: date, duration or cycle (default: guessed, R... is a cycle, P... a duration)")
	f.StringVar(&o.As, "as", "", "read EXPR as on a timer start or a catch event: start or catch (default: start, catch for a duration)")
	f.StringVar(&o.Engine, "engine", rules.EngineName, "the engine that reads EXPR: "+strings.Join(engineCLINames(), ", "))
	f.StringVar(&o.Now, "now", "", "reference time, RFC 3339; for stateflows also the host's wall time (default: the config's now, else the current time)")
	f.StringVar(&o.TZ, "tz", "", "stateflows: the host's zone, an IANA name (default: the config's stateflows.timezone, else UTC)")
	f.StringVar(&o.Revision, "revision", "", "stateflows: main, before-2024-12-17 or documented (default: the config's, else main)")
	f.StringArrayVar(&o.Assume, "assume", nil, "wfe: NAME=VALUE, the value of a timer computed at run time (an Expression) (repeatable)")
	o.config.register(c)
	return c
}

func runNext(s *streams, o *nextOptions) error {
	if o.N < 1 || o.N > lint.MaxNextCount {
		return usageErrorf("-n %d: want 1 to %d", o.N, lint.MaxNextCount)
	}
	engine, ok := engineCLIs()[o.Engine]
	if !ok {
		return usageErrorf("--engine %q: want one of %s", o.Engine, strings.Join(engineCLINames(), ", "))
	}
	var paths, exprs []string
	for _, a := range o.Args {
		if _, err := os.Stat(a); err == nil {
			paths = append(paths, a)
		} else {
			exprs = append(exprs, a)
		}
	}
	cfg, err := o.config.load(paths)
	if err != nil {
		return err
	}
	readNow := func(o *nextOptions, cfg *lint.Config) (time.Time, error) { return simNow(o.Now, cfg) }
	if engine.now != nil {
		readNow = engine.now
	}
	now, err := readNow(o, cfg)
	if err != nil {
		return usageErrorf("%v", err)
	}
	bw := bufio.NewWriter(s.Out)
	run := &nextRun{w: &lineWriter{w: bw}, errw: s.Err, now: now, n: o.N, opts: o, cfg: cfg, labelled: len(o.Args) > 1}
	refused := false
	if len(exprs) > 0 {
		ok, err := engine.nextValues(run, exprs)
		if err != nil {
			return err
		}
		refused = !ok
	}
	if len(paths) > 0 {
		loaded, err := project.Load(loadOptions(paths, cfg), engines())
		if err != nil {
			return loadError(err)
		}
		for _, name := range engineCLINames() {
			ok, err := engineCLIs()[name].nextFiles(run, loaded)
			if err != nil {
				return err
			}
			if !ok {
				refused = true
			}
		}
	}
	w := run.w
	if w.err == nil {
		w.err = bw.Flush()
	}
	if w.err != nil {
		return &exitError{code: lint.ExitInternal, err: w.err}
	}
	if refused {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

// nextRun is one run of next, as an engine sees it.
type nextRun struct {
	// w is standard output; errw takes warnings.
	w    *lineWriter
	errw io.Writer
	now  time.Time
	n    int
	opts *nextOptions
	cfg  *lint.Config
	// labelled says that several arguments were given, so each line of a
	// value names it.
	labelled bool
}

// writeDiagnostic prints a finding of the rules in the ADR's form, with
// its rule and a detail line, as check does. where is "" for an expression
// from the command line, whose subject is the expression itself.
func writeDiagnostic(w *lineWriter, where string, d lint.Diagnostic) {
	rule := d.Rule
	if d.Name != "" {
		rule += " " + d.Name
	}
	if where == "" {
		w.printf("%s: %s [%s]\n", d.Severity, d.Message, rule)
	} else {
		w.printf("%s: %s: %s [%s]\n", where, d.Severity, d.Message, rule)
	}
	if d.Detail != "" {
		w.printf("  %s\n", d.Detail)
	}
}
