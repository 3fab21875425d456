package actionrun

import "testing"

// FuzzExpression checks that any ${{ }} text evaluates or gives an error,
// never a panic or a hang.
func FuzzExpression(f *testing.F) {
	for _, seed := range []string{
		"inputs.upload == 'true' && steps.check.outputs.sarif != ''",
		"!(inputs.a || 'x''y') != success()", "always()", "((", "'open", "a.b.c.d.e", "==", "${{ inputs.a }}",
	} {
		f.Add(seed)
	}
	c := &context{
		inputs: map[string]string{"a": "1", "upload": "true"},
		steps:  map[string]map[string]string{"check": {"sarif": "x"}},
		github: map[string]string{}, runner: map[string]string{},
	}
	f.Fuzz(func(t *testing.T, expr string) {
		_, _ = c.truth(expr)
		_, _ = c.interpolate(expr)
	})
}
