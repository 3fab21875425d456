package main

import "github.com/spf13/cobra"

// subcommand is a command under the root: its name, and the function that
// builds it with its flags and its own subcommands.
type subcommand struct {
	name  string
	build func(*streams) *cobra.Command
}

// subcommandList lists the commands under the root, in help order.
var subcommandList = []subcommand{
	{"check", newCheckCmd},
	{"simulate", newSimulateCmd},
	{"verify", newVerifyCmd},
	{"next", newNextCmd},
	{"rules", newRulesCmd},
	{"explain", newExplainCmd},
	{"config", newConfigCmd},
	{"version", newVersionCmd},
	{"lsp", newLSPCmd},
}

// subcommands builds every command under the root, in help order.
func subcommands(s *streams) []*cobra.Command {
	out := make([]*cobra.Command, len(subcommandList))
	for i, c := range subcommandList {
		out[i] = c.build(s)
	}
	return out
}

// calledSubcommand returns the command under the root that a command line
// runs when its first word names one (cobra then finds that command, as
// the first word that is not a flag), and false otherwise: no arguments,
// a flag first, help, completion, or an unknown command.
func calledSubcommand(args []string) (subcommand, bool) {
	if len(args) == 0 {
		return subcommand{}, false
	}
	for _, c := range subcommandList {
		if args[0] == c.name {
			return c, true
		}
	}
	return subcommand{}, false
}
