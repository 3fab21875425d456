package rules

import (
	"github.com/seams/seams-timers/lint"
)

// Report is what seams-timers-go prints (JSON on stdout) for the packages
// of one module: the engine's side of the Go analysis, which lives in its
// own executable so that the BPMN path never links or initialises
// go/packages, go/types and go/analysis.
type Report struct {
	Files    []WireFile    `json:"files"`
	Findings []WireFinding `json:"findings"`
	Crons    []WireCron    `json:"crons"`
}

// WireFile is a Go file of a loaded package, by absolute path.
type WireFile struct {
	Path   string `json:"path"`
	Timers int    `json:"timers"`
}

// WireRange is a range of a file, by absolute path.
type WireRange struct {
	File    string `json:"file"`
	Offset  int    `json:"offset"`
	End     int    `json:"end"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"endLine"`
	EndCol  int    `json:"endCol"`
}

// WireFinding is a finding of an analyzer, or (Rule TMR8000) of loading.
type WireFinding struct {
	Rule      string    `json:"rule"`
	Element   string    `json:"element,omitempty"`
	Predicate string    `json:"predicate,omitempty"`
	What      string    `json:"what"`
	Detail    string    `json:"detail"`
	At        WireRange `json:"at"`
	Fix       *WireFix  `json:"fix,omitempty"`
}

// WireFix is a fix with byte offsets in the finding's file.
type WireFix struct {
	Message string      `json:"message"`
	Edits   []lint.Edit `json:"edits"`
}

// WireCron is a constant CronSchedule value.
type WireCron struct {
	Spec string    `json:"spec"`
	At   WireRange `json:"at"`
}
