package sim

import (
	"fmt"
	"time"

	"go.yaml.in/yaml/v3"
)

// DefaultSpan is how far a simulation runs when until is not given.
const DefaultSpan = 30 * 24 * time.Hour

// Header is what every scenario says, whatever the engine: the span
// [From, Until), the clock's Step (the scheduler's poll interval, where
// the engine has one to choose) and the windows in which the runtime is
// Down. Each engine's scenario embeds it and adds its own keys.
type Header struct {
	From, Until time.Time
	Step        time.Duration
	Down        []Window
}

// HeaderKeys are the header's keys, as a scenario file spells them.
var HeaderKeys = []string{"from", "until", "step", "down"}

// HeaderFile is the YAML form of the header; an engine's scenario file
// type embeds it with `yaml:",inline"`.
type HeaderFile struct {
	From  string  `yaml:"from"`
	Until string  `yaml:"until"`
	Step  string  `yaml:"step"`
	Down  StrList `yaml:"down"`
}

// FieldError is a scenario value the grammar refuses, with the key that
// holds it.
type FieldError struct {
	// Key is the key, dotted below the top level (down, crash[0].at).
	Key string
	Err error
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// Read reads the header's values; an error is a *FieldError.
func (f HeaderFile) Read() (Header, error) {
	var h Header
	var err error
	if f.From != "" {
		if h.From, err = ParseInstant(f.From); err != nil {
			return h, &FieldError{Key: "from", Err: err}
		}
	}
	if f.Until != "" {
		if h.Until, err = ParseInstant(f.Until); err != nil {
			return h, &FieldError{Key: "until", Err: err}
		}
	}
	if f.Step != "" {
		if h.Step, err = ParsePositiveDuration(f.Step); err != nil {
			return h, &FieldError{Key: "step", Err: err}
		}
	}
	for _, d := range f.Down {
		w, err := ParseWindow(d)
		if err != nil {
			return h, &FieldError{Key: "down", Err: err}
		}
		h.Down = append(h.Down, w)
	}
	return h, nil
}

// Validate checks the header's own consistency: a from, an until after
// it, a positive step when one is set, and each window's end after its
// start.
func (h *Header) Validate() error {
	switch {
	case h.From.IsZero():
		return ErrNoFrom
	case !h.Until.After(h.From):
		return fmt.Errorf("until %s is not after from %s", FormatInstant(h.Until), FormatInstant(h.From))
	case h.Step < 0:
		return fmt.Errorf("step %s: want a positive duration", h.Step)
	}
	for _, w := range h.Down {
		if !w.End.After(w.Start) {
			return fmt.Errorf("down %s: the end is not after the start", w)
		}
	}
	return nil
}

// StrList is a YAML scalar or a list of scalars.
type StrList []string

// UnmarshalYAML reads a scalar as a list of one.
func (l *StrList) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		*l = StrList{n.Value}
		return nil
	case yaml.SequenceNode:
		var v []string
		if err := n.Decode(&v); err != nil {
			return err
		}
		*l = v
		return nil
	}
	return fmt.Errorf("line %d: want a value or a list of values", n.Line)
}

// Flags is what a command's parsed flags give (project.Flags): whether a
// flag was given, its value, and a repeatable flag's values.
type Flags interface {
	Given(name string) bool
	Value(name string) string
	Values(name string) []string
}

// ReadWindowFlags overrides a run's window with the header flags every
// simulator takes: --from and --until (instants) and each --down
// (START/END), appended to down. Its errors name the flag.
func ReadWindowFlags(f Flags, from, until *time.Time, down *[]Window) error {
	for _, x := range []struct {
		name string
		out  *time.Time
	}{{"from", from}, {"until", until}} {
		if !f.Given(x.name) {
			continue
		}
		t, err := ParseInstant(f.Value(x.name))
		if err != nil {
			return fmt.Errorf("--%s: %w", x.name, err)
		}
		*x.out = t
	}
	for _, v := range f.Values("down") {
		w, err := ParseWindow(v)
		if err != nil {
			return fmt.Errorf("--down %w", err)
		}
		*down = append(*down, w)
	}
	return nil
}
