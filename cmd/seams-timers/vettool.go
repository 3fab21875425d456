package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
)

// runVetTool hands go vet's tool protocol to seams-timers-go, which links
// the analyzers, and exits with its exit code.
func runVetTool(args []string) {
	helper, err := rules.Helper()
	if err != nil {
		fmt.Fprintf(os.Stderr, "seams-timers: go vet's tool protocol is served by %s, which is neither beside seams-timers nor on PATH: go install github.com/seams/seams-timers/cmd/seams-timers-go\n", rules.HelperName)
		os.Exit(lint.ExitInternal)
	}
	cmd := exec.Command(helper, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			os.Exit(ee.ExitCode())
		}
		fmt.Fprintf(os.Stderr, "seams-timers: running %s: %v\n", helper, err)
		os.Exit(lint.ExitInternal)
	}
	os.Exit(0)
}
