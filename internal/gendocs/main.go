//go:build devtools

// Command gendocs writes docs/rules/<ID>.md for every rule of every engine,
// and for the core's rules, which every engine lists, once.
// It is run by `go generate ./...` in package internal/engines.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/seams/seams-timers/internal/engines"
)

func main() {
	out := flag.String("out", "docs/rules", "directory to write the pages into")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, r := range engines.Rules() {
		p := filepath.Join(*out, r.ID+".md")
		if err := os.WriteFile(p, []byte(engines.Page(r)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
