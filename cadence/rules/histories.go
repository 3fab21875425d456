package rules

import (
	"bytes"
	"errors"
	"path/filepath"
	"strconv"

	"github.com/seams/seams-timers/cadence/history"
	"github.com/seams/seams-timers/internal/fileiri"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// loadHistories reads the JSON files that are workflow histories and
// records the history rules' findings.
func loadHistories(l *project.Loader, st *State, cfg *Config, diagsOut *[]lint.Diagnostic) int {
	var diags []lint.Diagnostic
	defer func() { *diagsOut = append(*diagsOut, diags...) }()
	n := 0
	for _, p := range l.Paths(KindHistory) {
		src, err := l.Read(p)
		if err != nil {
			diags = append(diags, lint.LoadDiagnostic(RuleHistorySyntax, span.At(p, span.Pos{Line: 1, Col: 1}), "cannot read the file: "+err.Error(), "Check the path and its permissions."))
			continue
		}
		if !history.Sniff(src) {
			continue
		}
		abs, _ := filepath.Abs(p)
		f := &lint.File{Path: p, IRI: fileiri.FromPath(abs), Kind: KindHistory, Src: src, Reported: true}
		l.Add(f)
		n++
		h, err := history.Parse(src)
		if err != nil {
			var se *history.SyntaxError
			off := 0
			if errors.As(err, &se) {
				off = se.Offset
			}
			pos := position(src, off)
			diags = append(diags, lint.LoadDiagnostic(RuleHistorySyntax, span.Range{File: p, Start: pos, End: pos}, err.Error(),
				"Export the history again (cadence workflow show --of FILE, or temporal workflow show --output json); no event of this file was checked."))
			continue
		}
		for _, ev := range h.Events {
			if ev.Type == "TimerStarted" {
				f.Timers++
			}
		}
		for _, hf := range history.Check(h, cfg.TimerLate) {
			rule := map[string]string{"late": RuleTimerFiredLate, "cancel-failed": RuleCancelFailed, "unresolved": RuleTimerUnresolved}[hf.Rule]
			r := span.Range{File: p, Start: position(src, hf.Event.Offset), End: position(src, hf.Event.End)}
			d := lint.ElementDiagnostic(p, f.IRI, r, eventID(hf.Event), hf.Event.Type, hf.What, hf.Detail)
			d.Rule = rule
			st.add(d)
		}
	}
	return n
}

// eventID names an event as a subject: event-5.
func eventID(ev history.Event) string {
	return "event-" + strconv.FormatInt(ev.ID, 10)
}

// position is the line and column (bytes, 1-based) of an offset.
func position(src []byte, off int) span.Pos {
	off = min(max(off, 0), len(src))
	line := bytes.Count(src[:off], []byte{'\n'}) + 1
	col := off - (bytes.LastIndexByte(src[:off], '\n') + 1) + 1
	return span.Pos{Offset: off, Line: line, Col: col}
}
