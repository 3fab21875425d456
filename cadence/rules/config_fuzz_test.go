package rules

import (
	"errors"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// FuzzConfigSection: any cadence section gives a config or a *ConfigError
// with its line, never a panic.
func FuzzConfigSection(f *testing.F) {
	for _, s := range []string{
		"cadence:\n  timer-late: 2m\n",
		"cadence:\n  timer-late: PT5M\n",
		"cadence:\n  timer-late: -1s\n",
		"cadence: [a]\n",
		"cadence:\n  timer-lat: 1m\n",
	} {
		f.Add([]byte(s))
	}
	spec := lint.ConfigSpec{Rules: All(), Sections: Engine().ConfigSections}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := lint.ParseConfig("c.yaml", src, spec); err != nil {
			var ce *lint.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *ConfigError", err, err)
			}
		}
	})
}
