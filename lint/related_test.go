package lint

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/seams/seams-timers/span"
)

// relatedReport is one finding in the graph document about an element of
// the model, with the element's start tag as a related location (on a
// line whose names are not ASCII, so that SARIF's columns differ from
// bytes), and a related location in a file whose name and label hold a
// terminal escape and a workflow command.
func relatedReport(t *testing.T) (*Report, PrinterOptions) {
	t.Helper()
	d := diagnosticAt(t, printerGraphPath, printerGraphSrc, "seam:schedules m:Nachtlauf", Diagnostic{
		Rule: "TMR4002", Name: "schedules-multiple", Severity: SeverityError,
		Message: "ResolutionError(<m:Remind>, seam:schedules, [<#a>, <#b>])",
	})
	line, col, endLine, endCol := sourceSpan(t, printerApprovalSrc, `<bpmn:startEvent id="Start" name="Größe 🕐">`)
	start := strings.Index(printerApprovalSrc, `<bpmn:startEvent id="Start"`)
	d.Related = []Related{
		{Range: span.Range{File: printerApprovalPath,
			Start: span.Pos{Line: line, Col: col, Offset: start},
			End:   span.Pos{Line: endLine, Col: endCol, Offset: start + len(`<bpmn:startEvent id="Start" name="Größe 🕐">`)}},
			Label: "the element: models/approval.bpmn#Start"},
		RelatedAt(span.Range{File: "evil\x1b[31m.ttl"}, "also \n::error::named here"),
	}
	rep := &Report{Diagnostics: []Diagnostic{d}, Files: 2}
	return rep, PrinterOptions{Rules: printerRules(), Sources: printerSources{printerApprovalPath: []byte(printerApprovalSrc), printerGraphPath: []byte(printerGraphSrc)}}
}

// TestTextRelated: with source lines, each related location is a line of
// its own under the finding's detail, escaped; without, the output is the
// one line per finding it always was.
func TestTextRelated(t *testing.T) {
	rep, opts := relatedReport(t)
	plain := string(renderReport(t, &TextPrinter{Options: opts}, rep))
	if strings.Count(plain, "\n") != 1 || strings.Contains(plain, "approval.bpmn") {
		t.Errorf("without source, related locations are printed:\n%s", plain)
	}
	opts.ShowSource = true
	got := string(renderReport(t, &TextPrinter{Options: opts}, rep))
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("got %d lines, want the finding, its source, its underline and two related:\n%s", len(lines), got)
	}
	if want := "    - models/approval.bpmn:9:5: the element: models/approval.bpmn#Start"; lines[3] != want {
		t.Errorf("related line\n got %q\nwant %q", lines[3], want)
	}
	if strings.ContainsAny(lines[4], "\x1b\n") || !strings.HasPrefix(lines[4], "    - evil") || !strings.Contains(lines[4], `also \n::error::named here`) {
		t.Errorf("hostile related line not escaped: %q", lines[4])
	}
}

// TestSARIFRelated: each related location is a relatedLocations entry,
// numbered, with its label as the message and its columns in UTF-16
// code units, as the result's own.
func TestSARIFRelated(t *testing.T) {
	rep, opts := relatedReport(t)
	var doc struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []struct {
					ID               int `json:"id"`
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
							EndColumn   int `json:"endColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	out := renderReport(t, &SARIFPrinter{Options: opts}, rep)
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	rel := doc.Runs[0].Results[0].RelatedLocations
	if len(rel) != 2 {
		t.Fatalf("relatedLocations = %+v, want 2", rel)
	}
	r := rel[0]
	if r.ID != 0 || rel[1].ID != 1 || r.PhysicalLocation.ArtifactLocation.URI != "models/approval.bpmn" ||
		r.Message.Text != "the element: models/approval.bpmn#Start" || r.PhysicalLocation.Region.StartLine != 9 || r.PhysicalLocation.Region.StartColumn != 5 {
		t.Errorf("first related location %+v", r)
	}
	// The tag ends after "Größe 🕐": two two-byte letters and a four-byte
	// clock, so its UTF-16 end column is 4 less than its byte column.
	_, _, _, endCol := sourceSpan(t, printerApprovalSrc, `<bpmn:startEvent id="Start" name="Größe 🕐">`)
	if got := r.PhysicalLocation.Region.EndColumn; got != endCol-4 {
		t.Errorf("end column %d, want %d (UTF-16 units)", got, endCol-4)
	}
	// A finding without related locations has no relatedLocations key,
	// so that the golden logs of the other findings keep their bytes.
	rep.Diagnostics[0].Related = nil
	if out := renderReport(t, &SARIFPrinter{Options: opts}, rep); bytes.Contains(out, []byte("relatedLocations")) {
		t.Error("relatedLocations written for a finding that has none")
	}
}
