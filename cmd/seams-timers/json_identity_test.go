package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	simcore "github.com/seams/seams-timers/sim"
)

// TestJSONIdentitiesAgree: for each engine's example files, next's JSON
// document and simulate's name the same timers the same way (one
// sim.TimerID: engine, file, line, column, timer, id), and both documents
// validate against their schemas, which share sim/output.schema.json.
func TestJSONIdentitiesAgree(t *testing.T) {
	nextSch := outputSchema(t, "project/next.schema.json")
	simSch := outputSchema(t, "sim/simulate.schema.json")
	window := []string{"--from", "2026-11-01T00:00:00Z", "--until", "2026-11-03T00:00:00Z"}
	// A seed holding two schemes whose timers share a name: the place
	// tells them apart.
	seed := writeFile(t, t.TempDir(), "seed.sql", []byte(twoSchemes))
	for _, c := range []struct {
		engine string
		paths  []string
		// simOnly are the timers simulate lists and next does not: next
		// lists the timers an activity registers on entry, simulate every
		// timer of the scheme (flow.xml's Unused is registered by none).
		simOnly []string
	}{
		{"bpmn", []string{"../../examples/approval.bpmn", "../../examples/digest.bpmn", "../../examples/broken/reminders.bpmn"}, nil},
		{"wfe", []string{"../../examples/wfe/service-desk.xml", "../../examples/wfe/broken/flow.xml", "../../examples/wfe/broken/seed.sql", seed}, []string{"Unused"}},
		{"stateflows", []string{"../../examples/stateflows/OrderMachine.cs"}, nil},
		{"cadence", []string{"cron:0 9 * * 1-5", "cron:*/30 * * * *"}, nil},
		{"cadence", []string{"../../examples/cadence/starter"}, nil},
	} {
		t.Run(c.engine, func(t *testing.T) {
			next := append([]string{"next", "--no-config", "--engine", c.engine, "--format", "json", "--now", "2026-11-01T00:00:00Z"}, c.paths...)
			_, nextOut, nextErr := runCLI(t, "", next...)
			simulate := append(append([]string{"simulate", "--no-config", "--engine", c.engine, "--format", "json"}, window...), c.paths...)
			_, simOut, simErr := runCLI(t, "", simulate...)
			a := slices.Compact(identities(t, nextSch, nextOut, nextErr))
			b := slices.DeleteFunc(identities(t, simSch, simOut, simErr), func(id string) bool {
				return slices.ContainsFunc(c.simOnly, func(name string) bool { return strings.Contains(id, fmt.Sprintf(" %q ", name)) })
			})
			if len(a) == 0 {
				t.Fatalf("next lists no timer:\n%s", nextOut)
			}
			if !slices.Equal(a, b) {
				t.Errorf("identities differ\nnext:     %s\nsimulate: %s", strings.Join(a, "\n          "), strings.Join(b, "\n          "))
			}
			for _, id := range a {
				if !strings.HasPrefix(id, c.engine+" ") {
					t.Errorf("%s: another engine's timer", id)
				}
			}
		})
	}
}

// twoSchemes is a seed of two schemes, each with a timer named Remind.
const twoSchemes = `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES
('Order', '<Process Name="Order">
  <Timers><Timer Name="Remind" Type="Interval" Value="1h"/></Timers>
  <Activities><Activity Name="New" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions><Transition Name="T" From="New" To="Done"><Triggers><Trigger Type="Timer" NameRef="Remind"/></Triggers></Transition></Transitions>
</Process>'),
('Invoice', '<Process Name="Invoice">
  <Timers><Timer Name="Remind" Type="Interval" Value="2h"/></Timers>
  <Activities><Activity Name="New" IsInitial="True"/><Activity Name="Done" IsFinal="True"/></Activities>
  <Transitions><Transition Name="T" From="New" To="Done"><Triggers><Trigger Type="Timer" NameRef="Remind"/></Triggers></Transition></Transitions>
</Process>');
`

// identities validates a JSON document against its schema and lists its
// timers' identities, sorted.
func identities(t *testing.T, sch *jsonschema.Schema, out, errOut string) []string {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s%s", err, out, errOut)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("invalid: %v\n%s", err, out)
	}
	var doc struct {
		Timers []simcore.TimerID `json:"timers"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tm := range doc.Timers {
		ids = append(ids, fmt.Sprintf("%s %s:%d:%d %q %s", tm.Engine, tm.File, tm.Line, tm.Column, tm.Timer, tm.ID))
	}
	slices.Sort(ids)
	return ids
}
