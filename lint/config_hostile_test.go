package lint

import (
	"errors"
	"strings"
	"testing"
)

// TestConfigRefusesAmbiguity: a key given twice, a second document and an
// alias are errors with their line, not silently accepted. (The BPMN
// engine's tests refuse vocabulary values that are not namespace IRIs.)
func TestConfigRefusesAmbiguity(t *testing.T) {
	for src, want := range map[string]string{
		"extends: recommended\nexclude: [a]\nextends: strict\n": `:3:1: key "extends" appears twice (first on line 1)`,
		"rules:\n  TMR1004: off\n  TMR1004: error\n":            `:3:3: key "TMR1004" appears twice`,
		"extends: recommended\n---\nextends: strict\n":          "second YAML document",
		"exclude: &x [a]\nmap: {a: *x}\n":                       "YAML alias",
	} {
		_, err := ParseConfig("c.yaml", []byte(src), ConfigSpec{})
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), want) {
			t.Errorf("config\n%s: err = %v, want %q", src, err, want)
		}
	}
}
