package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
)

// simulateOptions are the flags of `simulate` that every engine shares;
// the engines' own flags are read into Flags.
type simulateOptions struct {
	Paths  []string
	Engine string
	Now    string
	Format string
	Output string
	// Flags are the engine flags given.
	Flags  project.Flags
	config configFlags
}

func newSimulateCmd(s *streams) *cobra.Command { return newCmdSimulate(s, runSimulate) }

// newCmdSimulate builds simulate; runF runs it with the options the
// command line gave (tests pass their own, to test the flags apart from
// what they do).
func newCmdSimulate(s *streams, runF func(*streams, *simulateOptions) error) *cobra.Command {
	o := &simulateOptions{}
	ef := simulateFlags()
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

One engine runs: --engine, else the engine of the files given (cron:SPEC is cadence); when
they hold several engines' files, BPMN's if any, else name one with --engine. A flag or a
scenario key that does not apply to that engine is a usage error.

Output: text (the ADR's log lines prefixed with tick and replica, then a summary per timer),
json (the seams-timers/simulate/1 document every engine writes: docs/json.md) or svg (a
timeline, one lane per timer). Text and JSON are written as the simulation runs: memory does
not grow with the window.

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
			o.Flags = ef.given(cmd.Flags())
			return runF(s, o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Now, "now", "", "reference time, RFC 3339 (default: the config's now, else the current time)")
	f.StringVarP(&o.Format, "format", "f", "text", "output format: text, json or svg")
	f.StringVarP(&o.Output, "output", "o", "", "write the output to FILE instead of stdout")
	f.StringVar(&o.Engine, "engine", "", "the engine whose files to simulate: "+strings.Join(engineNames(isSimulate), ", ")+" (default: the files')")
	ef.register(c)
	o.config.register(c)
	return c
}

func runSimulate(s *streams, o *simulateOptions) error {
	switch o.Format {
	case "text", "json", "svg":
	default:
		return usageErrorf("--format %q: want text, json or svg", o.Format)
	}
	cfg, err := o.config.load(o.Paths)
	if err != nil {
		return err
	}
	e, err := simulateEngine(o, cfg)
	if err != nil {
		return err
	}
	cmd := e.Commands.(project.SimulateCommand)
	ef := simulateFlags()
	if err := ef.check(o.Flags, []string{e.Name}); err != nil {
		return err
	}
	if path := o.Flags.Value("scenario"); path != "" {
		if err := checkScenarioKeys(path, e); err != nil {
			return err
		}
	}
	if !slices.Contains(cmd.Formats(), o.Format) {
		return usageError(project.NotFor("--format "+o.Format, e.Name, "it writes "+strings.Join(cmd.Formats(), ", ")))
	}
	now, err := simNow(o.Now, cfg)
	if err != nil {
		return usageErrorf("%v", err)
	}
	run := &project.SimulateRun{
		Paths: o.Paths, Now: now, NowGiven: o.Now != "", Config: cfg, Flags: ef.only(o.Flags, e.Name), Format: o.Format,
		Load: func(paths []string) (*project.Loaded, error) {
			loaded, err := project.Load(loadOptions(paths, cfg), engines())
			if err != nil {
				return nil, loadError(err)
			}
			return loaded, nil
		},
		Check: func(paths []string, opts lint.Options) (*lint.Report, error) {
			rep, err := project.Check(loadOptions(paths, cfg), engines(), opts)
			if err != nil {
				return nil, loadError(err)
			}
			return rep, nil
		},
		Write: func(write func(io.Writer) error) error { return writeSimOutput(s, o, write) },
		Err:   &project.Lines{W: s.Err},
		Rule:  ruleByID,
	}
	ok, err := cmd.Simulate(run)
	if err != nil {
		return usageError(err)
	}
	if !ok {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

// simulateEngine is the engine simulate runs: --engine, else the engine
// that claims an argument (cadence's cron:SPEC), else the engine of the files (BPMN's when there are
// several and BPMN is one of them; else --engine must say).
func simulateEngine(o *simulateOptions, cfg *lint.Config) (*project.Engine, error) {
	names := engineNames(isSimulate)
	if o.Engine != "" {
		e := engineNamed(o.Engine)
		if e == nil || !isSimulate(e.Commands) {
			return nil, usageErrorf("--engine %q: want one of %s", o.Engine, strings.Join(names, ", "))
		}
		return e, nil
	}
	if e := claimant(o.Paths, false); e != nil {
		return e, nil
	}
	found, err := project.Discover(loadOptions(o.Paths, cfg), engines())
	if err != nil {
		return nil, loadError(err)
	}
	found = slices.DeleteFunc(found, func(e *project.Engine) bool { return !isSimulate(e.Commands) })
	first := engineNamed(names[0])
	switch {
	case len(found) == 0:
		return first, nil
	case len(found) == 1 || found[0] == first:
		return found[0], nil
	}
	var list []string
	for _, e := range found {
		list = append(list, e.Name)
	}
	return nil, usageErrorf("the paths hold files of the engines %s: choose one with --engine", strings.Join(list, ", "))
}

// simNow is --now, else the config's now, else the current time to the
// second.
func simNow(flag string, cfg *lint.Config) (time.Time, error) {
	if flag != "" {
		t, err := simcore.ParseInstant(flag)
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
