package rules_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

func parseConfig(src string) (*lint.Config, error) {
	return lint.ParseConfig(filepath.Join("conf", "c.yaml"), []byte(src), lint.ConfigSpec{Rules: rules.All(), Sections: rules.Engine.ConfigSections})
}

// TestConfigSections: the BPMN engine's keys (vocabulary, map,
// scheduler) are its own sections: read into typed values, with the
// defaults declared once, and refused with their line.
func TestConfigSections(t *testing.T) {
	cfg, err := parseConfig("vocabulary:\n  proc: https://example.com/proc#\n  seam: urn:x:seam/\nmap:\n  https://example.com/models/: models\nscheduler:\n  poll: 5s\n")
	if err != nil {
		t.Fatal(err)
	}
	v := rules.VocabularyOf(cfg)
	if v.Proc != "https://example.com/proc#" || v.Seam != "urn:x:seam/" || v.Arch != graph.NSArch {
		t.Errorf("vocabulary %+v", v)
	}
	if poll, set := rules.PollOf(cfg); poll != 5*time.Second || !set {
		t.Errorf("poll %v %v", poll, set)
	}
	maps := rules.MapsOf(cfg, map[string]string{"urn:y:": "/y"})
	if maps["https://example.com/models/"] != filepath.Join("conf", "models") || maps["urn:y:"] != "/y" {
		t.Errorf("maps %v: want the config's relative to its directory, and the flags", maps)
	}
	if poll, set := rules.PollOf(nil); poll != time.Second || set {
		t.Errorf("default poll %v %v", poll, set)
	}
	if v := rules.VocabularyOf(nil); v != graph.DefaultVocabulary() {
		t.Errorf("default vocabulary %+v", v)
	}
	if poll, _ := rules.PollOf(mustParse(t, "scheduler:\n  poll: PT0.5S\n")); poll != 500*time.Millisecond {
		t.Errorf("ISO poll %v", poll)
	}
	for src, want := range map[string]string{
		"vocabulary:\n  prc: https://x#\n":                   `c.yaml:2:3: vocabulary: unknown key "prc"; did you mean "proc"?`,
		"vocabulary:\n  proc: not an iri\n":                  `c.yaml:2:9: vocabulary.proc "not an iri": want an absolute IRI that ends in '#' or '/'`,
		"vocabulary:\n  seam: https://example.com/seam\n":    `vocabulary.seam "https://example.com/seam": want an absolute IRI that ends in '#' or '/'`,
		"vocabulary:\n  arch: \"https://example.com/a>#\"\n": `want an absolute IRI`,
		"scheduler:\n  poll: P1M\n":                          `c.yaml:2:9: scheduler.poll "P1M": want a positive duration`,
		"scheduler:\n  poll: 0s\n":                           `scheduler.poll "0s": want a positive duration`,
		"map:\n  https://x/: \"\"\n":                         `map.https://x/: want a non-empty string`,
	} {
		_, err := parseConfig(src)
		var ce *lint.ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), want) {
			t.Errorf("config\n%s: err = %v, want %q", src, err, want)
		}
	}
}

func mustParse(t *testing.T, src string) *lint.Config {
	t.Helper()
	cfg, err := parseConfig(src)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestPollFromConfig: TMR5003 compares cycles with the scheduler.poll
// the config sets, which reaches it through lint.Options.Config.
func TestPollFromConfig(t *testing.T) {
	dir := writeTree(t, map[string]string{"m.bpmn": `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D">
  <bpmn:process id="P" isExecutable="true">
    <bpmn:startEvent id="S">
      <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT30S"</bpmn:timeCycle></bpmn:timerEventDefinition>
    </bpmn:startEvent>
  </bpmn:process>
</bpmn:definitions>
`})
	count := func(cfg *lint.Config) int {
		rep, err := project.Check(project.Options{Paths: []string{dir}, Config: cfg}, []*project.Engine{rules.Engine},
			lint.Options{Rules: rules.All(), Now: joinNow, Config: cfg})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, d := range rep.Diagnostics {
			if d.Rule == "TMR5003" {
				n++
			}
		}
		return n
	}
	if n := count(nil); n != 0 {
		t.Errorf("a 30 s cycle under the default 1 s poll: %d TMR5003", n)
	}
	if n := count(mustParse(t, "scheduler:\n  poll: PT1M\n")); n != 1 {
		t.Errorf("a 30 s cycle under a 1 min poll: %d TMR5003, want 1", n)
	}
}
