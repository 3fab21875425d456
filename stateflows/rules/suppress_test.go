package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seams/seams-timers/stateflows/csharp"
)

// TestSuppressionTargets checks which line each ignore comment covers: its
// own line after code, else the next line that holds code (blank lines,
// other comments and the inside of a multi-line literal skipped over), and
// none at the end of the file.
func TestSuppressionTargets(t *testing.T) {
	src := strings.Join([]string{
		`// seams-timers:ignore TMR7020 alone, before code`, // 1, covers 2
		`a.AddTransition<AfterOneDay>("x");`,
		`b(); // seams-timers:ignore TMR7020 after code`,    // 3, covers 3
		`/* seams-timers:ignore TMR7030 a block comment */`, // 4, covers 7
		``,
		`// a comment that is not one`,
		`var s = """`,
		`  // seams-timers:ignore TMR7040 inside a literal, not a comment`,
		`  """; c();`,
		`/* seams-timers:ignore TMR7031 before a comment */`, // 10, covers 13
		`/* a comment over`,
		`two lines */`,
		`d();`,
		`// seams-timers:ignore TMR7050 with no code after it`, // 14, covers none
		`// seams-timers:ignore`,                               // 15: no ID, which TMR0011 reports
	}, "\n")
	var got []string
	for _, s := range suppressions("m.cs", csharp.Lex([]byte(src))) {
		got = append(got, fmt.Sprintf("%d:%d->%d %s", s.Line, s.Col, s.TargetLine, strings.Join(s.IDs, ",")))
	}
	want := "1:1->2 TMR7020 3:6->3 TMR7020 4:1->7 TMR7030 10:1->13 TMR7031 14:1->0 TMR7050 15:1->0 "
	if strings.Join(got, " ") != want {
		t.Errorf("suppressions:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	if s := suppressions("m.cs", csharp.Lex([]byte("a(); // no ignore comment\n"))); s != nil {
		t.Errorf("a file without ignore comments: %v", s)
	}
}
