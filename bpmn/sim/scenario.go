package sim

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/seams/seams-timers/bpmn/timeexpr"
	simcore "github.com/seams/seams-timers/sim"
)

// Scenario is what to simulate: the stepped clock, the replicas, the
// outages and what the users of each process do.
type Scenario struct {
	// From and Until bound the simulation: ticks run at From + k*Step for
	// every instant in [From, Until).
	From, Until time.Time
	// Step is the scheduler poll interval.
	Step time.Duration
	// Replicas is how many replicas run the scheduler loop (at least 1).
	Replicas int
	// Seed orders the replicas that race for the same firing at a tick.
	Seed int64
	// Lease is how long a replica holds a timer row it took (default
	// DefaultLease).
	Lease time.Duration
	// Down lists windows in which no replica runs.
	Down []Window
	// Crashes and Stalls are what happens to single replicas.
	Crashes []Crash
	Stalls  []Stall
	// Processes says, per process, when instances start, when user tasks
	// are completed and which flows gateways take.
	Processes []ProcessPlan
	// AlreadyRunning reads From as a moment in a runtime that was already
	// running: the timer starts' due times before From were handled then,
	// and the first firing is the first due time at or after From. By
	// default the runtime starts at From, as a first deployment does, and
	// the due times before it count as missed at the first load (the latest
	// fires at once, as ADR-0037 section 4 says).
	AlreadyRunning bool
	// Spiff is the SpiffWorkflow whose engine loop the run follows
	// (scenario key spiff:, flag --spiff): SpiffMain (""), the default, or
	// Spiff312. They differ in how many overdue occurrences of a cycle one
	// refresh delivers when its path stops at a task.
	Spiff SpiffVersion
}

// Runtime readings, as the scenario file's runtime: key spells them.
const (
	RuntimeStartsAtFrom   = "starts-at-from"
	RuntimeAlreadyRunning = "already-running"
)

// DefaultLease is the lease on a timer row when the scenario gives none.
const DefaultLease = 30 * time.Second

// DefaultSpan is how far a simulation with no scenario runs.
const DefaultSpan = simcore.DefaultSpan

// Window is a half-open interval of time [Start, End), read as the core
// reads one (simcore.Window).
type Window struct{ Start, End time.Time }

// String renders the window as START/END.
func (w Window) String() string { return simcore.Window(w).String() }

// Crash takes one replica down. The replica crashes inside its first
// scheduler run at or after At: a firing it was claiming in that run rolls
// back (a timer start) or stays leased until the lease expires (a timer
// catch). It comes back at Restart, or never when Restart is zero.
type Crash struct {
	Replica int
	At      time.Time
	Restart time.Time
}

// Stall pauses one replica in the middle of its first timer-catch run at
// or after At, for For, while it holds the row's lease: a pause as long as
// the lease or longer makes it lose the lease, and its commit rolls back.
type Stall struct {
	Replica int
	At      time.Time
	For     time.Duration
}

// ProcessPlan is what users do with one process's instances.
type ProcessPlan struct {
	// Process is the process id, or path#id when two files reuse an id. An
	// empty Process applies Complete and Choose to every process that has
	// the named elements (what the command-line flags build).
	Process string
	// Starts are the instants at which a user starts an instance.
	Starts []time.Time
	// Complete lists, per user or manual task, when each instance's task
	// is completed after it opens; the n-th instance takes the n-th value,
	// round robin.
	Complete []TaskPlan
	// Choose lists, per exclusive gateway, the flow each instance takes,
	// round robin.
	Choose []Choice
}

// TaskPlan is how long after it opens a task is completed, per instance.
type TaskPlan struct {
	Task  string
	After []Completion
}

// Completion is a delay, or never.
type Completion struct {
	After time.Duration
	Never bool
}

// String renders the completion as an ISO 8601 duration or "never".
func (c Completion) String() string {
	if c.Never {
		return "never"
	}
	return timeexpr.FormatDuration(c.After)
}

// Choice is the flow an exclusive gateway takes, per instance: a flow id,
// the id of the flow's target, or the flow's name.
type Choice struct {
	Gateway string
	Flows   []string
}

// Defaults fills the zero fields: one replica, seed 1, the default lease,
// a PT1S step, and Until 30 days after From.
func (s *Scenario) Defaults() {
	if s.Replicas == 0 {
		s.Replicas = 1
	}
	if s.Seed == 0 {
		s.Seed = 1
	}
	if s.Lease == 0 {
		s.Lease = DefaultLease
	}
	if s.Step == 0 {
		s.Step = time.Second
	}
	if s.Until.IsZero() && !s.From.IsZero() {
		s.Until = s.From.Add(DefaultSpan)
	}
}

// Bounds on a scenario, so that a hostile scenario file or flag cannot
// exhaust memory: a run holds state per replica and per instance started.
const (
	// MaxReplicas is the most replicas a scenario runs.
	MaxReplicas = 1000
	// MaxStarts is the most instances a scenario starts, over all its
	// processes.
	MaxStarts = 1_000_000
)

// RelativeTo reads the path of each path#id process reference as
// relative to dir, the scenario file's directory, as the config's map
// reads its directories relative to the config file: a scenario next to
// its models names them the same way from wherever simulate runs.
func (s *Scenario) RelativeTo(dir string) {
	for i, p := range s.Processes {
		path, id, ok := strings.Cut(p.Process, "#")
		if !ok || path == "" || filepath.IsAbs(path) {
			continue
		}
		s.Processes[i].Process = filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(path))) + "#" + id
	}
}

// Validate checks the scenario's own consistency.
func (s *Scenario) Validate() error {
	switch {
	case s.From.IsZero():
		return errors.New("scenario: from is missing")
	case !s.Until.After(s.From):
		return fmt.Errorf("scenario: until %s is not after from %s", timeexpr.FormatTime(s.Until), timeexpr.FormatTime(s.From))
	case s.Step <= 0:
		return errors.New("scenario: step must be positive")
	case s.Replicas < 1:
		return fmt.Errorf("scenario: replicas must be at least 1, not %d", s.Replicas)
	case s.Replicas > MaxReplicas:
		return fmt.Errorf("scenario: replicas must be at most %d, not %d", MaxReplicas, s.Replicas)
	case s.Lease <= 0:
		return errors.New("scenario: lease must be positive")
	}
	if s.From.Year() < 1900 || s.Until.Year() > 2200 {
		return errors.New("scenario: from and until must lie between 1900 and 2200")
	}
	for _, w := range s.Down {
		if !w.End.After(w.Start) {
			return fmt.Errorf("scenario: down %s: the end is not after the start", w)
		}
	}
	for _, c := range s.Crashes {
		if c.Replica < 1 || c.Replica > s.Replicas {
			return fmt.Errorf("scenario: crash of replica %d: replicas are numbered 1 to %d", c.Replica, s.Replicas)
		}
		if !c.Restart.IsZero() && !c.Restart.After(c.At) {
			return fmt.Errorf("scenario: crash of replica %d: restart %s is not after %s", c.Replica, timeexpr.FormatTime(c.Restart), timeexpr.FormatTime(c.At))
		}
	}
	for _, st := range s.Stalls {
		if st.Replica < 1 || st.Replica > s.Replicas {
			return fmt.Errorf("scenario: stall of replica %d: replicas are numbered 1 to %d", st.Replica, s.Replicas)
		}
		if st.For <= 0 {
			return fmt.Errorf("scenario: stall of replica %d: the pause must be positive", st.Replica)
		}
	}
	return nil
}

// Describe says in one line what the scenario simulates.
func (s *Scenario) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s .. %s step %s, %d replica", timeexpr.FormatTime(s.From), timeexpr.FormatTime(s.Until), timeexpr.FormatDuration(s.Step), s.Replicas)
	if s.Replicas != 1 {
		b.WriteByte('s')
	}
	fmt.Fprintf(&b, ", seed %d, lease %s", s.Seed, timeexpr.FormatDuration(s.Lease))
	if len(s.Down) == 0 {
		b.WriteString(", no downtime")
	}
	for _, w := range s.Down {
		fmt.Fprintf(&b, ", down %s", w)
	}
	for _, c := range s.Crashes {
		fmt.Fprintf(&b, ", crash r%d@%s", c.Replica, timeexpr.FormatTime(c.At))
		if !c.Restart.IsZero() {
			fmt.Fprintf(&b, "/%s", timeexpr.FormatTime(c.Restart))
		}
	}
	for _, st := range s.Stalls {
		fmt.Fprintf(&b, ", stall r%d@%s for %s", st.Replica, timeexpr.FormatTime(st.At), timeexpr.FormatDuration(st.For))
	}
	if s.AlreadyRunning {
		b.WriteString(", runtime already running at from (earlier due times were handled)")
	} else {
		b.WriteString(", runtime starts at from (earlier due times are missed at first load)")
	}
	spiff := s.Spiff
	if spiff == "" {
		spiff = SpiffMain
	}
	fmt.Fprintf(&b, ", SpiffWorkflow %s", spiff)
	return b.String()
}

// ParseRuntime reads a runtime reading, starts-at-from or
// already-running, and reports whether it is already-running.
func ParseRuntime(v string) (alreadyRunning bool, err error) {
	switch v {
	case RuntimeStartsAtFrom:
		return false, nil
	case RuntimeAlreadyRunning:
		return true, nil
	}
	return false, &ScenarioError{Msg: fmt.Sprintf("unknown reading %q", v), Got: v, Choices: []string{RuntimeStartsAtFrom, RuntimeAlreadyRunning}}
}

// ParseDurationFlag reads a duration of zero or more as every scenario
// and flag does (simcore.ParseDuration): ISO 8601 of exact length (PT1S,
// PT47H, P7D) or Go syntax (1s, 47h).
func ParseDurationFlag(s string) (time.Duration, error) { return simcore.ParseDuration(s) }

// ParseWindow reads START/END (simcore.ParseWindow).
func ParseWindow(s string) (Window, error) {
	w, err := simcore.ParseWindow(s)
	return Window{Start: w.Start, End: w.End}, err
}

// ParseCrash reads REPLICA@TIME or REPLICA@TIME/RESTART; the replica may
// be written 2 or r2.
func ParseCrash(s string) (Crash, error) {
	rep, rest, ok := strings.Cut(s, "@")
	if !ok {
		return Crash{}, fmt.Errorf("%q: want REPLICA@TIME[/RESTART], such as 2@2026-11-10T08:00:00Z", s)
	}
	n, err := parseReplica(rep)
	if err != nil {
		return Crash{}, fmt.Errorf("%q: %w", s, err)
	}
	at, restart, _ := strings.Cut(rest, "/")
	c := Crash{Replica: n}
	if c.At, err = ParseTime(at); err != nil {
		return Crash{}, err
	}
	if restart != "" {
		if c.Restart, err = ParseTime(restart); err != nil {
			return Crash{}, err
		}
	}
	return c, nil
}

// ParseStall reads REPLICA@TIME/DURATION.
func ParseStall(s string) (Stall, error) {
	rep, rest, ok := strings.Cut(s, "@")
	at, dur, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		return Stall{}, fmt.Errorf("%q: want REPLICA@TIME/DURATION, such as 1@2026-11-03T12:00:00Z/PT2M", s)
	}
	n, err := parseReplica(rep)
	if err != nil {
		return Stall{}, fmt.Errorf("%q: %w", s, err)
	}
	st := Stall{Replica: n}
	if st.At, err = ParseTime(at); err != nil {
		return Stall{}, err
	}
	if st.For, err = ParseDurationFlag(dur); err != nil {
		return Stall{}, err
	}
	return st, nil
}

func parseReplica(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(s), "r"))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("replica %q: want a number from 1, such as 2 or r2", s)
	}
	return n, nil
}

// ParseCompletion reads a delay (PT47H) or "never".
func ParseCompletion(s string) (Completion, error) {
	if strings.EqualFold(strings.TrimSpace(s), "never") {
		return Completion{Never: true}, nil
	}
	d, err := ParseDurationFlag(s)
	if err != nil {
		return Completion{}, err
	}
	return Completion{After: d}, nil
}

// The scenario file's YAML shape. Every value is a string or a list, read
// with the same parsers as the flags.
type yamlScenario struct {
	simcore.HeaderFile `yaml:",inline"`
	Replicas           int                 `yaml:"replicas"`
	Seed               int64               `yaml:"seed"`
	Lease              string              `yaml:"lease"`
	Crash              []yamlCrash         `yaml:"crash"`
	Stall              []yamlStall         `yaml:"stall"`
	Processes          map[string]yamlProc `yaml:"processes"`
	Runtime            string              `yaml:"runtime"`
	Spiff              string              `yaml:"spiff"`
}

type yamlCrash struct {
	Replica int    `yaml:"replica"`
	At      string `yaml:"at"`
	Restart string `yaml:"restart"`
}

type yamlStall struct {
	Replica int    `yaml:"replica"`
	At      string `yaml:"at"`
	For     string `yaml:"for"`
}

type yamlProc struct {
	Start      strList            `yaml:"start"`
	StartEvery *yamlEvery         `yaml:"startEvery"`
	Complete   map[string]strList `yaml:"complete"`
	Choose     map[string]strList `yaml:"choose"`
}

type yamlEvery struct {
	From  string `yaml:"from"`
	Every string `yaml:"every"`
	Count int    `yaml:"count"`
}

// strList is a YAML scalar or a list of scalars.
type strList = simcore.StrList

// ParseScenario reads a scenario file (YAML, docs/scenario.md). An unknown
// key is an error that names the nearest known one; a value of the wrong
// kind says what to write. Times are RFC 3339 with Z or an offset;
// durations are ISO 8601. Errors are *ScenarioError when they have a line.
func ParseScenario(src []byte) (Scenario, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return Scenario{}, nil
		}
		return Scenario{}, yamlSyntaxError(err)
	}
	if err := checkScenarioNode(&doc); err != nil {
		return Scenario{}, err
	}
	var y yamlScenario
	if err := doc.Decode(&y); err != nil {
		// checkScenarioNode accepts only what decodes.
		return Scenario{}, yamlSyntaxError(err)
	}
	lines := keyLines(&doc)
	var s Scenario
	var err error
	field := func(name string, e error) error {
		out := &ScenarioError{Line: lines[strings.SplitN(name, ".", 2)[0]], Msg: name + ": " + e.Error()}
		var se *ScenarioError
		if errors.As(e, &se) {
			out.Msg, out.Got, out.Choices = name+": "+se.Msg, se.Got, se.Choices
		}
		return out
	}
	if y.Runtime != "" {
		if s.AlreadyRunning, err = ParseRuntime(y.Runtime); err != nil {
			return s, field("runtime", err)
		}
	}
	if y.Spiff != "" {
		if s.Spiff, err = ParseSpiffVersion(y.Spiff); err != nil {
			return s, field("spiff", err)
		}
	}
	h, err := y.Read()
	if err != nil {
		var fe *simcore.FieldError
		errors.As(err, &fe)
		return s, field(fe.Key, fe.Err)
	}
	s.From, s.Until, s.Step = h.From, h.Until, h.Step
	for _, w := range h.Down {
		s.Down = append(s.Down, Window{Start: w.Start, End: w.End})
	}
	if y.Lease != "" {
		if s.Lease, err = ParseDurationFlag(y.Lease); err != nil {
			return s, field("lease", err)
		}
	}
	s.Replicas, s.Seed = y.Replicas, y.Seed
	for i, c := range y.Crash {
		cr := Crash{Replica: c.Replica}
		if cr.At, err = ParseTime(c.At); err != nil {
			return s, field(fmt.Sprintf("crash[%d].at", i), err)
		}
		if c.Restart != "" {
			if cr.Restart, err = ParseTime(c.Restart); err != nil {
				return s, field(fmt.Sprintf("crash[%d].restart", i), err)
			}
		}
		s.Crashes = append(s.Crashes, cr)
	}
	for i, st := range y.Stall {
		x := Stall{Replica: st.Replica}
		if x.At, err = ParseTime(st.At); err != nil {
			return s, field(fmt.Sprintf("stall[%d].at", i), err)
		}
		if x.For, err = ParseDurationFlag(st.For); err != nil {
			return s, field(fmt.Sprintf("stall[%d].for", i), err)
		}
		s.Stalls = append(s.Stalls, x)
	}
	names := make([]string, 0, len(y.Processes))
	for n := range y.Processes {
		names = append(names, n)
	}
	sort.Strings(names)
	total := 0
	for _, name := range names {
		yp := y.Processes[name]
		total += len(yp.Start)
		if yp.StartEvery != nil && yp.StartEvery.Count > 0 {
			total += min(yp.StartEvery.Count, MaxStarts+1)
		}
		if total > MaxStarts {
			return s, fmt.Errorf("scenario: the processes start more than %d instances in all", MaxStarts)
		}
	}
	for _, name := range names {
		p, err := parseProc(name, y.Processes[name])
		if err != nil {
			return s, &ScenarioError{Line: lines["processes"], Msg: err.Error()}
		}
		s.Processes = append(s.Processes, p)
	}
	return s, nil
}

func parseProc(name string, y yamlProc) (ProcessPlan, error) {
	p := ProcessPlan{Process: name}
	where := "processes." + name
	for _, v := range y.Start {
		t, err := ParseTime(v)
		if err != nil {
			return p, fmt.Errorf("%s.start: %w", where, err)
		}
		p.Starts = append(p.Starts, t)
	}
	if e := y.StartEvery; e != nil {
		from, err := ParseTime(e.From)
		if err != nil {
			return p, fmt.Errorf("%s.startEvery.from: %w", where, err)
		}
		every, err := ParseDurationFlag(e.Every)
		if err != nil || every <= 0 {
			return p, fmt.Errorf("%s.startEvery.every: want a positive duration such as PT1H", where)
		}
		if e.Count < 1 || e.Count > MaxStarts {
			return p, fmt.Errorf("%s.startEvery.count: want 1 to %d", where, MaxStarts)
		}
		for i := 0; i < e.Count; i++ {
			p.Starts = append(p.Starts, from.Add(time.Duration(i)*every))
		}
	}
	for _, task := range sortedKeys(y.Complete) {
		tp := TaskPlan{Task: task}
		for _, v := range y.Complete[task] {
			c, err := ParseCompletion(v)
			if err != nil {
				return p, fmt.Errorf("%s.complete.%s: %w", where, task, err)
			}
			tp.After = append(tp.After, c)
		}
		p.Complete = append(p.Complete, tp)
	}
	for _, gw := range sortedKeys(y.Choose) {
		p.Choose = append(p.Choose, Choice{Gateway: gw, Flows: y.Choose[gw]})
	}
	return p, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// keyLines maps each top-level key of a scenario document to its line.
func keyLines(doc *yaml.Node) map[string]int {
	lines := map[string]int{}
	n := doc
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return lines
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		lines[n.Content[i].Value] = n.Content[i].Line
	}
	return lines
}

// yamlSyntaxError rewords a YAML parser error: "yaml: line 3: did not
// find expected key" becomes line 3 and the parser's reason.
func yamlSyntaxError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, reason, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				return &ScenarioError{Line: n, Msg: "not valid YAML: " + reason}
			}
		}
	}
	return &ScenarioError{Msg: "not valid YAML: " + msg}
}
