package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
)

func newRulesCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "rules",
		Short: "List the rule catalog: ID, name, default severity, title",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			tw := tabwriter.NewWriter(s.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSEVERITY\tTITLE")
			for _, r := range allRules() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Severity, r.Title)
			}
			return tw.Flush()
		},
	}
}

func newExplainCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:               "explain ID|NAME",
		Short:             "Print one rule's documentation with a bad and a good example",
		Example:           "  seams-timers explain TMR1031\n  seams-timers explain cycle-no-start",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeRule,
		RunE: func(_ *cobra.Command, args []string) error {
			r := lookupRule(args[0])
			if r == nil {
				hint := lint.Suggest(args[0], ruleKeys(args[0]))
				if !strings.HasPrefix(hint, ";") {
					hint = ""
				}
				// A bare number is an ID without its family prefix.
				if digits := strings.TrimLeft(args[0], "0123456789"); digits == "" && lookupRule("TMR"+args[0]) != nil {
					hint = fmt.Sprintf("; did you mean %q?", "TMR"+args[0])
				}
				return usageErrorf("no rule %q%s (`seams-timers rules` lists them)", args[0], hint)
			}
			fmt.Fprint(s.Out, lint.Explain(r))
			return nil
		},
	}
}

// ruleKeys lists what explain accepts that looks like key: the rule IDs
// when key starts like one, else the rule names.
func ruleKeys(key string) []string {
	var out []string
	byID := strings.HasPrefix(strings.ToUpper(key), "TMR")
	for _, r := range allRules() {
		if byID {
			out = append(out, r.ID)
		} else {
			out = append(out, r.Name)
		}
	}
	return out
}
