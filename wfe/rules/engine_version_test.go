package rules

import (
	"strings"
	"testing"

	"github.com/seams/seams-timers/wfe/value"
)

// TestFindingsByEngine checks that the value findings say which build's
// behaviour they assume: a reading of 0 fires at once from 5.0 on and is
// never registered on 4.x; years count 0 except under the documentation.
func TestFindingsByEngine(t *testing.T) {
	cases := []struct {
		engine       value.Engine
		text, rule   string
		want, unwant string
	}{
		{value.Engine6, "10 min", "TMR6201", "registered due now and fires at the next poll", ""},
		{value.Engine4, "10 min", "TMR6201", "on engine 4.x the timer is never registered", ""},
		{value.Engine6, "2147483647ms 1ms", "TMR6201", "below 0: the timer is never registered", ""},
		{value.Engine6, "1y", "TMR6209", "the units y count 0", ""},
		{value.EngineDocs, "1y", "", "", "TMR6209"},
		{value.EngineDocs, "1y", "", "", "TMR6201"},
		{value.Engine6, "0", "TMR6210", "executes at once", "TMR6201"},
		{value.Engine6, " 0", "TMR6201", "registered due now", "TMR6210"},
		{value.Engine6, "-1", "TMR6207", "never", "TMR6210"},
		{value.Engine6, "2147483647h", "TMR6208", "TimeSpan", ""},
		{value.Engine6, "3000000d", "TMR6208", "after 9999-12-31", ""},
		{value.Engine6, "1h2h", "TMR6202", `the "2" is dropped`, ""},
	}
	for _, c := range cases {
		cfg := DefaultConfig()
		cfg.Engine = c.engine
		ds := ValueFindings(&Value{Type: "Interval", Text: c.text, Name: "SLA", Config: cfg}, nil)
		var all []string
		found := c.rule == ""
		for _, d := range ds {
			all = append(all, d.Rule+" "+d.What)
			if d.Rule == c.rule && strings.Contains(d.What, c.want) {
				found = true
			}
			if c.unwant != "" && d.Rule == c.unwant {
				t.Errorf("%v %q: unexpected %s %s", c.engine, c.text, d.Rule, d.What)
			}
		}
		if !found {
			t.Errorf("%v %q: no %s saying %q in %q", c.engine, c.text, c.rule, c.want, all)
		}
	}
}
