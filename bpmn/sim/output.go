package sim

import (
	"bufio"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	simcore "github.com/seams/seams-timers/sim"
)

// TextOptions control the text output.
type TextOptions struct {
	// Debug includes the debug lines (`timer claimed elsewhere`, gateway
	// defaults, instance ends).
	Debug bool
	// Escape, when set, makes text from the input (paths, ids, notes)
	// safe to print: the command passes lint.Printable, so that a file
	// name with a line break or an escape sequence stays inert. Nil
	// prints it as it is.
	Escape func(string) string
}

// Line renders event i as a text log line: tick time, replica, level and
// the message.
func (r *Result) Line(i int) string { return string(r.appendLine(nil, i)) }

const timeLayout = "2006-01-02T15:04:05.999999999Z"

// appendLine appends event i's line to b.
func (r *Result) appendLine(b []byte, i int) []byte {
	p := r.log.rec(r.log.recs.at(i))
	return r.appendRec(b, &p, r.instanceOf(int(p.inst)))
}

// instanceOf is the i-th instance, from 1, of a result that kept them;
// the zero Instance when there is none.
func (r *Result) instanceOf(i int) Instance {
	if i <= 0 || i > r.insts.len() {
		return Instance{}
	}
	return *r.insts.at(i - 1)
}

// instanceName is an instance's id as log lines show it, <process>#<n>;
// "" for the zero Instance.
func (r *Result) instanceName(in Instance) string {
	if in.Seq == 0 {
		return ""
	}
	return r.Processes[in.Process] + "#" + strconv.Itoa(int(in.Seq))
}

// appendRec appends an event's line to b, in being its instance. The
// lines a year of firings is made of (fire, claimed elsewhere, instance
// end) are built without fmt.
func (r *Result) appendRec(b []byte, p *rec, in Instance) []byte {
	b = tm(p.at).AppendFormat(b, timeLayout)
	b = append(b, ' ')
	if p.replica == 0 {
		b = append(b, "all"...)
	} else {
		b = append(b, 'r')
		b = strconv.AppendInt(b, int64(p.replica), 10)
	}
	b = append(b, ' ')
	lvl := Level(p.level).String()
	b = append(b, lvl...)
	for n := len(lvl); n < 6; n++ {
		b = append(b, ' ')
	}
	timer := ""
	if p.timer >= 0 && int(p.timer) < len(r.Timers) {
		timer = r.Timers[p.timer].Name
	}
	switch Kind(p.kind) {
	case KindFire:
		if p.until != 0 || p.count != 0 || p.el != "" || p.other != "" || p.note != "" {
			break
		}
		b = append(b, "timer fire "...)
		b = append(b, timer...)
		b = append(b, " due "...)
		b = tm(p.due).AppendFormat(b, timeLayout)
		b = append(b, " instance "...)
		return appendInstance(b, r, in)
	case KindClaimedElsewhere:
		b = append(b, "timer claimed elsewhere "...)
		b = append(b, timer...)
		b = append(b, " due "...)
		return tm(p.due).AppendFormat(b, timeLayout)
	case KindInstanceEnd:
		b = append(b, "instance end "...)
		return appendInstance(b, r, in)
	}
	return append(b, r.message(eventOf(p), r.instanceName(in))...)
}

// appendInstance appends the instance's id, <process>#<n>.
func appendInstance(b []byte, r *Result, in Instance) []byte {
	if in.Seq == 0 {
		return b
	}
	b = append(b, r.Processes[in.Process]...)
	b = append(b, '#')
	return strconv.AppendInt(b, int64(in.Seq), 10)
}

// WriteText writes the header, the log lines and the summary table.
func WriteText(w io.Writer, r *Result, opts TextOptions) error {
	return replay(r, newTextSink(w, opts))
}

// replay hands a whole result's events to s, as Stream hands them while
// the simulation runs.
func replay(r *Result, s sink) error {
	if err := s.begin(r); err != nil {
		return err
	}
	for i := range r.Len() {
		p := r.log.rec(r.log.recs.at(i))
		if err := s.event(r, &p, r.instanceOf(int(p.inst))); err != nil {
			return err
		}
	}
	return s.end(r)
}

// textSink writes the text output: the header at the start, each line as
// its event happens, the summary at the end.
type textSink struct {
	bw   *bufio.Writer
	out  *printer
	opts TextOptions
	line []byte
}

func newTextSink(w io.Writer, opts TextOptions) *textSink {
	bw := bufio.NewWriterSize(w, 1<<16)
	return &textSink{bw: bw, out: &printer{w: bw}, opts: opts}
}

func (s *textSink) esc(v string) string {
	if s.opts.Escape == nil {
		return v
	}
	return s.opts.Escape(v)
}

func (s *textSink) begin(r *Result) error {
	s.out.f("# seams-timers simulate: %s\n", r.Scenario.Describe())
	if r.Note != "" {
		s.out.f("# %s\n", s.esc(r.Note))
	}
	if r.Scheduling != "" {
		s.out.f("# %s\n", s.esc(r.Scheduling))
	}
	return s.out.err
}

func (s *textSink) event(r *Result, p *rec, in Instance) error {
	if !s.opts.Debug && Level(p.level) == LevelDebug {
		return nil
	}
	line := r.appendRec(s.line[:0], p, in)
	if s.opts.Escape != nil && !plainASCII(line) {
		// A path or an id with a line break or an escape sequence
		// stays on its line, inert.
		line = append(line[:0], s.opts.Escape(string(line))...)
	}
	line = append(line, '\n')
	s.line = line
	if s.out.err == nil {
		_, s.out.err = s.bw.Write(line)
	}
	return s.out.err
}

func (s *textSink) end(r *Result) error {
	s.out.s("\n")
	if s.out.err != nil {
		return s.out.err
	}
	if err := writeSummary(s.bw, r, s.esc); err != nil {
		return err
	}
	return s.bw.Flush()
}

// plainASCII reports whether a line is printable ASCII only, which no
// escaping changes.
func plainASCII(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// writeSummary writes one row per timer.
func writeSummary(w io.Writer, r *Result, esc func(string) string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	out := &printer{w: tw}
	out.s("timer\trole\texpression\tfired\tmissed\tlate by at most\tclaimed elsewhere\tcancelled\tpending\twaiting\tarithmetic\tnotes\n")
	for _, t := range r.Timers {
		late := "-"
		if t.Fired > 0 {
			late = timeexpr.FormatDuration(t.LateMax)
		}
		arith := "-"
		if t.Arith != 0 {
			arith = t.Arith.String()
		}
		note := t.Note
		if t.Refusal != nil {
			note = "not simulated: " + t.Refusal.String()
		}
		if t.RolledBack > 0 {
			note = joinNote(note, strconv.Itoa(t.RolledBack)+" run(s) rolled back")
		}
		if note == "" {
			note = "-"
		}
		out.f("%s\t%s\t%s\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%s\t%s\n", esc(t.Name), t.Role, esc(orDefault(t.Value, "-")),
			t.Fired, t.Missed, late, t.ClaimedElsewhere, t.Cancelled, t.Pending, t.Waiting, arith, esc(note))
	}
	if out.err != nil {
		return out.err
	}
	return tw.Flush()
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// JSONOptions are what the JSON document says beside the simulation.
type JSONOptions struct {
	// Findings returns the findings about a timer (the caller's, the
	// simulator deciding nothing), each as `check --format json` writes
	// one; nil writes none.
	Findings func(t *TimerStats) []any
	// Loading are the findings of the files that could not be loaded.
	Loading []any
}

// jsonScenario is the scenario as the JSON document states it.
type jsonScenario struct {
	From     string   `json:"from"`
	Until    string   `json:"until"`
	Step     string   `json:"step"`
	Replicas int      `json:"replicas"`
	Seed     int64    `json:"seed"`
	Lease    string   `json:"lease"`
	Down     []string `json:"down"`
	// Runtime is starts-at-from or already-running (Scenario.AlreadyRunning).
	Runtime string `json:"runtime"`
	Spiff   string `json:"spiff"`
}

// jsonTimer is one entry of the document's "timers": the shared identity
// (simcore.TimerID), then the engine's counts.
type jsonTimer struct {
	simcore.TimerID
	Role             string `json:"role"`
	Kind             string `json:"kind,omitempty"`
	Expression       string `json:"expression"`
	Arithmetic       string `json:"arithmetic,omitempty"`
	Scheduled        bool   `json:"scheduled"`
	Simulated        bool   `json:"simulated"`
	Fired            int    `json:"fired"`
	Missed           int    `json:"missed"`
	LateMax          string `json:"lateByAtMost,omitempty"`
	ClaimedElsewhere int    `json:"claimedElsewhere"`
	Armed            int    `json:"armed"`
	Cancelled        int    `json:"cancelled"`
	Pending          int    `json:"pending"`
	Waiting          int    `json:"waiting"`
	RolledBack       int    `json:"rolledBack"`
	Refused          string `json:"refused,omitempty"`
	Rule             string `json:"rule,omitempty"`
	Note             string `json:"note,omitempty"`
	Findings         []any  `json:"findings"`
}

// WriteJSON writes a result kept whole (Run) as Stream writes its JSON
// document: every event, debug ones included, then the timers, with no
// findings.
func WriteJSON(w io.Writer, r *Result) error {
	return replay(r, newJSONSink(w, JSONOptions{}))
}

// jsonSink writes the JSON document (schema simcore.SimulateSchema) as the
// simulation runs.
type jsonSink struct {
	w    io.Writer
	opts JSONOptions
	doc  *simcore.JSONDoc
	b    []byte
	line []byte
	inst []byte
}

func newJSONSink(w io.Writer, opts JSONOptions) *jsonSink { return &jsonSink{w: w, opts: opts} }

func (s *jsonSink) begin(r *Result) error {
	sc := r.Scenario
	js := jsonScenario{
		From: simcore.Instant(sc.From), Until: simcore.Instant(sc.Until), Step: timeexpr.FormatDuration(sc.Step),
		Replicas: sc.Replicas, Seed: sc.Seed, Lease: timeexpr.FormatDuration(sc.Lease), Down: []string{},
		Runtime: RuntimeStartsAtFrom, Spiff: string(r.Spiff),
	}
	if sc.AlreadyRunning {
		js.Runtime = RuntimeAlreadyRunning
	}
	for _, d := range sc.Down {
		js.Down = append(js.Down, simcore.Instant(d.Start)+"/"+simcore.Instant(d.End))
	}
	var notes []string
	for _, n := range []string{r.Note, r.Scheduling} {
		if n != "" {
			notes = append(notes, n)
		}
	}
	s.doc = simcore.NewJSONDoc(s.w, simcore.Head{
		Engine: "bpmn", From: sc.From, Until: sc.Until, Header: "seams-timers simulate: " + sc.Describe(),
		Notes: notes, Scenario: js, Findings: s.opts.Loading,
	})
	return s.doc.Err()
}

// event writes one event as a JSON object on its line, built without
// reflection: a year of firings is a hundred million of them.
func (s *jsonSink) event(r *Result, p *rec, in Instance) error {
	b := s.b[:0]
	b = append(b, `{"time":"`...)
	b = simcore.AppendInstant(b, tm(p.at))
	b = append(b, `","kind":"`...)
	b = append(b, Kind(p.kind).String()...)
	b = append(b, `","level":"`...)
	b = append(b, Level(p.level).String()...)
	b = append(b, `","replica":"`...)
	b = append(b, ReplicaName(int(p.replica))...)
	b = append(b, '"')
	var ts *TimerStats
	if p.timer >= 0 && int(p.timer) < len(r.Timers) {
		ts = r.Timers[p.timer]
		b = append(b, `,"timer":`...)
		b = simcore.AppendString(b, ts.Name)
	}
	if p.due != 0 {
		b = append(b, `,"due":"`...)
		b = simcore.AppendInstant(b, tm(p.due))
		b = append(b, '"')
		if Kind(p.kind) == KindFire && ts != nil && ts.Role == RoleStart {
			b = append(b, `,"correlationKey":"`...)
			b = tm(p.due).AppendFormat(b, correlationLayout)
			b = append(b, '"')
		}
	}
	if in.Seq != 0 {
		b = append(b, `,"instance":`...)
		s.inst = appendInstance(s.inst[:0], r, in)
		b = simcore.AppendString(b, s.inst)
	}
	if p.count != 0 {
		b = append(b, `,"count":`...)
		b = strconv.AppendInt(b, int64(p.count), 10)
	}
	for _, f := range [...]struct{ name, v string }{{"element", p.el}, {"other", p.other}, {"note", p.note}} {
		if f.v != "" {
			b = append(b, `,"`...)
			b = append(b, f.name...)
			b = append(b, `":`...)
			b = simcore.AppendString(b, f.v)
		}
	}
	if p.until != 0 {
		b = append(b, `,"until":"`...)
		b = simcore.AppendInstant(b, tm(p.until))
		b = append(b, '"')
	}
	b = append(b, `,"message":`...)
	// The message is the text line's, without its time, replica and level.
	s.line = r.appendRec(s.line[:0], p, in)
	b = simcore.AppendString(b, s.line[lineHead(s.line):])
	b = append(b, '}')
	s.b = b
	s.doc.RawEvent(b)
	return s.doc.Err()
}

// lineHead is the length of a text line's time, replica and level.
func lineHead(line []byte) int {
	n, spaces := 0, 0
	for n < len(line) && spaces < 2 {
		if line[n] == ' ' {
			spaces++
		}
		n++
	}
	// The level is padded to six characters.
	return min(n+6, len(line))
}

// timerPlace is where a timer's identity puts it, as next and the findings
// on its value do: its expression text (bpmn.Timer.Effective), else the
// element's start tag.
func timerPlace(el *bpmn.Element) (line, column int) {
	at := el.Span.Start
	if len(el.Timers) > 0 {
		if x := el.Timers[0].Effective(); x != nil {
			at = x.TextSpan.Start
		}
	}
	return at.Line, at.Col
}

func (s *jsonSink) end(r *Result) error {
	timers := make([]any, 0, len(r.Timers))
	for _, t := range r.Timers {
		line, column := timerPlace(t.Element)
		jt := jsonTimer{
			TimerID: simcore.TimerID{Engine: "bpmn", File: t.Doc.Path, Line: line, Column: column, Timer: t.Name, ID: t.IRI},
			Role:    t.Role.String(), Expression: t.Value, Scheduled: t.Scheduled, Simulated: t.Refusal == nil,
			Fired: t.Fired, Missed: t.Missed, ClaimedElsewhere: t.ClaimedElsewhere, Armed: t.Armed, Cancelled: t.Cancelled,
			Pending: t.Pending, Waiting: t.Waiting, RolledBack: t.RolledBack, Note: t.Note, Findings: []any{},
		}
		if t.Kind != 0 {
			jt.Kind = t.Kind.String()
		}
		if t.Arith != 0 {
			jt.Arithmetic = t.Arith.String()
		}
		if t.Fired > 0 {
			jt.LateMax = timeexpr.FormatDuration(t.LateMax)
		}
		if t.Refusal != nil {
			jt.Refused, jt.Rule = t.Refusal.Msg, t.Refusal.Rule
		}
		if s.opts.Findings != nil {
			if fs := s.opts.Findings(t); fs != nil {
				jt.Findings = fs
			}
		}
		timers = append(timers, jt)
	}
	return s.doc.End(timers)
}

// Lines returns the log lines (debug ones too when debug is set), without
// the header and the summary.
func (r *Result) Lines(debug bool) []string {
	var out []string
	for i := range r.Len() {
		if !debug && r.level(i) == LevelDebug {
			continue
		}
		out = append(out, r.Line(i))
	}
	return out
}
