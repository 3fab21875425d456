package linttest

import (
	"slices"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// TestParseWants reads the plain and the pinned forms, in every comment
// syntax, Go-quoted and raw.
func TestParseWants(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string // "RULE" or "RULE re"
	}{
		{`<bpmn:timeCycle>x</bpmn:timeCycle><!-- want "TMR1031" -->`, []string{"TMR1031"}},
		{`<!-- want "TMR1031" "cycle has no start" -->`, []string{"TMR1031 cycle has no start"}},
		{"# want \"TMR4002\" `seam:schedules, \\[<#api>`", []string{`TMR4002 seam:schedules, \[<#api>`}},
		{`x // want "TMR7020" "adds its delay \\(twice\\)" "TMR7030"`, []string{`TMR7020 adds its delay \(twice\)`, "TMR7030"}},
		{`-- want "TMR6202" "TMR6203" "read as 4"`, []string{"TMR6202", "TMR6203 read as 4"}},
		{`no expectation: we want "more" here`, nil},
	} {
		ws, err := ParseWants(tc.line)
		if err != nil {
			t.Errorf("%s: %v", tc.line, err)
			continue
		}
		var got []string
		for _, w := range ws {
			s := w.Rule
			if w.Message != nil {
				s += " " + w.Message.String()
			}
			got = append(got, s)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got  %q\n want %q", tc.line, got, tc.want)
		}
	}
	for _, bad := range []string{`want "TMR1031" "(" `, `want "TMR1031" "a" "b"`} {
		if _, err := ParseWants(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestMatch: a pinned expectation fails on a finding whose message does
// not match, so that a changed message fails its fixture; a plain one
// takes any message; each finding meets one expectation.
func TestMatch(t *testing.T) {
	d := func(rule, msg string) lint.Diagnostic {
		return lint.Diagnostic{File: "f.bpmn", Line: 3, Rule: rule, Message: msg}
	}
	parse := func(line string) []Want {
		ws, err := ParseWants(line)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ws {
			ws[i].File, ws[i].Line = "f.bpmn", 3
		}
		return ws
	}
	for _, tc := range []struct {
		line             string
		ds               []lint.Diagnostic
		unmatched, extra int
	}{
		{`want "TMR1031" "no start"`, []lint.Diagnostic{d("TMR1031", "cycle has no start date-time")}, 0, 0},
		{`want "TMR1031" "no start"`, []lint.Diagnostic{d("TMR1031", "cycle has no begin date-time")}, 1, 1},
		{`want "TMR1031"`, []lint.Diagnostic{d("TMR1031", "anything")}, 0, 0},
		{`want "TMR1031" "TMR1031" "second"`, []lint.Diagnostic{d("TMR1031", "the second"), d("TMR1031", "the first")}, 0, 0},
		{`want "TMR1031" "first"`, []lint.Diagnostic{d("TMR1031", "the second"), d("TMR1031", "the first")}, 0, 1},
		{`want "TMR1031" "first"`, []lint.Diagnostic{d("TMR1034", "the first")}, 1, 1},
	} {
		u, e := Match(parse(tc.line), tc.ds)
		if len(u) != tc.unmatched || len(e) != tc.extra {
			t.Errorf("%s: %d unmatched, %d extra; want %d, %d", tc.line, len(u), len(e), tc.unmatched, tc.extra)
		}
	}
}
