package sim

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// Layout of the SVG timeline, in pixels.
const (
	svgWidth   = 1200
	svgLabelW  = 330
	svgRight   = 24
	svgMinTop  = 96
	svgLaneH   = 30
	svgLegendH = 84
)

// Colours of the marks.
const (
	colFire     = "#1b9e4b"
	colCatch    = "#1f6fd1"
	colMissed   = "#d62728"
	colCancel   = "#8c8c8c"
	colLate     = "#f28e2b"
	colDown     = "#d9d9d9"
	colCrash    = "#b30000"
	colLaneEven = "#fafafa"
	colLaneOdd  = "#f0f0f0"
)

// WriteSVG draws the simulation as a timeline a person can look at: one
// lane per timer, a mark per firing (green for timer starts, blue for
// catches), red bands for missed firings, orange lines from a late
// firing's due time to its tick, grey rings for cancelled catches, grey
// bands for downtime and red lines for crashes. Marks that fall on the
// same pixel are merged, so a year of hourly firings stays small. The same
// result always gives the same bytes.
//
// A timeline keeps, per timer, a count per pixel column and at most
// SVGMaxBands missed bands and as many late lines; past that, each more is
// merged into the last one, whose tooltip says so, so that its memory does
// not grow with the window (Stream).
func WriteSVG(w io.Writer, r *Result) error {
	a := newSVGAgg(r)
	for i := range r.Len() {
		p := r.log.rec(r.log.recs.at(i))
		a.add(&p)
	}
	return a.write(w, r)
}

// SVGMaxBands bounds the missed bands and the late lines the timeline
// keeps per timer.
const SVGMaxBands = 10_000

// svgSink gathers a streamed simulation's timeline, written at the end.
type svgSink struct {
	w io.Writer
	a *svgAgg
}

func (s *svgSink) begin(r *Result) error { s.a = newSVGAgg(r); return nil }

func (s *svgSink) event(_ *Result, p *rec, _ Instance) error { s.a.add(p); return nil }

func (s *svgSink) end(r *Result) error { return s.a.write(s.w, r) }

// laneMarks are the marks of one timer's lane, merged per pixel column.
type laneMarks struct {
	fire, cancel columns
	missed       []missBand
	late         []lateLine
	lastDue      time.Time
	// merged counts the missed bands and the late lines merged into the
	// last one past SVGMaxBands.
	mergedMissed, mergedLate int
}

// crashMark is a replica's crash or restart.
type crashMark struct {
	kind    Kind
	at      time.Time
	replica int
}

// svgAgg is what the timeline draws, gathered event by event.
type svgAgg struct {
	from, until time.Time
	plotW       int
	marks       []laneMarks
	crashes     []crashMark
}

func newSVGAgg(r *Result) *svgAgg {
	a := &svgAgg{from: r.Scenario.From, until: r.Scenario.Until, plotW: svgWidth - svgLabelW - svgRight}
	a.marks = make([]laneMarks, len(r.Timers))
	for i := range a.marks {
		a.marks[i].fire = newColumns(a.plotW)
		a.marks[i].cancel = newColumns(a.plotW)
	}
	return a
}

func (a *svgAgg) x(t time.Time) float64 {
	if t.Before(a.from) {
		t = a.from
	}
	if t.After(a.until) {
		t = a.until
	}
	return float64(svgLabelW) + float64(a.plotW)*float64(t.Sub(a.from))/float64(a.until.Sub(a.from))
}

func (a *svgAgg) px(t time.Time) int {
	p := int(a.x(t)) - svgLabelW
	return min(max(p, 0), a.plotW-1)
}

// add gathers one event.
func (a *svgAgg) add(p *rec) {
	k := Kind(p.kind)
	switch k {
	case KindReplicaCrash, KindReplicaRestart:
		a.crashes = append(a.crashes, crashMark{k, tm(p.at), int(p.replica)})
		return
	case KindFire, KindMissed, KindCancelled:
	default:
		return
	}
	if p.timer < 0 || int(p.timer) >= len(a.marks) {
		return
	}
	m := &a.marks[p.timer]
	at := tm(p.at)
	switch k {
	case KindFire:
		due := tm(p.due)
		m.fire.add(a.px(at), at)
		if a.x(at)-a.x(due) >= 3 {
			l := lateLine{a.x(due), a.x(at), due, at}
			if len(m.late) >= SVGMaxBands {
				last := &m.late[len(m.late)-1]
				if n := len(m.late); !(int(m.late[n-1].x1) == int(l.x1) && int(m.late[n-1].x2) == int(l.x2)) {
					last.x2, last.at = max(last.x2, l.x2), l.at
					m.mergedLate++
				}
			} else {
				m.late = appendLate(m.late, l)
			}
		}
		m.lastDue = due
	case KindMissed:
		start := m.lastDue
		if start.IsZero() || start.Before(a.from) {
			start = a.from
		}
		b := missBand{a.x(start), a.x(at), int(p.count), at}
		if len(m.missed) >= SVGMaxBands {
			last := &m.missed[len(m.missed)-1]
			last.x2, last.n, last.at = max(last.x2, b.x2), last.n+b.n, b.at
			m.mergedMissed++
			return
		}
		m.missed = append(m.missed, b)
	case KindCancelled:
		m.cancel.add(a.px(at), at)
	}
}

// write draws the timeline.
func (a *svgAgg) write(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	out := &printer{w: bw}
	lanes := len(r.Timers)
	// The header wraps to the width; the lanes start below it.
	head := wrap(r.Scenario.Describe(), svgHeadChars)
	if r.Note != "" {
		head = append(head, wrap(r.Note, svgHeadChars)...)
	}
	if r.Scheduling != "" {
		head = append(head, wrap(r.Scheduling, svgHeadChars)...)
	}
	svgTop := max(svgMinTop, 54+14*len(head))
	from, until := r.Scenario.From, r.Scenario.Until
	// The labels under the lanes (downtime, crashes, restarts) and the
	// legend are laid out before the size is known.
	x := a.x
	laneY := func(i int) int { return svgTop + i*svgLaneH }
	bottom := laneY(max(lanes, 1))
	under := underLabels(r, a.crashes, x)
	height := bottom + 12*(under.rows-1) + svgLegendH

	out.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	out.f(`<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, height)
	out.f(`<text x="12" y="22" font-size="16" font-weight="bold">seams-timers simulate</text>` + "\n")
	for i, l := range head {
		out.f(`<text x="12" y="%d" font-size="11" fill="#444">%s</text>`+"\n", 40+i*14, esc(l))
	}

	// Lanes and their labels: the shortest ends of the paths that tell the
	// timers apart, the full name in the tooltip.
	labels := laneLabels(r.Timers)
	for i, t := range r.Timers {
		fill := colLaneEven
		if i%2 == 1 {
			fill = colLaneOdd
		}
		out.f(`<rect x="0" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", laneY(i), svgWidth, svgLaneH, fill)
		label := fmt.Sprintf("%s (%s)", labels[i], t.Role)
		out.f(`<text x="8" y="%d"><title>%s</title>%s</text>`+"\n", laneY(i)+13, esc(laneTitle(t)), esc(label))
		sub := orDefault(t.Value, "-")
		if t.Refusal != nil {
			sub = "not simulated: " + t.Refusal.String()
		}
		if len(sub) > 52 {
			sub = sub[:51] + "…"
		}
		out.f(`<text x="8" y="%d" font-size="10" fill="#555">%s</text>`+"\n", laneY(i)+25, esc(sub))
	}

	// The time axis.
	for _, tk := range axisTicks(from, until) {
		xx := x(tk.at)
		out.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#cccccc" stroke-width="1"/>`+"\n", xx, svgTop-6, xx, bottom)
		// A label that would run off the right edge ends at it.
		if half := textWidth(tk.label, 10) / 2; xx+half > svgWidth-2 {
			out.f(`<text x="%d" y="%d" font-size="10" text-anchor="end" fill="#333">%s</text>`+"\n", svgWidth-2, svgTop-10, esc(tk.label))
			continue
		}
		out.f(`<text x="%.1f" y="%d" font-size="10" text-anchor="middle" fill="#333">%s</text>`+"\n", xx, svgTop-10, esc(tk.label))
	}
	out.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`+"\n", svgLabelW, svgTop, svgLabelW, bottom)

	// Downtime bands and crashes.
	for _, d := range r.Scenario.Down {
		x1, x2 := x(d.Start), x(d.End)
		out.f(`<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="0.8"><title>down %s</title></rect>`+"\n",
			x1, svgTop, max(x2-x1, 1), bottom-svgTop, colDown, esc(d.String()))
	}
	// A replica that crashed is drawn as a dashed red line with a thin red
	// bar above the lanes until it restarts.
	crashed := map[int]time.Time{}
	for _, ev := range a.crashes {
		xx := x(ev.at)
		if ev.kind == KindReplicaCrash {
			out.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="1.5" stroke-dasharray="4 3"><title>%s %s crash</title></line>`+"\n",
				xx, svgTop-4, xx, bottom, colCrash, timeexpr.FormatTime(ev.at), ReplicaName(ev.replica))
			crashed[ev.replica] = ev.at
			continue
		}
		if c, ok := crashed[ev.replica]; ok {
			out.f(`<rect x="%.1f" y="%d" width="%.1f" height="3" fill="%s"><title>%s down %s/%s</title></rect>`+"\n",
				x(c), svgTop-3, max(xx-x(c), 1), colCrash, ReplicaName(ev.replica), timeexpr.FormatTime(c), timeexpr.FormatTime(ev.at))
			delete(crashed, ev.replica)
		}
	}
	for _, rep := range slices.Sorted(maps.Keys(crashed)) {
		c := crashed[rep]
		out.f(`<rect x="%.1f" y="%d" width="%.1f" height="3" fill="%s"><title>%s down from %s</title></rect>`+"\n",
			x(c), svgTop-3, max(x(until)-x(c), 1), colCrash, ReplicaName(rep), timeexpr.FormatTime(c))
	}
	for _, l := range under.labels {
		anchor := ""
		if l.end {
			anchor = ` text-anchor="end"`
		}
		out.f(`<text x="%.1f" y="%d" font-size="10" fill="%s"%s>%s</text>`+"\n", l.x, bottom+12+12*l.row, l.col, anchor, esc(l.text))
	}

	// Marks, merged per pixel column.
	marks := a.marks
	for i, m := range marks {
		y := laneY(i)
		col := colFire
		if r.Timers[i].Role != RoleStart {
			col = colCatch
		}
		for j, b := range m.missed {
			out.f(`<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="0.25"><title>%d firing(s) missed, collapsed at %s%s</title></rect>`+"\n",
				b.x1, y+4, max(b.x2-b.x1, 1), svgLaneH-8, colMissed, b.n, timeexpr.FormatTime(b.at), mergedNote(j == len(m.missed)-1, m.mergedMissed))
		}
		for j, l := range m.late {
			out.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2"><title>due %s, fired %s%s</title></line>`+"\n",
				l.x1, y+15, l.x2, y+15, colLate, timeexpr.FormatTime(l.due), timeexpr.FormatTime(l.at), mergedNote(j == len(m.late)-1, m.mergedLate))
		}
		writeRuns(out, m.fire, y+6, svgLaneH-14, col, "firing(s)")
		writeRuns(out, m.cancel, y+svgLaneH-7, 3, colCancel, "cancelled")
		// A "missed" label that would overlap the one before it in the
		// lane is left out; its band's tooltip still gives the count.
		labelEnd := math.Inf(-1)
		for _, b := range m.missed {
			out.f(`<path d="M%.1f %d l6 6 m0 -6 l-6 6" stroke="%s" stroke-width="2"/>`+"\n", b.x2-3, y+svgLaneH-12, colMissed)
			text := fmt.Sprintf("%d missed", b.n)
			if x1 := b.x2 - 5 - textWidth(text, 10); x1 > labelEnd {
				out.f(`<text x="%.1f" y="%d" font-size="10" fill="%s" text-anchor="end" stroke="#ffffff" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
					b.x2-5, y+14, colMissed, text)
				labelEnd = b.x2 - 5
			}
		}
	}

	// The legend.
	ly := bottom + 12*(under.rows-1) + 44
	legend := []struct{ col, what string }{
		{colFire, "timer start fired"}, {colCatch, "timer catch fired"}, {colMissed, "missed (collapsed)"},
		{colLate, "late: due time to tick"}, {colCancel, "catch cancelled"}, {colDown, "downtime"}, {colCrash, "replica crash"},
	}
	lx := 12
	for _, l := range legend {
		out.f(`<rect x="%d" y="%d" width="12" height="12" fill="%s"/>`+"\n", lx, ly-10, l.col)
		out.f(`<text x="%d" y="%d">%s</text>`+"\n", lx+16, ly, esc(l.what))
		lx += 24 + 7*len(l.what)
	}
	out.f(`<text x="12" y="%d" font-size="10" fill="#555">All times UTC. Each lane is one timer; marks on the same pixel are merged.</text>`+"\n", ly+22)
	out.s("</svg>\n")
	if out.err != nil {
		return out.err
	}
	return bw.Flush()
}

// mergedNote is what the tooltip of a lane's last band or line says of
// those merged into it past SVGMaxBands.
func mergedNote(last bool, merged int) string {
	if !last || merged == 0 {
		return ""
	}
	return fmt.Sprintf(" (and %d more merged into this one: a lane keeps %d)", merged, SVGMaxBands)
}

// svgHeadChars is how many characters of the 11 px header fit the width.
const svgHeadChars = 180

// wrap splits a line into lines of at most n characters: at ", " or "; "
// where it can, else at a space, else anywhere, so that no header line
// runs off the edge.
func wrap(s string, n int) []string {
	var out []string
	cur := ""
	flush := func() {
		if t := strings.TrimRight(cur, " ,;"); t != "" {
			out = append(out, t)
		}
		cur = ""
	}
	for _, part := range splitKeep(s, ", ", "; ") {
		if cur != "" && len(cur)+len(part) > n {
			flush()
		}
		for len(part) > n {
			cut := strings.LastIndex(part[:n], " ")
			if cut <= 0 {
				cut = n
			}
			cur, part = part[:cut], strings.TrimLeft(part[cut:], " ")
			flush()
		}
		cur += part
	}
	flush()
	return out
}

// splitKeep splits s after each separator, keeping them.
func splitKeep(s string, seps ...string) []string {
	var out []string
	for s != "" {
		end := len(s)
		for _, sep := range seps {
			if i := strings.Index(s, sep); i >= 0 && i+len(sep) < end {
				end = i + len(sep)
			}
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

type missBand struct {
	x1, x2 float64
	n      int
	at     time.Time
}

type lateLine struct {
	x1, x2  float64
	due, at time.Time
}

// columns counts marks per pixel column and keeps the first and last
// instant in each, for the tooltips.
type columns struct {
	n           []int
	first, last []time.Time
}

func newColumns(w int) columns {
	return columns{n: make([]int, w), first: make([]time.Time, w), last: make([]time.Time, w)}
}

func (c columns) add(p int, at time.Time) {
	if c.n[p] == 0 {
		c.first[p] = at
	}
	c.n[p]++
	c.last[p] = at
}

// textWidth estimates the width of text at a font size, in pixels.
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * 0.6
}

// underLabel is a label under the lanes.
type underLabel struct {
	x    float64
	row  int
	end  bool
	col  string
	text string
}

type underLayout struct {
	labels []underLabel
	rows   int
}

// underLabels lays out the labels under the lanes (each downtime's length,
// each crash and restart) in rows, each label in the first row where it
// overlaps no other.
func underLabels(r *Result, crashes []crashMark, x func(time.Time) float64) underLayout {
	type want struct {
		x    float64
		end  bool
		col  string
		text string
	}
	var ws []want
	for _, d := range r.Scenario.Down {
		text := "down " + timeexpr.FormatDuration(d.End.Sub(d.Start))
		ws = append(ws, want{(x(d.Start) + x(d.End) + textWidth(text, 10)) / 2, true, "#555", text})
	}
	for _, ev := range crashes {
		switch ev.kind {
		case KindReplicaCrash:
			ws = append(ws, want{x(ev.at) - 3, true, colCrash, ReplicaName(ev.replica) + " crash"})
		case KindReplicaRestart:
			ws = append(ws, want{x(ev.at) + 3, false, "#555", ReplicaName(ev.replica) + " restart"})
		}
	}
	var lay underLayout
	var rows [][][2]float64
	for _, w := range ws {
		x1, x2 := w.x, w.x+textWidth(w.text, 10)
		if w.end {
			x1, x2 = w.x-textWidth(w.text, 10), w.x
		}
		row := 0
		for ; row < len(rows); row++ {
			free := true
			for _, iv := range rows[row] {
				if x1 < iv[1]+4 && iv[0] < x2+4 {
					free = false
					break
				}
			}
			if free {
				break
			}
		}
		if row == len(rows) {
			rows = append(rows, nil)
		}
		rows[row] = append(rows[row], [2]float64{x1, x2})
		lay.labels = append(lay.labels, underLabel{w.x, row, w.end, w.col, w.text})
	}
	lay.rows = max(len(rows), 1)
	return lay
}

// appendLate adds a late line unless it draws over the previous one.
func appendLate(ls []lateLine, l lateLine) []lateLine {
	if n := len(ls); n > 0 && int(ls[n-1].x1) == int(l.x1) && int(ls[n-1].x2) == int(l.x2) {
		return ls
	}
	return append(ls, l)
}

// writeRuns draws each run of consecutive pixel columns that hold marks as
// one rectangle, its tooltip the count and the instant (or the first and
// the last).
func writeRuns(out *printer, c columns, y, h int, col, what string) {
	for p := 0; p < len(c.n); {
		if c.n[p] == 0 {
			p++
			continue
		}
		q, n := p, 0
		for q < len(c.n) && c.n[q] > 0 {
			n += c.n[q]
			q++
		}
		when := timeexpr.FormatTime(c.first[p])
		if n > 1 {
			when += " .. " + timeexpr.FormatTime(c.last[q-1])
		}
		out.f(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%d %s at %s</title></rect>`+"\n",
			svgLabelW+p, y, max(q-p, 2), h, col, n, what, when)
		p = q
	}
}

// svgLabelChars is how many characters of a 12 px lane title fit the
// label column.
const svgLabelChars = 46

// laneLabels names each timer by the shortest end of its path that tells
// it apart from the other timers' (approval.bpmn#Remind, or
// lifts/approval.bpmn#Remind beside broken/approval.bpmn#Remind), and
// shortens a long one in the middle, keeping its start and its end.
func laneLabels(ts []*TimerStats) []string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
	}
	suffix := func(name string, k int) string {
		path, id, ok := strings.Cut(name, "#")
		if !ok {
			return name
		}
		parts := strings.Split(path, "/")
		return strings.Join(parts[max(len(parts)-k, 0):], "/") + "#" + id
	}
	depth := func(name string) int { return strings.Count(strings.SplitN(name, "#", 2)[0], "/") + 1 }
	out := make([]string, len(ts))
	for i, name := range names {
		for k := 1; ; k++ {
			label := suffix(name, k)
			unique := true
			for j, other := range names {
				if j != i && other != name && suffix(other, k) == label {
					unique = false
					break
				}
			}
			if unique || k >= depth(name) {
				out[i] = label
				break
			}
		}
	}
	for i, l := range out {
		// Room for the role in parentheses.
		room := svgLabelChars - len(" ("+ts[i].Role.String()+")")
		if r := []rune(l); len(r) > room {
			head := room / 3
			out[i] = string(r[:head]) + "…" + string(r[len(r)-(room-head-1):])
		}
	}
	return out
}

func laneTitle(t *TimerStats) string {
	late := "-"
	if t.Fired > 0 {
		late = timeexpr.FormatDuration(t.LateMax)
	}
	return fmt.Sprintf("%s %s %s: fired %d, missed %d, late by at most %s, claimed elsewhere %d, cancelled %d, pending %d",
		t.Name, t.Role, t.Value, t.Fired, t.Missed, late, t.ClaimedElsewhere, t.Cancelled, t.Pending)
}

// esc escapes text of the model (a timer's name, id or value) for SVG
// text and attributes: markup as HTML escapes it; line breaks and tabs as
// spaces (SVG shows them so anyway), so that no line of the file starts
// with text of the model (a "::error::" workflow command, when the SVG
// goes to a CI log); the characters XML cannot hold (other C0 controls,
// bytes that are not UTF-8) as U+FFFD; and C1 controls, bidirectional
// formatting characters and the line and paragraph separators shown as
// \uXXXX, so that a label reads as it is. (The package imports no core,
// so this is the SVG medium's own escaper; lint.Printable is the text's.)
func esc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1, r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xfffe, r == 0xffff:
			b.WriteRune(utf8.RuneError)
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r >= 0x7f && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
			r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return html.EscapeString(b.String())
}

type axisTick struct {
	at    time.Time
	label string
}

// axisTicks returns at most about twelve ticks at a round unit: hours,
// days, weeks or months.
func axisTicks(from, until time.Time) []axisTick {
	span := until.Sub(from)
	type unit struct {
		d      time.Duration
		months int
		layout string
	}
	units := []unit{
		{time.Minute, 0, "15:04"}, {10 * time.Minute, 0, "15:04"}, {time.Hour, 0, "01-02 15:04"},
		{6 * time.Hour, 0, "01-02 15:04"}, {24 * time.Hour, 0, "2006-01-02"}, {7 * 24 * time.Hour, 0, "2006-01-02"},
		{0, 1, "2006-01"}, {0, 3, "2006-01"}, {0, 12, "2006"},
	}
	for _, u := range units {
		var n int
		if u.months > 0 {
			n = int(span/(time.Duration(u.months)*30*24*time.Hour)) + 1
		} else {
			n = int(span / u.d)
		}
		if n > 12 && u.months != 12 {
			continue
		}
		var out []axisTick
		var t time.Time
		if u.months > 0 {
			t = time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC)
		} else {
			t = from.Truncate(u.d)
			if u.d == 7*24*time.Hour {
				t = time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
			}
		}
		for i := 0; !t.After(until) && i < 400; i++ {
			if !t.Before(from) {
				out = append(out, axisTick{t, t.Format(u.layout)})
			}
			if u.months > 0 {
				t = t.AddDate(0, u.months, 0)
			} else {
				t = t.Add(u.d)
			}
		}
		return out
	}
	return nil
}
