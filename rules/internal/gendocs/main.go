// Command gendocs writes docs/rules/<ID>.md for every registered rule. It
// is run by `go generate ./...` in package rules.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/seams/seams-timers/rules"
)

func main() {
	out := flag.String("out", "docs/rules", "directory to write the pages into")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, r := range rules.All() {
		p := filepath.Join(*out, r.ID+".md")
		if err := os.WriteFile(p, []byte(rules.Markdown(r)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
