package lint

import (
	"errors"
	"strings"
	"testing"
)

// TestConfigRefusesAmbiguity: a key given twice, a second document, an
// alias and vocabulary values that are not namespace IRIs are errors with
// their line, not silently accepted.
func TestConfigRefusesAmbiguity(t *testing.T) {
	for src, want := range map[string]string{
		"extends: recommended\nexclude: [a]\nextends: strict\n": `3: key "extends" appears twice (first on line 1)`,
		"rules:\n  TMR1004: off\n  TMR1004: error\n":            `3: key "TMR1004" appears twice`,
		"extends: recommended\n---\nextends: strict\n":          "second YAML document",
		"exclude: &x [a]\nmap: {a: *x}\n":                       "YAML alias",
		"vocabulary:\n  proc: not an iri\n":                     `2: vocabulary.proc "not an iri": want an absolute IRI`,
		"vocabulary:\n  seam: https://example.com/seam\n":       "ends in '#' or '/'",
		"vocabulary:\n  arch: \"https://example.com/a>#\"\n":    "want an absolute IRI",
	} {
		_, err := ParseConfig("c.yaml", []byte(src), ConfigSpec{})
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), want) {
			t.Errorf("config\n%s: err = %v, want %q", src, err, want)
		}
	}
	if _, err := ParseConfig("c.yaml", []byte("vocabulary:\n  proc: https://example.com/proc#\n  seam: urn:x:seam/\n"), ConfigSpec{}); err != nil {
		t.Errorf("a valid vocabulary is refused: %v", err)
	}
}
