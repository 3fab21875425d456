package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// SARIF 2.1.0 output of verify: one result per finding, its
// counterexample a codeFlow whose one threadFlow holds a location per step
// (the element the move names, or the finding's), the step's instant and
// move as its message, and the loop of a property about forever as the
// steps after the trace, marked by their kind ("loop").

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation struct {
		URI string `json:"uri"`
	} `json:"artifactLocation"`
	Region *sarifRegion `json:"region,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifMessage `json:"message,omitempty"`
}

type sarifTFL struct {
	Location       sarifLocation `json:"location"`
	Kinds          []string      `json:"kinds,omitempty"`
	ExecutionOrder int           `json:"executionOrder"`
}

type sarifCodeFlow struct {
	Message     *sarifMessage `json:"message,omitempty"`
	ThreadFlows []struct {
		Locations []sarifTFL `json:"locations"`
	} `json:"threadFlows"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	CodeFlows []sarifCodeFlow `json:"codeFlows,omitempty"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri"`
	Default          struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

func sarifLevel(sev string) string {
	switch sev {
	case "error":
		return "error"
	case "info":
		return "note"
	}
	return "warning"
}

func physical(file string, line, col int) sarifPhysical {
	var p sarifPhysical
	p.ArtifactLocation.URI = filepath.ToSlash(file)
	if line > 0 {
		p.Region = &sarifRegion{StartLine: line, StartColumn: col}
	}
	return p
}

// CodeFlow returns a finding's counterexample as a SARIF codeFlow: nil
// when it has none.
func (f Finding) codeFlow() []sarifCodeFlow {
	if len(f.Trace) == 0 && len(f.Loop) == 0 {
		return nil
	}
	var locs []sarifTFL
	add := func(s Step, kinds []string) {
		line, col := f.Line, f.Column
		if s.Line > 0 {
			line, col = s.Line, s.Column
		}
		text := fmt.Sprintf("t=%s  %s", FormatAt(s.At), s.Move)
		if s.State != "" {
			text += "  -> " + s.State
		}
		locs = append(locs, sarifTFL{
			Location:       sarifLocation{PhysicalLocation: physical(f.File, line, col), Message: &sarifMessage{Text: text}},
			Kinds:          kinds,
			ExecutionOrder: len(locs) + 1,
		})
	}
	for _, s := range f.Trace {
		add(s, nil)
	}
	for _, s := range f.Loop {
		add(s, []string{"loop"})
	}
	cf := sarifCodeFlow{Message: &sarifMessage{Text: "counterexample"}}
	if len(f.Loop) > 0 {
		cf.Message.Text = "counterexample: the steps, then a loop that repeats forever"
	}
	cf.ThreadFlows = append(cf.ThreadFlows, struct {
		Locations []sarifTFL `json:"locations"`
	}{locs})
	return []sarifCodeFlow{cf}
}

// WriteSARIF prints the results as a SARIF 2.1.0 log with one run.
func WriteSARIF(w io.Writer, rs []Result, version string) error {
	index := map[string]int{}
	var rules []sarifRule
	for _, r := range Rules {
		sr := sarifRule{ID: r.ID, Name: r.Name, ShortDescription: sarifMessage{Text: r.Title},
			HelpURI: "https://github.com/seams/seams-timers/blob/main/docs/verify/" + r.ID + ".md"}
		sr.Default.Level = sarifLevel(r.Severity)
		index[r.ID] = len(rules)
		rules = append(rules, sr)
	}
	results := []sarifResult{}
	for _, r := range rs {
		for _, f := range r.Findings {
			results = append(results, sarifResult{
				RuleID: f.Rule, RuleIndex: index[f.Rule], Level: sarifLevel(f.Severity),
				Message:   sarifMessage{Text: f.Message},
				Locations: []sarifLocation{{PhysicalLocation: physical(f.File, f.Line, f.Column)}},
				CodeFlows: f.codeFlow(),
			})
		}
	}
	type driver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	out := struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver driver `json:"driver"`
			} `json:"tool"`
			Results []sarifResult `json:"results"`
		} `json:"runs"`
	}{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0"}
	out.Runs = make([]struct {
		Tool struct {
			Driver driver `json:"driver"`
		} `json:"tool"`
		Results []sarifResult `json:"results"`
	}, 1)
	out.Runs[0].Tool.Driver = driver{Name: "seams-timers", InformationURI: "https://github.com/seams/seams-timers", Version: sarifVersion(version), Rules: rules}
	out.Runs[0].Results = results
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// sarifVersion is the tool's version as validators want it: starting with
// a digit, else none.
func sarifVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	if v == "" || v[0] < '0' || v[0] > '9' {
		return ""
	}
	return v
}
