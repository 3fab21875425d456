package sim

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
)

// yearModel is the speed target of issue 4: 100 timer starts (50 daily,
// 50 hourly cycles) and 10,000 approvals with a PT48H reminder, over one
// year at PT1S. A third of the approvals are approved after 47 h (the
// reminder is cancelled), a third after 72 h, a third never.
func yearModel(tb testing.TB, replicas, nJobs int) ([]*bpmn.Document, Scenario) {
	var b strings.Builder
	b.WriteString(defsHead)
	for i := range nJobs {
		expr := fmt.Sprintf("R/2026-01-01T%02d:%02d:00Z/P1D", i%24, i%60)
		if i%2 == 1 {
			expr = fmt.Sprintf("R/2026-01-01T00:%02d:%02dZ/PT1H", i%60, (7*i)%60)
		}
		fmt.Fprintf(&b, `<bpmn:process id="Job%d" isExecutable="true">
<bpmn:startEvent id="Every%d"><bpmn:outgoing>j%d</bpmn:outgoing>%s</bpmn:startEvent>
<bpmn:sequenceFlow id="j%d" sourceRef="Every%d" targetRef="Run%d"/>
<bpmn:serviceTask id="Run%d"><bpmn:incoming>j%d</bpmn:incoming><bpmn:outgoing>k%d</bpmn:outgoing></bpmn:serviceTask>
<bpmn:sequenceFlow id="k%d" sourceRef="Run%d" targetRef="Done%d"/>
<bpmn:endEvent id="Done%d"><bpmn:incoming>k%d</bpmn:incoming></bpmn:endEvent>
</bpmn:process>
`, i, i, i, timerXML("timeCycle", expr), i, i, i, i, i, i, i, i, i, i, i)
	}
	b.WriteString("</bpmn:definitions>\n")
	jobs := parse(tb, "jobs.bpmn", []byte(b.String()))
	approval := load(tb, "approval.bpmn")
	from := at(tb, "2026-01-01T00:00:00Z")
	var starts []time.Time
	for i := range 10000 {
		starts = append(starts, from.Add(time.Duration(i)*3137*time.Second))
	}
	sc := Scenario{
		From: from, Until: from.AddDate(1, 0, 0), Step: time.Second, Replicas: replicas,
		Processes: []ProcessPlan{{Process: "Approval", Starts: starts,
			Complete: []TaskPlan{{Task: "Approve", After: []Completion{{After: 47 * time.Hour}, {After: 72 * time.Hour}, {Never: true}}}}}},
	}
	return []*bpmn.Document{jobs, approval}, sc
}

func benchYear(b *testing.B, replicas int) {
	docs, sc := yearModel(b, replicas, 100)
	b.ReportAllocs()
	var r *Result
	cpu0, n := cpuTime(), 0
	for b.Loop() {
		var err error
		r, err = Run(Input{Docs: docs}, sc)
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		// The process's CPU time per run, garbage collection included:
		// unlike ns/op, it does not grow when other work shares the CPUs.
		b.ReportMetric(float64(cpu.Milliseconds())/float64(n), "cpu-ms/op")
	}
	fired := 0
	for _, t := range r.Timers {
		fired += t.Fired
	}
	b.ReportMetric(float64(fired), "firings")
	b.ReportMetric(float64(r.Len()), "events")
}

// BenchmarkYear is the target: under one second per run.
func BenchmarkYear(b *testing.B) { benchYear(b, 1) }

// BenchmarkYear3Replicas adds two replicas that lose every race.
func BenchmarkYear3Replicas(b *testing.B) { benchYear(b, 3) }

// BenchmarkYearText renders the year's text output.
func BenchmarkYearText(b *testing.B) {
	docs, sc := yearModel(b, 1, 100)
	r, err := Run(Input{Docs: docs}, sc)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := WriteText(io.Discard, r, TextOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// The year model's counts, pinned so that the benchmark measures the work
// the issue describes.
func TestYearModelCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("a year of firings")
	}
	docs, sc := yearModel(t, 1, 100)
	r := run(t, sc, docs...)
	starts, reminders, cancelled := 0, 0, 0
	for _, s := range r.Timers {
		switch s.Element.ID {
		case "Remind":
			reminders, cancelled = s.Fired, s.Cancelled
		case "Escalate":
		default:
			starts += s.Fired
		}
	}
	// 50 daily cycles fire 365 times, 50 hourly ones 8760 times.
	if starts != 50*365+50*8760 {
		t.Errorf("timer starts fired %d", starts)
	}
	// Two thirds of the approvals are open at 48 h; the last ones may
	// still be waiting at the end of the year.
	if reminders < 6600 || reminders > 6667 || cancelled < 3333 {
		t.Errorf("reminders fired %d, cancelled %d", reminders, cancelled)
	}
}

// everyMinute is issue 27's memory case: 200 timer starts every minute on
// five replicas.
func everyMinute(tb testing.TB, days int) ([]*bpmn.Document, Scenario) {
	return everyMinuteOf(tb, 200, days)
}

// everyMinuteOf is everyMinute with n timer starts.
func everyMinuteOf(tb testing.TB, n, days int) ([]*bpmn.Document, Scenario) {
	var b strings.Builder
	b.WriteString(defsHead)
	for i := range n {
		fmt.Fprintf(&b, `<bpmn:process id="Job%d" isExecutable="true">
<bpmn:startEvent id="Every%d"><bpmn:outgoing>j%d</bpmn:outgoing>%s</bpmn:startEvent>
<bpmn:sequenceFlow id="j%d" sourceRef="Every%d" targetRef="Done%d"/>
<bpmn:endEvent id="Done%d"><bpmn:incoming>j%d</bpmn:incoming></bpmn:endEvent>
</bpmn:process>
`, i, i, i, timerXML("timeCycle", "R/2026-01-01T00:00:00Z/PT1M"), i, i, i, i, i)
	}
	b.WriteString("</bpmn:definitions>\n")
	from := at(tb, "2026-01-01T00:00:00Z")
	return []*bpmn.Document{parse(tb, "minute.bpmn", []byte(b.String()))},
		Scenario{From: from, Until: from.AddDate(0, 0, days), Step: time.Second, Replicas: 5}
}

// BenchmarkStreamDay streams a day of everyMinute's text output (288,000
// firings, 1.15 million claims lost).
func BenchmarkStreamDay(b *testing.B) {
	docs, sc := everyMinute(b, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Stream(io.Discard, Input{Docs: docs}, sc, Output{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunDayText runs and writes the same day as a whole result.
func BenchmarkRunDayText(b *testing.B) {
	docs, sc := everyMinute(b, 1)
	b.ReportAllocs()
	for b.Loop() {
		r, err := Run(Input{Docs: docs}, sc)
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteText(io.Discard, r, TextOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
