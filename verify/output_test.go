package verify

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
)

func sampleResults() []Result {
	f := NewFinding(RulePostponed, "m.bpmn", 6, 1, "Timeout", "timer Timeout can be postponed forever")
	f.Trace = []Step{{Move: "start at S", At: 0, State: "Review@0s", Line: 4, Column: 1}}
	f.Loop = []Step{{Move: "complete Review, Again takes Review", At: 0, Line: 5, Column: 2}, {Move: "wait 1h", At: 3600000}, {Move: "complete Review <&>", At: 3600000, Line: 5, Column: 2}}
	g := NewFinding(RuleNeverArmed, "m.bpmn", 9, 1, "Wait", "timer Wait is never armed")
	return []Result{{File: "m.bpmn", Model: "P", Findings: []Finding{f, g}}}
}

// TestSARIFCodeFlows: a counterexample is one codeFlow with one thread
// flow holding a location per step, in order, each with the step's
// element's region (the finding's when the move names none), and the loop
// steps marked; a finding without one has no codeFlow.
func TestSARIFCodeFlows(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSARIF(&b, sampleResults(), "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Version string
					Rules   []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []struct {
							Kinds          []string
							ExecutionOrder int
							Location       struct {
								Message          struct{ Text string }
								PhysicalLocation struct {
									ArtifactLocation struct{ URI string }
									Region           struct{ StartLine, StartColumn int }
								}
							}
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if log.Version != "2.1.0" || run.Tool.Driver.Version != "1.2.3" || len(run.Tool.Driver.Rules) != len(Rules) {
		t.Fatalf("log header: %+v", log)
	}
	r0 := run.Results[0]
	if run.Tool.Driver.Rules[r0.RuleIndex].ID != r0.RuleID {
		t.Errorf("ruleIndex %d does not point at %s", r0.RuleIndex, r0.RuleID)
	}
	if len(r0.CodeFlows) != 1 || len(r0.CodeFlows[0].ThreadFlows) != 1 {
		t.Fatalf("want one codeFlow with one threadFlow, got %+v", r0.CodeFlows)
	}
	locs := r0.CodeFlows[0].ThreadFlows[0].Locations
	if len(locs) != 4 {
		t.Fatalf("want 4 locations (1 step, 3 loop steps), got %d", len(locs))
	}
	wantLines := []int{4, 5, 6, 5}
	for i, l := range locs {
		if l.ExecutionOrder != i+1 || l.Location.PhysicalLocation.Region.StartLine != wantLines[i] || l.Location.PhysicalLocation.ArtifactLocation.URI != "m.bpmn" {
			t.Errorf("location %d: %+v", i, l)
		}
		if (i > 0) != (len(l.Kinds) == 1 && l.Kinds[0] == "loop") {
			t.Errorf("location %d: kinds %v", i, l.Kinds)
		}
	}
	if !strings.Contains(locs[2].Location.Message.Text, "t=1h  wait 1h") {
		t.Errorf("location message %q", locs[2].Location.Message.Text)
	}
	if len(run.Results[1].CodeFlows) != 0 {
		t.Error("a finding without a counterexample has a codeFlow")
	}
}

// TestSVGTimeline: the timeline is well-formed XML with a mark per step
// and the input's text escaped.
func TestSVGTimeline(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, sampleResults()); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	circles := 0
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "circle" {
			circles++
		}
	}
	if circles != 4 {
		t.Errorf("%d step marks, want 4", circles)
	}
	if strings.Contains(b.String(), "<&>") || !strings.Contains(b.String(), "&lt;&amp;&gt;") {
		t.Error("the moves' text is not escaped")
	}
	for _, lane := range []string{">S<", ">Review<", ">time<"} {
		if !strings.Contains(b.String(), lane) {
			t.Errorf("no lane %s", lane)
		}
	}
}
