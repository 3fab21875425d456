package sim

import (
	"bytes"
	_ "embed" // for the scenario schema
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	simcore "github.com/seams/seams-timers/sim"
)

// Scenario is what happens during a simulation: the span, the runtime's
// mode and periods, outages, the values assumed for what cannot be
// computed, and the instances with their commands and condition outcomes.
type Scenario struct {
	From  time.Time `json:"from"`
	Until time.Time `json:"until"`
	// Multi is multi-server mode with Replicas servers polling every
	// Interval; a single server polls every Period.
	Multi    bool `json:"multi"`
	Replicas int  `json:"replicas"`
	// Together makes the replicas of multi-server mode poll at the same
	// instants (they started together); by default each is offset by its
	// share of the interval.
	Together bool          `json:"together,omitempty"`
	Period   time.Duration `json:"period"`
	Interval time.Duration `json:"interval"`
	Down     []Window      `json:"down,omitempty"`
	// Assume maps timer names to values: an Expression's result, or the
	// value SetTimerValue gives a timer at run time.
	Assume    map[string]string `json:"assume,omitempty"`
	Instances []InstancePlan    `json:"instances"`
}

// Window is a span [Start, End) in which the runtime is down, the core's.
type Window = simcore.Window

// InstancePlan is one or more instances of a scheme.
type InstancePlan struct {
	Scheme string    `json:"scheme"`
	Start  time.Time `json:"start"`
	Count  int       `json:"count,omitempty"`
	// Commands are executed at their times.
	Commands []CommandAt `json:"commands,omitempty"`
	// Conditions give, per timer, the outcome of its conditions that can
	// fail at each firing, in order; the last one repeats.
	Conditions map[string][]bool `json:"conditions,omitempty"`
}

// CommandAt is a command executed at a time.
type CommandAt struct {
	At      time.Time `json:"at"`
	Command string    `json:"command"`
}

// Defaults fills in what the scenario leaves out: 30 days, one replica,
// the runtime's default periods.
func (s *Scenario) Defaults() {
	if s.Until.IsZero() {
		s.Until = s.From.AddDate(0, 0, 30)
	}
	if s.Replicas == 0 {
		s.Replicas = 1
	}
	if s.Period == 0 {
		s.Period = time.Second
	}
	if s.Interval == 0 {
		s.Interval = time.Second
	}
	for i := range s.Instances {
		if s.Instances[i].Start.IsZero() {
			s.Instances[i].Start = s.From
		}
	}
}

// Validate reports a scenario that cannot run.
func (s *Scenario) Validate() error {
	switch {
	case s.From.IsZero():
		return errors.New("the scenario has no from time")
	case !s.Until.After(s.From):
		return fmt.Errorf("until %s is not after from %s", s.Until.Format(time.RFC3339), s.From.Format(time.RFC3339))
	case s.Replicas < 1:
		return fmt.Errorf("replicas %d: want at least 1", s.Replicas)
	case s.Period <= 0 || s.Interval <= 0:
		return errors.New("the poll period and interval must be positive")
	}
	for _, w := range s.Down {
		if !w.End.After(w.Start) {
			return fmt.Errorf("down %s/%s: the end is not after the start", w.Start.Format(time.RFC3339), w.End.Format(time.RFC3339))
		}
	}
	return nil
}

// ParseTime reads an instant as every scenario does (simcore.ParseInstant).
func ParseTime(s string) (time.Time, error) { return simcore.ParseInstant(s) }

// ParseWindow reads START/END (simcore.ParseWindow).
func ParseWindow(s string) (Window, error) { return simcore.ParseWindow(s) }

// ScenarioKeys are the top-level keys of a scenario file: the core's
// header and the engine's own.
var ScenarioKeys = []string{"from", "until", "step", "down", "server", "replicas", "together", "period", "interval", "assume", "instances"}

// scenarioFile is the YAML form of a scenario.
type scenarioFile struct {
	// The header: from, until, step (the single server's poll period,
	// what period also says) and down.
	simcore.HeaderFile `yaml:",inline"`
	Server             string            `yaml:"server"`
	Replicas           int               `yaml:"replicas"`
	Together           bool              `yaml:"together"`
	Period             string            `yaml:"period"`
	Interval           string            `yaml:"interval"`
	Assume             map[string]string `yaml:"assume"`
	Instances          []struct {
		Scheme   string `yaml:"scheme"`
		Start    string `yaml:"start"`
		Count    int    `yaml:"count"`
		Commands []struct {
			At      string `yaml:"at"`
			Command string `yaml:"command"`
		} `yaml:"commands"`
		Conditions map[string][]bool `yaml:"conditions"`
	} `yaml:"instances"`
}

// ParseScenario reads a scenario file (YAML). Unknown keys are errors.
func ParseScenario(src []byte) (Scenario, error) {
	var f scenarioFile
	var sc Scenario
	var top map[string]yaml.Node
	if yaml.Unmarshal(src, &top) == nil {
		for _, k := range slices.Sorted(maps.Keys(top)) {
			if !slices.Contains(ScenarioKeys, k) {
				return sc, fmt.Errorf("unknown key %q: a wfe scenario has %s", k, strings.Join(ScenarioKeys, ", "))
			}
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return sc, fmt.Errorf("scenario: %w", err)
	}
	h, err := f.Read()
	if err != nil {
		return sc, err
	}
	sc.From, sc.Until, sc.Period, sc.Down = h.From, h.Until, h.Step, h.Down
	if f.Step != "" && f.Period != "" {
		return sc, errors.New("step and period are one setting, the single server's poll period: give one")
	}
	switch f.Server {
	case "", "single":
	case "multi":
		sc.Multi = true
	default:
		return sc, fmt.Errorf("server %q: want single or multi", f.Server)
	}
	sc.Replicas, sc.Together = f.Replicas, f.Together
	for _, x := range []struct {
		s   string
		out *time.Duration
		key string
	}{{f.Period, &sc.Period, "period"}, {f.Interval, &sc.Interval, "interval"}} {
		if x.s == "" {
			continue
		}
		d, err := simcore.ParsePositiveDuration(x.s)
		if err != nil {
			return sc, fmt.Errorf("%s: %w", x.key, err)
		}
		*x.out = d
	}
	sc.Assume = f.Assume
	for i, in := range f.Instances {
		p := InstancePlan{Scheme: in.Scheme, Count: in.Count, Conditions: in.Conditions}
		if in.Scheme == "" {
			return sc, fmt.Errorf("instances[%d]: no scheme", i)
		}
		if in.Start != "" {
			if p.Start, err = ParseTime(in.Start); err != nil {
				return sc, fmt.Errorf("instances[%d].start: %w", i, err)
			}
		}
		for j, c := range in.Commands {
			at, err := ParseTime(c.At)
			if err != nil {
				return sc, fmt.Errorf("instances[%d].commands[%d].at: %w", i, j, err)
			}
			if c.Command == "" {
				return sc, fmt.Errorf("instances[%d].commands[%d]: no command", i, j)
			}
			p.Commands = append(p.Commands, CommandAt{At: at, Command: c.Command})
		}
		sc.Instances = append(sc.Instances, p)
	}
	return sc, nil
}

// ScenarioSchema is the JSON Schema of a scenario file
// (wfe/sim/scenario.schema.json).
//
//go:embed scenario.schema.json
var ScenarioSchema []byte
