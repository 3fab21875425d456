package main

import (
	"strings"
	"testing"
)

// FuzzParseUnifiedDiff checks that any git diff output gives changed
// lines or an error, never a panic or a blow-up, and that every range it
// reads lies inside the root and is not empty or negative.
func FuzzParseUnifiedDiff(f *testing.F) {
	f.Add([]byte("diff --git a/x.bpmn b/x.bpmn\n--- a/x.bpmn\n+++ b/x.bpmn\n@@ -3,0 +4,2 @@\n+a\n+b\n"))
	f.Add([]byte("+++ \"b/my\\tmodels/a.bpmn\"\n@@ -1 +1 @@\n-x\n+y\n"))
	f.Add([]byte("+++ b/my models/a.bpmn\t\n@@ -5,2 +4,0 @@\n"))
	f.Add([]byte("+++ /dev/null\n@@ -1,3 +0,0 @@\n"))
	f.Add([]byte("@@ -1 +x @@\n"))
	f.Add([]byte("+++ b/a\n@@ -1 +1,999999999999 @@\n"))
	f.Fuzz(func(t *testing.T, diff []byte) {
		ch, err := parseUnifiedDiff(diff, "/root")
		if err != nil {
			return
		}
		for file, lines := range ch.lines {
			if !strings.HasPrefix(file, "/root") {
				t.Errorf("file %q is outside the root", file)
			}
			for _, r := range lines {
				if r.first < 0 || r.last < r.first {
					t.Errorf("range %+v", r)
				}
			}
		}
	})
}
