package rules

import (
	"errors"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// FuzzConfigSection: any stateflows section gives a config or a
// *ConfigError with its line, never a panic.
func FuzzConfigSection(f *testing.F) {
	for _, s := range []string{
		"stateflows:\n  revision: before-2024-12-17\n  timezone: Europe/Berlin\n",
		"stateflows:\n  revision: documented\n",
		"stateflows:\n  timezone: Mars/Olympus\n",
		"stateflows: 3\n",
		"stateflows:\n  revision: [main]\n",
	} {
		f.Add([]byte(s))
	}
	spec := lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := lint.ParseConfig("c.yaml", src, spec); err != nil {
			var ce *lint.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *ConfigError", err, err)
			}
		}
	})
}
