package sim

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// at parses an RFC 3339 instant for a test.
func at(t testing.TB, s string) time.Time {
	t.Helper()
	x, err := ParseTime(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// load parses a fixture under testdata/.
func load(t testing.TB, name string) *bpmn.Document {
	t.Helper()
	p := filepath.Join("testdata", name)
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, p, src)
}

func parse(t testing.TB, path string, src []byte) *bpmn.Document {
	t.Helper()
	doc, perr := bpmn.Parse(path, src)
	if perr != nil {
		t.Fatalf("parse %s: %v", path, perr)
	}
	return doc
}

// timerXML is a timerEventDefinition whose expression element holds the
// quoted literal value.
func timerXML(kind, value string) string {
	return fmt.Sprintf(`<bpmn:timerEventDefinition><bpmn:%s>%s</bpmn:%s></bpmn:timerEventDefinition>`,
		kind, html.EscapeString(`"`+value+`"`), kind)
}

const defsHead = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="https://example.org/t">
`

// startModel is a process whose timer start (id T) runs a script task and
// ends: what a scheduler starts.
func startModel(t testing.TB, path, proc, kind, value string) *bpmn.Document {
	src := defsHead + fmt.Sprintf(`<bpmn:process id="%s" isExecutable="true">
<bpmn:startEvent id="T"><bpmn:outgoing>f1</bpmn:outgoing>%s</bpmn:startEvent>
<bpmn:sequenceFlow id="f1" sourceRef="T" targetRef="Work"/>
<bpmn:scriptTask id="Work"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:scriptTask>
<bpmn:sequenceFlow id="f2" sourceRef="Work" targetRef="E"/>
<bpmn:endEvent id="E"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
</bpmn:process></bpmn:definitions>
`, proc, timerXML(kind, value))
	return parse(t, path, []byte(src))
}

// catchModel is the oracle's model: the timer (id t) sits on element
// "intermediate", "boundary" (interrupting) or "boundary-ni", and each
// firing runs the task "tick", a script task or, with manual, a manual task.
// Boundary timers sit on the manual task "work", never completed.
func catchModel(t testing.TB, element, kind, value string, manual bool) *bpmn.Document {
	tick := `<bpmn:scriptTask id="tick"><bpmn:incoming>f3</bpmn:incoming><bpmn:outgoing>f4</bpmn:outgoing></bpmn:scriptTask>`
	if manual {
		tick = `<bpmn:manualTask id="tick"><bpmn:incoming>f3</bpmn:incoming><bpmn:outgoing>f4</bpmn:outgoing></bpmn:manualTask>`
	}
	tick = `<bpmn:sequenceFlow id="f3" sourceRef="t" targetRef="tick"/>` + tick +
		`<bpmn:sequenceFlow id="f4" sourceRef="tick" targetRef="e2"/><bpmn:endEvent id="e2"><bpmn:incoming>f4</bpmn:incoming></bpmn:endEvent>`
	var body string
	switch element {
	case "intermediate":
		body = `<bpmn:startEvent id="s"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
<bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t"/>
<bpmn:intermediateCatchEvent id="t"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing>` + timerXML(kind, value) + `</bpmn:intermediateCatchEvent>` + tick
	default:
		cancel := "true"
		if element == "boundary-ni" {
			cancel = "false"
		}
		body = `<bpmn:startEvent id="s"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
<bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="work"/>
<bpmn:manualTask id="work"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:manualTask>
<bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="e"/>
<bpmn:endEvent id="e"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
<bpmn:boundaryEvent id="t" cancelActivity="` + cancel + `" attachedToRef="work"><bpmn:outgoing>f3</bpmn:outgoing>` + timerXML(kind, value) + `</bpmn:boundaryEvent>` + tick
	}
	src := defsHead + `<bpmn:process id="p" isExecutable="true">` + body + "</bpmn:process></bpmn:definitions>\n"
	return parse(t, "oracle.bpmn", []byte(src))
}

// run simulates and fails the test on an error.
func run(t testing.TB, sc Scenario, docs ...*bpmn.Document) *Result {
	t.Helper()
	r, err := Run(Input{Docs: docs}, sc)
	if err != nil {
		t.Fatal(err)
	}
	StreamMatches(t, Input{Docs: docs}, sc, r)
	return r
}

// grep returns the log lines (debug included) that contain every word.
func grep(r *Result, words ...string) []string {
	var out []string
	for _, l := range r.Lines(true) {
		ok := true
		for _, w := range words {
			if !strings.Contains(l, w) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, l)
		}
	}
	return out
}

// fires returns "tick due" pairs of the timer fire events of one timer.
func fires(r *Result, timer string) []string {
	var out []string
	for _, ev := range r.Filter(KindFire) {
		if r.Timers[ev.Timer].Element.ID == timer {
			out = append(out, timeexpr.FormatTime(ev.At)+" due "+timeexpr.FormatTime(ev.Due))
		}
	}
	return out
}

// stats returns the summary of one timer by element id.
func stats(t testing.TB, r *Result, id string) *TimerStats {
	t.Helper()
	for _, s := range r.Timers {
		if s.Element.ID == id {
			return s
		}
	}
	t.Fatalf("no timer %s", id)
	return nil
}

func equal(t testing.TB, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

type bpmnDocument = bpmn.Document
