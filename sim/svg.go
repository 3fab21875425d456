package sim

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// Layout of the SVG timeline, in pixels.
const (
	svgWidth   = 1200
	svgLabelW  = 330
	svgRight   = 24
	svgTop     = 96
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
func WriteSVG(w io.Writer, r *Result) error {
	bw := bufio.NewWriter(w)
	out := &printer{w: bw}
	lanes := len(r.Timers)
	plotW := svgWidth - svgLabelW - svgRight
	height := svgTop + max(lanes, 1)*svgLaneH + svgLegendH
	from, until := r.Scenario.From, r.Scenario.Until
	span := until.Sub(from)
	x := func(t time.Time) float64 {
		if t.Before(from) {
			t = from
		}
		if t.After(until) {
			t = until
		}
		return float64(svgLabelW) + float64(plotW)*float64(t.Sub(from))/float64(span)
	}
	px := func(t time.Time) int {
		p := int(x(t)) - svgLabelW
		return min(max(p, 0), plotW-1)
	}
	laneY := func(i int) int { return svgTop + i*svgLaneH }
	bottom := laneY(max(lanes, 1))

	out.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	out.f(`<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, height)
	out.f(`<text x="12" y="22" font-size="16" font-weight="bold">seams-timers simulate</text>` + "\n")
	head := wrap(r.Scenario.Describe(), 150)
	if r.Note != "" {
		head = append(head, wrap(r.Note, 150)...)
	}
	if r.Scheduling != "" {
		head = append(head, wrap(r.Scheduling, 150)...)
	}
	for i, l := range head[:min(len(head), 3)] {
		out.f(`<text x="12" y="%d" font-size="11" fill="#444">%s</text>`+"\n", 40+i*14, esc(l))
	}

	// Lanes and their labels.
	for i, t := range r.Timers {
		fill := colLaneEven
		if i%2 == 1 {
			fill = colLaneOdd
		}
		out.f(`<rect x="0" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", laneY(i), svgWidth, svgLaneH, fill)
		label := fmt.Sprintf("%s (%s)", t.Name, t.Role)
		if len(label) > 44 {
			label = "…" + label[len(label)-43:]
		}
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
		out.f(`<text x="%.1f" y="%d" font-size="10" text-anchor="middle" fill="#333">%s</text>`+"\n", xx, svgTop-10, esc(tk.label))
	}
	out.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`+"\n", svgLabelW, svgTop, svgLabelW, bottom)

	// Downtime bands and crashes.
	for _, d := range r.Scenario.Down {
		x1, x2 := x(d.Start), x(d.End)
		out.f(`<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="0.8"><title>down %s</title></rect>`+"\n",
			x1, svgTop, max(x2-x1, 1), bottom-svgTop, colDown, esc(d.String()))
		out.f(`<text x="%.1f" y="%d" font-size="10" fill="#555" text-anchor="middle">down %s</text>`+"\n",
			(x1+x2)/2, bottom+12, timeexpr.FormatDuration(d.End.Sub(d.Start)))
	}
	// A replica that crashed is drawn as a dashed red line with a thin red
	// bar above the lanes until it restarts.
	crashed := map[int]time.Time{}
	row := 0
	for i := range r.Len() {
		if r.kind(i) != KindReplicaCrash && r.kind(i) != KindReplicaRestart {
			continue
		}
		ev := r.Event(i)
		xx := x(ev.At)
		if ev.Kind == KindReplicaCrash {
			out.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="1.5" stroke-dasharray="4 3"><title>%s %s crash</title></line>`+"\n",
				xx, svgTop-4, xx, bottom, colCrash, timeexpr.FormatTime(ev.At), ReplicaName(ev.Replica))
			out.f(`<text x="%.1f" y="%d" font-size="10" fill="%s" text-anchor="end">%s crash</text>`+"\n", xx-3, bottom+12+12*(row%2), colCrash, ReplicaName(ev.Replica))
			crashed[ev.Replica] = ev.At
			row++
			continue
		}
		if c, ok := crashed[ev.Replica]; ok {
			out.f(`<rect x="%.1f" y="%d" width="%.1f" height="3" fill="%s"><title>%s down %s/%s</title></rect>`+"\n",
				x(c), svgTop-3, max(xx-x(c), 1), colCrash, ReplicaName(ev.Replica), timeexpr.FormatTime(c), timeexpr.FormatTime(ev.At))
			delete(crashed, ev.Replica)
		}
		out.f(`<text x="%.1f" y="%d" font-size="10" fill="#555">%s restart</text>`+"\n", xx+3, bottom+12+12*(row%2), ReplicaName(ev.Replica))
		row++
	}
	for _, rep := range slices.Sorted(maps.Keys(crashed)) {
		c := crashed[rep]
		out.f(`<rect x="%.1f" y="%d" width="%.1f" height="3" fill="%s"><title>%s down from %s</title></rect>`+"\n",
			x(c), svgTop-3, max(x(until)-x(c), 1), colCrash, ReplicaName(rep), timeexpr.FormatTime(c))
	}

	// Marks, merged per pixel column.
	type laneMarks struct {
		fire, cancel []int
		missed       []missBand
		late         []lateLine
		lastDue      time.Time
	}
	marks := make([]laneMarks, lanes)
	for i := range marks {
		marks[i].fire = make([]int, plotW)
		marks[i].cancel = make([]int, plotW)
	}
	for i := range r.Len() {
		k := r.kind(i)
		if k != KindFire && k != KindMissed && k != KindCancelled {
			continue
		}
		ev := r.Event(i)
		if ev.Timer < 0 || ev.Timer >= lanes {
			continue
		}
		m := &marks[ev.Timer]
		switch ev.Kind {
		case KindFire:
			m.fire[px(ev.At)]++
			if x(ev.At)-x(ev.Due) >= 3 {
				m.late = appendLate(m.late, lateLine{x(ev.Due), x(ev.At)})
			}
			m.lastDue = ev.Due
		case KindMissed:
			start := m.lastDue
			if start.IsZero() || start.Before(from) {
				start = from
			}
			m.missed = append(m.missed, missBand{x(start), x(ev.At), ev.Count})
		case KindCancelled:
			m.cancel[px(ev.At)]++
		}
	}
	for i, m := range marks {
		y := laneY(i)
		col := colFire
		if r.Timers[i].Role != RoleStart {
			col = colCatch
		}
		for _, b := range m.missed {
			out.f(`<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" fill-opacity="0.25"><title>%d firing(s) missed</title></rect>`+"\n",
				b.x1, y+4, max(b.x2-b.x1, 1), svgLaneH-8, colMissed, b.n)
		}
		for _, l := range m.late {
			out.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2"/>`+"\n", l.x1, y+15, l.x2, y+15, colLate)
		}
		writeRuns(out, m.fire, y+6, svgLaneH-14, col, "firing(s)")
		writeRuns(out, m.cancel, y+svgLaneH-7, 3, colCancel, "cancelled")
		for _, b := range m.missed {
			out.f(`<path d="M%.1f %d l6 6 m0 -6 l-6 6" stroke="%s" stroke-width="2"/>`+"\n", b.x2-3, y+svgLaneH-12, colMissed)
			out.f(`<text x="%.1f" y="%d" font-size="10" fill="%s" text-anchor="end" stroke="#ffffff" stroke-width="3" paint-order="stroke">%d missed</text>`+"\n",
				b.x2-5, y+14, colMissed, b.n)
		}
	}

	// The legend.
	ly := bottom + 44
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

// wrap splits a line at ", " into lines of at most about n characters.
func wrap(s string, n int) []string {
	var out []string
	cur := ""
	for _, part := range strings.SplitAfter(s, ", ") {
		if cur != "" && len(cur)+len(part) > n {
			out = append(out, strings.TrimSuffix(cur, ", "))
			cur = ""
		}
		cur += part
	}
	if cur != "" {
		out = append(out, strings.TrimSuffix(cur, ", "))
	}
	return out
}

type missBand struct {
	x1, x2 float64
	n      int
}

type lateLine struct{ x1, x2 float64 }

// appendLate adds a late line unless it draws over the previous one.
func appendLate(ls []lateLine, l lateLine) []lateLine {
	if n := len(ls); n > 0 && int(ls[n-1].x1) == int(l.x1) && int(ls[n-1].x2) == int(l.x2) {
		return ls
	}
	return append(ls, l)
}

// writeRuns draws each run of consecutive pixel columns that hold marks as
// one rectangle.
func writeRuns(out *printer, counts []int, y, h int, col, what string) {
	for p := 0; p < len(counts); {
		if counts[p] == 0 {
			p++
			continue
		}
		q, n := p, 0
		for q < len(counts) && counts[q] > 0 {
			n += counts[q]
			q++
		}
		out.f(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%d %s</title></rect>`+"\n",
			svgLabelW+p, y, max(q-p, 2), h, col, n, what)
		p = q
	}
}

func laneTitle(t *TimerStats) string {
	late := "-"
	if t.Fired > 0 {
		late = timeexpr.FormatDuration(t.LateMax)
	}
	return fmt.Sprintf("%s %s %s: fired %d, missed %d, late by at most %s, claimed elsewhere %d, cancelled %d, pending %d",
		t.Name, t.Role, t.Value, t.Fired, t.Missed, late, t.ClaimedElsewhere, t.Cancelled, t.Pending)
}

func esc(s string) string { return html.EscapeString(s) }

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
