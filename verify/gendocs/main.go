//go:build devtools

// Command gendocs writes docs/verify/<ID>.md for every rule of the TMR9xxx
// family (the properties of `seams-timers verify`). It is run by
// `go generate ./...` in package verify.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/seams/seams-timers/verify"
)

func main() {
	out := flag.String("out", "docs/verify", "directory to write the pages into")
	flag.Parse()
	for _, r := range verify.Rules {
		if err := os.WriteFile(filepath.Join(*out, r.ID+".md"), []byte(verify.Page(r)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
