package sim

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
	"text/tabwriter"
	"time"
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

// WriteText writes the header, the note, one line per event and the
// summary per timer.
func WriteText(w io.Writer, r *Result) error {
	var b strings.Builder
	b.WriteString(r.Header() + "\n")
	if r.Note != "" {
		b.WriteString("# " + r.Note + "\n")
	}
	for _, ev := range r.Events {
		b.WriteString(ev.Line() + "\n")
	}
	b.WriteString("\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	_, _ = fmt.Fprintln(tw, "timer\ttype\tvalue\tregistered\tre-registered\tfired\trefires\tbusy loops\timmediate\tlost\tnot registered\tentry failed\trefused")
	for _, s := range r.Timers {
		refused := s.Refused
		if refused == "" {
			refused = "-"
		}
		_, _ = fmt.Fprintf(tw, "%s#%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", s.Scheme, s.Timer, s.Type, s.Value,
			s.Registered, s.Reregistered, s.Fired, s.Refires, s.BusyLoops, s.Immediate, s.Lost, s.NotRegistered, s.EntryFailed, refused)
	}
	return tw.Flush()
}

// WriteJSON writes the scenario, every event and the summary.
func WriteJSON(w io.Writer, r *Result) error {
	out := struct {
		Header string `json:"header"`
		*Result
	}{r.Header(), r}
	if out.Events == nil {
		out.Events = []Event{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteSVG draws a timeline: one lane per timer, a tick for each
// registration, a dot for each firing, a cross for each timer lost or
// never registered.
func WriteSVG(w io.Writer, r *Result) error {
	const left, width, lane, top = 220, 900, 28, 40
	sc := r.Scenario
	span := sc.Until.Sub(sc.From).Seconds()
	x := func(t time.Time) float64 { return left + float64(width)*t.Sub(sc.From).Seconds()/span }
	lanes := map[string]int{}
	for i, s := range r.Timers {
		lanes[s.Scheme+"#"+s.Timer] = i
	}
	height := top + lane*len(r.Timers) + 20
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", left+width+20, height)
	fmt.Fprintf(&b, `<text x="10" y="20">%s</text>`+"\n", html.EscapeString(r.Header()))
	for _, d := range sc.Down {
		fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#eee"/>`+"\n", x(d.Start), top-10, x(d.End)-x(d.Start), lane*len(r.Timers))
	}
	for i, s := range r.Timers {
		y := top + i*lane
		fmt.Fprintf(&b, `<text x="10" y="%d">%s</text><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`+"\n",
			y+4, html.EscapeString(s.Scheme+"#"+s.Timer), left, y, left+width, y)
	}
	for _, ev := range r.Events {
		i, ok := lanes[ev.Scheme+"#"+ev.Timer]
		if !ok {
			continue
		}
		y := top + i*lane
		title := html.EscapeString(ev.Line())
		switch ev.Kind {
		case Register, Reregister:
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#36c"><title>%s</title></line>`+"\n", x(ev.At), y-6, x(ev.At), y+6, title)
		case Fire, Refire, Immediate:
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="4" fill="#c33"><title>%s</title></circle>`+"\n", x(ev.At), y, title)
		case Lost, NotRegistered, Refusal, EntryFailed, BusyLoop:
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" fill="#a00" text-anchor="middle">×<title>%s</title></text>`+"\n", x(ev.At), y+4, title)
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
