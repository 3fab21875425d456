package project

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/verify"
)

// An engine's commands beside check. Engine.Commands holds a value that
// implements NextCommand, SimulateCommand, VerifyCommand, or several: the
// engine owns what `next`, `simulate` and `verify` do with its files and
// values, and the flags that
// apply to it; cmd/seams-timers only picks the engine, holds the shared
// flags (--engine, --now, --format, --output, --config) and refuses a
// flag that applies to no engine that runs.

// NextCommand is an engine's `next`: the next firings of values given on
// the command line, and of the timers of its files.
type NextCommand interface {
	// NextFlags are the flags of next that apply to the engine, beyond
	// the shared ones.
	NextFlags() []Flag
	// Next prints the next firings of run.Values (when the engine reads
	// the command line's values) and of the timers of the engine's files
	// in run.Loaded (nil without paths). It reports false when the
	// engine's rules refused a value or a timer (exit 1); a *UsageError
	// is exit 2.
	Next(run *NextRun) (ok bool, err error)
}

// ArgClaimer is implemented by an engine that reads command-line
// arguments that are no files (cadence's cron:SPEC): next gives it the
// values, and simulate picks it, when it claims every one of them.
type ArgClaimer interface {
	ClaimsArg(arg string) bool
}

// NowReader is implemented by an engine whose --now is not an instant
// (Stateflows reads the host's wall time in its zone). Without it, --now
// is an RFC 3339 instant (sim.ParseInstant).
type NowReader interface {
	ReadNow(text string, flags Flags, cfg *lint.Config) (time.Time, error)
}

// SimulateCommand is an engine's `simulate`.
type SimulateCommand interface {
	// SimulateFlags are the flags of simulate that apply to the engine,
	// beyond the shared ones.
	SimulateFlags() []Flag
	// Formats are the output formats the engine writes (text first).
	Formats() []string
	// ScenarioKeys are the top-level keys of the engine's scenario file
	// (--scenario): the core's header (sim.HeaderKeys) or part of it, and
	// its own.
	ScenarioKeys() []string
	// Simulate runs the engine's simulator on run.Paths. A *UsageError
	// is exit 2; ok false is exit 1 (a file could not be loaded, or a
	// timer was refused).
	Simulate(run *SimulateRun) (ok bool, err error)
}

// VerifyCommand is an engine's `verify`: the search of every execution of
// the models of its files (package verify), whose findings are the
// TMR9xxx family.
type VerifyCommand interface {
	// VerifyFlags are the flags of verify that apply to the engine,
	// beyond the shared ones.
	VerifyFlags() []Flag
	// Verify explores the models of the engine's files in run.Loaded and
	// returns one result per model. A *UsageError is exit 2.
	Verify(run *VerifyRun) ([]verify.Result, error)
}

// VerifyRun is one run of verify, as an engine sees it.
type VerifyRun struct {
	Loaded *Loaded
	Config *lint.Config
	// Flags are the engine's flags given.
	Flags Flags
	// MaxStates bounds each search; Deadline, when set, ends them all
	// (--max-time).
	MaxStates int
	Deadline  time.Time
}

// FlagKind is how a flag reads its value.
type FlagKind int

const (
	// FlagString takes one value; given twice, the last wins.
	FlagString FlagKind = iota
	// FlagStrings takes a value each time it is given (repeatable).
	FlagStrings
	// FlagInt takes an integer.
	FlagInt
	// FlagBool takes no value.
	FlagBool
)

// Flag declares a flag an engine reads. Two engines that read one flag
// declare it alike (the same kind); the command shows the first usage.
type Flag struct {
	Name  string
	Kind  FlagKind
	Usage string
	// Default is the value help shows ("" for none); the engine applies
	// it when the flag is not given.
	Default string
	// Choices are the values the shell completes (none: any).
	Choices []string
}

// The flags several engines read, declared once.
var (
	FlagScenario = Flag{Name: "scenario", Usage: "scenario file (YAML, docs/scenario.md): its header (from, until, step, down) and the engine's own keys"}
	FlagFrom     = Flag{Name: "from", Usage: "first instant simulated, RFC 3339 (default: --now)"}
	FlagUntil    = Flag{Name: "until", Usage: "end of the simulation, exclusive, RFC 3339 (default: the engine's span after --from)"}
	FlagStep     = Flag{Name: "step", Usage: "tick interval, the scheduler's poll interval: PT1S or 1s (default: the config's, else 1s)"}
	FlagDown     = Flag{Name: "down", Kind: FlagStrings, Usage: "START/END window in which the runtime is down, two RFC 3339 instants (repeatable)"}
	FlagSeed     = Flag{Name: "seed", Kind: FlagInt, Usage: "seed of the simulation's random choices (default 1)"}
	FlagReplicas = Flag{Name: "replicas", Kind: FlagInt, Usage: "replicas (servers) running the scheduler (default 1)"}
	FlagStart    = Flag{Name: "start", Kind: FlagStrings, Usage: "NAME@TIME: a user starts an instance of a process (BPMN) or scheme (wfe) (repeatable)"}
	FlagAssume   = Flag{Name: "assume", Kind: FlagStrings, Usage: "wfe: NAME=VALUE, the value of a timer computed at run time (an Expression, or a SetTimerValue) (repeatable)"}
)

// Flags are the engine flags a command line gave, as text, by name.
type Flags map[string][]string

// Given reports whether the flag was given.
func (f Flags) Given(name string) bool { _, ok := f[name]; return ok }

// Value is the flag's value, the last given ("" when not given).
func (f Flags) Value(name string) string {
	v := f[name]
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// Values are every value of a repeatable flag, in order.
func (f Flags) Values(name string) []string { return f[name] }

// Int is an integer flag's value (0 when not given; the command line's
// parser has checked the form).
func (f Flags) Int(name string) int64 {
	var n int64
	_, _ = fmt.Sscan(f.Value(name), &n)
	return n
}

// UsageError is a command line an engine refuses (exit 2).
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a *UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// NotFor is the usage error of a flag or scenario key that does not
// apply to an engine.
func NotFor(what, engine, why string) error {
	msg := what + " does not apply to --engine " + engine
	if why != "" {
		msg += " (" + why + ")"
	}
	return &UsageError{Err: errors.New(msg)}
}

// Lines writes a command's output lines and keeps the first write error.
// What its lines quote of the input (paths, names, expressions, messages)
// is printed as check's text output prints it: every string and error
// argument escaped (lint.Printable), and no line reads as a GitHub
// workflow command (lint.NoCommand).
type Lines struct {
	W   io.Writer
	Err error
}

// Printf writes one or more lines.
func (l *Lines) Printf(format string, args ...any) {
	if l.Err != nil {
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
	_, l.Err = io.WriteString(l.W, text)
}

// Finding prints a finding as every text output does (lint.FindingText),
// indented by indent, and its detail on the next line, two spaces further
// in.
func (l *Lines) Finding(indent string, d lint.Diagnostic) {
	if l.Err != nil {
		return
	}
	text := lint.NoCommand(indent+lint.FindingText(d)) + "\n"
	if d.Detail != "" {
		text += lint.NoCommand(indent+"  "+lint.Printable(d.Detail)) + "\n"
	}
	_, l.Err = io.WriteString(l.W, text)
}

// NextRun is one run of next, as an engine sees it.
type NextRun struct {
	// Out is standard output; Warn takes warnings (standard error).
	Out, Warn *Lines
	Now       time.Time
	// N is how many due times to print per timer.
	N int
	// Values are the values given on the command line that the engine
	// reads (none when another engine reads them).
	Values []string
	// Loaded is the project loaded from the paths given (nil for none).
	Loaded *Loaded
	// Labelled says that several arguments were given, so each line of a
	// value names it.
	Labelled bool
	Config   *lint.Config
	// Flags are the engine's flags given.
	Flags Flags
	// Rule finds a rule of any engine by ID, for its name.
	Rule func(id string) *lint.Rule
	// JSON collects the JSON document (--format json; nil for text, when
	// Out is the text and Timer and Record do nothing).
	JSON *NextJSON
}

// SimulateRun is one run of simulate, as an engine sees it.
type SimulateRun struct {
	// Paths are the paths given ("." when none).
	Paths []string
	// Now is --now, else the config's now, else the current time.
	Now time.Time
	// NowGiven says that --now was given.
	NowGiven bool
	Config   *lint.Config
	// Flags are the engine's flags given.
	Flags Flags
	// Format is --format, one of the engine's Formats.
	Format string
	// Debug is --debug.
	Debug bool
	// Load loads the project under paths as every command does.
	Load func(paths []string) (*Loaded, error)
	// Check loads it and runs the given rules (for the findings that
	// refuse a timer).
	Check func(paths []string, opts lint.Options) (*lint.Report, error)
	// Write writes the output (stdout or --output, buffered) and returns
	// the first error of writing it.
	Write func(func(io.Writer) error) error
	// Err is standard error: the findings of files that could not be
	// loaded.
	Err *Lines
	// Rule finds a rule of any engine by ID, for its name.
	Rule func(id string) *lint.Rule
}

// EscapeLines runs write, a text output that quotes the input (file
// names, scheme and timer names) without escaping it, and writes its
// lines to w as Lines writes them: each escaped (lint.Printable), and
// none reading as a GitHub workflow command.
func EscapeLines(w io.Writer, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	text := buf.String()
	var b strings.Builder
	b.Grow(len(text))
	for text != "" {
		line, rest, found := strings.Cut(text, "\n")
		b.WriteString(lint.NoCommand(lint.Printable(line)))
		if found {
			b.WriteByte('\n')
		}
		text = rest
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Discover lists the engines that have files under the given paths, in
// the engines' order, by the files' names alone (nothing is read): what a
// command that runs one engine picks it from. A path that does not exist
// is a *PathError.
func Discover(opts Options, engines []*Engine) ([]*Engine, error) {
	l := newLoader(&opts)
	if err := l.discover(engines); err != nil {
		return nil, err
	}
	var out []*Engine
	for _, e := range engines {
		for _, k := range e.Kinds {
			if len(l.found[k.Name]) > 0 {
				out = append(out, e)
				break
			}
		}
	}
	return out, nil
}
