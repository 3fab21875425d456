package actionrun

import (
	"strings"
	"testing"
)

func TestExpressions(t *testing.T) {
	c := &context{
		inputs: map[string]string{"upload": "true", "paths": "my models", "empty": ""},
		steps:  map[string]map[string]string{"check": {"exit": "1", "sarif": "/w/a.sarif"}},
		github: map[string]string{"action_path": "/a"},
	}
	for expr, want := range map[string]bool{
		"inputs.upload == 'true'":                                    true,
		"inputs.upload == 'TRUE'":                                    true,
		"inputs.upload != 'true'":                                    false,
		"inputs.upload == 'true' && steps.check.outputs.sarif != ''": true,
		"inputs.empty":                                               false,
		"!inputs.empty":                                              true,
		"steps.check.outputs.exit != '0'":                            true,
		"steps.missing.outputs.x == ''":                              true,
		"(inputs.empty || inputs.paths) == 'my models'":              true,
		"success() && (inputs.upload == 'false')":                    false,
		"always()":           true,
		"'it''s' == 'it''s'": true,
	} {
		got, err := c.truth(expr)
		if err != nil || got != want {
			t.Errorf("%s = %v (%v), want %v", expr, got, err, want)
		}
	}
	for _, bad := range []string{"inputs.nope", "vars.x", "inputs.upload ==", "contains(inputs.paths, 'x')", "'open"} {
		if _, err := c.truth(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	got, err := c.interpolate("${{ github.action_path }}/go.sum and ${{inputs.paths}}")
	if err != nil || got != "/a/go.sum and my models" {
		t.Errorf("interpolate = %q, %v", got, err)
	}
}

func TestRefusesExpressionInScript(t *testing.T) {
	rn, _ := newRunner(t, nil)
	a := &Action{}
	a.Runs.Using = "composite"
	a.Runs.Steps = []Step{{Name: "bad", Shell: "bash", Run: "echo ${{ github.action_path }}"}}
	res, err := rn.Run(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Step("bad"); s.Outcome != "failure" || !strings.Contains(s.Err.Error(), "through env") {
		t.Errorf("outcome %s, %v", s.Outcome, s.Err)
	}
}

func TestOutputsFile(t *testing.T) {
	rn, _ := newRunner(t, nil)
	a := &Action{}
	a.Runs.Using = "composite"
	a.Runs.Steps = []Step{
		{ID: "one", Name: "one", Shell: "bash", Run: "printf 'a=1\\nmulti<<EOF\\nx\\n\\ny\\nEOF\\n' >> \"$GITHUB_OUTPUT\"; pwd; echo /extra/bin >> \"$GITHUB_PATH\""},
		{ID: "two", Name: "two", Shell: "bash", Env: map[string]string{"A": "${{ steps.one.outputs.a }}"}, Run: "echo \"A=$A\"; echo \"$PATH\" | cut -d: -f1; false"},
		{Name: "three", Shell: "bash", Run: "echo never"},
		{Name: "four", If: "failure()", Shell: "bash", Run: "echo after the failure"},
	}
	res, err := rn.Run(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := res.Step("one").Outputs; o["a"] != "1" || o["multi"] != "x\n\ny" {
		t.Errorf("outputs %q", o)
	}
	if got := strings.TrimSpace(res.Step("one").Output); got != rn.Workspace {
		t.Errorf("ran in %q, want the workspace %q", got, rn.Workspace)
	}
	if got := res.Step("two").Output; got != "A=1\n/extra/bin\n" || res.Step("two").Outcome != "failure" {
		t.Errorf("two: %q %s", got, res.Step("two").Outcome)
	}
	if res.Step("three").Outcome != "skipped" || res.Step("four").Outcome != "success" || !res.Failed {
		t.Errorf("three %s, four %s", res.Step("three").Outcome, res.Step("four").Outcome)
	}
}
