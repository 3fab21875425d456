package sim

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	simcore "github.com/seams/seams-timers/sim"
)

// Header says what was simulated, for the first line of text output.
func (r *Result) Header() string {
	sc := r.Scenario
	mode := fmt.Sprintf("single server polling every %s", sc.Period)
	if sc.Multi {
		mode = fmt.Sprintf("%d servers in multi-server mode, timer interval %s", sc.Replicas, sc.Interval)
	}
	h := fmt.Sprintf("# Workflow Engine: %s, %s to %s", mode, stamp(sc.From), stamp(sc.Until))
	for _, w := range sc.Down {
		h += fmt.Sprintf(", down %s/%s", stamp(w.Start), stamp(w.End))
	}
	return h
}

func stamp(t time.Time) string { return t.Format(time.RFC3339Nano) }

// Line renders one event.
func (ev Event) Line() string {
	var b strings.Builder
	b.WriteString(stamp(ev.At))
	if ev.Replica > 0 {
		fmt.Fprintf(&b, " r%d", ev.Replica)
	} else {
		b.WriteString("   ")
	}
	fmt.Fprintf(&b, " %-17s", ev.Kind)
	if ev.Instance != "" {
		b.WriteString(" " + ev.Instance)
	}
	if ev.Timer != "" {
		b.WriteString(" " + ev.Timer)
	}
	if ev.Activity != "" {
		b.WriteString(" at " + ev.Activity)
	}
	if !ev.Due.IsZero() {
		b.WriteString(" due " + stamp(ev.Due))
	}
	if ev.Detail != "" {
		b.WriteString(" " + ev.Detail)
	}
	return strings.TrimRight(b.String(), " ")
}

// replay hands a result kept whole to a sink, as Stream would have.
func replay(r *Result, s Sink) error {
	if err := s.Begin(r); err != nil {
		return err
	}
	for _, ev := range r.Events {
		if err := s.Event(r, ev); err != nil {
			return err
		}
	}
	return s.End(r)
}

// WriteText writes the header, the note, one line per event and the
// summary per timer.
func WriteText(w io.Writer, r *Result) error { return replay(r, NewTextSink(w)) }

// textSink writes the text output as the simulation runs.
type textSink struct {
	w   *bufio.Writer
	err error
}

// NewTextSink writes the text output: the header at the start, a line per
// event as it happens, the summary at the end.
func NewTextSink(w io.Writer) Sink { return &textSink{w: bufio.NewWriterSize(w, 1<<16)} }

func (s *textSink) put(v string) {
	if s.err == nil {
		_, s.err = s.w.WriteString(v)
	}
}

func (s *textSink) Begin(r *Result) error {
	s.put(r.Header() + "\n")
	if r.Note != "" {
		s.put("# " + r.Note + "\n")
	}
	return s.err
}

func (s *textSink) Event(_ *Result, ev Event) error {
	s.put(ev.Line() + "\n")
	return s.err
}

func (s *textSink) End(r *Result) error {
	s.put("\n")
	if s.err != nil {
		return s.err
	}
	tw := tabwriter.NewWriter(s.w, 0, 0, 2, ' ', 0)
	_, _ = fmt.Fprintln(tw, "timer\ttype\tvalue\tregistered\tre-registered\tfired\trefires\tbusy loops\timmediate\tlost\tnot registered\tentry failed\trefused")
	for _, s := range r.Timers {
		refused := s.Refused
		if refused == "" {
			refused = "-"
		}
		_, _ = fmt.Fprintf(tw, "%s#%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", s.Scheme, s.Timer, s.Type, s.Value,
			s.Registered, s.Reregistered, s.Fired, s.Refires, s.BusyLoops, s.Immediate, s.Lost, s.NotRegistered, s.EntryFailed, refused)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return s.w.Flush()
}

// Message is an event as its text line says it, without the time and the
// replica.
func (ev Event) Message() string {
	parts := []string{string(ev.Kind)}
	if ev.Instance != "" {
		parts = append(parts, ev.Instance)
	}
	if ev.Timer != "" {
		parts = append(parts, ev.Timer)
	}
	if ev.Activity != "" {
		parts = append(parts, "at "+ev.Activity)
	}
	if !ev.Due.IsZero() {
		parts = append(parts, "due "+stamp(ev.Due))
	}
	if ev.Detail != "" {
		parts = append(parts, ev.Detail)
	}
	return strings.Join(parts, " ")
}

// JSONOptions are what the JSON document says beside the simulation.
type JSONOptions struct {
	// Identify is who the timer of a scheme is (file, position, subject);
	// nil names it by its name alone.
	Identify func(scheme, timer string) simcore.TimerID
	// Findings are the findings about a timer, each as `check --format
	// json` writes one.
	Findings func(scheme, timer string) []any
	// Loading are the findings of the files that could not be loaded.
	Loading []any
}

// WriteJSON writes the JSON document (simcore.SimulateSchema) of a result
// kept whole.
func WriteJSON(w io.Writer, r *Result) error { return replay(r, NewJSONSink(w, JSONOptions{})) }

// jsonEvent is one event of the JSON document.
type jsonEvent struct {
	Time     string `json:"time"`
	Kind     Kind   `json:"kind"`
	Replica  string `json:"replica,omitempty"`
	Timer    string `json:"timer,omitempty"`
	Scheme   string `json:"scheme,omitempty"`
	Instance string `json:"instance,omitempty"`
	Activity string `json:"activity,omitempty"`
	Due      string `json:"due,omitempty"`
	Detail   string `json:"detail,omitempty"`
	Message  string `json:"message"`
}

// jsonTimer is one entry of the document's "timers".
type jsonTimer struct {
	simcore.TimerID
	Scheme    string `json:"scheme"`
	Type      string `json:"type"`
	Value     string `json:"value"`
	Simulated bool   `json:"simulated"`
	Counts
	Refused  string `json:"refused,omitempty"`
	Findings []any  `json:"findings"`
}

// jsonScenario is the scenario as the JSON document states it.
type jsonScenario struct {
	From      string            `json:"from"`
	Until     string            `json:"until"`
	Mode      string            `json:"mode"`
	Period    string            `json:"period,omitempty"`
	Interval  string            `json:"interval,omitempty"`
	Replicas  int               `json:"replicas"`
	Down      []string          `json:"down"`
	Instances int               `json:"instances"`
	Assume    map[string]string `json:"assume,omitempty"`
}

type jsonSink struct {
	w    io.Writer
	opts JSONOptions
	doc  *simcore.JSONDoc
}

// NewJSONSink writes the JSON document as the simulation runs.
func NewJSONSink(w io.Writer, opts JSONOptions) Sink { return &jsonSink{w: w, opts: opts} }

func (s *jsonSink) Begin(r *Result) error {
	sc := r.Scenario
	js := jsonScenario{From: simcore.Instant(sc.From), Until: simcore.Instant(sc.Until), Mode: "single-server",
		Period: sc.Period.String(), Replicas: 1, Down: []string{}, Instances: len(sc.Instances), Assume: sc.Assume}
	if sc.Multi {
		js.Mode, js.Period, js.Interval, js.Replicas = "multi-server", "", sc.Interval.String(), sc.Replicas
	}
	for _, d := range sc.Down {
		js.Down = append(js.Down, simcore.Instant(d.Start)+"/"+simcore.Instant(d.End))
	}
	var notes []string
	if r.Note != "" {
		notes = append(notes, r.Note)
	}
	s.doc = simcore.NewJSONDoc(s.w, simcore.Head{Engine: "wfe", From: sc.From, Until: sc.Until,
		Header: strings.TrimPrefix(r.Header(), "# "), Notes: notes, Scenario: js, Findings: s.opts.Loading})
	return s.doc.Err()
}

func (s *jsonSink) Event(_ *Result, ev Event) error {
	je := jsonEvent{Time: simcore.Instant(ev.At), Kind: ev.Kind, Scheme: ev.Scheme, Instance: ev.Instance,
		Activity: ev.Activity, Detail: ev.Detail, Message: ev.Message()}
	if ev.Replica > 0 {
		je.Replica = "r" + strconv.Itoa(ev.Replica)
	}
	if ev.Timer != "" {
		je.Timer = ev.Timer
	}
	if !ev.Due.IsZero() {
		je.Due = simcore.Instant(ev.Due)
	}
	s.doc.Event(je)
	return s.doc.Err()
}

func (s *jsonSink) End(r *Result) error {
	timers := make([]any, 0, len(r.Timers))
	for _, t := range r.Timers {
		id := simcore.TimerID{Engine: "wfe", Timer: t.Timer}
		if s.opts.Identify != nil {
			id = s.opts.Identify(t.Scheme, t.Timer)
		}
		jt := jsonTimer{TimerID: id, Scheme: t.Scheme, Type: t.Type, Value: t.Value, Simulated: t.Refused == "",
			Counts: t.Counts, Refused: t.Refused, Findings: []any{}}
		if s.opts.Findings != nil {
			if fs := s.opts.Findings(t.Scheme, t.Timer); fs != nil {
				jt.Findings = fs
			}
		}
		timers = append(timers, jt)
	}
	return s.doc.End(timers)
}

// WriteSVG draws a timeline: one lane per timer, a tick for each
// registration, a dot for each firing, a cross for each timer lost or
// never registered.
func WriteSVG(w io.Writer, r *Result) error { return replay(r, NewSVGSink(w)) }

// svgSink draws the timeline as the simulation runs: the lanes are the
// timers, known at the start, and each mark is written as its event
// happens (a simulation stops at maxEvents events).
type svgSink struct {
	w     *bufio.Writer
	err   error
	lanes map[string]int
	span  float64
	from  time.Time
}

const svgLeft, svgWidth, svgLane, svgTop = 220, 900, 28, 40

// NewSVGSink draws the SVG timeline as the simulation runs.
func NewSVGSink(w io.Writer) Sink { return &svgSink{w: bufio.NewWriterSize(w, 1<<16)} }

func (s *svgSink) f(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.w, format, args...)
	}
}

func (s *svgSink) x(t time.Time) float64 { return svgLeft + svgWidth*t.Sub(s.from).Seconds()/s.span }

func (s *svgSink) Begin(r *Result) error {
	sc := r.Scenario
	s.from, s.span = sc.From, sc.Until.Sub(sc.From).Seconds()
	s.lanes = map[string]int{}
	for i, t := range r.Timers {
		s.lanes[t.Scheme+"#"+t.Timer] = i
	}
	height := svgTop + svgLane*len(r.Timers) + 20
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", svgLeft+svgWidth+20, height)
	s.f(`<text x="10" y="20">%s</text>`+"\n", html.EscapeString(r.Header()))
	for _, d := range sc.Down {
		s.f(`<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#eee"/>`+"\n", s.x(d.Start), svgTop-10, s.x(d.End)-s.x(d.Start), svgLane*len(r.Timers))
	}
	for i, t := range r.Timers {
		y := svgTop + i*svgLane
		s.f(`<text x="10" y="%d">%s</text><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`+"\n",
			y+4, html.EscapeString(t.Scheme+"#"+t.Timer), svgLeft, y, svgLeft+svgWidth, y)
	}
	return s.err
}

func (s *svgSink) Event(_ *Result, ev Event) error {
	i, ok := s.lanes[ev.Scheme+"#"+ev.Timer]
	if !ok {
		return nil
	}
	y := svgTop + i*svgLane
	x := s.x(ev.At)
	title := html.EscapeString(ev.Line())
	switch ev.Kind {
	case Register, Reregister:
		s.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#36c"><title>%s</title></line>`+"\n", x, y-6, x, y+6, title)
	case Fire, Refire, Immediate:
		s.f(`<circle cx="%.1f" cy="%d" r="4" fill="#c33"><title>%s</title></circle>`+"\n", x, y, title)
	case Lost, NotRegistered, Refusal, EntryFailed, BusyLoop:
		s.f(`<text x="%.1f" y="%d" fill="#a00" text-anchor="middle">×<title>%s</title></text>`+"\n", x, y+4, title)
	}
	return s.err
}

func (s *svgSink) End(*Result) error {
	s.f("</svg>\n")
	if s.err != nil {
		return s.err
	}
	return s.w.Flush()
}
