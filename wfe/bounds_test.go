package wfe

import (
	"fmt"
	"strings"
	"testing"
)

func sqlRows(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "INSERT INTO \"WorkflowScheme\" (\"Code\", \"Scheme\") VALUES ('T%d', '<Process Name=\"T%d\"><Timers><Timer Name=\"S\" Type=\"Interval\" Value=\"4h\"/></Timers></Process>');\n", i, i)
	}
	return []byte(b.String())
}

// TestSQLBounded: a SQL file's work (allocations) at most doubles when its
// rows double, and a file past MaxSQLTokens is too large to check.
func TestSQLBounded(t *testing.T) {
	work := func(n int) float64 {
		src := sqlRows(n)
		return testing.AllocsPerRun(2, func() { Read("s.sql", src) })
	}
	a1, a2 := work(500), work(1000)
	if a2 > 2.2*a1+8 {
		t.Errorf("allocations %v, then %v for twice the rows", a1, a2)
	}
	_, errs, _ := Read("s.sql", []byte(strings.Repeat("(", MaxSQLTokens+10)))
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "too large to check") {
		t.Errorf("errors %v, want too large to check", errs)
	}
}

// TestValueBounded: a timer Value past MaxValueLen is too large to check;
// one at the limit is read.
func TestValueBounded(t *testing.T) {
	scheme := func(v string) []byte {
		return []byte(`<Process Name="P"><Timers><Timer Name="T" Type="Interval" Value="` + v + `"/></Timers></Process>`)
	}
	if _, errs, _ := Read("p.xml", scheme(strings.Repeat("1s", MaxValueLen/2))); len(errs) != 0 {
		t.Errorf("a value at the limit: %v", errs)
	}
	_, errs, _ := Read("p.xml", scheme(strings.Repeat("1s", MaxValueLen)))
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "too large to check") {
		t.Errorf("errors %v, want too large to check", errs)
	}
}
