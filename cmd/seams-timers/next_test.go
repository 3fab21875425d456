package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

func TestNextExpression(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		out  string
		err  string
		// detail is the refusal's detail line, also on stdout.
		detail string
	}{
		{
			name: "daily cycle",
			args: []string{"R/2026-11-09T08:00:00Z/P1D", "-n", "5", "--now", "2026-11-10T08:00:00Z"},
			out: "2026-11-10T08:00:00Z\n2026-11-11T08:00:00Z\n2026-11-12T08:00:00Z\n" +
				"2026-11-13T08:00:00Z\n2026-11-14T08:00:00Z\n",
		},
		{
			name: "R3 stops after three",
			args: []string{"--kind", "cycle", "R3/2026-11-09T08:00:00Z/PT1H", "--now", "2026-11-01T00:00:00Z"},
			out:  "2026-11-09T08:00:00Z\n2026-11-09T09:00:00Z\n2026-11-09T10:00:00Z\n",
		},
		{
			name: "monthly on a timer start: seams calendar; the rules' warning on stderr",
			args: []string{"R/2026-01-31T00:00:00Z/P1M", "-n", "3", "--now", "2026-02-01T00:00:00Z"},
			out: "2026-02-28T00:00:00Z  (seams calendar: start + 1×P1M, clamped to the month's end)\n" +
				"2026-03-31T00:00:00Z  (seams calendar: start + 2×P1M)\n" +
				"2026-04-30T00:00:00Z  (seams calendar: start + 3×P1M, clamped to the month's end)\n",
			err: `warning: ResolutionError(<R/2026-01-31T00:00:00Z/P1M>, bpmn:timeCycle, "cycle period is in years or months: ` +
				`on this timer start the seams scheduler adds calendar multiples of it to the start, clamped to the month's end ` +
				`(2026-01-31T00:00:00Z, 2026-02-28T00:00:00Z, 2026-03-31T00:00:00Z, ...): 'P1M'") [TMR1034 cycle-calendar-period]`,
		},
		{
			name: "monthly on a catch: Spiff's stride, in the warning and on every line",
			args: []string{"R/2026-01-31T00:00:00Z/P1M", "--as", "catch", "-n", "2", "--now", "2026-02-01T00:00:00Z"},
			out: "2026-03-03T00:00:00Z  (spiff stride: start + 1×P31D, P1M measured from the start month)\n" +
				"2026-04-03T00:00:00Z  (spiff stride: start + 2×P31D, P1M measured from the start month)\n",
			err: `warning: ResolutionError(<R/2026-01-31T00:00:00Z/P1M>, bpmn:timeCycle, "cycle period is in years or months: ` +
				`on this catch event SpiffWorkflow turns it once into a fixed stride of 31 days, measured from the start month, ` +
				`and adds it on every firing (2026-01-31T00:00:00Z, 2026-03-03T00:00:00Z, 2026-04-03T00:00:00Z, ...): 'P1M'") [TMR1034 cycle-calendar-period]`,
		},
		{
			name: "a catch duration in months gets Spiff's label",
			args: []string{"P1M", "--now", "2026-01-31T12:00:00Z"},
			out:  "2026-03-03T12:00:00Z  (spiff: P1M counted as P31D in the real month lengths from the arrival's month)\n",
		},
		{
			name: "a day period on a timer start is exact, never clamped",
			args: []string{"R/2026-01-31T00:00:00Z/P110000D", "-n", "2", "--now", "2026-01-01T00:00:00Z"},
			out:  "2026-01-31T00:00:00Z\n2327-04-04T00:00:00Z\n", // Python: datetime(2026,1,31) + timedelta(days=110000).
		},
		{
			name: "R0: a warning and no firing",
			args: []string{"R0/2026-11-09T08:00:00Z/P1D", "--now", "2026-11-01T00:00:00Z"},
			err: `warning: ResolutionError(<R0/2026-11-09T08:00:00Z/P1D>, bpmn:timeCycle, "cycle never fires, R0 repeats zero times: 'R0/2026-11-09T08:00:00Z/P1D'") [TMR1033 cycle-never-fires]` +
				"\n  Give the number of firings",
		},
		{
			name: "monthly on a catch: Spiff's stride",
			args: []string{"--as", "catch", "R/2026-01-31T00:00:00Z/P1M", "-n", "2", "--now", "2026-02-01T00:00:00Z"},
			out: "2026-03-03T00:00:00Z  (spiff stride: start + 1×P31D, P1M measured from the start month)\n" +
				"2026-04-03T00:00:00Z  (spiff stride: start + 2×P31D, P1M measured from the start month)\n",
		},
		{
			name: "a duration is a catch reached now; a quoted body is unquoted",
			args: []string{`"PT48H"`, "--now", "2026-11-01T12:00:00Z"},
			out:  "2026-11-03T12:00:00Z\n",
		},
		{
			name: "several expressions are labelled",
			args: []string{"PT48H", "2026-12-01T09:00:00+01:00", "--now", "2026-11-01T12:00:00Z"},
			out:  "2026-11-03T12:00:00Z  PT48H\n2026-12-01T08:00:00Z  2026-12-01T09:00:00+01:00\n",
		},
		{
			name: "a past date",
			args: []string{"2026-10-01T09:00:00Z", "--now", "2026-11-01T12:00:00Z"},
			err:  "2026-10-01T09:00:00Z is before --now 2026-11-01T12:00:00Z: on a timer start it fires once, at the scheduler's first load",
		},
		{
			name:   "refused: no start",
			args:   []string{"R/P1D"},
			code:   lint.ExitFindings,
			out:    `error: ResolutionError(<R/P1D>, bpmn:timeCycle, "cycle has no start date-time: 'R/P1D'") [TMR1031`,
			detail: "\n  Give the first firing's date-time, with Z or an offset: R[n]/<start>/<duration>, such as \"R/2026-11-09T08:00:00Z/P1D\".",
		},
		{
			name: "refused: no offset",
			args: []string{"--kind", "date", "2026-12-01T09:00:00"},
			code: lint.ExitFindings,
			out:  `error: ResolutionError(<2026-12-01T09:00:00>, bpmn:timeDate, "date-time has no offset: '2026-12-01T09:00:00'") [TMR1011 date-no-offset]`,
		},
		{
			name: "refused: JUEL inside an ISO-looking cycle is an expression",
			args: []string{"R3/${startDate}/PT2S"},
			code: lint.ExitFindings,
			out:  `error: ResolutionError(<R3/${startDate}/PT2S>, bpmn:timeCycle, "expression is a JUEL expression, not a quoted literal: 'R3/${startDate}/PT2S'") [TMR1005 expression-not-literal]`,
		},
		{
			name: "refused: a Python name inside an ISO-looking cycle",
			args: []string{"R/startDate/P1D"},
			code: lint.ExitFindings,
			out:  `error: ResolutionError(<R/startDate/P1D>, bpmn:timeCycle, "expression is an ISO 8601-looking value with the Python name 'startDate' inside, not a quoted literal: 'R/startDate/P1D'") [TMR1005 expression-not-literal]`,
		},
		{
			name: "refused: a due time past year 9999",
			args: []string{"P7974Y", "--now", "2026-11-01T12:00:00Z"},
			code: lint.ExitFindings,
			out:  `error: ResolutionError(<P7974Y>, bpmn:timeDuration, "duration puts the due time of an instance that arrives at the reference time past 9999-12-31T23:59:59.999999Z, the last instant Python's datetime holds: 'P7974Y'") [TMR1024 due-out-of-range]`,
		},
		{
			name: "sub-microsecond digits round as Spiff rounds them",
			args: []string{"R3/2026-11-09T08:00:00Z/PT0.6666667S", "--as", "catch", "--now", "2026-11-01T12:00:00Z"},
			out:  "2026-11-09T08:00:00Z\n2026-11-09T08:00:00.666667Z\n2026-11-09T08:00:01.333334Z\n",
		},
		{
			name: "a start centuries ago: exact dates (check warns, TMR5006)",
			args: []string{"R/1026-11-09T08:00:00Z/P1D", "-n", "2", "--now", "2026-11-01T12:00:00Z"},
			out:  "2026-11-02T08:00:00Z\n2026-11-03T08:00:00Z\n",
		},
		{
			name: "refused: a duration on a timer start",
			args: []string{"--as", "start", "PT48H"},
			code: lint.ExitFindings,
			out:  `error: ResolutionError(<PT48H>, bpmn:timeDuration, "timer start event has a duration: 'PT48H'") [TMR2004 start-duration]`,
		},
		{
			name: "refused: a quoted cron string",
			args: []string{"0 8 * * 1-5"},
			code: lint.ExitFindings,
			out:  `error: ResolutionError(<0 8 * * 1-5>, bpmn:timeDate, "expression is a quoted cron string: '0 8 * * 1-5'") [TMR1006 expression-cron]`,
		},
		{
			name: "bad kind",
			args: []string{"--kind", "week", "P1W"},
			code: lint.ExitUsage,
			err:  `--kind "week"`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runTimerCmd(t, append([]string{"next", "--no-config"}, c.args...)...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, c.code, out, errOut)
			}
			if c.code == 0 && c.out != "" && out != c.out {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, c.out)
			}
			if c.code != 0 && (!strings.Contains(out, c.out) || !strings.Contains(out, c.detail)) {
				t.Errorf("stdout:\n%s\nwant it to hold:\n%s", out, c.out)
			}
			if c.err != "" && !strings.Contains(errOut, c.err) {
				t.Errorf("stderr %q lacks %q", errOut, c.err)
			}
		})
	}
}

// `next models/` prints every timer's next firings, each line naming it.
func TestNextModels(t *testing.T) {
	code, out, errOut := runTimerCmd(t, "next", "--no-config", "-n", "2", "--now", "2026-11-01T12:00:00Z",
		simFixtures+"digest.bpmn", simFixtures+"approval.bpmn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "2026-11-03T12:00:00Z  ../../bpmn/sim/testdata/approval.bpmn#Remind  (PT48H after an instance arrives at --now)\n" +
		"2026-11-06T12:00:00Z  ../../bpmn/sim/testdata/approval.bpmn#Escalate  (P5D after an instance arrives at --now)\n" +
		"2026-11-09T08:00:00Z  ../../bpmn/sim/testdata/digest.bpmn#EveryMorning\n" +
		"2026-11-10T08:00:00Z  ../../bpmn/sim/testdata/digest.bpmn#EveryMorning\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}

	dir := t.TempDir()
	writeFile(t, dir, "bad.bpmn", []byte(`<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <bpmn:process id="P">
    <bpmn:startEvent id="S"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
  </bpmn:process>
</bpmn:definitions>
`))
	// The rules' finding, where check reports it: on the value.
	code, out, _ = runTimerCmd(t, "next", "--no-config", dir)
	if code != lint.ExitFindings || !strings.Contains(out, `bad.bpmn:4:73: error: ResolutionError(<`) ||
		!strings.Contains(out, `bad.bpmn#S>, bpmn:timeCycle, "cycle has no start date-time: 'R/P1D'") [TMR1031`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// `next models/` lists the expression Spiff evaluates (bpmn.Timer.Effective):
// the timeDuration of a definition whose timeCycle comes first in the file.
func TestNextModelsEffectiveExpression(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "effective.bpmn", []byte(`<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <bpmn:process id="P">
    <bpmn:userTask id="Approve"/>
    <bpmn:boundaryEvent id="Remind" attachedToRef="Approve" cancelActivity="false">
      <!-- seams-timers:ignore TMR1002 the order Spiff reads them in is under test -->
      <bpmn:timerEventDefinition id="RemindTimer">
        <bpmn:timeCycle>"R/2026-11-01T00:00:00Z/PT1H"</bpmn:timeCycle>
        <bpmn:timeDuration>"PT48H"</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
  </bpmn:process>
</bpmn:definitions>
`))
	code, out, errOut := runTimerCmd(t, "next", "--no-config", "-n", "2", "--now", "2026-11-01T12:00:00Z", dir)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	want := "2026-11-03T12:00:00Z  " + filepath.Join(dir, "effective.bpmn") + "#Remind  (PT48H after an instance arrives at --now)\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
}

// BenchmarkNext is `next` end to end in-process: parse the flags and the
// expression, compute five due times, print them (target: under 10 ms).
func BenchmarkNext(b *testing.B) {
	for b.Loop() {
		if code, _, _ := runTimerCmd(b, "next", "--no-config", "R/2026-11-09T08:00:00Z/P1D", "-n", "5", "--now", "2026-11-01T00:00:00Z"); code != 0 {
			b.Fatal(code)
		}
	}
}

// BenchmarkNextCalendar is a monthly cycle far from its start (bisection
// over calendar multiples).
func BenchmarkNextCalendar(b *testing.B) {
	for b.Loop() {
		if code, _, _ := runTimerCmd(b, "next", "--no-config", "R/2000-01-31T00:00:00Z/P1M", "-n", "5", "--now", "2090-06-01T00:00:00Z"); code != 0 {
			b.Fatal(code)
		}
	}
}

// `next FILE` on a timer it cannot compute prints the refusal and exits 1,
// as `next EXPR` does (issue 11): a period Spiff rounds to zero, a duration
// whose due time lies past year 9999 at --now, a referenced timer, and a
// catch duration read as a timer start.
func TestNextModelsRefuseWhatTheyCannotCompute(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "refused.bpmn", []byte(`<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <bpmn:timerEventDefinition id="Shared"><bpmn:timeDuration>"PT1H"</bpmn:timeDuration></bpmn:timerEventDefinition>
  <bpmn:process id="P">
    <bpmn:startEvent id="Tick"><bpmn:timerEventDefinition><bpmn:timeCycle>"R3/2026-11-09T08:00:00Z/PT0.0000004S"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:intermediateCatchEvent id="Keep"><bpmn:timerEventDefinition><bpmn:timeDuration>"P7000Y"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="Ref"><bpmn:eventDefinitionRef>Shared</bpmn:eventDefinitionRef></bpmn:intermediateCatchEvent>
  </bpmn:process>
</bpmn:definitions>
`))
	code, out, _ := runTimerCmd(t, "next", "--no-config", "--now", "3000-01-01T00:00:00Z", p)
	for _, want := range []string{
		`refused.bpmn:5:100: error: ResolutionError(<`, `refused.bpmn#Tick>, bpmn:timeCycle, "cycle period is zero once SpiffWorkflow rounds it to the microsecond: 'PT0.0000004S'") [TMR1021 duration-zero]`,
		`refused.bpmn:6:91: error: ResolutionError(<`, `refused.bpmn#Keep>, bpmn:timeDuration, "duration puts the due time of an instance that arrives at the reference time past 9999-12-31T23:59:59.999999Z, the last instant Python's datetime holds: 'P7000Y'") [TMR1024 due-out-of-range]`,
		`refused.bpmn:7:43: error: ResolutionError(<`, `refused.bpmn#Ref>, bpmn:eventDefinitionRef, "timer definition is referenced, not inline, so SpiffWorkflow ignores it and the event has no timer: 'Shared'") [TMR2008 timer-definition-ref]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if code != lint.ExitFindings || strings.Contains(out, "cannot parse") {
		t.Errorf("exit %d:\n%s", code, out)
	}

	q := writeFile(t, dir, "catch.bpmn", []byte(`<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <bpmn:process id="P">
    <bpmn:intermediateCatchEvent id="Wait"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT1H"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  </bpmn:process>
</bpmn:definitions>
`))
	code, out, _ = runTimerCmd(t, "next", "--no-config", "--as", "start", "--now", "2026-11-01T12:00:00Z", q)
	want := q + ":4:71: error: " + q + "#Wait: no due time can be computed for 'PT1H': a timeDuration on a timer start has no due times of its own\n"
	if code != lint.ExitFindings || out != want {
		t.Errorf("exit %d:\n%s\nwant:\n%s", code, out, want)
	}
}
