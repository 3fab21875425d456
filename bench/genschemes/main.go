//go:build devtools

// Command genschemes writes generated Workflow Engine schemes for the
// benchmarks under bench/: each is the size of a genmodels model (about
// 15 KB), with three timers on a chain of activities.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/seams/seams-timers/internal/benchgen"
)

func main() {
	out := flag.String("out", "bench/out/schemes", "directory to write into")
	n := flag.Int("n", 2000, "number of schemes")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i := range *n {
		name := fmt.Sprintf("scheme%05d.xml", i)
		if err := os.WriteFile(filepath.Join(*out, name), []byte(benchgen.Scheme(i)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
