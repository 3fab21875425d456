package sim

import (
	"os"
	"testing"
)

// FuzzParseScenario: any bytes give a scenario or an error, never a panic;
// a scenario it accepts parses the same a second time.
func FuzzParseScenario(f *testing.F) {
	if src, err := os.ReadFile("../../examples/wfe/scenario.yaml"); err == nil {
		f.Add(src)
	}
	for _, s := range []string{
		"from: 2026-11-06T08:00:00Z\nuntil: 2026-11-10T08:00:00Z\n",
		"from: 2026-11-06T08:00:00Z\nuntil: 2026-11-10T08:00:00Z\ndown: [2026-11-06T18:00:00Z/2026-11-09T08:00:00Z]\n",
		"instances:\n  - scheme: T\n    start: 2026-11-06T09:00:00Z\n    commands: [{at: 2026-11-06T09:15:00Z, command: Assign}]\n",
		"from: x\n",
		"instances: {a: 1}\n",
		"a: &x [1]\nb: *x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := ParseScenario(src); err != nil {
			return
		}
		if _, err := ParseScenario(src); err != nil {
			t.Fatalf("accepted once, refused the second time: %v", err)
		}
	})
}
