package rules

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// The BPMN engine's top-level keys of .seams-timers.yaml:
//
//	vocabulary:               # the index graph's namespaces
//	  proc: https://w3id.org/seams/proc#
//	map:                      # IRI prefixes of the graph to directories
//	  https://example.com/models/: models
//	scheduler:
//	  poll: PT1S              # the seams scheduler's poll interval
const (
	VocabularyKey = "vocabulary"
	MapKey        = "map"
	SchedulerKey  = "scheduler"
)

// namespacePattern is the form of a vocabulary namespace: an absolute
// IRI that ends in '#' or '/'.
const namespacePattern = `[A-Za-z][A-Za-z0-9+.-]*:[^ <>"{}|\\^` + "`" + `\t\n\r]*[#/]`

func namespaceField(key, def string) *lint.Field {
	return &lint.Field{Key: key, Type: lint.TypeString, Default: def, Pattern: namespacePattern, Check: namespaceProblem,
		Want: "an absolute IRI that ends in '#' or '/', such as https://w3id.org/seams/proc#",
		Doc:  "The namespace IRI of the " + key + ": vocabulary of the index graph."}
}

// namespaceProblem says what is wrong with a namespace the pattern lets
// through: it must parse as an IRI with a scheme.
func namespaceProblem(ns string) error {
	if u, err := url.Parse(ns); err != nil || u.Scheme == "" {
		return fmt.Errorf("want an absolute IRI such as https://w3id.org/seams/proc#")
	}
	return nil
}

// vocabularySection is the vocabulary: key.
var vocabularySection = &lint.Field{
	Key: VocabularyKey, Type: lint.TypeSection,
	Doc: "The namespace IRIs of the index graph's vocabulary (proc, seam, arch), each an absolute IRI ending in # or /.",
	Fields: []*lint.Field{
		namespaceField("proc", graph.NSProc),
		namespaceField("seam", graph.NSSeam),
		namespaceField("arch", graph.NSArch),
	},
	Build: func(v lint.Values) (any, error) {
		return graph.Vocabulary{Proc: v.String("proc"), Seam: v.String("seam"), Arch: v.String("arch")}, nil
	},
}

// mapSection is the map: key.
var mapSection = &lint.Field{
	Key: MapKey, Type: lint.TypeStringMap, Example: map[string]string{"https://example.com/models/": "models"},
	Doc: "Absolute IRI prefixes of the index graph mapped to directories (relative to the config file's); --map flags override them.",
}

// Scheduler is the scheduler: section.
type Scheduler struct {
	// Poll is the seams scheduler loop's poll interval.
	Poll time.Duration
}

// schedulerSection is the scheduler: key.
var schedulerSection = &lint.Field{
	Key: SchedulerKey, Type: lint.TypeSection,
	Doc: "The seams scheduler that starts the timer starts.",
	Fields: []*lint.Field{{
		Key: "poll", Type: lint.TypeDuration, Positive: true, Default: "PT1S",
		Doc: "The scheduler loop's poll interval: a positive duration, Go syntax (1s) or ISO 8601 (PT1S); TMR1032 compares cycles with it, and simulate steps by it.",
	}},
	Build: func(v lint.Values) (any, error) { return &Scheduler{Poll: v.Duration("poll")}, nil },
}

// ConfigSections are the BPMN engine's keys of the config.
var ConfigSections = []*lint.Field{vocabularySection, mapSection, schedulerSection}

// defaultPoll is the poll interval without a scheduler: section, read
// from the declaration on first use (not at every start-up).
var defaultPoll = sync.OnceValue(func() time.Duration { return sectionDefault(schedulerSection).(*Scheduler).Poll })

// sectionDefault is a section's value when the config does not set it.
func sectionDefault(f *lint.Field) any {
	v, err := lint.DefaultSection(f)
	if err != nil {
		panic(fmt.Sprintf("the %s: section's defaults: %v", f.Key, err))
	}
	return v
}

// PollOf is the scheduler's poll interval a config sets, and whether it
// sets one (else the default, one second).
func PollOf(cfg *lint.Config) (time.Duration, bool) {
	if s, ok := cfg.Section(SchedulerKey).(*Scheduler); ok {
		return s.Poll, true
	}
	return defaultPoll(), false
}

// VocabularyOf is the index graph vocabulary a config sets, the defaults
// filling in what it leaves out.
func VocabularyOf(cfg *lint.Config) graph.Vocabulary {
	if v, ok := cfg.Section(VocabularyKey).(graph.Vocabulary); ok {
		return v
	}
	return defaultVocabulary()
}

// defaultVocabulary is the vocabulary without a vocabulary: section,
// read from the declaration once.
var defaultVocabulary = sync.OnceValue(func() graph.Vocabulary { return sectionDefault(vocabularySection).(graph.Vocabulary) })

// MapsOf is the config's map of IRI prefixes to directories, each
// directory relative to the config file's, overridden by the --map flags
// (flags, already absolute or relative to the working directory).
func MapsOf(cfg *lint.Config, flags map[string]string) map[string]string {
	m, _ := cfg.Section(MapKey).(map[string]string)
	if len(m) == 0 && len(flags) == 0 {
		return nil
	}
	out := map[string]string{}
	for prefix, dir := range m {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(filepath.Dir(cfg.Path), dir)
		}
		out[prefix] = dir
	}
	for prefix, dir := range flags {
		out[prefix] = dir
	}
	return out
}
