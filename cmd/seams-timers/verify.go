package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	bverify "github.com/seams/seams-timers/bpmn/verify"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
	"github.com/seams/seams-timers/verify"
	"github.com/seams/seams-timers/wfe"
	wferules "github.com/seams/seams-timers/wfe/rules"
	wverify "github.com/seams/seams-timers/wfe/verify"
)

type verifyOptions struct {
	Format    string
	TaskTime  []string
	MaxStates int
	MaxTime   time.Duration
	Stats     bool
	// The deployment whose claims verify checks (ADR-0037 section 4).
	Replicas int
	Lease    string
	Poll     string
	Faults   string
	MaxStall string
	config   configFlags
}

func newVerifyCmd(s *streams) *cobra.Command {
	o := &verifyOptions{}
	c := &cobra.Command{
		Use:   "verify [PATH...]",
		Short: "Explore every execution of each process or scheme: can each timer fire, be postponed forever, can an instance get stuck",
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
simulate flags that replay it, or says why simulate cannot express it. Exit codes: 0 no error finding, 1 an error finding (instance-stuck) or a
file that cannot be read, 2 usage error.`,
		Example: `  seams-timers verify examples/
  seams-timers verify --task-time PT1H..P2D --task-time Approve=..PT4H --format json models/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			return runVerify(s, o, args)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Format, "format", "text", "output format: text, json, sarif or svg (each counterexample as a timeline)")
	f.StringArrayVar(&o.TaskTime, "task-time", nil, "how long a user task stays open: [TASK=]MIN..MAX as ISO 8601 durations (MAX empty: no bound); without TASK, every task; repeatable")
	f.IntVar(&o.MaxStates, "max-states", bverify.DefaultMaxStates, "stop the search of a process after this many states")
	f.DurationVar(&o.MaxTime, "max-time", 0, "stop the searches once this much time has passed (0: no budget); the results are then bounded")
	f.BoolVar(&o.Stats, "stats", false, "print the search time of each process (not deterministic)")
	f.IntVar(&o.Replicas, "replicas", 1, "replicas (servers) running the scheduler, as simulate's --replicas")
	f.StringVar(&o.Lease, "lease", "PT30S", "lease on a timer row a replica takes, as simulate's --lease")
	f.StringVar(&o.Poll, "poll", "", "the scheduler's poll interval, PT1S or 1s (default: the config's scheduler.poll, else PT1S)")
	f.StringVar(&o.Faults, "faults", "crash,stall", "the faults exactly-once must survive: crash, stall, both (crash,stall) or none")
	f.StringVar(&o.MaxStall, "max-stall", "", "the longest a replica stalls while it holds a firing (default: any length)")
	o.config.register(c)
	return c
}

// parseTaskTime reads MIN..MAX into seconds.
func parseTaskTime(v string) (lo, hi int64, err error) {
	if v == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(v, "..")
	if !ok {
		return 0, 0, fmt.Errorf("--task-time %q: want MIN..MAX (PT1H..P2D; PT0S.. for no upper bound)", v)
	}
	sec := func(x string) (int64, error) {
		if x == "" {
			return 0, nil
		}
		d, err := timeexpr.ParseDuration(x)
		if err != nil || d.Negative {
			return 0, fmt.Errorf("--task-time %q: %q is not an ISO 8601 duration", v, x)
		}
		s := timeexpr.DurationSchedule(d, bverify.Ref)
		return int64(s.Due(0).Sub(bverify.Ref) / time.Second), nil
	}
	if lo, err = sec(a); err != nil {
		return
	}
	if hi, err = sec(b); err != nil {
		return
	}
	if hi > 0 && hi < lo {
		return 0, 0, fmt.Errorf("--task-time %q: MAX is before MIN", v)
	}
	return lo, hi, nil
}

func runVerify(s *streams, o *verifyOptions, args []string) error {
	switch o.Format {
	case "text", "json", "sarif", "svg":
	default:
		return usageErrorf("--format %q: want text, json, sarif or svg", o.Format)
	}
	dep, err := o.deployment(args)
	if err != nil {
		return err
	}
	var deadline time.Time
	if o.MaxTime < 0 {
		return usageErrorf("--max-time must not be negative")
	} else if o.MaxTime > 0 {
		deadline = time.Now().Add(o.MaxTime)
	}
	var lo, hi int64
	tasks := map[string][2]int64{}
	for _, v := range o.TaskTime {
		name, val, named := strings.Cut(v, "=")
		if !named {
			val = v
		}
		a, b, err := parseTaskTime(val)
		if err != nil {
			return usageErrorf("%v", err)
		}
		if named {
			tasks[name] = [2]int64{a, b}
		} else {
			lo, hi = a, b
		}
	}
	if o.MaxStates < 1 {
		return usageErrorf("--max-states must be at least 1")
	}
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return usageErrorf("%s: no such file or directory", a)
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		_ = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && p != a && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && (bpmn.IsBPMNPath(p) || wfe.IsXMLPath(p) || wfe.IsSQLPath(p)) {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	cfg := bverify.Config{TaskMin: lo, TaskMax: hi, Tasks: tasks, MaxStates: o.MaxStates, Deadline: deadline, Deploy: dep}
	if sched, err := o.scheduled(args); err != nil {
		return err
	} else if sched != nil {
		cfg.Scheduled = func(d *bpmn.Document, p *bpmn.Process) bool { return sched[absKey(d.Path, p.ID)] }
	}
	var results []verify.Result
	failed := false
	var docs []*bpmn.Document
	wcfg := wverify.Config{Runtime: wferules.DefaultConfig().Runtime(), MaxStates: o.MaxStates, Deadline: deadline}
	for _, p := range files {
		if !bpmn.IsBPMNPath(p) {
			src, err := os.ReadFile(p)
			if err != nil {
				fmt.Fprintf(s.Err, "seams-timers: %s\n", lint.Printable(err.Error()))
				failed = true
				continue
			}
			f, errs, ours := wfe.Read(p, src)
			for _, e := range errs {
				fmt.Fprintf(s.Err, "seams-timers: %s\n", lint.Printable(e.Error()))
				failed = true
			}
			if ours && f != nil {
				results = append(results, wverify.Verify(f, wcfg)...)
			}
			continue
		}
		doc, lerr := bpmn.Load(p)
		if lerr != nil {
			fmt.Fprintf(s.Err, "seams-timers: %s\n", lint.Printable(lerr.Error()))
			failed = true
			continue
		}
		docs = append(docs, doc)
	}
	// the rules' verdicts, as simulate takes them: a refused timer is not run
	verdicts := rules.Verdicts(docs, time.Now())
	cfg.Refused = func(d *bpmn.Document, el *bpmn.Element) (string, string, bool) {
		v, ok := verdicts[d.ElementIRI(el.ID)]
		return v.Rule, rules.Reason(v), ok
	}
	cfg.Docs = docs
	for _, doc := range docs {
		results = append(results, bverify.Verify(doc, cfg)...)
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
		err = verify.WriteText(s.Out, results, o.Stats)
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

// deployment reads the deployment whose claims verify checks: the flags,
// and the poll interval from the config as simulate reads it.
func (o *verifyOptions) deployment(paths []string) (*verify.Deployment, error) {
	if o.Replicas < 1 {
		return nil, usageErrorf("--replicas must be at least 1")
	}
	dur := func(flag, v string) (int64, error) {
		d, err := simcore.ParseDuration(v)
		if err != nil || d <= 0 {
			return 0, usageErrorf("--%s %q: want a positive duration such as PT30S or 30s", flag, v)
		}
		return d.Milliseconds(), nil
	}
	d := &verify.Deployment{Replicas: o.Replicas}
	var err error
	if d.LeaseMs, err = dur("lease", o.Lease); err != nil {
		return nil, err
	}
	if o.Poll != "" {
		if d.PollMs, err = dur("poll", o.Poll); err != nil {
			return nil, err
		}
	} else {
		cfg, err := o.config.load(paths)
		if err != nil {
			return nil, err
		}
		poll, _ := rules.PollOf(cfg)
		d.PollMs = poll.Milliseconds()
	}
	if d.PollMs < 1 {
		d.PollMs = 1
	}
	switch o.Faults {
	case "crash,stall", "stall,crash":
		d.Crashes, d.Stalls = true, true
	case "crash":
		d.Crashes = true
	case "stall":
		d.Stalls = true
	case "none":
	default:
		return nil, usageErrorf("--faults %q: want crash,stall, crash, stall or none", o.Faults)
	}
	if o.MaxStall != "" {
		if d.MaxStallMs, err = dur("max-stall", o.MaxStall); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func absKey(path, id string) string {
	if a, err := filepath.Abs(path); err == nil {
		path = a
	}
	return path + "#" + id
}

// scheduled are the processes whose timer starts a scheduler runs, as
// simulate reads them: with an index graph, those some container
// seam:schedules; without one, nil (every timer start).
func (o *verifyOptions) scheduled(paths []string) (map[string]bool, error) {
	cfg, err := o.config.load(paths)
	if err != nil {
		return nil, err
	}
	loaded, err := project.Load(loadOptions(paths, cfg), engines())
	if err != nil {
		return nil, loadError(err)
	}
	ix := rules.IndexOf(loaded.Project)
	if ix == nil {
		return nil, nil
	}
	out := map[string]bool{}
	for _, tr := range ix.Graph.ByPredicate(ix.Vocab.Schedules()) {
		if doc, p := ix.Process(tr.O); p != nil {
			out[absKey(doc.Path, p.ID)] = true
		}
	}
	return out, nil
}
