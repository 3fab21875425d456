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
	"github.com/seams/seams-timers/verify"
	"github.com/seams/seams-timers/wfe"
	wferules "github.com/seams/seams-timers/wfe/rules"
	wverify "github.com/seams/seams-timers/wfe/verify"
)

type verifyOptions struct {
	Format    string
	TaskTime  []string
	MaxStates int
	Stats     bool
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
never); --task-time Approve=PT1H..P2D bounds one task. The search stops at --max-states and says so (TMR9007).

Output: text, or json. Exit codes: 0 no error finding, 1 an error finding (instance-stuck) or a
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
	f.StringVar(&o.Format, "format", "text", "output format: text or json")
	f.StringArrayVar(&o.TaskTime, "task-time", nil, "how long a user task stays open: [TASK=]MIN..MAX as ISO 8601 durations (MAX empty: no bound); without TASK, every task; repeatable")
	f.IntVar(&o.MaxStates, "max-states", bverify.DefaultMaxStates, "stop the search of a process after this many states")
	f.BoolVar(&o.Stats, "stats", false, "print the search time of each process (not deterministic)")
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
	if o.Format != "text" && o.Format != "json" {
		return usageErrorf("--format %q: want text or json", o.Format)
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
	cfg := bverify.Config{TaskMin: lo, TaskMax: hi, Tasks: tasks, MaxStates: o.MaxStates}
	var results []verify.Result
	failed := false
	var docs []*bpmn.Document
	wcfg := wverify.Config{Runtime: wferules.DefaultConfig().Runtime(), MaxStates: o.MaxStates}
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
	for _, doc := range docs {
		results = append(results, bverify.Verify(doc, cfg)...)
	}
	verify.Sort(results)
	var err error
	if o.Format == "json" {
		err = verify.WriteJSON(s.Out, results)
	} else {
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
