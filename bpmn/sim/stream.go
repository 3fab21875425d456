package sim

import (
	"fmt"
	"io"
)

// sink receives a simulation as it runs: begin once the timers are known,
// event for each event in the order it happens (in is the instance it is
// about, while that instance is still known), end with the final counts.
type sink interface {
	begin(r *Result) error
	event(r *Result, p *rec, in Instance) error
	end(r *Result) error
}

// Output says how Stream writes a simulation.
type Output struct {
	// Format is text (the default), json or svg.
	Format string
	// Text are the text output's options.
	Text TextOptions
	// JSON are the JSON document's.
	JSON JSONOptions
	// Note and Scheduling are the header's lines (Result.Note and
	// Result.Scheduling).
	Note, Scheduling string
}

// Stream simulates as Run does and writes the output as the simulation
// runs: each event of the text and JSON outputs is written when it
// happens and then forgotten, so memory does not grow with the window
// (only the counts per timer and the instances still running are kept).
// The SVG timeline keeps, per timer, a count per pixel column and at most
// SVGMaxBands missed bands and late lines (WriteSVG), and is written at
// the end. The Result returned holds the counts and no events.
//
// An error of the simulation itself (a process that loops without
// waiting) stops it after the events before it were written.
func Stream(w io.Writer, in Input, sc Scenario, o Output) (*Result, error) {
	var s sink
	switch o.Format {
	case "", "text":
		s = newTextSink(w, o.Text)
	case "json":
		s = newJSONSink(w, o.JSON)
	case "svg":
		s = &svgSink{w: w}
	default:
		return nil, fmt.Errorf("format %q: want text, json or svg", o.Format)
	}
	return runWith(in, sc, &noted{sink: s, note: o.Note, scheduling: o.Scheduling})
}

// noted sets the header's lines on the result before the output begins.
type noted struct {
	sink
	note, scheduling string
}

func (n *noted) begin(r *Result) error {
	r.Note, r.Scheduling = n.note, n.scheduling
	return n.sink.begin(r)
}
