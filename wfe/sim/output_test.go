package sim

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/wfe/value"
)

// TestOutputs: the text ends with the summary per timer, the JSON reads
// back, and the SVG is well-formed XML with a lane per timer.
func TestOutputs(t *testing.T) {
	s := scheme(t, `<Timer Name="Reminder" Type="Interval" Value="1h" NotOverrideIfExists="true"/><Timer Name="SLA" Type="Interval" Value="10 min"/>`,
		[4]string{"Remind", "Reminder", "Action", "Done"}, [4]string{"Breach", "SLA", "Always", "Breached"})
	// Engine 4.x: the SLA, read as 0, is never registered.
	r := runOn(t, value.Engine4, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Down:      []Window{{Start: at("2026-11-02T12:00:00Z"), End: at("2026-11-02T13:00:00Z")}},
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00Z"), Conditions: map[string][]bool{"Reminder": {false}}}}})
	var text bytes.Buffer
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{
		"# Workflow Engine: single server polling every 1s, 2026-11-02T08:00:00Z to 2026-11-03T08:00:00Z, down 2026-11-02T12:00:00Z/2026-11-02T13:00:00Z\n",
		"Ticket#Reminder  Interval  1h      1           0              1      0        0           0          1     0               0             -\n",
		"Ticket#SLA       Interval  10 min  0           0              0      0        0           0          0     2               0             -\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Schema string
		Events []struct{ Time, Kind, Message string }
		Timers []Summary `json:"timers"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Schema != "seams-timers/simulate/1" || len(back.Events) != len(r.Events) || back.Timers[0].Lost != 1 || back.Events[0].Time != "2026-11-02T09:00:00Z" {
		t.Errorf("JSON: %d events, timers %+v", len(back.Events), back.Timers)
	}
	var svg bytes.Buffer
	if err := WriteSVG(&svg, r); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&svg)
	lanes := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "line" {
			for _, a := range se.Attr {
				if a.Name.Local == "stroke" && a.Value == "#999" {
					lanes++
				}
			}
		}
	}
	if lanes != 2 {
		t.Errorf("SVG has %d lanes, want 2", lanes)
	}
	if r.Scenario.Period != time.Second {
		t.Errorf("period %v", r.Scenario.Period)
	}
}

func TestParseScenario(t *testing.T) {
	sc, err := ParseScenario([]byte(`from: 2026-11-02T08:00:00Z
until: 2026-11-03T08:00:00Z
server: multi
replicas: 3
interval: 10s
down: [2026-11-02T10:00:00Z/2026-11-02T11:00:00Z]
assume: {HardDeadline: 2026-12-31T00:00:00Z}
instances:
  - scheme: Ticket
    count: 2
    commands: [{at: 2026-11-02T09:00:00Z, command: Assign}]
    conditions: {SLA: [false, true]}
`))
	if err != nil {
		t.Fatal(err)
	}
	if !sc.Multi || sc.Replicas != 3 || sc.Interval != 10*time.Second || len(sc.Down) != 1 || sc.Assume["HardDeadline"] == "" ||
		sc.Instances[0].Count != 2 || sc.Instances[0].Commands[0].Command != "Assign" || sc.Instances[0].Conditions["SLA"][1] != true {
		t.Errorf("%+v", sc)
	}
	for _, bad := range []string{"form: 2026-11-02T08:00:00Z\n", "server: many\n", "down: [x]\n", "instances: [{start: 2026-11-02T08:00:00Z}]\n", "interval: 10\n"} {
		if _, err := ParseScenario([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
