package verify

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// WriteSVG draws each counterexample as a timeline: one lane per element
// or replica the moves act on, one column per step in order, the step's
// instant on the axis above, and the loop of a property about forever in
// a colour of its own after the trace.
func WriteSVG(w io.Writer, rs []Result) error {
	const (
		left, col, lane, top = 180, 56, 26, 64
	)
	type block struct {
		f     Finding
		lanes []string
		steps []Step
		loop  int // index of the first loop step
	}
	var blocks []block
	width, height := 640, 40
	for _, r := range rs {
		for _, f := range r.Findings {
			if len(f.Trace) == 0 && len(f.Loop) == 0 {
				continue
			}
			b := block{f: f, steps: append(append([]Step(nil), f.Trace...), f.Loop...), loop: len(f.Trace)}
			seen := map[string]bool{}
			for _, s := range b.steps {
				if l := laneOf(s.Move); !seen[l] {
					seen[l] = true
					b.lanes = append(b.lanes, l)
				}
			}
			blocks = append(blocks, b)
			width = max(width, left+col*len(b.steps)+40)
			height += top + lane*len(b.lanes) + 60
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	if len(blocks) == 0 {
		fmt.Fprintf(&sb, `<text x="10" y="24">no counterexample</text>`+"\n")
	}
	y := 20
	esc := html.EscapeString
	for _, b := range blocks {
		f := b.f
		fmt.Fprintf(&sb, `<text x="10" y="%d" font-weight="bold">%s %s %s:%d:%d %s</text>`+"\n", y, esc(f.Rule), esc(f.Name), esc(f.File), f.Line, f.Column, esc(f.Element))
		fmt.Fprintf(&sb, `<text x="10" y="%d" fill="#555">%s</text>`+"\n", y+16, esc(truncate(f.Message, 160)))
		y0 := y + top
		for i, l := range b.lanes {
			ly := y0 + i*lane
			fmt.Fprintf(&sb, `<text x="10" y="%d">%s</text>`+"\n", ly+4, esc(truncate(l, 26)))
			fmt.Fprintf(&sb, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#ddd"/>`+"\n", left-10, ly, left+col*len(b.steps), ly)
		}
		last := int64(-1)
		for k, s := range b.steps {
			x := left + col*k + col/2
			if s.At != last {
				fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle" fill="#333">t=%s</text>`+"\n", x, y0-14, esc(FormatAt(s.At)))
				last = s.At
			}
			li := 0
			for i, l := range b.lanes {
				if l == laneOf(s.Move) {
					li = i
				}
			}
			ly := y0 + li*lane
			colour := "#1f6feb"
			if k >= b.loop {
				colour = "#d1242f"
			}
			if strings.HasPrefix(s.Move, "wait ") {
				colour = "#999"
			}
			fmt.Fprintf(&sb, `<circle cx="%d" cy="%d" r="8" fill="%s"><title>%d. t=%s %s</title></circle>`+"\n", x, ly, colour, k+1, esc(FormatAt(s.At)), esc(s.Move))
			fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle" fill="white" font-size="9">%d</text>`+"\n", x, ly+3, k+1)
		}
		y = y0 + lane*len(b.lanes) + 60
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// laneOf is what a move acts on: the replica of a claims move, the
// element a process move names, or the clock for a wait.
func laneOf(move string) string {
	head, _, _ := strings.Cut(move, ", ")
	words := strings.Fields(head)
	switch {
	case len(words) == 0:
		return "?"
	case words[0] == "replica" && len(words) > 1:
		return "replica " + words[1]
	case words[0] == "wait":
		return "time"
	case words[0] == "timer" && len(words) > 2 && words[1] == "start":
		return words[2]
	case words[0] == "start" && len(words) > 2:
		return words[2]
	case len(words) > 1:
		return strings.TrimRight(words[1], ":;")
	}
	return words[0]
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
