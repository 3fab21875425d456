package sim

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/seams/seams-timers/bpmn/timeexpr"
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

// appendLine appends event i's line to b. The lines a year of firings is
// made of (fire, claimed elsewhere, instance end) are built without fmt.
func (r *Result) appendLine(b []byte, i int) []byte {
	p := r.log.recs.at(i)
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
		if p.x != 0 {
			break
		}
		b = append(b, "timer fire "...)
		b = append(b, timer...)
		b = append(b, " due "...)
		b = tm(p.due).AppendFormat(b, timeLayout)
		b = append(b, " instance "...)
		return r.appendInstance(b, int(p.inst))
	case KindClaimedElsewhere:
		b = append(b, "timer claimed elsewhere "...)
		b = append(b, timer...)
		b = append(b, " due "...)
		return tm(p.due).AppendFormat(b, timeLayout)
	case KindInstanceEnd:
		b = append(b, "instance end "...)
		return r.appendInstance(b, int(p.inst))
	}
	return append(b, r.Message(r.log.event(p))...)
}

// appendInstance appends the instance's id, <process>#<n>.
func (r *Result) appendInstance(b []byte, i int) []byte {
	if i <= 0 || i > r.insts.len() {
		return b
	}
	in := r.insts.at(i - 1)
	b = append(b, r.Processes[in.Process]...)
	b = append(b, '#')
	return strconv.AppendInt(b, int64(in.Seq), 10)
}

// WriteText writes the header, the log lines and the summary table.
func WriteText(w io.Writer, r *Result, opts TextOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	out := &printer{w: bw}
	esc := func(s string) string {
		if opts.Escape == nil {
			return s
		}
		return opts.Escape(s)
	}
	out.f("# seams-timers simulate: %s\n", r.Scenario.Describe())
	if r.Note != "" {
		out.f("# %s\n", esc(r.Note))
	}
	if r.Scheduling != "" {
		out.f("# %s\n", esc(r.Scheduling))
	}
	var line []byte
	for i := range r.Len() {
		if !opts.Debug && r.level(i) == LevelDebug {
			continue
		}
		line = r.appendLine(line[:0], i)
		if opts.Escape != nil && !plainASCII(line) {
			// A path or an id with a line break or an escape sequence
			// stays on its line, inert.
			line = append(line[:0], opts.Escape(string(line))...)
		}
		line = append(line, '\n')
		if out.err == nil {
			_, out.err = bw.Write(line)
		}
	}
	out.s("\n")
	if out.err != nil {
		return out.err
	}
	if err := writeSummary(bw, r, esc); err != nil {
		return err
	}
	return bw.Flush()
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

// The JSON output's shape: a public contract, version 1.
type jsonOut struct {
	Version    int          `json:"version"`
	Note       string       `json:"note,omitempty"`
	Scheduling string       `json:"scheduling,omitempty"`
	Scenario   jsonScenario `json:"scenario"`
	Timers     []jsonTimer  `json:"timers"`
	Events     []jsonEvent  `json:"events"`
}

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
}

type jsonTimer struct {
	Timer            string `json:"timer"`
	IRI              string `json:"iri"`
	File             string `json:"file"`
	Element          string `json:"element"`
	Role             string `json:"role"`
	Kind             string `json:"kind,omitempty"`
	Expression       string `json:"expression"`
	Arithmetic       string `json:"arithmetic,omitempty"`
	Scheduled        bool   `json:"scheduled"`
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
}

type jsonEvent struct {
	Time     string `json:"time"`
	Replica  string `json:"replica"`
	Level    string `json:"level"`
	Kind     string `json:"kind"`
	Timer    string `json:"timer,omitempty"`
	Due      string `json:"due,omitempty"`
	Instance string `json:"instance,omitempty"`
	Key      string `json:"correlationKey,omitempty"`
	Count    int    `json:"count,omitempty"`
	Element  string `json:"element,omitempty"`
	Other    string `json:"other,omitempty"`
	Until    string `json:"until,omitempty"`
	Note     string `json:"note,omitempty"`
	Message  string `json:"message"`
}

// WriteJSON writes every event (debug ones included) and the summary.
func WriteJSON(w io.Writer, r *Result) error {
	sc := r.Scenario
	out := jsonOut{Version: 1, Note: r.Note, Scheduling: r.Scheduling, Scenario: jsonScenario{
		From: timeexpr.FormatTime(sc.From), Until: timeexpr.FormatTime(sc.Until), Step: timeexpr.FormatDuration(sc.Step),
		Replicas: sc.Replicas, Seed: sc.Seed, Lease: timeexpr.FormatDuration(sc.Lease), Down: []string{},
		Runtime: RuntimeStartsAtFrom,
	}, Timers: []jsonTimer{}, Events: make([]jsonEvent, 0, r.Len())}
	if sc.AlreadyRunning {
		out.Scenario.Runtime = RuntimeAlreadyRunning
	}
	for _, d := range sc.Down {
		out.Scenario.Down = append(out.Scenario.Down, d.String())
	}
	for _, t := range r.Timers {
		jt := jsonTimer{
			Timer: t.Name, IRI: t.IRI, File: t.Doc.Path, Element: t.Element.ID, Role: t.Role.String(),
			Expression: t.Value, Scheduled: t.Scheduled, Fired: t.Fired, Missed: t.Missed,
			ClaimedElsewhere: t.ClaimedElsewhere, Armed: t.Armed, Cancelled: t.Cancelled, Pending: t.Pending, Waiting: t.Waiting,
			RolledBack: t.RolledBack, Note: t.Note,
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
		out.Timers = append(out.Timers, jt)
	}
	for i := range r.Len() {
		ev := r.Event(i)
		je := jsonEvent{
			Time: timeexpr.FormatTime(ev.At), Replica: ReplicaName(ev.Replica), Level: ev.Level.String(), Kind: ev.Kind.String(),
			Instance: r.InstanceName(ev.Instance), Count: ev.Count, Element: ev.Element, Other: ev.Other, Note: ev.Note,
			Message: r.Message(ev),
		}
		if ev.Timer >= 0 && ev.Timer < len(r.Timers) {
			je.Timer = r.Timers[ev.Timer].IRI
		}
		if !ev.Due.IsZero() {
			je.Due = timeexpr.FormatTime(ev.Due)
		}
		if !ev.Until.IsZero() {
			je.Until = timeexpr.FormatTime(ev.Until)
		}
		if ev.Kind == KindFire && ev.Timer >= 0 && r.Timers[ev.Timer].Role == RoleStart {
			je.Key = CorrelationKey(ev.Due)
		}
		out.Events = append(out.Events, je)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
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
