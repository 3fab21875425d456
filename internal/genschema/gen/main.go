//go:build devtools

// Command gen writes lint/config.schema.json from the keys the core and
// every engine declare (package genschema). It is run by `go generate
// ./...` in package internal/genschema.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/seams/seams-timers/internal/genschema"
	"github.com/seams/seams-timers/lint"
)

func main() {
	out := flag.String("out", "", "the file to write (default: stdout)")
	flag.Parse()
	b, err := lint.GenerateConfigSchema(genschema.Spec())
	if err != nil {
		fmt.Fprintln(os.Stderr, "genschema:", err)
		os.Exit(1)
	}
	if *out == "" {
		_, err = os.Stdout.Write(b)
	} else {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genschema:", err)
		os.Exit(1)
	}
}
