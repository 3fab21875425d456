package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
)

// nextSchema compiles project/next.schema.json, formats asserted.
func nextSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	return outputSchema(t, "project/next.schema.json")
}

// outputSchema compiles one of the JSON outputs' schemas (path in the
// repository), beside the definitions they share (sim/output.schema.json),
// formats asserted.
func outputSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	const base = "https://github.com/seams/seams-timers/blob/main/"
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for name, src := range map[string][]byte{
		"sim/output.schema.json":   simcore.OutputSchema,
		"sim/simulate.schema.json": simcore.SimulateJSONSchema,
		"project/next.schema.json": project.NextSchema,
	} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(base+name, doc); err != nil {
			t.Fatal(err)
		}
	}
	sch, err := c.Compile(base + path)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// nextJSONCase is one run of next --format json.
type nextJSONCase struct {
	name string
	args []string
	// engines are the engines whose timers the output holds.
	engines []string
	// code is the exit code.
	code int
	// placed says the timers come from files (file, line, column, id).
	placed bool
}

func nextJSONCases() []nextJSONCase {
	const now = "--now=2026-11-01T00:00:00Z"
	return []nextJSONCase{
		{"bpmn values", []string{now, "R/2026-01-31T00:00:00Z/P1M", "PT48H", "${x}"}, []string{"bpmn"}, lint.ExitFindings, false},
		{"bpmn models", []string{now, "../../examples/approval.bpmn", "../../examples/digest.bpmn", "../../examples/broken/reminders.bpmn", "../../examples/broken/schedules.bpmn"}, []string{"bpmn"}, lint.ExitFindings, true},
		{"wfe values", []string{now, "--engine", "wfe", "Interval:1h", "Time:10:00", "Expression:x", "Interval:-1"}, []string{"wfe"}, 0, false},
		{"wfe schemes", []string{now, "--assume", "Deadline=2027-01-01T00:00:00Z", "../../examples/wfe"}, []string{"wfe"}, lint.ExitFindings, true},
		{"stateflows values", []string{"--engine", "stateflows", "--tz", "Europe/Berlin", "--now", "2026-10-25T02:30:00+01:00", "AfterOneHour", "EveryOneMinute", "Nope"}, []string{"stateflows"}, lint.ExitFindings, false},
		{"stateflows code", []string{"--tz", "Europe/Berlin", now, "../../examples/stateflows"}, []string{"stateflows"}, 0, true},
		{"cadence values", []string{now, "cron:0 9 * * 1-5", "cron:CRON_TZ=Europe/Berlin 0 9 * * *", "cron:0 0 30 2 *"}, []string{"cadence"}, lint.ExitFindings, false},
		{"cadence code", []string{now, "../../examples/cadence/starter"}, []string{"cadence"}, lint.ExitFindings, true},
		{"every engine's files", []string{now, "../../examples/approval.bpmn", "../../examples/wfe/service-desk.xml", "../../examples/stateflows/OrderMachine.cs"}, []string{"bpmn", "wfe", "stateflows"}, 0, true},
	}
}

// TestNextJSON: next --format json of every engine, values and files,
// is valid against the published schema, names the engines that ran, puts
// each refusal among the findings at its timer's place, and is the same
// bytes on a second run.
func TestNextJSON(t *testing.T) {
	sch := nextSchema(t)
	for _, c := range nextJSONCases() {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"next", "--no-config", "--format", "json", "-n", "3"}, c.args...)
			code, out, errOut := runCLI(t, "", args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, c.code, errOut)
			}
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
			if err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			if err := sch.Validate(inst); err != nil {
				t.Fatalf("invalid against project/next.schema.json: %v\n%s", err, out)
			}
			var doc project.NextDocument
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Timers) == 0 {
				t.Fatal("no timers")
			}
			var engines []string
			for _, tm := range doc.Timers {
				if !slices.Contains(engines, tm.Engine) {
					engines = append(engines, tm.Engine)
				}
				if c.placed != (tm.File != "") || c.placed != (tm.Column != 0) || (tm.ID == "") != (tm.File == "" || tm.Engine == "cadence") {
					t.Errorf("%s %q: file %q, column %d, id %q; placed %v", tm.Engine, tm.Timer, tm.File, tm.Column, tm.ID, c.placed)
				}
				if len(tm.Due) > doc.Count {
					t.Errorf("%q: %d due times, more than -n %d", tm.Timer, len(tm.Due), doc.Count)
				}
				if tm.Status == project.NextRefused && !slices.ContainsFunc(doc.Findings, func(d lint.Diagnostic) bool {
					// The finding is about the timer's subject, else (the
					// Go engine's crons, values) at its place.
					same := d.Subject == tm.ID
					if tm.ID == "" {
						same = d.File == tm.File && d.Line == tm.Line
					}
					return d.Rule == tm.Rule && same && d.Severity == lint.SeverityError
				}) {
					t.Errorf("%q refused by %s: no such finding on %q at %s:%d", tm.Timer, tm.Rule, tm.ID, tm.File, tm.Line)
				}
			}
			if !slices.Equal(engines, c.engines) {
				t.Errorf("engines %v, want %v", engines, c.engines)
			}
			if code == lint.ExitFindings && !slices.ContainsFunc(doc.Timers, func(tm project.NextTimer) bool {
				return tm.Status == project.NextRefused || tm.Status == project.NextError
			}) && !slices.ContainsFunc(doc.Findings, func(d lint.Diagnostic) bool { return d.Severity == lint.SeverityError }) {
				t.Error("exit 1 with nothing refused in the document")
			}
			_, again, _ := runCLI(t, "", args...)
			if again != out {
				t.Error("a second run wrote different bytes")
			}
		})
	}
}

// TestNextJSONDueEqualsText: the due times of the JSON document are the
// text output's, engine by engine.
func TestNextJSONDueEqualsText(t *testing.T) {
	for _, c := range []struct {
		args []string
		// field is the text line's field that holds the due time.
		field int
	}{
		{[]string{"--now=2026-11-01T00:00:00Z", "R/2026-01-31T00:00:00Z/P1M"}, 0},
		{[]string{"--now=2026-11-01T00:00:00Z", "cron:*/20 9 * * 1-5"}, 0},
		{[]string{"--now=2026-11-01T00:00:00Z", "../../examples/approval.bpmn"}, 0},
	} {
		base := append([]string{"next", "--no-config", "-n", "4"}, c.args...)
		_, text, _ := runCLI(t, "", base...)
		_, out, _ := runCLI(t, "", append(base, "-f", "json")...)
		var doc project.NextDocument
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		var fromText, fromJSON []string
		for line := range strings.Lines(text) {
			if f := strings.Fields(line); len(f) > c.field && strings.HasPrefix(f[c.field], "20") {
				fromText = append(fromText, f[c.field])
			}
		}
		for _, tm := range doc.Timers {
			fromJSON = append(fromJSON, tm.Due...)
		}
		if len(fromText) == 0 || !slices.Equal(fromText, fromJSON) {
			t.Errorf("%v: text %v, JSON %v", c.args, fromText, fromJSON)
		}
	}
}

// TestNextSchemaFields: the schema declares exactly the fields the Go
// types write, and a finding's fields are check --format json's.
func TestNextSchemaFields(t *testing.T) {
	var schema struct {
		Properties map[string]any `json:"properties"`
		Defs       map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(project.NextSchema, &schema); err != nil {
		t.Fatal(err)
	}
	// The identity and the finding are the shared definitions.
	var shared struct {
		Defs map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(simcore.OutputSchema, &shared); err != nil {
		t.Fatal(err)
	}
	keys := func(m map[string]any) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	timer := schema.Defs["timer"].Properties
	for k, v := range shared.Defs["timerIdentity"].Properties {
		timer[k] = v
	}
	for _, c := range []struct {
		name   string
		schema []string
		typ    reflect.Type
	}{
		{"document", keys(schema.Properties), reflect.TypeFor[project.NextDocument]()},
		{"timer", keys(timer), reflect.TypeFor[project.NextTimer]()},
		{"finding", keys(shared.Defs["finding"].Properties), reflect.TypeFor[lint.Diagnostic]()},
	} {
		if got := jsonFields(c.typ); !slices.Equal(got, c.schema) {
			t.Errorf("%s: Go writes %v, the schema declares %v", c.name, got, c.schema)
		}
	}
	// A finding of check --format json has the same keys.
	_, out, _ := runCLI(t, "", "check", "--no-config", "-f", "json", "../../examples/broken/reminders.bpmn")
	var rep struct {
		Diagnostics []map[string]any `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Diagnostics) == 0 {
		t.Fatalf("check -f json: %v\n%s", err, out)
	}
	if got := keys(rep.Diagnostics[0]); !slices.Equal(got, keys(shared.Defs["finding"].Properties)) {
		t.Errorf("check's finding has %v, the shared schema %v", got, keys(shared.Defs["finding"].Properties))
	}
}

// jsonFields lists the JSON names of a struct's fields, embedded structs'
// flattened, sorted.
func jsonFields(typ reflect.Type) []string {
	var out []string
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
		case f.Anonymous && name == "":
			out = append(out, jsonFields(f.Type)...)
		case name != "":
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
