package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/sim"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	bverify "github.com/seams/seams-timers/bpmn/verify"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/verify"
)

// The engine's flags of verify: how long user tasks stay open, and the
// deployment whose claims exactly-once is checked under (replicas and
// lease as simulate's flags, the poll interval, the faults).
var (
	flagTaskTime = project.Flag{Name: "task-time", Kind: project.FlagStrings, Usage: "how long a user task stays open: [TASK=]MIN..MAX as ISO 8601 durations (MAX empty: no bound); without TASK, every task; repeatable"}
	flagPoll     = project.Flag{Name: "poll", Usage: "the scheduler's poll interval, PT1S or 1s (default: the config's scheduler.poll, else PT1S)"}
	flagFaults   = project.Flag{Name: "faults", Usage: "the faults exactly-once must survive: crash,stall, crash, stall or none", Default: "crash,stall",
		Choices: []string{"crash,stall", "crash", "stall", "none"}}
	flagMaxStall = project.Flag{Name: "max-stall", Usage: "the longest a replica stalls while it holds a firing (default: any length)"}
)

func (commands) VerifyFlags() []project.Flag {
	return []project.Flag{flagTaskTime, project.FlagReplicas, flagLease, flagPoll, flagFaults, flagMaxStall}
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

// deployment reads the deployment whose claims verify checks: the flags,
// and the poll interval from the config as simulate reads it.
func deployment(run *project.VerifyRun) (*verify.Deployment, error) {
	d := &verify.Deployment{Replicas: 1}
	if run.Flags.Given("replicas") {
		d.Replicas = int(run.Flags.Int("replicas"))
	}
	if d.Replicas < 1 {
		return nil, project.Usagef("--replicas must be at least 1")
	}
	dur := func(flag, v string) (int64, error) {
		x, err := sim.ParseDurationFlag(v)
		if err != nil || x <= 0 {
			return 0, project.Usagef("--%s %q: want a positive duration such as PT30S or 30s", flag, v)
		}
		return x.Milliseconds(), nil
	}
	var err error
	d.LeaseMs = 30000
	if v := run.Flags.Value("lease"); v != "" {
		if d.LeaseMs, err = dur("lease", v); err != nil {
			return nil, err
		}
	}
	if v := run.Flags.Value("poll"); v != "" {
		if d.PollMs, err = dur("poll", v); err != nil {
			return nil, err
		}
	} else {
		poll, _ := rules.PollOf(run.Config)
		d.PollMs = max(poll.Milliseconds(), 1)
	}
	switch f := run.Flags.Value("faults"); f {
	case "", "crash,stall", "stall,crash":
		d.Crashes, d.Stalls = true, true
	case "crash":
		d.Crashes = true
	case "stall":
		d.Stalls = true
	case "none":
	default:
		return nil, project.Usagef("--faults %q: want crash,stall, crash, stall or none", f)
	}
	if v := run.Flags.Value("max-stall"); v != "" {
		if d.MaxStallMs, err = dur("max-stall", v); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// Verify explores every top-level process of the BPMN models loaded that
// holds a timer (bpmn/verify), with the rules' verdicts as simulate takes
// them, the index graph's seam:schedules, and the deployment.
func (commands) Verify(run *project.VerifyRun) ([]verify.Result, error) {
	cfg := bverify.Config{MaxStates: run.MaxStates, Deadline: run.Deadline, Tasks: map[string][2]int64{}}
	for _, v := range run.Flags.Values("task-time") {
		name, val, named := strings.Cut(v, "=")
		if !named {
			val = v
		}
		a, b, err := parseTaskTime(val)
		if err != nil {
			return nil, project.Usagef("%v", err)
		}
		if named {
			cfg.Tasks[name] = [2]int64{a, b}
		} else {
			cfg.TaskMin, cfg.TaskMax = a, b
		}
	}
	dep, err := deployment(run)
	if err != nil {
		return nil, err
	}
	cfg.Deploy = dep
	docs := ReportedModels(run.Loaded.Project)
	// the rules' verdicts, as simulate takes them: a refused timer is not run
	verdicts := rules.Verdicts(docs, time.Now())
	cfg.Refused = func(d *bpmn.Document, el *bpmn.Element) (string, string, bool) {
		v, ok := verdicts[d.ElementIRI(el.ID)]
		return v.Rule, rules.Reason(v), ok
	}
	if ix := rules.IndexOf(run.Loaded.Project); ix != nil {
		// the join names a process by its model's path and its place in
		// the model's processes, as simulate reads it
		type procAt struct {
			path  string
			index int
		}
		scheduled := map[procAt]bool{}
		for tr := range ix.Graph.ByPredicateSeq(ix.Vocab.Schedules()) {
			if m, p := ix.Process(tr.O); p != nil {
				scheduled[procAt{m.Path, p.Index}] = true
			}
		}
		cfg.Scheduled = func(d *bpmn.Document, p *bpmn.Process) bool {
			for i, x := range d.Processes {
				if x == p {
					return scheduled[procAt{d.Path, i}]
				}
			}
			return false
		}
	}
	cfg.Docs = docs
	var out []verify.Result
	for _, doc := range docs {
		out = append(out, bverify.Verify(doc, cfg)...)
	}
	return out, nil
}
