// Command seams-timers checks timer definitions (BPMN on SpiffWorkflow
// under the seams runtime's ADR-0037, Workflow Engine schemes, Stateflows
// time events, Cadence/Temporal timers) and simulates when they fire.
package main

import (
	"os"
	"strings"
)

func main() {
	if vetTool(os.Args[1:]) {
		// go vet -vettool=$(command -v seams-timers): the unitchecker
		// protocol, before cobra sees the arguments.
		runVetTool(os.Args[1:])
	}
	// No fixed soft memory limit is set: the runtime reads GOMEMLIMIT when
	// the user sets one, and otherwise, once the live heap is past 32 MiB
	// (limitFrom), keepHeapFloor sets one after each collection that
	// follows the live heap. A fixed limit of 400 MiB was
	// measured to cost CPU and to save no memory: past it, a simulation whose live
	// heap grows to 550 MB collected 175 times instead of 9, for 1.4x the
	// CPU and the same peak RSS; below it (the 1M-triple join, a 220 MB
	// heap goal) it never bound (bench/gclimit.sh, README "Speed").
	if len(os.Args) < 2 || os.Args[1] != "lsp" {
		// A batch run; the language server lives on with a small heap.
		_ = keepHeapFloor()
	}
	os.Exit(run(os.Args[1:], newStreams()))
}

// vetTool reports whether the arguments are go vet's to its tool: -V=full
// (the tool's version), -flags (its flags, as JSON), or analyzer flags and
// one *.cfg file naming a package unit.
func vetTool(args []string) bool {
	if len(args) == 0 {
		return false
	}
	if args[0] == "-V=full" || args[0] == "-flags" {
		return true
	}
	last := args[len(args)-1]
	if !strings.HasSuffix(last, ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}
