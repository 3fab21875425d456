//go:build !unix

package rules

import (
	"os"
	"os/exec"
)

// killGroup kills the helper on cancel (the default); there is no process
// group to kill here.
func killGroup(*exec.Cmd) {}

func killedByOOM(*os.ProcessState) bool { return false }
