package lint

import (
	"strings"
	"testing"
)

// TestRulePageExamples: a rule with Examples gets one section per kind of
// file, each with its own code-block language, in order; a rule without
// keeps the one Bad and Good pair in the style's language.
func TestRulePageExamples(t *testing.T) {
	r := &Rule{ID: "TMR0010", Name: "suppression-no-reason", Severity: SeverityError, Kind: KindLoad,
		Title: "a suppression comment without a reason", Doc: "Say why.", Bad: "<!-- a -->", Good: "<!-- b -->",
		Examples: []Example{
			{Kind: "BPMN XML", Lang: "xml", Bad: "<!-- a -->", Good: "<!-- b -->"},
			{Kind: "C#, Stateflows", Lang: "csharp", Bad: "// c", Good: "// d"},
		}}
	page := RulePage(r, PageStyle{Lang: func(string) string { return "turtle" }})
	want := "## Bad and good, by kind of file\n\n### BPMN XML\n\nBad:\n\n```xml\n<!-- a -->\n```\n\nGood:\n\n```xml\n<!-- b -->\n```\n\n" +
		"### C#, Stateflows\n\nBad:\n\n```csharp\n// c\n```\n\nGood:\n\n```csharp\n// d\n```\n\n## Configuration"
	if !strings.Contains(page, want) || strings.Contains(page, "turtle") {
		t.Errorf("page:\n%s", page)
	}
	text := Explain(r)
	for _, s := range []string{"Bad (BPMN XML):\n\n    <!-- a -->\n\nGood (BPMN XML):\n\n    <!-- b -->\n\n", "Bad (C#, Stateflows):\n\n    // c\n\nGood (C#, Stateflows):\n\n    // d\n\n"} {
		if !strings.Contains(text, s) {
			t.Errorf("explain lacks %q:\n%s", s, text)
		}
	}
	r.Examples = nil
	if got, want := Explain(r), "TMR0010 suppression-no-reason (error)\n\na suppression comment without a reason\n\nSay why.\n\nBad:\n\n    <!-- a -->\n\nGood:\n\n    <!-- b -->\n\nOnline documentation:\n\n    "+RuleDocURI("TMR0010")+"\n"; got != want {
		t.Errorf("explain without examples:\n%s\nwant\n%s", got, want)
	}
	if page := RulePage(r, PageStyle{Lang: func(string) string { return "turtle" }}); !strings.Contains(page, "## Bad\n\n```turtle\n<!-- a -->\n```\n\n## Good\n\n```turtle\n<!-- b -->\n```") {
		t.Errorf("page without examples:\n%s", page)
	}
}
