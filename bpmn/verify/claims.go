package verify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/verify"
)

// Exactly-once of ADR-0037 section 4: for every timer that some execution
// fires, the claims search over the deployment's replicas (verify.CheckClaim).

// effectful reports whether an element acts outside the store when a run
// passes it: a service or send task, or an event that throws a message.
// A script task runs inside the engine (its data goes into the checkpoint)
// and is not counted.
func effectful(el *bpmn.Element) bool {
	switch el.Type {
	case "serviceTask", "sendTask":
		return true
	case "intermediateThrowEvent", "endEvent":
		for _, d := range el.EventDefinitions {
			if d.Type == "messageEventDefinition" {
				return true
			}
		}
	}
	return false
}

// effects lists the elements a firing of the timer at node n runs before
// the instance waits again (the run that one transaction commits) that act
// outside the store: along the flows after the timer through automatic
// nodes, gateways (every branch: what a run may pass) and sub-processes,
// up to the next user task, catch event or event-based gateway.
func (m *model) effects(n int32) []string {
	seen := map[int32]bool{}
	var out []string
	var stack []int32
	push := func(x int32) {
		if x >= 0 && !seen[x] {
			seen[x] = true
			stack = append(stack, x)
		}
	}
	for _, o := range m.nodes[n].out {
		push(o)
	}
	if len(m.nodes[n].out) == 0 && m.nodes[n].exit >= 0 {
		for _, o := range m.nodes[m.nodes[n].exit].out {
			push(o)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := m.nodes[x]
		if effectful(nd.el) {
			out = append(out, nd.el.Type+" "+nd.el.ID)
		}
		switch nd.kind {
		case nUser, nTimerCatch, nMessage, nEventGW, nTerminate:
			continue
		case nSub:
			for _, e := range nd.entries {
				push(e)
			}
			continue
		}
		for _, o := range nd.out {
			push(o)
		}
		if len(nd.out) == 0 && nd.exit >= 0 {
			for _, o := range m.nodes[nd.exit].out {
				push(o)
			}
		}
	}
	sort.Strings(out)
	return out
}

// claims checks exactly-once for each timer in fired.
func (m *model) claims(d verify.Deployment, fired map[string][]verify.Step, maxStates int, res *verify.Result, rp replayer) {
	for _, t := range m.timers {
		toFire, ok := fired[t.el.ID]
		if t.refused != "" || t.hidden || !ok {
			continue
		}
		c := verify.Claim{Timer: t.el.ID, Catch: m.nodes[t.node].kind != nStart, Effects: m.effects(t.node)}
		if !c.Catch && t.cycle {
			c.PeriodMs = t.periodS * 1000
		}
		r := verify.CheckClaim(d, c, maxStates)
		res.ClaimStates += r.States
		res.ClaimEdges += r.Edges
		res.Bounded = res.Bounded || r.Bounded
		pos := func(rule, msg string) verify.Finding {
			return verify.NewFinding(rule, m.doc.Path, t.el.Span.Start.Line, t.el.Span.Start.Col, t.el.ID, msg)
		}
		dep := deploymentText(d)
		if r.Twice != nil {
			how := "a run that does not commit (a crash before its commit, or a stall past the lease) is rolled back in the store but not outside it, and the next claim runs it again"
			for _, s := range r.Twice {
				if strings.Contains(s.Move, " stalls ") {
					how = "a replica that stalls past its lease loses it, another run (its own after the stall, or another replica's) takes the row and runs the firing again; the stalled run rolls back in the store but not outside it"
					break
				}
			}
			msg := fmt.Sprintf("the firing of timer %s can run %s twice (%s): %s", t.el.ID, strings.Join(c.Effects, ", "), dep, how)
			if r.TwiceCommits {
				msg = fmt.Sprintf("the firing of timer %s can commit twice (%s)", t.el.ID, dep)
			}
			f := pos(verify.RuleRunsTwice, msg)
			f.Trace = r.Twice
			rp.replayClaim(&f, toFire, c, 0)
			res.Findings = append(res.Findings, f)
		}
		switch {
		case r.Skipped != nil:
			f := pos(verify.RuleSkipped, fmt.Sprintf("timer %s's period %s is shorter than the poll interval %s: a due time passes unfired while a replica is up (only the latest due time at a tick fires)",
				t.el.ID, verify.FormatAt(c.PeriodMs), verify.FormatAt(d.PollMs)))
			f.Trace = r.Skipped
			rp.replayClaim(&f, toFire, c, r.SkipPhaseMs)
			res.Findings = append(res.Findings, f)
		case r.Starved != nil:
			f := pos(verify.RuleSkipped, fmt.Sprintf("the firing of timer %s can wait forever while a replica is up and nothing fails (%s)", t.el.ID, dep))
			f.Trace = r.Starved
			res.Findings = append(res.Findings, f)
		}
	}
}

func deploymentText(d verify.Deployment) string {
	s := fmt.Sprintf("%d replica(s), lease %s, poll %s", d.Replicas, verify.FormatAt(d.LeaseMs), verify.FormatAt(d.PollMs))
	var faults []string
	if d.Crashes {
		faults = append(faults, "crashes")
	}
	if d.Stalls {
		st := "stalls"
		if d.MaxStallMs > 0 {
			st += " up to " + verify.FormatAt(d.MaxStallMs)
		}
		faults = append(faults, st)
	}
	if len(faults) == 0 {
		faults = []string{"no faults"}
	}
	return s + ", " + strings.Join(faults, " and ")
}
