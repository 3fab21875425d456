package main

import (
	"strings"
	"testing"
)

// FuzzParseUnifiedDiff checks that any output of git diff for one file
// gives changed lines or an error, never a panic or a blow-up, and that
// every range it reads is neither empty nor negative.
func FuzzParseUnifiedDiff(f *testing.F) {
	f.Add([]byte("diff --git a/x.bpmn b/x.bpmn\n--- a/x.bpmn\n+++ b/x.bpmn\n@@ -3,0 +4,2 @@\n+a\n+b\n"))
	f.Add([]byte("+++ \"b/my\\tmodels/a.bpmn\"\n@@ -1 +1 @@\n-x\n+y\n"))
	f.Add([]byte("+++ b/my models/a.bpmn\t\n@@ -5,2 +4,0 @@\n-a\n-b\n"))
	f.Add([]byte("@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+++ b/decoy\n\\ No newline at end of file\n"))
	f.Add([]byte("@@ -1 +x @@\n"))
	f.Add([]byte("+++ b/a\n@@ -1 +1,999999999999 @@\n"))
	f.Fuzz(func(t *testing.T, diff []byte) {
		lines, err := parseFileDiff(diff)
		if err != nil {
			return
		}
		for _, r := range lines {
			if r.first < 0 || r.last < r.first {
				t.Errorf("range %+v", r)
			}
		}
	})
}

// FuzzReadNameStatus checks that any `git diff --name-status -z` output
// gives statuses or an error, and that every path lies under the root.
func FuzzReadNameStatus(f *testing.F) {
	f.Add([]byte("M\x00a.bpmn\x00D\x00my models/b.bpmn\x00"), []byte("new.ttl\x00"))
	f.Add([]byte("R100\x00old.bpmn\x00new.bpmn\x00"), []byte(""))
	f.Add([]byte("M\x00../x\x00"), []byte("/etc/passwd\x00"))
	f.Fuzz(func(t *testing.T, names, untracked []byte) {
		ch, err := readNameStatus(names, untracked, "/root")
		if err != nil {
			return
		}
		for p := range ch.status {
			if !strings.HasPrefix(p, "/root/") {
				t.Errorf("path %q is outside the root", p)
			}
		}
	})
}
