package verify

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/verify"
)

func load(t *testing.T, path string) *bpmn.Document {
	t.Helper()
	doc, err := bpmn.Load(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

// fixtureDeploy is the deployment the fixtures are verified under: two
// replicas, the default lease, a one-minute poll, every fault.
var fixtureDeploy = verify.Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 60000, Crashes: true, Stalls: true}

// TestFixtures: each invalid-<ID>-*.bpmn gives a finding of rule <ID>, with
// a counterexample for the properties that have one; each valid-<ID>-*.bpmn
// gives none of that rule.
func TestFixtures(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*.bpmn")
	seen := map[string][2]bool{}
	for _, p := range paths {
		base := filepath.Base(p)
		parts := strings.SplitN(base, "-", 3)
		want, id := parts[0] == "invalid", parts[1]
		rs := Verify(load(t, p), Config{MaxStates: 20000, Deploy: &fixtureDeploy})
		got := false
		for _, r := range rs {
			for _, f := range r.Findings {
				if f.Rule != id {
					continue
				}
				got = true
				if id != verify.RuleNeverArmed && len(f.Trace) == 0 {
					t.Errorf("%s: %s has no counterexample", base, id)
				}
				if id == verify.RulePostponed && len(f.Loop) == 0 {
					t.Errorf("%s: %s has no loop", base, id)
				}
			}
		}
		if got != want {
			t.Errorf("%s: finding %s = %v, want %v", base, id, got, want)
		}
		s := seen[id]
		if want {
			s[1] = true
		} else {
			s[0] = true
		}
		seen[id] = s
	}
	for _, r := range verify.Rules {
		if r.ID == verify.RuleBounded || r.ID == verify.RuleUnsupported {
			continue
		}
		if s := seen[r.ID]; !s[0] || !s[1] {
			t.Errorf("%s %s: want a valid-* and an invalid-* fixture, have %v", r.ID, r.Name, s)
		}
	}
}

// TestBounded: a search past its bound says so, and proves no "never".
func TestBounded(t *testing.T) {
	rs := Verify(load(t, "testdata/valid-TMR9006-r3.bpmn"), Config{MaxStates: 10})
	if len(rs) != 1 || !rs[0].Bounded || rs[0].States > 10 {
		t.Fatalf("want one bounded result of at most 10 states, got %+v", rs)
	}
	var rules []string
	for _, f := range rs[0].Findings {
		rules = append(rules, f.Rule)
	}
	if strings.Join(rules, ",") != verify.RuleBounded {
		t.Errorf("findings %v, want only %s", rules, verify.RuleBounded)
	}
}

// TestDeterministic: the same model gives the same bytes.
func TestDeterministic(t *testing.T) {
	var outs []string
	for i := 0; i < 3; i++ {
		var b bytes.Buffer
		rs := Verify(load(t, "testdata/invalid-TMR9003-rework-loop.bpmn"), Config{})
		if err := verify.WriteJSON(&b, rs); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b.String())
	}
	if outs[0] != outs[1] || outs[1] != outs[2] {
		t.Error("verify output differs between runs")
	}
	if !strings.Contains(outs[0], `"loop"`) {
		t.Errorf("no loop in %s", outs[0])
	}
}

// TestTaskBound: with every task done within 30 minutes, the rework loop
// still postpones the one-hour timer; with tasks taking at least two hours,
// the timer always fires first and nothing is postponed.
func TestTaskBound(t *testing.T) {
	doc := load(t, "testdata/invalid-TMR9003-rework-loop.bpmn")
	has := func(cfg Config, id string) bool {
		for _, r := range Verify(doc, cfg) {
			for _, f := range r.Findings {
				if f.Rule == id {
					return true
				}
			}
		}
		return false
	}
	if !has(Config{TaskMax: 1800}, verify.RulePostponed) {
		t.Error("tasks within 30m: want TMR9003")
	}
	if has(Config{TaskMin: 7200}, verify.RulePostponed) {
		t.Error("tasks of 2h or more: want no TMR9003")
	}
	// bounded one by one: Review within 30 minutes can never let the
	// one-hour Timeout fire
	if !has(Config{Tasks: map[string][2]int64{"Review": {0, 1800}}}, verify.RuleNeverFires) {
		t.Error("Review within 30m: want TMR9002 on Timeout")
	}
	if has(Config{Tasks: map[string][2]int64{"Other": {0, 1800}}}, verify.RuleNeverFires) {
		t.Error("a bound on another task changes nothing: want no TMR9002")
	}
}

// TestRulePages: every rule of the family has a doc with a bad and a good
// example, and its generated page in docs/verify is up to date.
func TestRulePages(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range verify.Rules {
		if r.Doc == "" || r.Bad == "" || r.Good == "" || r.Title == "" {
			t.Errorf("%s: doc, bad, good and title are all required", r.ID)
		}
		got, err := os.ReadFile(filepath.Join("../../docs/verify", r.ID+".md"))
		if err != nil || string(got) != verify.Page(r) {
			t.Errorf("docs/verify/%s.md is missing or out of date: run go generate ./...", r.ID)
		}
		if !strings.Contains(string(readme), "| "+r.ID+" | `"+r.Name+"` |") {
			t.Errorf("README.md's rule table lacks %s %s", r.ID, r.Name)
		}
	}
}
