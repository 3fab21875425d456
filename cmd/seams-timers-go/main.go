// Command seams-timers-go is the Go side of seams-timers' Cadence and
// Temporal engine: it loads Go packages with go/packages and runs the
// TMR8xxx analyzers over them. seams-timers runs it for the Go files of a
// check (seams-timers-go load ROOT PATTERN..., a JSON report on stdout)
// and hands it go vet's tool protocol (go vet -vettool=$(command -v
// seams-timers)), so that seams-timers itself links no Go analysis and a
// BPMN check starts as fast as before.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/seams/seams-timers/cadence/goload"
	"github.com/seams/seams-timers/project"
)

func main() {
	if len(os.Args) >= 3 && os.Args[1] == "load" {
		limitMemory()
		// load [-root DIR]... MODULE-ROOT PATTERN...: the -root flags are
		// the project's boundary (seams-timers passes its own); without
		// them, the module root's project.
		args := os.Args[2:]
		var roots []string
		for len(args) >= 2 && args[0] == "-root" {
			roots = append(roots, args[1])
			args = args[2:]
		}
		if len(args) == 0 {
			fmt.Fprintln(os.Stderr, "usage: seams-timers-go load [-root DIR]... MODULE-ROOT PATTERN...")
			os.Exit(2)
		}
		if roots == nil {
			roots = project.RootsFor(args[0])
		}
		rep := goload.LoadIn(args[0], roots, args[1:])
		enc := json.NewEncoder(os.Stdout)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(os.Stderr, "seams-timers-go: %v\n", err)
			os.Exit(3)
		}
		return
	}
	if len(os.Args) == 2 && (os.Args[1] == "-h" || os.Args[1] == "--help" || os.Args[1] == "help") {
		fmt.Println("usage: seams-timers-go load [-root DIR]... MODULE-ROOT PATTERN...   (JSON report on stdout)\n       go vet -vettool=$(command -v seams-timers-go) ./...")
		return
	}
	// Anything else is go vet's: -V=full, -flags, or flags and a *.cfg.
	unitchecker.Main(vetAnalyzers()...)
}
