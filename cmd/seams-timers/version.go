package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at link time with -ldflags "-X main.version=v1.2.3" (the
// release build, .goreleaser.yaml, does); otherwise the module's version
// from the build info is used, which `go install ...@v1.2.3` stamps, and a
// build from a clone says (devel). The version command, --version and the
// SARIF tool.driver.version all print versionString.
var version = ""

func newVersionCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintf(s.Out, "seams-timers %s\n", versionString())
			return nil
		},
	}
}

// versionString is the link-time version, else the module's.
func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
