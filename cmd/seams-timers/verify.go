package main

import (
	"io"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/verify"
)

// verifyOptions are the flags of `verify` that every engine shares; the
// engines' own flags are read into Flags.
type verifyOptions struct {
	Paths     []string
	Format    string
	MaxStates int
	MaxTime   time.Duration
	Stats     bool
	Flags     project.Flags
	config    configFlags
}

// DefaultMaxStates bounds each search when --max-states is not given.
const DefaultMaxStates = 200000

func newVerifyCmd(s *streams) *cobra.Command { return newCmdVerify(s, runVerify) }

// verifyFlags are the engines' flags of verify.
func verifyFlags() *engineFlags {
	return declaredFlags(func(e *project.Engine) ([]project.Flag, bool) {
		c, ok := e.Commands.(project.VerifyCommand)
		if !ok {
			return nil, false
		}
		return c.VerifyFlags(), true
	})
}

func isVerify(c any) bool { _, ok := c.(project.VerifyCommand); return ok }

// newCmdVerify builds verify; runF runs it with the options the command
// line gave.
func newCmdVerify(s *streams, runF func(*streams, *verifyOptions) error) *cobra.Command {
	o := &verifyOptions{}
	ef := verifyFlags()
	c := &cobra.Command{
		Use:   "verify [PATH...]",
		Short: "Explore every execution of each process or scheme: can each timer fire, be postponed forever, can an instance get stuck, can a firing run twice",
		Long: `Verify explores every reachable state of each BPMN process that holds a timer, under the
semantics simulate follows (SpiffWorkflow's): every order of user actions, messages and
gateway choices, and time on integer clocks over the timers' constants. Workflow Engine
schemes (*.xml with a <Process> root, WorkflowScheme rows of *.sql files) are explored as
simulate --engine wfe runs them: every command at any time, every condition that can fail
both passing and failing, clear-and-register on entering an activity. Each violated property
is a TMR9xxx finding with a counterexample: the numbered moves from the start, with their
instants, and for a property about forever the loop that repeats.

A user task stays open between the two bounds of --task-time (default PT0S..: any time, or
never); --task-time Approve=PT1H..P2D bounds one task. The search stops at --max-states, or
when --max-time has passed, and says so (TMR9007).

Exactly-once (ADR-0037 section 4) is checked for every BPMN timer that some execution fires,
under the deployment simulate reads: --replicas (default 1) and --lease (default PT30S) as
simulate's flags, the poll interval from --poll, else the config's scheduler.poll, else PT1S.
Every interleaving of the replicas' loops at each tick, crashes before and after a commit,
restarts, stalls (--max-stall bounds them) and lease expiry is explored: TMR9009 a firing whose
effects (a service task, a message sent) can run twice, TMR9010 a due time that passes unfired
while a replica is up. --faults says which faults to explore: crash,stall (default), crash,
stall or none.

Output: text, json, sarif (each counterexample a codeFlow) or svg (each counterexample a
timeline: a lane per element or replica, a column per step). Each counterexample carries the
simulate flags that replay it, or says why simulate cannot express it.

Exit codes: 0 no error finding, 1 an error finding (instance-stuck) or a file that cannot be
read, 2 usage error.`,
		Example: `  seams-timers verify examples/
  seams-timers verify --task-time PT1H..P2D --task-time Approve=..PT4H --format json models/
  seams-timers verify --replicas 3 --lease PT1M --max-stall PT30S models/`,
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
	f.StringVar(&o.Format, "format", "text", "output format: text, json, sarif or svg (each counterexample as a timeline)")
	f.IntVar(&o.MaxStates, "max-states", DefaultMaxStates, "stop the search of a process after this many states")
	f.DurationVar(&o.MaxTime, "max-time", 0, "stop the searches once this much time has passed (0: no budget); the results are then bounded")
	f.BoolVar(&o.Stats, "stats", false, "print the search time and states per second of each process (not deterministic)")
	ef.register(c)
	o.config.register(c)
	return c
}

func runVerify(s *streams, o *verifyOptions) error {
	switch o.Format {
	case "text", "json", "sarif", "svg":
	default:
		return usageErrorf("--format %q: want text, json, sarif or svg", o.Format)
	}
	if o.MaxStates < 1 {
		return usageErrorf("--max-states must be at least 1")
	}
	if o.MaxTime < 0 {
		return usageErrorf("--max-time must not be negative")
	}
	ef := verifyFlags()
	names := engineNames(isVerify)
	if err := ef.check(o.Flags, names); err != nil {
		return err
	}
	cfg, err := o.config.load(o.Paths)
	if err != nil {
		return err
	}
	var deadline time.Time
	if o.MaxTime > 0 {
		deadline = time.Now().Add(o.MaxTime)
	}
	loaded, err := project.Load(loadOptions(o.Paths, cfg), engines())
	if err != nil {
		return loadError(err)
	}
	failed := false
	errs := &project.Lines{W: s.Err}
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f == nil || !f.Reported || !slices.Contains([]string{"TMR0001", "TMR0002", "TMR0003"}, d.Rule) {
			continue
		}
		if r := ruleByID(d.Rule); r != nil {
			d.Name = r.Name
		}
		d.Detail = ""
		errs.Finding("", d)
		failed = true
	}
	var results []verify.Result
	for _, e := range engines() {
		c, ok := e.Commands.(project.VerifyCommand)
		if !ok {
			continue
		}
		rs, err := c.Verify(&project.VerifyRun{Loaded: loaded, Config: cfg, Flags: ef.only(o.Flags, e.Name), MaxStates: o.MaxStates, Deadline: deadline})
		if err != nil {
			return usageError(err)
		}
		results = append(results, rs...)
	}
	verify.Sort(results)
	switch o.Format {
	case "json":
		err = verify.WriteJSON(s.Out, results)
	case "sarif":
		err = verify.WriteSARIF(s.Out, results, versionString())
	case "svg":
		err = verify.WriteSVG(s.Out, results)
	default:
		err = project.EscapeLines(s.Out, func(w io.Writer) error { return verify.WriteText(w, results, o.Stats) })
	}
	if err != nil {
		return err
	}
	for _, r := range results {
		for _, f := range r.Findings {
			if f.Severity == "error" {
				failed = true
			}
		}
	}
	if failed {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}
