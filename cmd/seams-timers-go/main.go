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

	"github.com/seams/seams-timers/cadence/analyzers"
	"github.com/seams/seams-timers/cadence/goload"
)

func main() {
	if len(os.Args) >= 3 && os.Args[1] == "load" {
		rep := goload.Load(os.Args[2], os.Args[3:])
		enc := json.NewEncoder(os.Stdout)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(os.Stderr, "seams-timers-go: %v\n", err)
			os.Exit(3)
		}
		return
	}
	if len(os.Args) == 2 && (os.Args[1] == "-h" || os.Args[1] == "--help" || os.Args[1] == "help") {
		fmt.Println("usage: seams-timers-go load MODULE-ROOT PATTERN...   (JSON report on stdout)\n       go vet -vettool=$(command -v seams-timers-go) ./...")
		return
	}
	// Anything else is go vet's: -V=full, -flags, or flags and a *.cfg.
	unitchecker.Main(analyzers.All()...)
}
