package main

import (
	"strings"
	"testing"
)

// TestNextGoNotLoaded: Go code next cannot analyse (here a file in no
// module) is said, with check's TMR8000 and exit 1, not passed over with
// an empty list and exit 0.
func TestNextGoNotLoaded(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "wf.go", []byte("package wf\n\nconst Spec = \"0 9 * * *\"\n"))
	code, out, errOut := runCLI(t, "", "next", "--no-config", "-n", "1", dir)
	if code != 1 || !strings.Contains(out+errOut, "[TMR8000 go-load-error]") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}
