package sim

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// showcase is the scenario the golden outputs and the rendered SVG show:
// the digest and the approvals over a month, three replicas, a week of
// downtime and one crash.
func showcase(t testing.TB) ([]*bpmn.Document, Scenario) {
	docs := []*bpmn.Document{load(t, "digest.bpmn"), load(t, "approval.bpmn")}
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-12-01T00:00:00Z"), Step: time.Second,
		Replicas: 3, Seed: 1,
		Down:    []Window{{at(t, "2026-11-12T00:00:00Z"), at(t, "2026-11-19T00:00:00Z")}},
		Crashes: []Crash{{Replica: 2, At: at(t, "2026-11-22T08:00:00Z"), Restart: at(t, "2026-11-23T00:00:00Z")}},
		Processes: []ProcessPlan{{Process: "Approval",
			Starts: []time.Time{
				at(t, "2026-11-02T09:00:00Z"), at(t, "2026-11-03T14:30:00Z"), at(t, "2026-11-09T10:00:00Z"),
				at(t, "2026-11-10T16:00:00Z"), at(t, "2026-11-20T11:00:00Z"), at(t, "2026-11-24T09:15:00Z"),
			},
			Complete: []TaskPlan{{Task: "Approve", After: []Completion{{After: 30 * time.Hour}, {After: 50 * time.Hour}, {Never: true}}}},
		}},
	}
	return docs, sc
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test ./bpmn/sim -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; review and run go test ./bpmn/sim -update", name)
	}
}

// The three outputs of the showcase, against golden files; the same input
// gives the same bytes.
func TestOutputsGolden(t *testing.T) {
	docs, sc := showcase(t)
	render := func() (text, js, svg []byte) {
		r := run(t, sc, docs...)
		var a, b, c bytes.Buffer
		if err := WriteText(&a, r, TextOptions{Debug: true}); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&b, r); err != nil {
			t.Fatal(err)
		}
		if err := WriteSVG(&c, r); err != nil {
			t.Fatal(err)
		}
		return a.Bytes(), b.Bytes(), c.Bytes()
	}
	text, js, svg := render()
	text2, js2, svg2 := render()
	if !bytes.Equal(text, text2) || !bytes.Equal(js, js2) || !bytes.Equal(svg, svg2) {
		t.Fatal("two runs of the same input differ")
	}
	// The JSON names each timer by its full IRI, which holds the checkout's
	// absolute path: the golden file keeps it relative to the package.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	here := []byte(bpmn.FileIRI(wd) + "/")
	golden(t, "showcase.txt", text)
	golden(t, "showcase.json", bytes.ReplaceAll(js, here, []byte("file:///CHECKOUT/sim/")))
	golden(t, "showcase.svg", svg)

	var parsed map[string]any
	if err := json.Unmarshal(js, &parsed); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	if !strings.HasPrefix(string(svg), `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(string(svg), "</svg>\n") {
		t.Error("SVG is not one svg element")
	}
}

// A year of hourly firings stays a small SVG: marks on one pixel merge.
func TestSVGSizeBounded(t *testing.T) {
	doc := startModel(t, "hourly.bpmn", "Hourly", "timeCycle", "R/2026-01-01T00:00:00Z/PT1H")
	r := run(t, Scenario{From: at(t, "2026-01-01T00:00:00Z"), Until: at(t, "2027-01-01T00:00:00Z")}, doc)
	var b bytes.Buffer
	if err := WriteSVG(&b, r); err != nil {
		t.Fatal(err)
	}
	if b.Len() > 20000 {
		t.Errorf("SVG of 8760 firings is %d bytes", b.Len())
	}
}

var svgDir = flag.String("svgdir", "", "write the example timelines (the showcase and a year of the speed model) to this directory")

// TestWriteExampleSVGs writes SVGs for scripts/render-svg.sh to render;
// it does nothing without -svgdir.
func TestWriteExampleSVGs(t *testing.T) {
	if *svgDir == "" {
		t.Skip("no -svgdir")
	}
	write := func(name string, r *Result) {
		var b bytes.Buffer
		if err := WriteSVG(&b, r); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*svgDir, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, sc := showcase(t)
	write("showcase.svg", run(t, sc, docs...))
	// Ten of the speed model's hundred jobs are enough to see the pattern.
	docs, sc = yearModel(t, 3, 10)
	sc.Down = []Window{{at(t, "2026-03-10T00:00:00Z"), at(t, "2026-03-20T00:00:00Z")}}
	sc.Crashes = []Crash{{Replica: 2, At: at(t, "2026-07-01T12:00:00Z"), Restart: at(t, "2026-08-01T00:00:00Z")}}
	write("year.svg", run(t, sc, docs...))
}
