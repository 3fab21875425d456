package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// The rules of the TMR9xxx family: properties of every execution, found by
// the search.
const (
	RuleNeverArmed  = "TMR9001"
	RuleNeverFires  = "TMR9002"
	RulePostponed   = "TMR9003"
	RuleStuck       = "TMR9004"
	RuleArmedTwice  = "TMR9005"
	RuleUnbounded   = "TMR9006"
	RuleBounded     = "TMR9007"
	RuleUnsupported = "TMR9008"
	RuleRunsTwice   = "TMR9009"
	RuleSkipped     = "TMR9010"
)

// RuleInfo is a property's rule: its name, severity, title, and its page:
// what it finds, why it matters, and a bad and a good example.
type RuleInfo struct {
	ID, Name, Severity, Title string
	Doc, Bad, Good            string
}

// Rules lists the family in ID order.
var Rules = []RuleInfo{
	{RuleNeverArmed, "timer-never-armed", "warning", "No execution arms the timer (a dead timer)",
		`No reachable state of the process waits on the timer: every path from every start event
misses the element that arms it (the timer catch, or the task its boundary is attached to). The
timer is dead: it never runs, whatever the users and messages do. Connect it, or remove it.`,
		`<bpmn:startEvent id="S"/><bpmn:endEvent id="E"/>
<bpmn:sequenceFlow id="f1" sourceRef="S" targetRef="E"/>
<bpmn:userTask id="Orphan"/>  <!-- no flow reaches it -->
<bpmn:intermediateCatchEvent id="Wait">...PT1H...</bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="f2" sourceRef="Orphan" targetRef="Wait"/>`,
		`<bpmn:startEvent id="S"/><bpmn:userTask id="T"/>
<bpmn:sequenceFlow id="f1" sourceRef="S" targetRef="T"/>
<bpmn:sequenceFlow id="f2" sourceRef="T" targetRef="Wait"/>`},
	{RuleNeverFires, "timer-never-fires", "warning", "The timer is armed, but no execution lets it fire",
		`Some execution arms the timer, but in every one it is cancelled before it is due, or it has
no occurrence (an R0 cycle). Typical cases: the longer of two interrupting boundary timers on one
task (the shorter always cancels the task, and the longer with it); in a Workflow Engine scheme, a
longer timer beside a shorter one whose transition always leaves the activity, or an Interval that
the engine reads as 0 ("10 min") and that fires before every other. The counterexample is the
shortest path to a state where the timer is armed.`,
		`<bpmn:userTask id="Review"/>
<bpmn:boundaryEvent id="Remind" attachedToRef="Review" cancelActivity="true">...PT1H...</bpmn:boundaryEvent>
<bpmn:boundaryEvent id="Escalate" attachedToRef="Review" cancelActivity="true">...PT2H...</bpmn:boundaryEvent>`,
		`<bpmn:userTask id="Review"/>
<bpmn:boundaryEvent id="Remind" attachedToRef="Review" cancelActivity="false">...PT1H...</bpmn:boundaryEvent>
<bpmn:boundaryEvent id="Escalate" attachedToRef="Review" cancelActivity="true">...PT2H...</bpmn:boundaryEvent>`},
	{RulePostponed, "timer-postponed-forever", "warning", "A loop re-arms the timer before it is due, forever",
		`There is an infinite execution in which time passes and the timer is re-armed again and
again without ever firing: a rework loop back to a task with a boundary timer (each time the task
opens, its timer starts again), or, in a Workflow Engine scheme, a command that re-enters the
activity and clears and re-registers its timer. The deadline the timer stands for is never
enforced. The counterexample is the path into the loop, then the loop. Bound the loop, or arm the
timer outside it.`,
		`<bpmn:userTask id="Review"/>
<bpmn:boundaryEvent id="Timeout" attachedToRef="Review">...PT1H...</bpmn:boundaryEvent>
<bpmn:exclusiveGateway id="Again"/>
<bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="Again"/>
<bpmn:sequenceFlow id="f3" sourceRef="Again" targetRef="Review"/>  <!-- back: Timeout starts again -->`,
		`<bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="Again"/>
<bpmn:sequenceFlow id="f3" sourceRef="Again" targetRef="Rework"/>  <!-- a task without the timer -->`},
	{RuleStuck, "instance-stuck", "error", "A reachable state waits with nothing that can move it",
		`A state is reachable in which the instance has not ended, no timer can fire, no task or
message can move it, and time passing changes nothing: the instance waits forever. Examples: a
catch on an R0 cycle; an event-based gateway, which SpiffWorkflow never completes (its timer
branches run on their own, and the events it waits for are never reported); a Workflow Engine
activity whose timer row was lost (a NotOverrideIfExists timer whose conditions failed: the fired
row is deleted and not re-created) and that no command leaves.`,
		`<bpmn:intermediateCatchEvent id="Never">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R0/2026-01-01T00:00:00Z/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
		`<bpmn:intermediateCatchEvent id="Once">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R1/2026-01-01T00:00:00Z/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`},
	{RuleArmedTwice, "timer-armed-twice", "warning", "Two tokens wait on the same timer: its firing runs twice in one instance",
		`A reachable state holds two tokens waiting on one timer (a parallel split whose branches
meet at a timer catch with no join before it): each fires and runs the path after it, so the side
effects of one firing run twice in the instance. Join the branches before the timer.`,
		`<bpmn:parallelGateway id="Split"/>
<bpmn:sequenceFlow id="f4" sourceRef="A" targetRef="Wait"/>
<bpmn:sequenceFlow id="f5" sourceRef="B" targetRef="Wait"/>`,
		`<bpmn:sequenceFlow id="f4" sourceRef="A" targetRef="Join"/>
<bpmn:sequenceFlow id="f5" sourceRef="B" targetRef="Join"/>
<bpmn:sequenceFlow id="f7" sourceRef="Join" targetRef="Wait"/>`},
	{RuleUnbounded, "tokens-unbounded", "warning", "An execution creates tokens without bound",
		`An execution reaches more tokens than the bound (32 in one instance), or loops through
automatic nodes without ever waiting: an unbounded non-interrupting cycle on a task whose path
opens another task at every occurrence, which the users need not complete. Bound the cycle (R<n>),
or make the path end by itself.`,
		`<bpmn:boundaryEvent id="Nag" attachedToRef="Work" cancelActivity="false">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-01-01T00:00:00Z/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>  <!-- each occurrence opens a FollowUp user task -->`,
		`<bpmn:boundaryEvent id="Nag" attachedToRef="Work" cancelActivity="false">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R3/2026-01-01T00:00:00Z/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`},
	{RuleBounded, "search-bounded", "info", "The search stopped at the state bound",
		`The search met --max-states before it had explored every state. The findings it reports are
true (each has its counterexample), but the "never" properties (TMR9001, TMR9002) need the whole
state space and are not claimed. Raise --max-states, or bound the tasks (--task-time) so that the
clock unit grows.`,
		`seams-timers verify --max-states 10 models/`,
		`seams-timers verify models/`},
	{RuleUnsupported, "verify-unsupported", "info", "A timer whose due times verify cannot compute",
		`The timer's expression has no due times verify can compute: it is not a quoted literal, does
not parse, has no offset, or is a form ADR-0037 refuses (check reports why). Verify lets such a
timer fire at any instant after it is armed, so the other properties hold for every due time it
might have.`,
		`<bpmn:timeDuration>PT1H</bpmn:timeDuration>  <!-- unquoted: a NameError in Spiff -->`,
		`<bpmn:timeDuration>"PT1H"</bpmn:timeDuration>`},
	{RuleRunsTwice, "firing-runs-twice", "warning", "Under the deployment's replicas, a firing's effects can run twice",
		`ADR-0037 section 4 claims each firing in the shared store: a timer start by inserting its
firing row in the transaction that starts the instance, a timer catch by a lease on its timer row,
deleted in the transaction that writes the next checkpoint only if the replica still holds the
lease. The store's part is exactly once: verify explores every interleaving of the replicas'
loops at each tick, crashes before and after a commit, restarts, stalls and lease expiry (with
--replicas, --lease and the poll interval, as simulate reads them) and checks that no firing
commits twice. But a run that does not commit is rolled back only in the store: the service task
it called, the message it sent, stay done, and the next claim runs them again. The rule reports a
timer whose run, before the instance waits again, passes a service task, a send task or a message
throw, with the interleaving that runs it twice: a crash before the commit, or a stall longer than
the lease (the replica's own retry after the stall, or another replica, takes the row again).
Make the call idempotent, keyed by the firing (the event and its due time), or put a wait state
(a user task, a short timer catch) before it, so that the call runs in a run of its own whose
claim is not the timer's. --faults and --max-stall say which faults the deployment must survive.`,
		`<bpmn:boundaryEvent id="Remind" attachedToRef="Approve" cancelActivity="false">...PT48H...</bpmn:boundaryEvent>
<bpmn:sequenceFlow id="f3" sourceRef="Remind" targetRef="SendMail"/>
<bpmn:serviceTask id="SendMail"/>  <!-- runs again when a run that called it rolls back -->`,
		`<bpmn:boundaryEvent id="Remind" attachedToRef="Approve" cancelActivity="false">...PT48H...</bpmn:boundaryEvent>
<bpmn:sequenceFlow id="f3" sourceRef="Remind" targetRef="ReviewReminder"/>
<bpmn:userTask id="ReviewReminder"/>  <!-- the firing only opens a task; nothing leaves the store -->`},
	{RuleSkipped, "firing-skipped", "warning", "A due time passes unfired while a replica is up",
		`At least once, the other half of ADR-0037 section 4: while a replica is up, each due time
fires. Every replica's loop runs once per poll interval, and at a tick only the latest due time
passed since the last firing row fires (missed firings collapse into one). A timer start cycle
whose period is shorter than the poll interval therefore loses due times even when nothing fails:
verify finds the tick that sees two due times and fires only the second. The rule also reports a
firing that can wait forever with a replica up and no fault (a protocol that never lets it be
claimed). Lengthen the period, or shorten the scheduler's poll interval (scheduler.poll).`,
		`<bpmn:timeCycle>"R/2026-01-01T00:00:00Z/PT30S"</bpmn:timeCycle>  <!-- scheduler.poll: PT1M -->`,
		`<bpmn:timeCycle>"R/2026-01-01T00:00:00Z/PT1H"</bpmn:timeCycle>  <!-- scheduler.poll: PT1M -->`},
}

// Page renders a rule's documentation page (docs/verify/<ID>.md).
func Page(r RuleInfo) string {
	lang := "xml"
	if strings.HasPrefix(r.Bad, "seams-timers") {
		lang = "console"
	}
	return fmt.Sprintf(`# %s %s

<!-- Generated by `+"`go generate ./...`"+` from the rule's metadata; do not edit. -->

%s.

| ID | name | default severity | applies to |
| --- | --- | --- | --- |
| %s | `+"`%s`"+` | %s | each process `+"`seams-timers verify`"+` explores |

%s

## Bad

`+"```%s\n%s\n```"+`

## Good

`+"```%s\n%s\n```"+`
`, r.ID, r.Name, r.Title, r.ID, r.Name, r.Severity, r.Doc, lang, r.Bad, lang, r.Good)
}

// Info returns a rule's name and severity.
func Info(id string) RuleInfo {
	for _, r := range Rules {
		if r.ID == id {
			return r
		}
	}
	return RuleInfo{ID: id}
}

// Finding is a violated property, with its counterexample.
type Finding struct {
	Rule     string `json:"rule"`
	Name     string `json:"name"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Element  string `json:"element,omitempty"`
	Message  string `json:"message"`
	// Trace is the counterexample: the moves from the start to the state
	// that shows the property violated.
	Trace []Step `json:"trace,omitempty"`
	// Loop, for a property about forever, is the cycle that repeats after
	// Trace.
	Loop []Step `json:"loop,omitempty"`
	// Replay are the flags of `seams-timers simulate` that run the
	// counterexample (before the model's path); NoReplay says why a
	// counterexample has none.
	Replay   []string `json:"replay,omitempty"`
	NoReplay string   `json:"noReplay,omitempty"`
}

// NewFinding fills a finding's name and severity from its rule.
func NewFinding(rule, file string, line, col int, element, msg string) Finding {
	r := Info(rule)
	return Finding{Rule: rule, Name: r.Name, Severity: r.Severity, File: file, Line: line, Column: col, Element: element, Message: msg}
}

// Result is what verifying one model (a process, a scheme) gives.
type Result struct {
	File string `json:"file"`
	// Model names the process or scheme.
	Model   string `json:"model"`
	States  int    `json:"states"`
	Edges   int    `json:"transitions"`
	Bounded bool   `json:"bounded"`
	Timers  int    `json:"timers"`
	// ClaimStates and ClaimEdges count the exactly-once searches of the
	// model's timers (ADR-0037 section 4), apart from the process's.
	ClaimStates int       `json:"claimStates,omitempty"`
	ClaimEdges  int       `json:"claimTransitions,omitempty"`
	Findings    []Finding `json:"findings"`
	// Micros is the wall time of the search; printed only on request
	// (it is not deterministic).
	Micros int64 `json:"-"`
}

// Count returns the number of transitions of a graph.
func Count[S any](g *Graph[S]) int {
	n := 0
	for _, o := range g.Out {
		n += len(o)
	}
	return n
}

// Sort orders results by file and model, and findings by position and
// rule: the same input gives the same bytes.
func Sort(rs []Result) {
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].File != rs[j].File {
			return rs[i].File < rs[j].File
		}
		return rs[i].Model < rs[j].Model
	})
	for _, r := range rs {
		sort.SliceStable(r.Findings, func(i, j int) bool {
			a, b := r.Findings[i], r.Findings[j]
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			if a.Column != b.Column {
				return a.Column < b.Column
			}
			if a.Rule != b.Rule {
				return a.Rule < b.Rule
			}
			return a.Element < b.Element
		})
	}
}

// FormatAt prints a time in milliseconds as the largest exact units:
// 0s, 90000 -> 1m30s, 86400000 -> 1d, 1500 -> 1s500ms.
func FormatAt(ms int64) string {
	if ms == 0 {
		return "0s"
	}
	var b strings.Builder
	if ms < 0 {
		b.WriteByte('-')
		ms = -ms
	}
	for _, u := range []struct {
		n int64
		c string
	}{{86400000, "d"}, {3600000, "h"}, {60000, "m"}, {1000, "s"}, {1, "ms"}} {
		if ms >= u.n {
			fmt.Fprintf(&b, "%d%s", ms/u.n, u.c)
			ms %= u.n
		}
	}
	return b.String()
}

// WriteText prints every finding with its counterexample as numbered
// steps, then one summary line per model; stats adds the search time.
func WriteText(w io.Writer, rs []Result, stats bool) error {
	var b strings.Builder
	for _, r := range rs {
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "%s:%d:%d: %s: %s [%s %s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule, f.Name)
			writeSteps(&b, "counterexample", f.Trace, 0)
			writeSteps(&b, "then forever", f.Loop, len(f.Trace))
			if len(f.Replay) > 0 {
				fmt.Fprintf(&b, "  replay: seams-timers simulate %s %s\n", strings.Join(f.Replay, " "), f.File)
			} else if f.NoReplay != "" {
				fmt.Fprintf(&b, "  not replayable in simulate: %s\n", f.NoReplay)
			}
		}
	}
	for _, r := range rs {
		bound := ""
		if r.Bounded {
			bound = " (bounded)"
		}
		fmt.Fprintf(&b, "%s: %s: %d states, %d transitions%s, %d timer(s), %d finding(s)", r.File, r.Model, r.States, r.Edges, bound, r.Timers, len(r.Findings))
		if r.ClaimStates > 0 {
			fmt.Fprintf(&b, "; exactly-once: %d states, %d transitions", r.ClaimStates, r.ClaimEdges)
		}
		if stats {
			fmt.Fprintf(&b, ", %.1f ms", float64(r.Micros)/1000)
			if r.Micros > 0 {
				fmt.Fprintf(&b, ", %.0f states/s", float64(r.States+r.ClaimStates)/(float64(r.Micros)/1e6))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSteps(b *strings.Builder, title string, steps []Step, from int) {
	if steps == nil {
		return
	}
	fmt.Fprintf(b, "  %s:\n", title)
	for i, s := range steps {
		fmt.Fprintf(b, "    %d. t=%s  %s", from+i+1, FormatAt(s.At), s.Move)
		if s.State != "" {
			fmt.Fprintf(b, "  -> %s", s.State)
		}
		b.WriteByte('\n')
	}
}

// WriteJSON prints the results as one JSON document.
func WriteJSON(w io.Writer, rs []Result) error {
	if rs == nil {
		rs = []Result{}
	}
	for i := range rs {
		if rs[i].Findings == nil {
			rs[i].Findings = []Finding{}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Results []Result `json:"results"`
	}{rs})
}

func sortInts(a []int) { sort.Ints(a) }

func sortComps(c [][]int) {
	sort.Slice(c, func(i, j int) bool { return c[i][0] < c[j][0] })
}

func sortInt64s(a []int64) { sort.Slice(a, func(i, j int) bool { return a[i] < a[j] }) }
