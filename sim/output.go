package sim

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// TextOptions control the text output.
type TextOptions struct {
	// Debug includes the debug lines (`timer claimed elsewhere`, gateway
	// defaults, instance ends).
	Debug bool
}

// Line renders event i as a text log line: tick time, replica, level and
// the message.
func (r *Result) Line(i int) string {
	ev := r.Event(i)
	return fmt.Sprintf("%s %s %-5s %s", FormatTime(ev.At), ReplicaName(ev.Replica), ev.Level, r.Message(ev))
}

// WriteText writes the header, the log lines and the summary table.
func WriteText(w io.Writer, r *Result, opts TextOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "# seams-timers simulate: %s\n", r.Scenario.Describe())
	if r.Note != "" {
		fmt.Fprintf(bw, "# %s\n", r.Note)
	}
	for i := range r.Len() {
		if !opts.Debug && r.level(i) == LevelDebug {
			continue
		}
		bw.WriteString(r.Line(i))
		bw.WriteByte('\n')
	}
	bw.WriteByte('\n')
	writeSummary(bw, r)
	return bw.Flush()
}

// writeSummary writes one row per timer.
func writeSummary(w io.Writer, r *Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "timer\trole\texpression\tfired\tmissed\tlate by at most\tclaimed elsewhere\tcancelled\tpending\twaiting\tarithmetic\tnotes")
	for _, t := range r.Timers {
		late := "-"
		if t.Fired > 0 {
			late = FormatDuration(t.LateMax)
		}
		arith := "-"
		if t.Arith != 0 {
			arith = t.Arith.String()
		}
		note := t.Note
		if t.Refusal != nil {
			note = "not simulated: " + t.Refusal.Msg
		}
		if t.RolledBack > 0 {
			note = joinNote(note, strconv.Itoa(t.RolledBack)+" run(s) rolled back")
		}
		if note == "" {
			note = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%s\t%s\n", t.Name, t.Role, orDefault(t.Value, "-"),
			t.Fired, t.Missed, late, t.ClaimedElsewhere, t.Cancelled, t.Pending, t.Waiting, arith, note)
	}
	tw.Flush()
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// The JSON output's shape: a public contract, version 1.
type jsonOut struct {
	Version  int          `json:"version"`
	Note     string       `json:"note,omitempty"`
	Scenario jsonScenario `json:"scenario"`
	Timers   []jsonTimer  `json:"timers"`
	Events   []jsonEvent  `json:"events"`
}

type jsonScenario struct {
	From     string   `json:"from"`
	Until    string   `json:"until"`
	Step     string   `json:"step"`
	Replicas int      `json:"replicas"`
	Seed     int64    `json:"seed"`
	Lease    string   `json:"lease"`
	Down     []string `json:"down"`
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
	out := jsonOut{Version: 1, Note: r.Note, Scenario: jsonScenario{
		From: FormatTime(sc.From), Until: FormatTime(sc.Until), Step: FormatDuration(sc.Step),
		Replicas: sc.Replicas, Seed: sc.Seed, Lease: FormatDuration(sc.Lease), Down: []string{},
	}, Timers: []jsonTimer{}, Events: make([]jsonEvent, 0, r.Len())}
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
			jt.LateMax = FormatDuration(t.LateMax)
		}
		if t.Refusal != nil {
			jt.Refused, jt.Rule = t.Refusal.Msg, t.Refusal.Rule
		}
		out.Timers = append(out.Timers, jt)
	}
	for i := range r.Len() {
		ev := r.Event(i)
		je := jsonEvent{
			Time: FormatTime(ev.At), Replica: ReplicaName(ev.Replica), Level: ev.Level.String(), Kind: ev.Kind.String(),
			Instance: r.InstanceName(ev.Instance), Count: ev.Count, Element: ev.Element, Other: ev.Other, Note: ev.Note,
			Message: r.Message(ev),
		}
		if ev.Timer >= 0 && ev.Timer < len(r.Timers) {
			je.Timer = r.Timers[ev.Timer].IRI
		}
		if !ev.Due.IsZero() {
			je.Due = FormatTime(ev.Due)
		}
		if !ev.Until.IsZero() {
			je.Until = FormatTime(ev.Until)
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
