package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
)

// fiftyElements is a process of 52 flow nodes with 5 timers: five
// segments, each a user task with an interrupting boundary timer (PT<i>H)
// and a rework loop back to it, then a parallel split of a user task and a
// script task and their join.
func fiftyElements() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="https://example.com/scale">
<bpmn:process id="P" isExecutable="true"><bpmn:startEvent id="S"/><bpmn:endEvent id="E"/>
`)
	flow := func(a, c string) {
		fmt.Fprintf(&b, "<bpmn:sequenceFlow id=\"%s_%s\" sourceRef=\"%s\" targetRef=\"%s\"/>\n", a, c, a, c)
	}
	prev := "S"
	for i := 1; i <= 5; i++ {
		n := func(s string) string { return fmt.Sprintf("%s%d", s, i) }
		fmt.Fprintf(&b, `<bpmn:userTask id="%s"/><bpmn:boundaryEvent id="%s" attachedToRef="%s"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT%dH"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
<bpmn:scriptTask id="%s"/><bpmn:exclusiveGateway id="%s"/><bpmn:exclusiveGateway id="%s"/><bpmn:parallelGateway id="%s"/><bpmn:userTask id="%s"/><bpmn:scriptTask id="%s"/><bpmn:parallelGateway id="%s"/><bpmn:scriptTask id="%s"/>
`, n("T"), n("B"), n("T"), i, n("Esc"), n("G"), n("R"), n("P"), n("A"), n("C"), n("J"), n("M"))
		flow(prev, n("T"))
		flow(n("T"), n("R"))
		flow(n("R"), n("T"))
		flow(n("R"), n("G"))
		flow(n("B"), n("Esc"))
		flow(n("Esc"), n("G"))
		flow(n("G"), n("P"))
		flow(n("P"), n("A"))
		flow(n("P"), n("C"))
		flow(n("A"), n("J"))
		flow(n("C"), n("J"))
		flow(n("J"), n("M"))
		prev = n("M")
	}
	flow(prev, "E")
	b.WriteString("</bpmn:process></bpmn:definitions>\n")
	return b.String()
}

// TestFiftyElements: the 52-node model with 5 timers verifies completely
// (not bounded), each timer can fire and can be postponed forever by its
// rework loop, and nothing else is found.
func TestFiftyElements(t *testing.T) {
	doc, err := bpmn.Parse("fifty.bpmn", []byte(fiftyElements()))
	if err != nil {
		t.Fatal(err)
	}
	nodes := 0
	for _, el := range doc.Elements {
		if el.Container != nil {
			nodes++
		}
	}
	start := time.Now()
	rs := Verify(doc, Config{})
	took := time.Since(start)
	if len(rs) != 1 || rs[0].Bounded || rs[0].Timers != 5 {
		t.Fatalf("want one complete result with 5 timers, got %+v", rs)
	}
	got := map[string]int{}
	for _, f := range rs[0].Findings {
		got[f.Rule]++
	}
	if len(got) != 1 || got["TMR9003"] != 5 {
		t.Errorf("findings %v, want TMR9003 for each of the 5 timers and nothing else", got)
	}
	t.Logf("%d flow nodes, 5 timers: %d states, %d transitions in %v", nodes, rs[0].States, rs[0].Edges, took)
}

// TestNoPanic: every BPMN model and scheme of the repository's test data
// verifies without a panic and within the state bound.
func TestNoPanic(t *testing.T) {
	var paths []string
	for _, root := range []string{"../../bpmn", "../../examples", "../../../shared/corpus/spiff"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && bpmn.IsBPMNPath(p) {
				paths = append(paths, p)
			}
			return nil
		})
	}
	n := 0
	for _, p := range paths {
		doc, err := bpmn.Load(p)
		if err != nil {
			continue
		}
		for _, r := range Verify(doc, Config{MaxStates: 20000}) {
			n++
			if r.States > 20000 {
				t.Errorf("%s: %d states past the bound", p, r.States)
			}
		}
	}
	t.Logf("%d processes of %d files verified", n, len(paths))
}
