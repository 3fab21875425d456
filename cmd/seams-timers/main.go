// Command seams-timers checks timer definitions (BPMN on SpiffWorkflow
// under the seams runtime's ADR-0037, Workflow Engine schemes, Stateflows
// time events, Cadence/Temporal timers) and simulates when they fire.
package main

import (
	"os"
	"runtime/debug"
	"strings"
)

// memoryLimit is the soft limit the garbage collector works towards when
// GOMEMLIMIT is not set: a check of a million-triple index graph with
// thousands of models stays under it instead of growing with every
// allocation burst. Small runs never reach it.
const memoryLimit = 400 << 20

func main() {
	if vetTool(os.Args[1:]) {
		// go vet -vettool=$(command -v seams-timers): the unitchecker
		// protocol, before cobra sees the arguments.
		runVetTool(os.Args[1:])
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(memoryLimit)
	}
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
