package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestSubcommandList checks that each entry of the list builds the command
// it is named for, once: calledSubcommand picks the constructor by that
// name, so a name that differs from the command's would build the wrong
// one, or none.
func TestSubcommandList(t *testing.T) {
	s := &streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
	seen := map[string]bool{}
	for _, c := range subcommandList {
		if seen[c.name] {
			t.Errorf("%s is listed twice", c.name)
		}
		seen[c.name] = true
		built := c.build(s)
		if built.Name() != c.name {
			t.Errorf("the entry %q builds the command %q", c.name, built.Name())
		}
		if len(built.Aliases) > 0 {
			t.Errorf("%s has aliases %v, which calledSubcommand does not know", c.name, built.Aliases)
		}
	}
	root := newRootCmd(s)
	for _, c := range root.Commands() {
		if !seen[c.Name()] {
			t.Errorf("the root has the command %s, which subcommandList does not list", c.Name())
		}
	}
}

// TestCalledSubcommand checks which command lines build one command only.
func TestCalledSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "models/"}, "check"},
		{[]string{"version"}, "version"},
		{[]string{"config", "validate"}, "config"},
		{nil, ""},
		{[]string{"--version"}, ""},
		{[]string{"--no-config", "check"}, ""},
		{[]string{"help", "check"}, ""},
		{[]string{"completion", "bash"}, ""},
		{[]string{"__complete", "check", "--fo"}, ""},
		{[]string{"checkk"}, ""},
		{[]string{"Check"}, ""},
	} {
		got, ok := calledSubcommand(c.args)
		if ok != (c.want != "") || got.name != c.want {
			t.Errorf("calledSubcommand(%q) = %q, %v; want %q", c.args, got.name, ok, c.want)
		}
		// The tree of a called command holds that command only; any
		// other command line gets every command.
		s := &streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
		var names []string
		for _, sub := range newRootCmdFor(s, c.args).Commands() {
			names = append(names, sub.Name())
		}
		if ok && (len(names) != 1 || names[0] != c.want) || !ok && len(names) != len(subcommandList) {
			t.Errorf("newRootCmdFor(%q) builds %v", c.args, names)
		}
	}
}

// TestRootForCommandLine runs command lines with the tree newRootCmdFor
// builds and with the whole tree, and wants the same exit code, stdout
// and stderr: building only the called command changes nothing a user
// sees, help and errors included.
func TestRootForCommandLine(t *testing.T) {
	whole := func(s *streams, _ []string) *cobra.Command { return newRootCmd(s) }
	for _, args := range [][]string{
		{"--help"},
		{"--version"},
		{"help", "check"},
		{"version"},
		{"version", "--help"},
		{"version", "extra"},
		{"check", "--help"},
		{"check", "--bogus"},
		{"check", "--format", "bogus", "../../examples/approval.bpmn"},
		{"check", "--no-config", "--now", "2026-11-01T12:00:00Z", "../../examples/broken/schedules.bpmn"},
		{"check", "--no-config", "--now", "2026-11-01T12:00:00Z", "--format", "sarif", "../../examples/broken/schedules.bpmn"},
		{"simulate", "--help"},
		{"next", "--help"},
		{"next", "--now", "2026-01-01T00:00:00Z", "R/2026-01-31T00:00:00Z/P1M"},
		{"rules"},
		{"explain", "TMR1031"},
		{"explain", "nonesuch"},
		{"config"},
		{"config", "validat"},
		{"config", "validate", "--help"},
		{"lsp", "--help"},
		{"completion", "bash"},
		{"__complete", "check", "--fo"},
		{"__complete", "explain", "TMR10"},
		{"checkk"},
		{"--bogus", "check"},
	} {
		var out1, err1, out2, err2 bytes.Buffer
		code1 := run(args, &streams{In: strings.NewReader(""), Out: &out1, Err: &err1})
		code2 := runTree(args, &streams{In: strings.NewReader(""), Out: &out2, Err: &err2}, whole)
		if code1 != code2 || out1.String() != out2.String() || err1.String() != err2.String() {
			t.Errorf("%q: exit %d, stdout %d bytes, stderr %q; with the whole tree: exit %d, stdout %d bytes, stderr %q",
				args, code1, out1.Len(), err1.String(), code2, out2.Len(), err2.String())
		}
		if out1.Len() == 0 && err1.Len() == 0 {
			t.Errorf("%q printed nothing", args)
		}
	}
}
