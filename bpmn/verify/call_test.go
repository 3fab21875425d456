package verify

import (
	"strings"
	"testing"

	"github.com/seams/seams-timers/verify"
)

// TestCallActivityRunsTheCalledProcess: a call activity runs the process it
// calls (as simulate does) instead of completing at any instant. Caller's
// call waits for Sub, whose timer Hold holds it for 1h: a 2h interrupting
// boundary Late on the call never fires (the call always completes at
// 1h), a 30m one always can; a calledElement that names no process waits
// forever. The rules refuse a timer boundary on a call activity (TMR2002);
// without the rules' verdicts the boundary runs, and shows when the call
// ends.
func TestCallActivityRunsTheCalledProcess(t *testing.T) {
	find := func(file string) map[string]verify.Finding {
		out := map[string]verify.Finding{}
		for _, r := range Verify(load(t, "testdata/call/"+file), Config{}) {
			for _, f := range r.Findings {
				out[f.Rule+" "+f.Element] = f
			}
		}
		return out
	}
	late := find("call-late.bpmn")
	if _, ok := late["TMR9002 Late"]; !ok {
		t.Fatalf("call-late: want TMR9002 on Late (the call ends at 1h, before 2h), got %v", late)
	}
	if early := find("call-early.bpmn"); len(early) != 0 {
		t.Errorf("call-early: want no finding (Late fires at 30m, Hold at 1h), got %v", early)
	}
	missing := find("call-missing.bpmn")
	st, ok := missing["TMR9004 Call"]
	if !ok || !strings.Contains(st.Message, `calledElement "Missing" names no process`) {
		t.Errorf("call-missing: want TMR9004 at Call naming the missing process, got %v", missing)
	}
	// a process that calls itself: inlined 4 deep, then the call
	// completes at any instant; never reported stuck
	if self := find("call-self.bpmn"); len(self) != 0 {
		t.Errorf("call-self: want no finding, got %v", self)
	}
	// Hold's timer belongs to Sub: reported on Sub's own result, not the caller's
	for _, r := range Verify(load(t, "testdata/call/call-late.bpmn"), Config{}) {
		if r.Model == "Caller" && r.Timers != 1 {
			t.Errorf("Caller counts %d timers, want 1 (Late; Hold is Sub's)", r.Timers)
		}
	}
}
