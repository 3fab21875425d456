package sim

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

var quoted = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// FuzzParseScenario checks that any scenario file gives a scenario or an
// error that names no Go type, never a panic.
func FuzzParseScenario(f *testing.F) {
	for _, seed := range []string{
		"from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nreplicas: 2\n",
		"crash:\n  - replica: 1\n    at: 2026-11-01T01:00:00Z\n    restart: 2026-11-01T02:00:00Z\n",
		"processes:\n  A:\n    start: 2026-11-01T00:00:00Z\n    complete:\n      T: [PT1H, never]\n    choose:\n      G: F\n",
		"processes:\n  a.bpmn#A:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1H, count: 3}\n",
		"runtime: already-running\ndown: 2026-11-01T00:00:00Z/2026-11-02T00:00:00Z\n",
		"stall: [{replica: 1, at: 2026-11-01T00:00:00Z, for: PT1M}]\n",
		"- a\n", "a: &x [*x]\n", "{", "from: !!binary aGVsbG8=\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		_, err := ParseScenario(src)
		if err == nil {
			return
		}
		var se *ScenarioError
		if !errors.As(err, &se) {
			t.Errorf("%v is not a ScenarioError", err)
		}
		// What the file holds is quoted in the message; only the rest is
		// the tool's own words.
		msg := quoted.ReplaceAllString(strings.ReplaceAll(err.Error(), "not valid YAML", ""), `""`)
		if strings.Contains(msg, "want ,") || strings.HasSuffix(msg, "want ") {
			t.Errorf("%q says want without what", err)
		}
		for _, goName := range []string{"sim.", "yamlScenario", "yamlProc", "strList", "unmarshal", "[]string", "map[string]"} {
			if strings.Contains(msg, goName) {
				t.Errorf("%q names %s", err, goName)
			}
		}
	})
}
