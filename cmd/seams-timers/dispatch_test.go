package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestNotForEngine: every command line the issue lists, and more, that
// gives a flag or a scenario key to an engine it does not apply to, is a
// usage error (exit 2) whose message names the engine.
func TestNotForEngine(t *testing.T) {
	dir := t.TempDir()
	scenario := func(name, body string) string { return writeFile(t, dir, name, []byte(body)) }
	const cron = "cron:0 9 * * *"
	cs := "../../examples/stateflows/OrderMachine.cs"
	scheme := "../../examples/wfe/service-desk.xml"
	for _, c := range []struct {
		args   []string
		engine string
	}{
		// The command lines.
		{[]string{"simulate", "--engine", "cadence", "--crash", "bogus", "--scenario", "/nonexistent", cron}, "cadence"},
		{[]string{"next", "--tz", "Nowhere/Bogus", "R/2026-11-09T08:00:00Z/P1D"}, "bpmn"},
		{[]string{"simulate", "--engine", "stateflows", "--replicas", "3", cs}, "stateflows"},
		{[]string{"simulate", "--engine", "stateflows", "--scenario", scenario("sf-replicas.yaml", "replicas: 3\n"), cs}, "stateflows"},
		{[]string{"simulate", "--engine", "stateflows", "--scenario", scenario("sf-crash.yaml", "crash:\n  - {replica: 1, at: 2026-11-01T00:00:00Z}\n"), cs}, "stateflows"},
		{[]string{"simulate", "--engine", "stateflows", "--scenario", scenario("sf-processes.yaml", "processes:\n  A: {start: 2026-11-01T00:00:00Z}\n"), cs}, "stateflows"},
		// The engine picked from the files.
		{[]string{"simulate", "--replicas", "3", cs}, "stateflows"},
		{[]string{"simulate", "--scenario", scenario("sf-step.yaml", "step: PT1S\n"), cs}, "stateflows"},
		{[]string{"simulate", "--crash", "1@2026-11-01T00:00:00Z", scheme}, "wfe"},
		{[]string{"simulate", "--lease", "PT1M", cron}, "cadence"},
		{[]string{"simulate", "--scenario", scenario("wfe-crash.yaml", "crash: []\n"), scheme}, "wfe"},
		{[]string{"simulate", "--scenario", scenario("bpmn-instances.yaml", "instances: []\n"), "../../examples/approval.bpmn"}, "bpmn"},
		{[]string{"simulate", "--format", "svg", cs}, "stateflows"},
		{[]string{"simulate", "--format", "svg", cron}, "cadence"},
		{[]string{"next", "--kind", "cycle", "--engine", "stateflows", "AfterOneDay"}, "stateflows"},
		{[]string{"next", "--assume", "A=1h", "R/2026-11-09T08:00:00Z/P1D"}, "bpmn"},
		{[]string{"next", "--as", "catch", cron}, "cadence"},
		{[]string{"next", "--revision", "main", "--engine", "wfe", "Interval:1h"}, "wfe"},
		{[]string{"next", "--tz", "Europe/Berlin", scheme}, "wfe"},
	} {
		code, out, errOut := runCLI(t, "", c.args...)
		if code != lint.ExitUsage || !strings.Contains(errOut, "--engine "+c.engine) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 naming --engine %s", strings.Join(c.args, " "), code, errOut, out, c.engine)
		}
	}
}

// TestEveryFlagNotForEveryEngine: each flag an engine declares is refused,
// naming the engine, by every engine that does not declare it.
func TestEveryFlagNotForEveryEngine(t *testing.T) {
	values := map[string]string{"seed": "2", "replicas": "2", "debug": "true"}
	arg := map[string]string{"bpmn": "R/2026-11-09T08:00:00Z/P1D", "wfe": "Interval:1h", "stateflows": "AfterOneDay", "cadence": "cron:0 9 * * *"}
	simPath := map[string]string{"bpmn": "../../examples/approval.bpmn", "wfe": "../../examples/wfe/service-desk.xml",
		"stateflows": "../../examples/stateflows/OrderMachine.cs", "cadence": "cron:0 9 * * *"}
	tried := 0
	for _, cmd := range []struct {
		name string
		ef   *engineFlags
		arg  map[string]string
	}{{"next", nextFlags(), arg}, {"simulate", simulateFlags(), simPath}} {
		for _, e := range engines() {
			for _, name := range cmd.ef.names {
				if slices.Contains(cmd.ef.owners[name], e.Name) {
					continue
				}
				v := values[name]
				if v == "" {
					v = "x"
				}
				args := []string{cmd.name, "--engine", e.Name, "--" + name + "=" + v, cmd.arg[e.Name]}
				code, _, errOut := runCLI(t, "", args...)
				want := fmt.Sprintf("--%s does not apply to --engine %s", name, e.Name)
				if code != lint.ExitUsage || !strings.Contains(errOut, want) {
					t.Errorf("%s: exit %d, %q; want exit 2 and %q", strings.Join(args, " "), code, errOut, want)
				}
				tried++
			}
		}
	}
	if tried < 40 {
		t.Errorf("only %d combinations tried", tried)
	}
}

// TestValidForEngine: the flags and scenario keys that apply to an engine
// still work.
func TestValidForEngine(t *testing.T) {
	dir := t.TempDir()
	sfScenario := writeFile(t, dir, "sf.yaml", []byte("from: 2026-11-01T00:00:00Z\nuntil: 2026-11-03T00:00:00Z\ndown: 2026-11-01T10:00:00Z/2026-11-01T12:00:00Z\n"))
	wfeScenario := writeFile(t, dir, "wfe.yaml", []byte("from: 2026-11-06T08:00:00Z\nuntil: 2026-11-07T08:00:00Z\nstep: PT2S\n"))
	for _, args := range [][]string{
		{"next", "--engine", "stateflows", "--tz", "Europe/Berlin", "--revision", "main", "--now", "2026-11-04T10:00:30", "AfterOneDay"},
		{"next", "--engine", "wfe", "--assume", "A=1h", "--now", "2026-11-06T12:00:00Z", "Interval:1h"},
		{"next", "--kind", "cycle", "--as", "catch", "--now", "2026-01-01T00:00:00Z", "R/2026-01-31T00:00:00Z/P1D"},
		{"next", "--now", "2026-11-01T00:00:00Z", "cron:0 9 * * *"},
		{"simulate", "--now", "2026-11-01T00:00:00Z", "--seed", "3", "--jitter", "30s", "--run-time", "PT1M", "--overlap", "buffer-one", "--down", "2026-11-02T00:00:00Z/2026-11-03T00:00:00Z", "cron:0 9 * * *"},
		{"simulate", "--scenario", sfScenario, "../../examples/stateflows/OrderMachine.cs"},
		{"simulate", "--engine", "stateflows", "--from", "2026-11-01T00:00:00Z", "--until", "2026-11-02T00:00:00Z", "../../examples/stateflows/"},
		{"simulate", "--scenario", wfeScenario, "--replicas", "2", "--step", "1s", "../../examples/wfe/service-desk.xml"},
		{"simulate", "--now", "2026-11-01T00:00:00Z", "--replicas", "2", "--lease", "30s", "--step", "PT1S", "--debug", "../../examples/approval.bpmn"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != lint.ExitOK || out == "" {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestEngineChoice: simulate picks the engine from the files (cron:SPEC
// is cadence's), --engine overrides, and files of several engines other
// than BPMN need --engine.
func TestEngineChoice(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.cs", mustRead(t, "../../examples/stateflows/OrderMachine.cs"))
	writeFile(t, dir, "b.xml", mustRead(t, "../../examples/wfe/service-desk.xml"))
	code, _, errOut := runCLI(t, "", "simulate", "--no-config", "--now", "2026-11-01T00:00:00Z", dir)
	if code != lint.ExitUsage || !strings.Contains(errOut, "wfe, stateflows: choose one with --engine") {
		t.Errorf("two engines: exit %d, %q", code, errOut)
	}
	code, out, errOut := runCLI(t, "", "simulate", "--no-config", "--engine", "stateflows", "--now", "2026-11-01T00:00:00Z", dir)
	if code != lint.ExitOK || !strings.HasPrefix(out, "# seams-timers simulate --engine stateflows") {
		t.Errorf("--engine stateflows: exit %d, %q, %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "", "simulate", "--no-config", "--now", "2026-11-01T00:00:00Z", "../../examples/")
	if code != lint.ExitOK || !strings.HasPrefix(out, "# seams-timers simulate: ") {
		t.Errorf("examples/ (BPMN among others): exit %d, %.80q", code, out)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := lint.ReadInput(path, lint.MaxInputSize)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFlagParsing: the command lines' flags reach the options, without
// running anything (newCmdNext and newCmdSimulate take the function that
// runs them).
func TestFlagParsing(t *testing.T) {
	var gotNext *nextOptions
	c := newCmdNext(&streams{}, func(_ *streams, o *nextOptions) error { gotNext = o; return nil })
	c.SetArgs([]string{"--tz", "Europe/Berlin", "--assume", "A=1", "--assume", "B=2", "-n", "3", "--engine", "wfe", "X"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	want := project.Flags{"tz": {"Europe/Berlin"}, "assume": {"A=1", "B=2"}}
	if gotNext.N != 3 || gotNext.Engine != "wfe" || !gotNext.engineGiven || fmt.Sprint(gotNext.Flags) != fmt.Sprint(want) {
		t.Errorf("next options = %+v", gotNext)
	}
	var gotSim *simulateOptions
	c = newCmdSimulate(&streams{}, func(_ *streams, o *simulateOptions) error { gotSim = o; return nil })
	c.SetArgs([]string{"--seed", "7", "--debug", "--down", "a", "--down", "b", "-f", "json"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	want = project.Flags{"seed": {"7"}, "debug": {"true"}, "down": {"a", "b"}}
	if gotSim.Format != "json" || fmt.Sprint(gotSim.Flags) != fmt.Sprint(want) || !slices.Equal(gotSim.Paths, []string{"."}) {
		t.Errorf("simulate options = %+v", gotSim)
	}
	// Two engines that declare one flag declare it alike.
	nf, sf := nextFlags(), simulateFlags()
	for _, e := range engines() {
		if n, ok := e.Commands.(project.NextCommand); ok {
			for _, d := range n.NextFlags() {
				if nf.decl[d.Name].Kind != d.Kind {
					t.Errorf("next --%s: %s declares another kind", d.Name, e.Name)
				}
			}
		}
		if sc, ok := e.Commands.(project.SimulateCommand); ok {
			for _, d := range sc.SimulateFlags() {
				if sf.decl[d.Name].Kind != d.Kind {
					t.Errorf("simulate --%s: %s declares another kind", d.Name, e.Name)
				}
			}
		}
	}
}

// TestHostileNamesEscaped: a file name with an escape sequence or a
// workflow command reaches no output raw, in any engine's next and
// simulate, nor in check's "nothing was checked" line.
func TestHostileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	evil := "\x1b[2J\n::error::x"
	sub := filepath.Join(dir, evil)
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Skip("the file system refuses the name:", err)
	}
	writeFile(t, sub, evil+".cs", mustRead(t, "../../examples/stateflows/OrderMachine.cs"))
	writeFile(t, sub, evil+".xml", []byte(`<Process Name="P"><Timers><Timer Name="T" Type="Interval" Value="2hrs"/></Timers><Activities><Activity Name="A" IsInitial="True"/></Activities></Process>`))
	writeFile(t, sub, "broken.xml", []byte(`<Process Name="Q"><Timers>`))
	empty := filepath.Join(dir, "empty"+evil)
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--no-config", empty},
		{"simulate", "--no-config", "--engine", "stateflows", "--now", "2026-11-01T00:00:00Z", sub},
		{"simulate", "--no-config", "--engine", "wfe", "--now", "2026-11-01T00:00:00Z", sub},
		{"next", "--no-config", "--now", "2026-11-01T00:00:00Z", sub},
	} {
		_, out, errOut := runCLI(t, "", args...)
		for _, text := range []string{out, errOut} {
			if strings.Contains(text, "\x1b") {
				t.Errorf("%s: an escape sequence reaches the output: %q", args[0], text)
			}
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
					t.Errorf("%s: a line reads as a workflow command: %q", args[0], line)
				}
			}
		}
		if !strings.Contains(out+errOut, `\x1b[2J`) {
			t.Errorf("%s: the name is not shown escaped: %q %q", args[0], out, errOut)
		}
	}
}
