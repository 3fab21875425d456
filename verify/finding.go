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
)

// RuleInfo is a property's name, severity and title.
type RuleInfo struct {
	ID, Name, Severity, Title string
}

// Rules lists the family in ID order.
var Rules = []RuleInfo{
	{RuleNeverArmed, "timer-never-armed", "warning", "no execution arms the timer (dead timer)"},
	{RuleNeverFires, "timer-never-fires", "warning", "the timer is armed, but no execution lets it fire"},
	{RulePostponed, "timer-postponed-forever", "warning", "a loop re-arms the timer before it is due, forever"},
	{RuleStuck, "instance-stuck", "error", "a reachable state waits with no timer that can fire and nothing else that can move it"},
	{RuleArmedTwice, "timer-armed-twice", "warning", "two tokens wait on the same timer: its firing runs twice in one instance"},
	{RuleUnbounded, "tokens-unbounded", "warning", "an execution creates tokens without bound"},
	{RuleBounded, "search-bounded", "info", "the search stopped at the state bound: the other results hold for the explored states only"},
	{RuleUnsupported, "verify-unsupported", "info", "an element the verifier does not model"},
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
	Model    string    `json:"model"`
	States   int       `json:"states"`
	Edges    int       `json:"transitions"`
	Bounded  bool      `json:"bounded"`
	Timers   int       `json:"timers"`
	Findings []Finding `json:"findings"`
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

// FormatAt prints an instant in seconds as the largest exact units:
// 0s, 90s -> 1m30s, 86400 -> 1d.
func FormatAt(s int64) string {
	if s == 0 {
		return "0s"
	}
	var b strings.Builder
	if s < 0 {
		b.WriteByte('-')
		s = -s
	}
	for _, u := range []struct {
		n int64
		c string
	}{{86400, "d"}, {3600, "h"}, {60, "m"}, {1, "s"}} {
		if s >= u.n {
			fmt.Fprintf(&b, "%d%s", s/u.n, u.c)
			s %= u.n
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
		}
	}
	for _, r := range rs {
		bound := ""
		if r.Bounded {
			bound = " (bounded)"
		}
		fmt.Fprintf(&b, "%s: %s: %d states, %d transitions%s, %d timer(s), %d finding(s)", r.File, r.Model, r.States, r.Edges, bound, r.Timers, len(r.Findings))
		if stats {
			fmt.Fprintf(&b, ", %.1f ms", float64(r.Micros)/1000)
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
