package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessagesSpeakTheEngine holds the message forms apart: a BPMN
// finding is the ADR-0037 ResolutionError form, the runtime's own
// message; a Workflow Engine, Stateflows or Cadence finding is in that
// system's terms, with no wrapper, while its subject and predicate still
// name the element.
func TestMessagesSpeakTheEngine(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	paths := []string{
		filepath.Join(ex, "broken", "schedules.bpmn"),
		filepath.Join(ex, "wfe", "broken"),
		filepath.Join(ex, "stateflows"),
		filepath.Join(ex, "cadence", "histories"),
	}
	_, out, errOut := runCLI(t, "", append([]string{"check", "--no-config", "--format", "json", "--now", "2026-11-04T10:00:30Z"}, paths...)...)
	var rep struct {
		Diagnostics []struct {
			Rule, File, Subject, Predicate, Message string
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	byEngine := map[string]int{}
	for _, d := range rep.Diagnostics {
		adr := strings.HasPrefix(d.Message, "ResolutionError(<")
		switch ext := filepath.Ext(d.File); ext {
		case ".bpmn":
			byEngine["bpmn"]++
			if !adr {
				t.Errorf("%s %s: a BPMN finding not in the ADR's form: %s", d.File, d.Rule, d.Message)
			}
		case ".xml", ".sql", ".cs", ".json":
			byEngine[ext]++
			if strings.Contains(d.Message, "ResolutionError(") {
				t.Errorf("%s %s: wrapped in the ADR's form: %s", d.File, d.Rule, d.Message)
			}
			// A file that could not be read (TMR6001, TMR6002, ...) has
			// no element to name.
			loadError := strings.HasPrefix(d.Rule[min(4, len(d.Rule)):], "00")
			if !loadError && (d.Subject == "" || d.Predicate == "") {
				t.Errorf("%s %s: subject %q, predicate %q: the element is not named", d.File, d.Rule, d.Subject, d.Predicate)
			}
		}
	}
	for _, k := range []string{"bpmn", ".xml", ".cs", ".json"} {
		if byEngine[k] == 0 {
			t.Errorf("no finding in %s files: the test checks nothing there (%v)", k, byEngine)
		}
	}
}
