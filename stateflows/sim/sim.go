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

// Line is one line of the timeline.
type Line struct {
	At time.Time
	// Site indexes Timeline.Sites; -2 a downtime's start, -1 its end.
	Site int
	// Kind is fire, more (deliveries not listed), down or up.
	Kind string
	// Due and Wall are a firing's due instant and its wall time on the
	// host's clock.
	Due, Wall time.Time
	// Past says the firing was due at once; Late how late it was.
	Past bool
	Late time.Duration
	// More counts the deliveries a "more" line stands for.
	More int
	Text string
}

// SiteSummary counts what happened to one call site's time event.
type SiteSummary struct {
	Where, Event string
	Fired, Past  int
	Late         time.Duration
	Note         string
}

// Timeline is a simulation: the header, the lines in order (at most
// ShownPerTimer firings per call site) and a summary per call site.
type Timeline struct {
	Header string
	Lines  []Line
	Sites  []SiteSummary
}

// Simulate computes the timeline. Each call site's deliveries are computed
// in one go, at most Limit of them, and only ShownPerTimer are kept as
// lines: the rest are counted.
func Simulate(in Input) *Timeline {
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
	tl := &Timeline{}
	for _, site := range in.Sites {
		sum := SiteSummary{Where: site.Where, Event: site.Event}
		if site.Custom {
			sum.Note = "not computed (its own code)"
			tl.Sites = append(tl.Sites, sum)
			continue
		}
		k := len(tl.Sites)
		ds, more := site.Type.Simulate(site.Params, b, in.Zone, sc.From, sc.Until, site.Recurs, down, Limit)
		for i, d := range ds {
			sum.Fired++
			late := d.At.Sub(d.Due)
			if d.Past {
				sum.Past++
			} else {
				sum.Late = max(sum.Late, late)
			}
			if i >= ShownPerTimer {
				continue
			}
			text := fmt.Sprintf("timer fire %s %s due %s (%s local)", site.Where, sum.Event, rfc(d.Due), LocalText(d.Wall))
			switch {
			case d.Past:
				text += ": due at once"
			case late >= time.Minute:
				text += " late by " + DurText(late)
			}
			tl.Lines = append(tl.Lines, Line{At: d.At, Site: k, Kind: "fire", Due: d.Due, Wall: d.Wall, Past: d.Past, Late: late, Text: text})
		}
		if n := len(ds) - ShownPerTimer; n > 0 {
			tl.Lines = append(tl.Lines, Line{At: ds[ShownPerTimer-1].At, Site: k, Kind: "more", More: n,
				Text: fmt.Sprintf("timer %s %s: %s not listed", site.Where, sum.Event, plural(n, "more delivery", "more deliveries"))})
		}
		if more {
			sum.Note = fmt.Sprintf("stopped after %d deliveries", Limit)
		}
		tl.Sites = append(tl.Sites, sum)
	}
	for _, w := range sc.Down {
		tl.Lines = append(tl.Lines, Line{At: w.Start, Site: -2, Kind: "down", Text: "runtime down until " + rfc(w.End)},
			Line{At: w.End, Site: -1, Kind: "up", Text: "runtime up, first scheduler tick " + rfc(w.End.Truncate(time.Minute).Add(time.Minute))})
	}
	slices.SortStableFunc(tl.Lines, func(a, b Line) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return a.Site - b.Site
	})
	tl.Header = fmt.Sprintf("seams-timers simulate --engine stateflows: %s .. %s, revision %s, host zone %s, every time event registered at the start",
		rfc(sc.From), rfc(sc.Until), b, in.Zone)
	if len(windows) > 0 {
		tl.Header += ", down " + strings.Join(windows, ", ")
	}
	return tl
}

// WriteText simulates and writes the timeline and a summary per call site.
func WriteText(w io.Writer, in Input) error {
	tl := Simulate(in)
	var out bytes.Buffer
	out.WriteString("# " + tl.Header + "\n")
	for _, l := range tl.Lines {
		level := "info "
		if l.Site < 0 {
			level = "warn "
		}
		fmt.Fprintf(&out, "%s host %s %s\n", rfc(l.At), level, l.Text)
	}
	out.WriteString("\n")
	tw := tabwriter.NewWriter(&out, 0, 0, 2, ' ', 0)
	_, _ = fmt.Fprintln(tw, "call site\tevent\tfired\tdue at once\tlate by at most\tnotes")
	for _, sum := range tl.Sites {
		note := sum.Note
		if note == "" {
			note = "-"
		}
		late := "-"
		if sum.Late > 0 {
			late = DurText(sum.Late)
		}
		_, _ = fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", sum.Where, sum.Event, sum.Fired, sum.Past, late, note)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(out.Bytes())
	return err
}

// JSONOptions are what the JSON document says beside the simulation.
type JSONOptions struct {
	// Identify is who the time event of the i-th call site is (its file,
	// position and subject); nil names it by its Method<Type> alone.
	Identify func(i int) simcore.TimerID
	// Findings are the findings about the i-th call site, each as `check
	// --format json` writes one.
	Findings func(i int) []any
	// Loading are the findings of the files that could not be loaded.
	Loading []any
}

type jsonEvent struct {
	Time      string `json:"time"`
	Kind      string `json:"kind"`
	Timer     string `json:"timer,omitempty"`
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	Due       string `json:"due,omitempty"`
	Local     string `json:"local,omitempty"`
	DueAtOnce bool   `json:"dueAtOnce,omitempty"`
	Late      string `json:"late,omitempty"`
	More      int    `json:"more,omitempty"`
	Message   string `json:"message"`
}

type jsonTimer struct {
	simcore.TimerID
	Event     string `json:"event"`
	Simulated bool   `json:"simulated"`
	Fired     int    `json:"fired"`
	DueAtOnce int    `json:"dueAtOnce"`
	LateMax   string `json:"lateByAtMost,omitempty"`
	Note      string `json:"note,omitempty"`
	Findings  []any  `json:"findings"`
}

type jsonScenario struct {
	From          string   `json:"from"`
	Until         string   `json:"until"`
	Down          []string `json:"down"`
	Revision      string   `json:"revision"`
	Zone          string   `json:"zone"`
	ShownPerTimer int      `json:"shownPerTimer"`
}

// WriteJSON simulates and writes the JSON document (simcore.SimulateSchema):
// the timeline's events, as the text lists them (at most ShownPerTimer
// firings per call site, then one "more" event counting the rest), and a
// summary per call site.
func WriteJSON(w io.Writer, in Input, opts JSONOptions) error {
	tl := Simulate(in)
	sc := in.Scenario
	b := in.Behaviour
	if !b.Source() {
		b = catalog.Main
	}
	js := jsonScenario{From: simcore.Instant(sc.From), Until: simcore.Instant(sc.Until), Down: []string{}, Revision: b.String(),
		Zone: in.Zone.String(), ShownPerTimer: ShownPerTimer}
	for _, d := range sc.Down {
		js.Down = append(js.Down, simcore.Instant(d.Start)+"/"+simcore.Instant(d.End))
	}
	id := func(i int) simcore.TimerID {
		if opts.Identify != nil {
			return opts.Identify(i)
		}
		return simcore.TimerID{Engine: "stateflows", Timer: tl.Sites[i].Event}
	}
	doc := simcore.NewJSONDoc(w, simcore.Head{Engine: "stateflows", From: sc.From, Until: sc.Until, Header: tl.Header,
		Scenario: js, Findings: opts.Loading})
	for _, l := range tl.Lines {
		je := jsonEvent{Time: simcore.Instant(l.At), Kind: l.Kind, More: l.More, Message: l.Text}
		if l.Site >= 0 {
			// Call sites share names: the place tells which entry.
			ti := id(l.Site)
			je.Timer, je.File, je.Line, je.Column = ti.Timer, ti.File, ti.Line, ti.Column
		}
		if l.Kind == "fire" {
			je.Due, je.Local, je.DueAtOnce = simcore.Instant(l.Due), LocalText(l.Wall), l.Past
			if !l.Past {
				je.Late = l.Late.String()
			}
		}
		doc.Event(je)
	}
	timers := make([]any, 0, len(tl.Sites))
	for i, s := range tl.Sites {
		jt := jsonTimer{TimerID: id(i), Event: s.Event, Simulated: !in.Sites[i].Custom, Fired: s.Fired, DueAtOnce: s.Past,
			Note: s.Note, Findings: []any{}}
		if s.Late > 0 {
			jt.LateMax = s.Late.String()
		}
		if opts.Findings != nil {
			if fs := opts.Findings(i); fs != nil {
				jt.Findings = fs
			}
		}
		timers = append(timers, jt)
	}
	return doc.End(timers)
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
