package main

import "github.com/spf13/cobra"

// subcommands lists the commands under the root, in help order.
func subcommands(s *streams) []*cobra.Command {
	return []*cobra.Command{
		newCheckCmd(s),
		newSimulateCmd(s),
		newNextCmd(s),
		newRulesCmd(s),
		newExplainCmd(s),
		newConfigCmd(s),
		newVersionCmd(s),
		newLSPCmd(s),
	}
}
