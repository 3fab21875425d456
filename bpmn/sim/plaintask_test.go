package sim_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/seams/seams-timers/bpmn/sim"
)

// TestPlainTaskWaits: a bpmn:task is SpiffWorkflow's NoneTask, which is
// manual: it waits to be completed, so an interrupting boundary timer on
// one that nobody completes fires. Recorded with spiff-drive.py on
// SpiffWorkflow 3.1.2 (testdata/spiff-plain). ADR-0037 refuses the timer
// (TMR2002: a boundary on a task that is not a userTask), so the engine is
// compared with no verdicts, as TestSpiffWholeRuns does for refused timers.
func TestPlainTaskWaits(t *testing.T) {
	base := filepath.Join("testdata", "spiff-plain", "plain-task")
	want := readDrive(t, base+".v3.1.2.json")
	got, _ := simulated(t, base+".bpmn", base+".yaml", sim.Spiff312, true)
	// spiff-drive.py reports opening and completing only for the user and
	// manual task classes (UserTaskMixin, ManualTaskMixin), not for
	// NoneTask, whose manual flag is an attribute: the task's own events
	// are left out, the timer's and the instance's compared.
	got = slices.DeleteFunc(got, func(e spiffEvent) bool { return e[2] == "T" })
	if d := sameRun(got, want); d != "" {
		t.Errorf("simulate departs from SpiffWorkflow's run of a boundary on a bpmn:task:\n  %s", d)
	}
	_, refused := simulated(t, base+".bpmn", base+".yaml", sim.Spiff312, false)
	if !slices.Contains(refused, "TMR2002") {
		t.Errorf("with the verdicts, the timer is refused by %v, want TMR2002", refused)
	}
}
