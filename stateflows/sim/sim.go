// Package sim simulates the time events of Stateflows state machines as
// its host runs them: every time event registered at the start (its
// source state entered then) and delivered at the scheduler's minute
// ticks until the end, the recurring ones whose source stays active
// (internal transitions, accepting nodes) re-registered from each
// delivery, none while the host is down nor before the first tick after
// it restarts. The arithmetic is stateflows/catalog's; this package lays
// out the timeline.
package sim

import (
	"bytes"
	_ "embed" // for the scenario schema
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"go.yaml.in/yaml/v3"

	simcore "github.com/seams/seams-timers/sim"
	"github.com/seams/seams-timers/stateflows/catalog"
)

// Scenario is what a Stateflows simulation runs: the core's header
// without a step (the host's scheduler ticks every minute). One host and
// no instances: each time event's source state is active from From.
type Scenario struct {
	simcore.Header
}

// ScenarioKeys are the keys of a Stateflows scenario file.
var ScenarioKeys = []string{"from", "until", "down"}

// scenarioFile is the YAML form of a scenario.
type scenarioFile struct {
	simcore.HeaderFile `yaml:",inline"`
}

// ParseScenario reads a scenario file (YAML): from, until and down. Any
// other key is an error, naming the engine when it is another engine's.
func ParseScenario(src []byte) (Scenario, error) {
	var sc Scenario
	var raw map[string]yaml.Node
	if err := yaml.Unmarshal(src, &raw); err != nil {
		return sc, fmt.Errorf("scenario: %w", err)
	}
	for k := range raw {
		if !slices.Contains(ScenarioKeys, k) {
			return sc, fmt.Errorf("%s does not apply to --engine stateflows (a Stateflows scenario has %s)", k, strings.Join(ScenarioKeys, ", "))
		}
	}
	var f scenarioFile
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return sc, fmt.Errorf("scenario: %w", err)
	}
	h, err := f.Read()
	if err != nil {
		return sc, err
	}
	sc.Header = h
	return sc, nil
}

// Defaults fills what the scenario leaves out: Until 30 days after From.
func (s *Scenario) Defaults() {
	if s.Until.IsZero() && !s.From.IsZero() {
		s.Until = s.From.Add(simcore.DefaultSpan)
	}
}

// Site is a call site of a time event.
type Site struct {
	// Where is path:line:col; Event is Method<Type>: display text, which
	// the caller has escaped (they are written as they are).
	Where, Event string
	// Custom says the trigger is the class's own code: not computed.
	Custom bool
	Type   *catalog.Type
	Params catalog.Params
	// Recurs says the source stays active (an internal transition, an
	// accepting node), so a recurring event re-registers from each
	// delivery.
	Recurs bool
}

// Input is one simulation.
type Input struct {
	Scenario  Scenario
	Behaviour catalog.Behaviour
	Zone      *time.Location
	Sites     []Site
}

// ShownPerTimer bounds the timeline lines of one call site; the summary
// counts every delivery.
const ShownPerTimer = 5

// Limit bounds the deliveries computed for one call site (a year of
// minute ticks).
const Limit = 366 * 24 * 60

// WriteText simulates and writes the timeline and a summary per call site.
func WriteText(w io.Writer, in Input) error {
	sc := in.Scenario
	b := in.Behaviour
	if !b.Source() {
		b = catalog.Main
	}
	var down []catalog.Down
	var windows []string
	for _, w := range sc.Down {
		down = append(down, catalog.Down{Start: w.Start, End: w.End})
		windows = append(windows, w.String())
	}
	type line struct {
		at   time.Time
		site int
		text string
	}
	type summary struct {
		where, event string
		fired, past  int
		late         time.Duration
		note         string
	}
	var lines []line
	var sums []summary
	for _, site := range in.Sites {
		sum := summary{where: site.Where, event: site.Event}
		if site.Custom {
			sum.note = "not computed (its own code)"
			sums = append(sums, sum)
			continue
		}
		k := len(sums)
		ds, more := site.Type.Simulate(site.Params, b, in.Zone, sc.From, sc.Until, site.Recurs, down, Limit)
		for i, d := range ds {
			sum.fired++
			late := d.At.Sub(d.Due)
			if d.Past {
				sum.past++
			} else {
				sum.late = max(sum.late, late)
			}
			if i >= ShownPerTimer {
				continue
			}
			text := fmt.Sprintf("timer fire %s %s due %s (%s local)", site.Where, sum.event, rfc(d.Due), LocalText(d.Wall))
			switch {
			case d.Past:
				text += ": due at once"
			case late >= time.Minute:
				text += " late by " + DurText(late)
			}
			lines = append(lines, line{at: d.At, site: k, text: text})
		}
		if n := len(ds) - ShownPerTimer; n > 0 {
			lines = append(lines, line{at: ds[ShownPerTimer-1].At, site: k,
				text: fmt.Sprintf("timer %s %s: %s not listed", site.Where, sum.event, plural(n, "more delivery", "more deliveries"))})
		}
		if more {
			sum.note = fmt.Sprintf("stopped after %d deliveries", Limit)
		}
		sums = append(sums, sum)
	}
	for _, w := range sc.Down {
		lines = append(lines, line{at: w.Start, site: -2, text: "runtime down until " + rfc(w.End)},
			line{at: w.End, site: -1, text: "runtime up, first scheduler tick " + rfc(w.End.Truncate(time.Minute).Add(time.Minute))})
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return a.site - b.site
	})
	header := fmt.Sprintf("# seams-timers simulate --engine stateflows: %s .. %s, revision %s, host zone %s, every time event registered at the start",
		rfc(sc.From), rfc(sc.Until), b, in.Zone)
	if len(windows) > 0 {
		header += ", down " + strings.Join(windows, ", ")
	}
	var out bytes.Buffer
	out.WriteString(header + "\n")
	for _, l := range lines {
		level := "info "
		if l.site < 0 {
			level = "warn "
		}
		fmt.Fprintf(&out, "%s host %s %s\n", rfc(l.at), level, l.text)
	}
	out.WriteString("\n")
	tw := tabwriter.NewWriter(&out, 0, 0, 2, ' ', 0)
	_, _ = fmt.Fprintln(tw, "call site\tevent\tfired\tdue at once\tlate by at most\tnotes")
	for _, sum := range sums {
		note := sum.note
		if note == "" {
			note = "-"
		}
		late := "-"
		if sum.late > 0 {
			late = DurText(sum.late)
		}
		_, _ = fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", sum.where, sum.event, sum.fired, sum.past, late, note)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(out.Bytes())
	return err
}

// DurText renders a duration without zero units: 36h59m30s, 1h, 15m.
func DurText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// LocalText renders a wall time, 2026-11-16T00:00 (seconds when set).
func LocalText(t time.Time) string {
	if t.Second() != 0 || t.Nanosecond() != 0 {
		return t.Format("2006-01-02T15:04:05")
	}
	return t.Format("2006-01-02T15:04")
}

// plural renders a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// rfc renders an instant in UTC, RFC 3339.
func rfc(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// ScenarioSchema is the JSON Schema of a scenario file
// (stateflows/sim/scenario.schema.json).
//
//go:embed scenario.schema.json
var ScenarioSchema []byte
