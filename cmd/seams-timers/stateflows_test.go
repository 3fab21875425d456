package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// No .NET runtime runs here: the lines below are the facts of ENGINES.md
// section 2 (the worked example, the doubled delay, the past month, the
// DST arithmetic on the local wall clock) as next prints them.
func TestNextStateflows(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		out  string
		err  string
	}{
		{
			name: "the issue's line: main, a host on Berlin time",
			args: []string{"AfterOneWeek", "--now", "2026-11-04T10:00:30", "--tz", "Europe/Berlin"},
			out:  "2026-11-16T00:00 local, 2026-11-15T23:00Z; documented: 2026-11-09T00:00Z\n",
		},
		{
			name: "before 2024-12-17 the delay is added once, as documented, but in local time",
			args: []string{"AfterOneWeek", "--now", "2026-11-04T10:00:30", "--tz", "Europe/Berlin", "--revision", "before-2024-12-17"},
			out:  "2026-11-09T00:00 local, 2026-11-08T23:00Z; documented: 2026-11-09T00:00Z\n",
		},
		{
			name: "on a host in UTC the documented instant differs only where the arithmetic does",
			args: []string{"AfterOneMinute", "EveryOneMinute", "--now", "2026-11-04T10:00:30", "-n", "2"},
			out: "AfterOneMinute: 2026-11-04T10:02 local, 2026-11-04T10:02Z; documented: 2026-11-04T10:01Z\n" +
				"EveryOneMinute: 2026-11-04T10:01 local, 2026-11-04T10:01Z\n" +
				"EveryOneMinute: 2026-11-04T10:02 local, 2026-11-04T10:02Z\n",
		},
		{
			name: "a month type is due at once, delivered at the next minute tick",
			args: []string{"AfterOneMonth", "--now", "2026-11-04T10:00:30"},
			out:  "2026-11-01T00:00 local, 2026-11-01T00:00Z: due at once, delivered at the next minute tick, 2026-11-04T10:01 local, 2026-11-04T10:01Z\n",
		},
		{
			name: "EverySaturday from a Wednesday skips the coming Saturday",
			args: []string{"EverySaturday", "--now", "2026-11-04T10:00:30", "-n", "2"},
			out: "2026-11-14T00:00 local, 2026-11-14T00:00Z; documented: 2026-11-07T00:00Z\n" +
				"2026-11-21T00:00 local, 2026-11-21T00:00Z; documented: 2026-11-14T00:00Z\n",
		},
		{
			name: "Europe/Berlin, last Sunday of March: the local wall-clock arithmetic does not see the change",
			args: []string{"AfterOneDay", "--now", "2026-03-28T10:00:30", "--tz", "Europe/Berlin"},
			out: "2026-03-30T00:00 local, 2026-03-29T22:00Z: local wall-clock arithmetic across the DST change at 2026-03-29T02:00 local " +
				"(+01:00 to +02:00), 37h59m30s on the wall clock, 36h59m30s real; documented: 2026-03-29T00:00Z\n",
		},
		{
			name: "a trigger the clock skips is delivered when it jumps",
			args: []string{"EveryThirtyMinutes", "--now", "2026-03-29T01:45", "--tz", "Europe/Berlin", "-n", "2"},
			out: "2026-03-29T02:00 local: the clock skips this time at a DST change, delivered when it jumps, 2026-03-29T03:00 local, 2026-03-29T01:00Z\n" +
				"2026-03-29T03:30 local, 2026-03-29T01:30Z\n",
		},
		{
			name: "the documented behaviour, in UTC",
			args: []string{"AtEvery9AM", "--now", "2026-11-04T08:00", "--revision", "documented", "-n", "1"},
			out:  "2026-11-04T09:00 local, 2026-11-04T09:00Z\n",
		},
		{
			name: "an RFC 3339 --now is an instant",
			args: []string{"AfterOneHour", "--now", "2026-11-04T09:00:30Z", "--tz", "Europe/Berlin"},
			out:  "2026-11-04T12:00 local, 2026-11-04T11:00Z; documented: 2026-11-04T10:00Z\n",
		},
		{
			name: "not a catalog type",
			args: []string{"AfterOneYear", "--now", "2026-11-04T10:00:30"},
			code: lint.ExitFindings,
			out:  "error: \"AfterOneYear\" is not one of Stateflows' time events (AfterOneMinute ... AfterOneMonth, EveryOneMinute ... AtEvery12PM)\n",
		},
		{name: "an unknown zone", args: []string{"AfterOneDay", "--tz", "Mars/Olympus"}, code: lint.ExitUsage,
			err: `--tz "Mars/Olympus" is not a zone of the IANA database`},
		{name: "an unknown revision", args: []string{"AfterOneDay", "--revision", "latest"}, code: lint.ExitUsage,
			err: `--revision: unknown revision "latest"`},
		{name: "a local time the clock skips", args: []string{"AfterOneDay", "--now", "2026-03-29T02:30", "--tz", "Europe/Berlin"}, code: lint.ExitUsage,
			err: "--now 2026-03-29T02:30: the clock of Europe/Berlin never shows that time"},
		{name: "a local time the clock shows twice", args: []string{"AfterOneDay", "--now", "2026-10-25T02:30", "--tz", "Europe/Berlin"}, code: lint.ExitUsage,
			err: "--now 2026-10-25T02:30: the clock of Europe/Berlin shows that time twice (at +02:00 and at +01:00, a DST change back); " +
				"give the instant with its offset, such as 2026-10-25T02:30:00+02:00"},
		{
			name: "the second showing of a repeated hour, given with its offset",
			args: []string{"AfterOneHour", "--now", "2026-10-25T02:30:00+01:00", "--tz", "Europe/Berlin"},
			out:  "2026-10-25T04:00 local, 2026-10-25T03:00Z; documented: 2026-10-25T02:00Z\n",
		},
		{name: "not a time", args: []string{"AfterOneDay", "--now", "tomorrow"}, code: lint.ExitUsage,
			err: `--now "tomorrow": want the host's wall time`},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"next", "--no-config", "--engine", "stateflows"}, c.args...)
			code, out, errOut := runCLI(t, "", args...)
			if code != c.code || out != c.out || c.err != "" && !strings.Contains(errOut, c.err) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", code, c.code, out, c.out, errOut)
			}
		})
	}
}

// TestNextStateflowsFiles lists the triggers of the example's call sites,
// on the example config's Berlin host.
func TestNextStateflowsFiles(t *testing.T) {
	code, out, errOut := runCLI(t, "", "next", "--engine", "stateflows", "--now", "2026-11-04T10:00:30", "-n", "1", "../../examples/stateflows")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "../../examples/stateflows/OrderMachine.cs:25:28: AddTransition<PaymentTimeout>: not computed (the trigger is the class's own code)\n" +
		"../../examples/stateflows/OrderMachine.cs:27:36: AddInternalTransition<EveryFifteenMinutes>\n" +
		"  2026-11-04T10:15 local, 2026-11-04T09:15Z\n" +
		"../../examples/stateflows/OrderMachine.cs:32:28: AddTransition<AfterOneDay>\n" +
		"  2026-11-06T00:00 local, 2026-11-05T23:00Z; documented: 2026-11-05T00:00Z\n" +
		"../../examples/stateflows/OrderMachine.cs:36:28: AddTransition<AfterOneMonth>\n" +
		"  2026-11-01T00:00 local, 2026-10-31T23:00Z: due at once, delivered at the next minute tick, 2026-11-04T10:01 local, 2026-11-04T09:01Z; documented: 2026-11-01T00:00Z\n" +
		"../../examples/stateflows/OrderMachine.cs:38:36: AddInternalTransition<AtEvery12AM>\n" +
		"  2026-11-05T12:00 local, 2026-11-05T11:00Z; documented: 2026-11-04T12:00Z\n" +
		"../../examples/stateflows/OrderMachine.cs:40:36: AddInternalTransition<Saturdays> (Saturdays : EveryOneWeek)\n" +
		"  2026-11-14T00:00 local, 2026-11-13T23:00Z; documented: 2026-11-07T00:00Z\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
}

// TestNextStateflowsLeaves lists one firing of a recurring event on a
// transition out of its state, and -n firings where the source stays
// active.
func TestNextStateflowsLeaves(t *testing.T) {
	p := writeFile(t, t.TempDir(), "m.cs", []byte("class M { void B(IStateBuilder s) => s\n"+
		"    .AddTransition<EveryOneMinute>(\"Next\")\n    .AddAcceptEventAction<EveryOneMinute>(c => c); }\n"))
	_, out, _ := runCLI(t, "", "next", "--no-config", "--engine", "stateflows", "--now", "2026-11-04T10:00:30", "-n", "2", p)
	want := p + ":2:20: AddTransition<EveryOneMinute>: a transition out of its state fires once (one back into it re-registers)\n" +
		"  2026-11-04T10:01 local, 2026-11-04T10:01Z\n" +
		p + ":3:27: AddAcceptEventAction<EveryOneMinute>\n" +
		"  2026-11-04T10:01 local, 2026-11-04T10:01Z\n  2026-11-04T10:02 local, 2026-11-04T10:02Z\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
}

// TestNextStateflowsSeconds prints, for a trigger with seconds, the
// minute tick that delivers it, as simulate does (ENGINES.md section 2:
// TimeOfDay 07:30:15 is delivered at 07:31), in UTC and in a half-hour
// zone.
func TestNextStateflowsSeconds(t *testing.T) {
	p := writeFile(t, t.TempDir(), "m.cs", []byte("class Early : EveryOneDay { protected override DateTime TimeOfDay { get { return new(1, 1, 1, 7, 30, 15); } } }\n"+
		"class M { void B(IStateBuilder s) => s\n    .AddInternalTransition<Early>(t => t.AddEffect(c => Go(c))); }\n"))
	for _, c := range []struct{ tz, want string }{
		{"UTC", "  2026-11-05T07:30:15 local, 2026-11-05T07:30:15Z: delivered at the next minute tick, 2026-11-05T07:31 local, 2026-11-05T07:31Z\n" +
			"  2026-11-06T07:30:15 local, 2026-11-06T07:30:15Z: delivered at the next minute tick, 2026-11-06T07:31 local, 2026-11-06T07:31Z\n"},
		{"Asia/Kolkata", "  2026-11-05T07:30:15 local, 2026-11-05T02:00:15Z: delivered at the next minute tick, 2026-11-05T07:31 local, 2026-11-05T02:01Z; documented: 2026-11-04T07:30:15Z\n" +
			"  2026-11-06T07:30:15 local, 2026-11-06T02:00:15Z: delivered at the next minute tick, 2026-11-06T07:31 local, 2026-11-06T02:01Z; documented: 2026-11-05T07:30:15Z\n"},
	} {
		_, out, errOut := runCLI(t, "", "next", "--no-config", "--engine", "stateflows", "--tz", c.tz, "--now", "2026-11-04T10:00:30", "-n", "2", p)
		want := p + ":3:28: AddInternalTransition<Early> (Early : EveryOneDay)\n" + c.want
		if out != want {
			t.Errorf("%s: stdout:\n%s\nwant:\n%s\nstderr: %s", c.tz, out, want, errOut)
		}
	}
}

// TestCheckMixedEngines checks a directory holding BPMN models and C#
// files: each file is read by its own engine, and one output reports
// both engines' findings, in file order.
func TestCheckMixedEngines(t *testing.T) {
	dir := t.TempDir()
	bpmn, err := os.ReadFile("../../examples/broken/schedules.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "schedules.bpmn", bpmn)
	writeFile(t, dir, "Machine.cs", []byte("class M {\n  void B(IStateBuilder s) => s\n    .AddTransition<AfterOneMonth>(\"Done\");\n}\n"))
	code, out, _ := runCLI(t, "", "check", "--no-config", "--format", "json", "--now", "2026-11-01T12:00:00Z", dir)
	if code != lint.ExitFindings {
		t.Fatalf("exit %d", code)
	}
	var rep struct {
		Diagnostics []lint.Diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	byFile := map[string][]string{}
	for _, d := range rep.Diagnostics {
		byFile[filepath.Base(d.File)] = append(byFile[filepath.Base(d.File)], d.Rule)
	}
	if got := strings.Join(byFile["Machine.cs"], " "); got != "TMR7010 TMR7040" {
		t.Errorf("Machine.cs: %s, want the Stateflows engine's TMR7010 TMR7040", got)
	}
	bp := byFile["schedules.bpmn"]
	if len(bp) == 0 {
		t.Fatal("schedules.bpmn: no finding")
	}
	for _, id := range bp {
		if id >= "TMR6" {
			t.Errorf("schedules.bpmn has %s, not a BPMN rule", id)
		}
	}
	if len(byFile) != 2 {
		t.Errorf("findings in %v, want the two files", byFile)
	}
	// The text output says the same, one file after the other.
	_, text, _ := runCLI(t, "", "check", "--no-config", "--now", "2026-11-01T12:00:00Z", dir)
	i, j := strings.Index(text, "Machine.cs:3:20: error: AfterOneMonth resolves"), strings.Index(text, "schedules.bpmn:10:27: error:")
	if i < 0 || j < 0 {
		t.Errorf("text output:\n%s", text)
	}
}

// TestSimulateStateflows delivers the example's time events at minute
// ticks on the example config's Berlin host, with an outage, and refuses
// the BPMN simulator's flags.
func TestSimulateStateflows(t *testing.T) {
	code, out, errOut := runCLI(t, "", "simulate", "--engine", "stateflows", "--from", "2026-11-04T09:00:30Z", "--until", "2026-11-06T12:00:00Z",
		"--down", "2026-11-05T22:00:00Z/2026-11-06T06:00:00Z", "../../examples/stateflows")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// TestReadmeStateflows holds the whole output of this run; here, the
	// count of a recurring event across the outage.
	// Every fifteen minutes from 09:15Z to 11:45Z two days later, less the
	// ticks of the outage and the one after it: (2×24×4 + 11) − 33 + 1.
	if !strings.Contains(out, "AddInternalTransition<EveryFifteenMinutes>  171    0            8h1m") {
		t.Errorf("summary:\n%s", out)
	}
	code, _, errOut = runCLI(t, "", "simulate", "--engine", "stateflows", "--replicas", "2", "../../examples/stateflows")
	if code != lint.ExitUsage || !strings.Contains(errOut, "--replicas does not apply") {
		t.Errorf("--replicas: exit %d: %s", code, errOut)
	}
}
