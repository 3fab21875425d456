package sim_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/sim"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// The whole-run oracle: every model of testdata/spiff-drive was driven
// through SpiffWorkflow's engine on a stepped clock by
// ../shared/tools/spiff-drive.py with the same scenario file (record.sh),
// and its normalized sequence is recorded beside it, for Spiff's main
// branch (NAME.main.json) and its v3.1.2 release (NAME.v3.1.2.json).
// simulate runs the same model and scenario, with check's verdicts as the
// command wires them, and must give the same events at the same instants.

// adrDeparts lists the scenarios where ADR-0037 departs from Spiff on
// purpose, and why: the tool follows the ADR there (section 4, timer
// starts).
var adrDeparts = map[string]string{
	"start-date": "ADR-0037 section 4: the scheduler fires a timer start at the first tick at or after its due time and starts an instance (P#1); " +
		"Spiff has no scheduler: the start event waits inside one instance created at load and fires strictly after its due time (a tick later)",
	"start-date-past": "ADR-0037 section 4: a timeDate start already past at the first load fires once at the first tick and starts P#1; " +
		"in Spiff it fires inside the one instance made at load",
	"start-cycle": "ADR-0037 section 4: each due time of a timer start cycle starts a new instance at the first tick at or after it; " +
		"in Spiff the start event fires strictly after each due time inside one instance",
	"start-cycle-down": "ADR-0037 section 4: of the due times missed during downtime only the latest fires, the others are logged missed; " +
		"Spiff replays every one inside its one instance",
	"start-cycle-user": "ADR-0037 section 4: each due time starts a new instance whose user task opens; in Spiff the start event fires inside one instance",
	"start-dur":        "ADR-0037 refuses a timeDuration on a timer start (TMR2004), so simulate does not run it; Spiff waits the duration from load",
}

// adrRefuses lists the scenarios whose timer ADR-0037 refuses (check's
// error, which simulate lists and does not run), with the rule: Spiff runs
// them. The engine must still run them as Spiff does, so they are compared
// once more with no verdicts.
var adrRefuses = map[string]string{
	"catch-cycle-r3-auto":       "TMR2001",
	"catch-cycle-r3-user":       "TMR2001",
	"catch-cycle-r3-user-done":  "TMR2001",
	"catch-cycle-r5-auto-down":  "TMR2001",
	"catch-cycle-r10-auto-late": "TMR2001",
	"catch-cycle-r10-user-late": "TMR2001",
	"catch-cycle-r4-user-down":  "TMR2001",
	"catch-cycle-p1m-jan31":     "TMR2001",
	"catch-cycle-p1y-leap":      "TMR2001",
	"catch-cycle-r1":            "TMR2001",
	"call-cycle-inside":         "TMR2001",
	"call-boundary-int":         "TMR2002",
	"call-boundary-beaten":      "TMR2002",
	"sub-boundary-int":          "TMR2002",
	"sub-boundary-beaten":       "TMR2002",
	"sub-boundary-ni":           "TMR2002",
	"sub-nested-boundary":       "TMR2002",
}

// spiffQuirks lists the whole runs where simulate still differs from
// Spiff, and why; the test fails if one starts to agree.
var spiffQuirks = map[string]string{
	"loop-boundary": "Spiff cancels the task of an interrupting boundary whose path leads back to that task only every other firing " +
		"(the task re-entered under the completed boundary is left READY: two open copies); simulate cancels it at each firing, as BPMN says",
	"call-cycle-inside": "inside a called process, the last occurrence of an intermediate cycle whose path ends the process leaves the timer READY " +
		"until the next tick, so the call activity completes a tick later than at the top level; ADR-0037 refuses the cycle (TMR2001), " +
		"so simulate never runs it",
}

// spiffEvent is one normalized event: instant, kind, element, due time,
// instance.
type spiffEvent [5]string

func (e spiffEvent) String() string { return strings.Join(e[:], " ") }

func readDrive(t *testing.T, path string) []spiffEvent {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Events [][5]*string `json:"events"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []spiffEvent
	for _, e := range doc.Events {
		var s spiffEvent
		for i, v := range e {
			if v != nil {
				s[i] = *v
			}
		}
		switch s[1] {
		case "drop-task":
			// Spiff removes the open task from its tree (Task.cancel drops
			// the children of a cancelled parent): for whoever waits on
			// the task, it was cancelled.
			s[1] = "cancel-task"
		case "drop-timer":
			s[1] = "cancel-timer"
		case "end":
			s[2] = ""
		}
		out = append(out, s)
	}
	return out
}

// simulated runs simulate as the command does (with check's verdicts,
// unless engineOnly) and normalizes its events; refused lists the rules of
// the timers the verdicts refused.
func simulated(t *testing.T, model, scenario string, v sim.SpiffVersion, engineOnly bool) (_ []spiffEvent, refused []string) {
	t.Helper()
	src, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	doc, perr := bpmn.Parse(filepath.Base(model), src)
	if perr != nil {
		t.Fatal(perr)
	}
	ys, err := os.ReadFile(scenario)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := sim.ParseScenario(ys)
	if err != nil {
		t.Fatal(err)
	}
	sc.Defaults()
	docs := []*bpmn.Document{doc}
	in := sim.Input{Docs: docs, Spiff: v}
	if !engineOnly {
		verdicts := rules.Verdicts(docs, sc.From)
		in.Refused = func(d *bpmn.Document, el *bpmn.Element) (string, string, bool) {
			x, ok := verdicts[d.ElementIRI(el.ID)]
			return x.Rule, rules.Reason(x), ok
		}
	}
	res, err := sim.Run(in, sc)
	if err != nil {
		t.Fatal(err)
	}
	sim.StreamMatches(t, in, sc, res)
	for _, ts := range res.Timers {
		if ts.Refusal != nil {
			refused = append(refused, ts.Refusal.Rule)
		}
	}
	var out []spiffEvent
	ts := timeexpr.FormatTime
	for _, ev := range res.Events() {
		var kind, el, due string
		switch ev.Kind {
		case sim.KindInstanceStart:
			kind, el = "start", ev.Element
		case sim.KindArmed, sim.KindFire, sim.KindCancelled:
			kind = map[sim.Kind]string{sim.KindArmed: "armed", sim.KindFire: "fire", sim.KindCancelled: "cancel-timer"}[ev.Kind]
			el, due = res.Timers[ev.Timer].Element.ID, ts(ev.Due)
		case sim.KindTaskOpen:
			kind, el = "open", ev.Element
		case sim.KindTaskComplete:
			kind, el = "complete", ev.Element
		case sim.KindTaskCancelled:
			kind, el = "cancel-task", ev.Element
		case sim.KindInstanceEnd:
			kind = "end"
		default:
			continue
		}
		out = append(out, spiffEvent{ts(ev.At), kind, el, due, res.InstanceName(ev.Instance)})
	}
	return out, refused
}

// sameRun compares two sequences instant by instant; at one instant the
// order of the events is not compared. It returns the first difference.
func sameRun(got, want []spiffEvent) string {
	group := func(s []spiffEvent) (keys []string, by map[string][]string) {
		by = map[string][]string{}
		for _, e := range s {
			if _, ok := by[e[0]]; !ok {
				keys = append(keys, e[0])
			}
			by[e[0]] = append(by[e[0]], e.String())
		}
		for _, v := range by {
			sort.Strings(v)
		}
		return keys, by
	}
	gk, gb := group(got)
	wk, wb := group(want)
	for i := 0; i < len(gk) || i < len(wk); i++ {
		switch {
		case i >= len(gk):
			return fmt.Sprintf("simulate stops; Spiff goes on at %s:\n    %s", wk[i], strings.Join(wb[wk[i]], "\n    "))
		case i >= len(wk):
			return fmt.Sprintf("Spiff stops; simulate goes on at %s:\n    %s", gk[i], strings.Join(gb[gk[i]], "\n    "))
		case gk[i] != wk[i] || strings.Join(gb[gk[i]], "\n") != strings.Join(wb[wk[i]], "\n"):
			return fmt.Sprintf("simulate at %s:\n    %s\nSpiff at %s:\n    %s", gk[i], strings.Join(gb[gk[i]], "\n    "),
				wk[i], strings.Join(wb[wk[i]], "\n    "))
		}
	}
	return ""
}

func TestSpiffWholeRuns(t *testing.T) {
	models, err := filepath.Glob(filepath.Join("testdata", "spiff-drive", "*.bpmn"))
	if err != nil || len(models) < 60 {
		t.Fatalf("want at least 60 recorded whole runs, have %d (%v)", len(models), err)
	}
	for _, v := range []struct {
		version sim.SpiffVersion
		suffix  string
	}{{sim.SpiffMain, ".main.json"}, {sim.Spiff312, ".v3.1.2.json"}} {
		agree, departs, refusedAgree, quirks := 0, 0, 0, 0
		for _, m := range models {
			name := strings.TrimSuffix(filepath.Base(m), ".bpmn")
			base := strings.TrimSuffix(m, ".bpmn")
			want := readDrive(t, base+v.suffix)
			got, refused := simulated(t, m, base+".yaml", v.version, false)
			diff := sameRun(got, want)
			quirk, isQuirk := spiffQuirks[name]
			why, departsADR := adrDeparts[name]
			rule, refusedADR := adrRefuses[name]
			switch {
			case departsADR:
				departs++
				if diff == "" {
					t.Errorf("spiff %s: %s: listed as departing from Spiff (%s) but agrees", v.version, name, why)
				}
			case refusedADR:
				if !slices.Contains(refused, rule) {
					t.Errorf("spiff %s: %s: want a timer refused by %s, simulate refused %v", v.version, name, rule, refused)
				}
				got, _ = simulated(t, m, base+".yaml", v.version, true)
				d := sameRun(got, want)
				switch {
				case isQuirk && d == "":
					t.Errorf("spiff %s: %s: listed as a known difference (%s) but agrees", v.version, name, quirk)
				case isQuirk:
					quirks++
					t.Logf("spiff %s: %s: known difference: %s", v.version, name, quirk)
				case d != "":
					t.Errorf("spiff %s: %s (ADR-0037 refuses it, %s): with no verdicts the engine differs from Spiff's run\n  %s", v.version, name, rule, d)
				default:
					refusedAgree++
				}
			case isQuirk && diff == "":
				t.Errorf("spiff %s: %s: listed as a known difference (%s) but agrees", v.version, name, quirk)
			case isQuirk:
				quirks++
				t.Logf("spiff %s: %s: known difference: %s", v.version, name, quirk)
			case diff == "":
				agree++
			default:
				t.Errorf("spiff %s: %s differs from Spiff's run\n  %s", v.version, name, diff)
			}
		}
		t.Logf("spiff %s: %d/%d whole runs agree event by event; %d more that ADR-0037 refuses agree with no verdicts; "+
			"%d timer-start runs depart on purpose (ADR-0037 section 4); %d known differences",
			v.version, agree, len(models), refusedAgree, departs, quirks)
	}
}

// TestTMR5004AgreesWithSimulate holds check's TMR5004 and simulate to the
// same count of overdue occurrences one scheduler tick delivers after a
// day of downtime from the cycle's start: all of them when the path runs
// by itself, SpiffWorkflow main's two per tick when it stops at a user
// task (one on v3.1.2).
func TestTMR5004AgreesWithSimulate(t *testing.T) {
	const head = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="t">
<bpmn:process id="P" isExecutable="true">
<bpmn:startEvent id="S"/><bpmn:sequenceFlow id="f1" sourceRef="S" targetRef="U"/>
<bpmn:userTask id="U"/>
<bpmn:boundaryEvent id="Nag" attachedToRef="U" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:boundaryEvent>
<bpmn:sequenceFlow id="f2" sourceRef="Nag" targetRef="R"/>
`
	sc := `from: 2026-11-09T07:00:00Z
until: 2026-11-10T09:00:00Z
step: PT1M
down:
  - 2026-11-09T07:30:00Z/2026-11-10T08:00:00Z
processes:
  P:
    start: 2026-11-09T07:00:00Z
`
	countRe := regexp.MustCompile(`fires this path (\d+) time\(s\) in one scheduler tick|each scheduler tick delivers (\d+) of them`)
	for _, c := range []struct {
		name, then string
		want       map[sim.SpiffVersion]int
	}{
		{"automatic path", `<bpmn:scriptTask id="R"><bpmn:script>x = 1</bpmn:script></bpmn:scriptTask>`, map[sim.SpiffVersion]int{sim.SpiffMain: 24, sim.Spiff312: 24}},
		{"path stops at a user task", `<bpmn:userTask id="R"/>`, map[sim.SpiffVersion]int{sim.SpiffMain: 2, sim.Spiff312: 1}},
	} {
		src := head + c.then + "</bpmn:process></bpmn:definitions>\n"
		doc, perr := bpmn.Parse("nag.bpmn", []byte(src))
		if perr != nil {
			t.Fatal(perr)
		}
		scen, err := sim.ParseScenario([]byte(sc))
		if err != nil {
			t.Fatal(err)
		}
		ds := lint.Run(lint.Options{Rules: []*lint.Rule{rules.BoundaryCycleReplay}, Now: scen.From}, rules.ProjectOf([]*bpmn.Document{doc}), nil)
		if len(ds) != 1 {
			t.Fatalf("%s: want one TMR5004, got %v", c.name, ds)
		}
		m := countRe.FindStringSubmatch(ds[0].Message)
		if m == nil {
			t.Fatalf("%s: no count in %q", c.name, ds[0].Message)
		}
		said, _ := strconv.Atoi(m[1] + m[2])
		if said != c.want[sim.SpiffMain] {
			t.Errorf("%s: TMR5004 says %d per tick, want %d: %s", c.name, said, c.want[sim.SpiffMain], ds[0].Message)
		}
		for v, want := range c.want {
			res, err := sim.Run(sim.Input{Docs: []*bpmn.Document{doc}, Spiff: v}, scen)
			if err != nil {
				t.Fatal(err)
			}
			perTick := map[time.Time]int{}
			most := 0
			for _, ev := range res.Filter(sim.KindFire) {
				perTick[ev.At]++
				most = max(most, perTick[ev.At])
			}
			if most != want {
				t.Errorf("%s: spiff %s: simulate fires at most %d per tick after the downtime, want %d", c.name, v, most, want)
			}
		}
	}
}

// TestCallActivityAcrossModels: a call activity runs the process its
// calledElement names in another model file, whose timer waits and fires
// inside the caller's instance; one that names no process leaves the token
// waiting and says why, as does a process that calls itself, without a
// panic.
func TestCallActivityAcrossModels(t *testing.T) {
	const defs = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="t">
`
	caller := defs + `<bpmn:process id="P" isExecutable="true">
<bpmn:startEvent id="S"/><bpmn:sequenceFlow id="f1" sourceRef="S" targetRef="C"/>
<bpmn:callActivity id="C" calledElement="Billing"/><bpmn:sequenceFlow id="f2" sourceRef="C" targetRef="E"/>
<bpmn:endEvent id="E"/>
</bpmn:process>
<bpmn:process id="Q" isExecutable="true">
<bpmn:startEvent id="S2"/><bpmn:sequenceFlow id="g1" sourceRef="S2" targetRef="Lost"/>
<bpmn:callActivity id="Lost" calledElement="Nowhere"/><bpmn:sequenceFlow id="g2" sourceRef="Lost" targetRef="E2"/>
<bpmn:endEvent id="E2"/>
</bpmn:process>
<bpmn:process id="Again" isExecutable="true">
<bpmn:startEvent id="S3"/><bpmn:sequenceFlow id="h1" sourceRef="S3" targetRef="Self"/>
<bpmn:callActivity id="Self" calledElement="Again"/>
</bpmn:process></bpmn:definitions>
`
	callee := defs + `<bpmn:process id="Billing" isExecutable="false">
<bpmn:startEvent id="BS"/><bpmn:sequenceFlow id="b1" sourceRef="BS" targetRef="Wait"/>
<bpmn:intermediateCatchEvent id="Wait"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT2H"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="b2" sourceRef="Wait" targetRef="BE"/><bpmn:endEvent id="BE"/>
</bpmn:process></bpmn:definitions>
`
	var docs []*bpmn.Document
	for _, f := range [][2]string{{"caller.bpmn", caller}, {"billing.bpmn", callee}} {
		d, perr := bpmn.Parse(f[0], []byte(f[1]))
		if perr != nil {
			t.Fatal(perr)
		}
		docs = append(docs, d)
	}
	from := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	sc := sim.Scenario{From: from, Until: from.Add(6 * time.Hour), Step: time.Minute, Processes: []sim.ProcessPlan{
		{Process: "P", Starts: []time.Time{from}},
		{Process: "Q", Starts: []time.Time{from}},
		{Process: "Again", Starts: []time.Time{from}},
	}}
	res, err := sim.Run(sim.Input{Docs: docs}, sc)
	if err != nil {
		t.Fatal(err)
	}
	got := res.Lines(true)
	want := []string{
		"2026-11-01T12:00:00Z r1 info  instance start P#1 at S",
		"2026-11-01T12:00:00Z r1 info  timer armed billing.bpmn#Wait due 2026-11-01T14:00:00Z instance P#1",
		"2026-11-01T12:00:00Z r1 info  instance start Q#1 at S2",
		`2026-11-01T12:00:00Z r1 info  token waits forever at Lost instance Q#1 (its calledElement "Nowhere" names no process of the models)`,
		"2026-11-01T12:00:00Z r1 info  instance start Again#1 at S3",
		`2026-11-01T12:00:00Z r1 info  token waits forever at Self instance Again#1 (it calls "Again", which is already running it: the calls would nest without end)`,
		"2026-11-01T14:01:00Z r1 info  timer fire billing.bpmn#Wait due 2026-11-01T14:00:00Z instance P#1",
		"2026-11-01T14:01:00Z r1 debug instance end P#1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
