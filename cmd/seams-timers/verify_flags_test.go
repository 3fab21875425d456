package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVerifyFlags: the shared flags land in the options, the engines'
// flags in Flags (parsed apart from what verify does), and a bad value
// of an engine's flag is a usage error naming it.
func TestVerifyFlags(t *testing.T) {
	var got *verifyOptions
	c := newCmdVerify(&streams{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}, func(_ *streams, o *verifyOptions) error { got = o; return nil })
	c.SetArgs([]string{"--format", "sarif", "--max-time", "2s", "--replicas", "3", "--faults", "crash", "--task-time", "A=PT1H..", "m.bpmn"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Format != "sarif" || got.MaxTime.Seconds() != 2 || got.Paths[0] != "m.bpmn" {
		t.Errorf("shared options: %+v", got)
	}
	if got.Flags.Value("replicas") != "3" || got.Flags.Value("faults") != "crash" || got.Flags.Value("task-time") != "A=PT1H.." || got.Flags.Given("lease") {
		t.Errorf("engine flags: %v", got.Flags)
	}
	for _, bad := range [][]string{
		{"--faults", "sometimes"}, {"--lease", "0s"}, {"--poll", "soon"}, {"--replicas", "0"}, {"--max-stall", "-PT1S"},
		{"--task-time", "PT2H..PT1H"}, {"--max-time", "-1s"}, {"--format", "xml"},
	} {
		var so, se bytes.Buffer
		args := append(append([]string{"verify"}, bad...), "../../bpmn/verify/testdata/valid-TMR9001-reached.bpmn")
		if code := run(args, &streams{Out: &so, Err: &se}); code != 2 || !strings.Contains(se.String(), strings.TrimPrefix(bad[0], "--")) {
			t.Errorf("verify %v: exit %d, stderr %q; want 2 naming the flag", bad, code, se.String())
		}
	}
}
