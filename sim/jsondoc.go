package sim

import (
	"bufio"
	"bytes"
	_ "embed" // for the output schema
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
	"unicode/utf8"
)

// SimulateSchema is the "schema" of simulate's JSON document
// (sim/simulate.schema.json): its name and version, which changes only
// when a field changes meaning or goes away.
const SimulateSchema = "seams-timers/simulate/1"

// OutputSchema is the JSON Schema of the definitions simulate's and next's
// JSON outputs share: an instant, a timer's identity, a finding
// (sim/output.schema.json).
//
//go:embed output.schema.json
var OutputSchema []byte

// SimulateJSONSchema is the JSON Schema of simulate's JSON document
// (sim/simulate.schema.json); it refers to OutputSchema's definitions.
//
//go:embed simulate.schema.json
var SimulateJSONSchema []byte

// TimerID is a timer's identity in the JSON outputs, one type for every
// engine's next and simulate (docs/json.md, "timer identity"; the
// timerIdentity of output.schema.json). Every field is always written:
// File is "", Line, Column 0 and ID "" for a value given on the command
// line.
type TimerID struct {
	// Engine is bpmn, wfe, stateflows or cadence.
	Engine string `json:"engine"`
	// File, Line and Column are where the timer's value is written
	// (1-based, the column in bytes), the place the findings about that
	// value use: a BPMN timer's expression text (the element's start tag
	// when it has none), a scheme timer's Value attribute, a Stateflows
	// call site's event type, a Cadence CronSchedule literal.
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	// Timer is the name users see, which the place makes unique: BPMN
	// path#id, a scheme timer's Name, a Stateflows Method<Event>, a
	// Cadence CronSchedule "SPEC", or the value as given on the command
	// line.
	Timer string `json:"timer"`
	// ID is the subject the findings about the timer use ("" when the
	// engine's findings have none, as Cadence's, or for a value given on
	// the command line).
	ID string `json:"id"`
}

// Instant renders an instant as JSON output writes every one: RFC 3339 in
// UTC, with Z, the fraction of a second only when there is one.
func Instant(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// AppendInstant appends an instant as Instant renders it.
func AppendInstant(b []byte, t time.Time) []byte { return t.UTC().AppendFormat(b, time.RFC3339Nano) }

// Head is what simulate's JSON document says before its events.
type Head struct {
	// Engine is bpmn, wfe, stateflows or cadence.
	Engine string
	// From and Until bound the window simulated, [From, Until).
	From, Until time.Time
	// Header is the first line of the text output, without its "# ".
	Header string
	// Notes say what was assumed (the text output's other "# " lines).
	Notes []string
	// Scenario is the engine's scenario as it ran, every default filled
	// in; nil writes an empty object.
	Scenario any
	// Findings are those of the files that could not be loaded, each as
	// `check --format json` writes it.
	Findings []any
}

// JSONDoc writes simulate's JSON document as the simulation runs: the
// head, then each event on a line of its own as it happens, then the
// timers with their counts once the simulation ends. Nothing is kept
// between events, so its memory does not grow with the window.
type JSONDoc struct {
	w      *bufio.Writer
	events int
	err    error
}

// NewJSONDoc writes the head of the document and opens its events.
func NewJSONDoc(w io.Writer, h Head) *JSONDoc {
	d := &JSONDoc{w: bufio.NewWriterSize(w, 1<<16)}
	if h.Scenario == nil {
		h.Scenario = struct{}{}
	}
	if h.Notes == nil {
		h.Notes = []string{}
	}
	if h.Findings == nil {
		h.Findings = []any{}
	}
	d.s("{\n")
	d.field("schema", SimulateSchema, true)
	d.field("engine", h.Engine, true)
	d.field("from", Instant(h.From), true)
	d.field("until", Instant(h.Until), true)
	d.field("header", h.Header, true)
	d.field("notes", h.Notes, true)
	d.field("scenario", h.Scenario, true)
	d.field("findings", h.Findings, true)
	d.s(`  "events": [`)
	return d
}

func (d *JSONDoc) s(s string) {
	if d.err == nil {
		_, d.err = d.w.WriteString(s)
	}
}

func (d *JSONDoc) b(b []byte) {
	if d.err == nil {
		_, d.err = d.w.Write(b)
	}
}

// field writes "name": value at the document's first level.
func (d *JSONDoc) field(name string, v any, comma bool) {
	b, err := marshal(v, "  ")
	if err != nil {
		if d.err == nil {
			d.err = err
		}
		return
	}
	d.s("  " + strconv.Quote(name) + ": ")
	d.b(b)
	if comma {
		d.s(",")
	}
	d.s("\n")
}

// Event writes one event: a JSON object, marshalled.
func (d *JSONDoc) Event(v any) {
	b, err := marshal(v, "")
	if err != nil {
		if d.err == nil {
			d.err = err
		}
		return
	}
	d.RawEvent(b)
}

// RawEvent writes one event already encoded as a JSON object on one line.
func (d *JSONDoc) RawEvent(obj []byte) {
	if d.events > 0 {
		d.s(",")
	}
	d.s("\n    ")
	d.b(obj)
	d.events++
}

// Err is the first error writing the document met.
func (d *JSONDoc) Err() error { return d.err }

// End closes the events, writes the timers (each a TimerID's fields, then
// the engine's counts and "findings") and flushes.
func (d *JSONDoc) End(timers []any) error {
	if d.events > 0 {
		d.s("\n  ")
	}
	d.s("],\n")
	if timers == nil {
		timers = []any{}
	}
	d.field("timers", timers, false)
	d.s("}\n")
	if d.err != nil {
		return d.err
	}
	return d.w.Flush()
}

// marshal encodes v as `check --format json` does: markup as it is, and
// the characters a terminal would act on (C1 controls, line separators,
// bidirectional formatting) escaped; indented with prefix when prefix is
// not "", else on one line.
func marshal(v any, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if prefix != "" {
		enc.SetIndent(prefix, "  ")
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return escapeRunes(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// unsafeRune reports a character that JSON leaves as it is and a terminal
// or an editor acts on.
func unsafeRune(r rune) bool {
	switch {
	case r == 0x7f, r >= 0x80 && r <= 0x9f, r == 0x061c, r == 0x200e, r == 0x200f,
		r >= 0x2028 && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// escapeRunes rewrites, in JSON text, each unsafe character as \uXXXX:
// such a character stands only inside a string, where the escape reads
// back as the same character.
func escapeRunes(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf && b[i] != 0x7f {
			if out != nil {
				out = append(out, b[i])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError && unsafeRune(r) {
			if out == nil {
				out = append(make([]byte, 0, len(b)+16), b[:i]...)
			}
			out = append(out, fmt.Sprintf(`\u%04x`, r)...)
		} else if out != nil {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	if out == nil {
		return b
	}
	return out
}

// AppendString appends s as a JSON string, encoded as the document encodes
// every string, without reflection for plain ASCII.
func AppendString[S ~string | ~[]byte](b []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			q, _ := marshal(string(s), "")
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
