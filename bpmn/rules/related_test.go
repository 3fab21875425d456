package rules_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// related renders the related locations of a check's findings as
// "RULE file:line -> file:line label", files relative to dir.
func related(t *testing.T, rep *lint.Report, dir string) []string {
	t.Helper()
	rel := func(p string) string {
		r, err := filepath.Rel(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(r)
	}
	var out []string
	for _, d := range rep.Diagnostics {
		for _, r := range d.Related {
			out = append(out, fmt.Sprintf("%s %s:%d -> %s:%d %s", d.Rule, rel(d.File), d.Line, rel(r.Range.File), r.Range.Start.Line, r.Label))
		}
	}
	slices.Sort(out)
	return out
}

// TestRelatedLocations: the rules that join two places name the other
// one: the element a triple is about (TMR3003, TMR4xxx), where the graph
// names the model of an unlifted timer (TMR3001), the other containers'
// seam:schedules (TMR4002), the triple that makes a container need a
// store (TMR4006), and the other terms naming a missing model (TMR0004).
func TestRelatedLocations(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"approval.bpmn": approvalModel(`PT48H`),
		"digest.bpmn":   digestModel,
		"index.ttl": ttlHeader + `<approval.bpmn#Approval> a proc:Process .
<digest.bpmn#Digest> a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<approval.bpmn#Submitted> a proc:TimerCatchEvent .
<#api> a arch:Container ; seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> ; seam:storedIn <#db> .
<#db> a arch:PostgreSQLStore .
<#worker> a arch:Container ; seam:executes <digest.bpmn#Digest> ;
  seam:schedules <digest.bpmn#Digest> .
<gone.bpmn#T1> a proc:TimerStartEvent .
<gone.bpmn#T2> a proc:TimerCatchEvent .
`,
	})
	rep := check(t, []string{dir}, nil)
	got := related(t, rep, dir)
	want := []string{
		"TMR0004 index.ttl:12 -> index.ttl:13 also names the model",
		"TMR3001 approval.bpmn:6 -> index.ttl:4 the index graph names the model here",
		"TMR3003 index.ttl:7 -> approval.bpmn:4 the element: " + filepath.Join(dir, "approval.bpmn") + "#Submitted",
		"TMR4002 index.ttl:8 -> digest.bpmn:3 the process: " + filepath.Join(dir, "digest.bpmn") + "#Digest",
		"TMR4002 index.ttl:8 -> index.ttl:11 also scheduled by <#worker>",
		"TMR4006 index.ttl:10 -> digest.bpmn:3 the process: " + filepath.Join(dir, "digest.bpmn") + "#Digest",
		"TMR4006 index.ttl:10 -> index.ttl:11 it schedules digest.bpmn#Digest here",
	}
	if !slices.Equal(got, want) {
		t.Errorf("related locations:\n%s\nwant:\n%s\nfindings: %v", strings.Join(got, "\n"), strings.Join(want, "\n"), findings(rep, dir))
	}
}
