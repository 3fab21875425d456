package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
)

// streams are the process's standard streams, injected so that commands
// are tested without a terminal.
type streams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	OutTTY bool
	ErrTTY bool
}

func newStreams() *streams {
	return &streams{
		In:     os.Stdin,
		Out:    os.Stdout,
		Err:    os.Stderr,
		OutTTY: isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd()),
		ErrTTY: isatty.IsTerminal(os.Stderr.Fd()) || isatty.IsCygwinTerminal(os.Stderr.Fd()),
	}
}

// exitError carries an exit code out of a command. A usage error is
// exitError{code: lint.ExitUsage}.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: lint.ExitUsage, err: fmt.Errorf(format, args...)}
}

// newRootCmd builds the whole command tree.
func newRootCmd(s *streams) *cobra.Command {
	root := newRootOnly(s)
	// --version prints what the version command prints.
	root.Version = versionString()
	root.SetVersionTemplate("seams-timers {{.Version}}\n")
	for _, c := range subcommands(s) {
		root.AddCommand(c)
	}
	return root
}

// newRootCmdFor builds the command tree a command line needs. When its
// first word names a command under the root, that is the root and that
// command only: the other commands' flags, help texts and default values,
// and cobra's completion commands, would be built for nothing (they are a
// tenth of a one-model check's start-up). The root's own flag (--version)
// and help are then never reached. Any other command line (help,
// completion, an unknown command, a flag first) gets the whole tree.
func newRootCmdFor(s *streams, args []string) *cobra.Command {
	c, ok := calledSubcommand(args)
	if !ok {
		return newRootCmd(s)
	}
	root := newRootOnly(s)
	root.CompletionOptions.DisableDefaultCmd = true
	root.AddCommand(c.build(s))
	return root
}

// newRootOnly builds the root command with no command under it.
func newRootOnly(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "seams-timers",
		Short:         "Check timer definitions (BPMN on SpiffWorkflow, Workflow Engine schemes, Stateflows, Cadence/Temporal) and simulate when they fire",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: lint.ExitUsage, err: err}
	})
	return root
}

// run executes the command line and maps the result to an exit code: the
// one place where errors become exit codes. A write to stdout that fails
// (a full disk) is exit 3 with one line, whatever the
// command; so is a panic, which never reaches the user as a stack trace.
func run(args []string, s *streams) (code int) {
	return runTree(args, s, newRootCmdFor)
}

// runTree is run with the command tree that tree builds for the command
// line.
func runTree(args []string, s *streams, tree func(*streams, []string) *cobra.Command) (code int) {
	out := lint.NewCheckedWriter(s.Out)
	cs := *s
	cs.Out = out
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(s.Err, "seams-timers: internal error: %s\n", lint.Printable(fmt.Sprint(r)))
			code = lint.ExitInternal
		}
	}()
	root := tree(&cs, args)
	root.SetArgs(args)
	err := root.Execute()
	if out.Err() != nil {
		fmt.Fprintf(s.Err, "seams-timers: writing the output: %v\n", out.Err())
		return lint.ExitInternal
	}
	if err == nil {
		return lint.ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		for _, line := range errorLines(ee.err) {
			fmt.Fprintf(s.Err, "seams-timers: %s\n", lint.Printable(line))
		}
		return ee.code
	}
	// Cobra's own errors (unknown command, bad arguments) are usage errors.
	fmt.Fprintf(s.Err, "seams-timers: %s\n", lint.Printable(err.Error()))
	return lint.ExitUsage
}

// errorLines are the lines an error prints: one, or one per problem of a
// config with several (lint.ConfigErrors); none for nil.
func errorLines(err error) []string {
	if err == nil {
		return nil
	}
	var ces *lint.ConfigErrors
	if errors.As(err, &ces) {
		return ces.Lines()
	}
	return []string{err.Error()}
}
