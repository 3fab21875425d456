//go:build devtools

// Command genindex writes a generated index graph for the models that
// genmodels writes (model00000.bpmn ...), for bench/join.sh: every timer
// lifted, a PostgreSQL-backed container that executes and schedules every
// process, the service tasks typed, and UI facts padding it to the size
// asked for. A check of the models with it finds nothing.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/seams/seams-timers/internal/benchgen"
)

func main() {
	out := flag.String("out", "bench/out/models/index.ttl", "file to write")
	n := flag.Int("n", 2000, "number of models the index lifts")
	triples := flag.Int("triples", 1_000_000, "number of triples to write (at least what the lifts need)")
	flag.Parse()
	f, err := os.Create(*out)
	if err != nil {
		fail(err)
	}
	wrote, err := benchgen.WriteIndex(f, *n, *triples)
	if err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d triples lifting %d models\n", *out, wrote, *n)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
