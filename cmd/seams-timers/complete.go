package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
)

// colorValues are the choices of --color.
var colorValues = []string{"auto", "always", "never"}

// fixedValues completes a flag from a fixed list of values, with no file
// names after them.
func fixedValues(values []string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFormat completes --format: the format names, and after
// FORMAT= the files, as a shell completes any path.
func completeFormat(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.Contains(toComplete, "=") {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return lint.Formats(), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// registerCheckCompletions adds the value completions of check's flags.
func registerCheckCompletions(c *cobra.Command) {
	for flag, fn := range map[string]cobra.CompletionFunc{
		"format":  completeFormat,
		"fail-on": fixedValues(failOnValues),
		"color":   fixedValues(colorValues),
	} {
		// Registering fails only for a flag that does not exist: a
		// programming error the completion tests catch.
		if err := c.RegisterFlagCompletionFunc(flag, fn); err != nil {
			panic(err)
		}
	}
}

// completeRule completes explain's argument: the rule IDs, or the names
// once what is typed does not look like an ID.
func completeRule(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	byID := toComplete == "" || strings.HasPrefix(strings.ToUpper(toComplete), "TMR")
	for _, r := range allRules() {
		if byID {
			out = append(out, r.ID+"\t"+r.Name)
		} else {
			out = append(out, r.Name+"\t"+r.ID)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
