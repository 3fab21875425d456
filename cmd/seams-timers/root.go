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

// newRootCmd builds the command tree.
func newRootCmd(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "seams-timers",
		Short:         "Check BPMN timer definitions against ADR-0037 and simulate when they fire",
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints what the version command prints.
		Version: versionString(),
	}
	root.SetVersionTemplate("seams-timers {{.Version}}\n")
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: lint.ExitUsage, err: err}
	})
	for _, c := range subcommands(s) {
		root.AddCommand(c)
	}
	return root
}

// run executes the command line and maps the result to an exit code: the
// one place where errors become exit codes.
func run(args []string, s *streams) int {
	root := newRootCmd(s)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return lint.ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(s.Err, "seams-timers: %v\n", ee.err)
		}
		return ee.code
	}
	// Cobra's own errors (unknown command, bad arguments) are usage errors.
	fmt.Fprintf(s.Err, "seams-timers: %v\n", err)
	return lint.ExitUsage
}
