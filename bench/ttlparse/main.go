//go:build devtools

// Command ttlparse loads Turtle or N-Triples files into a graph, as
// seams-timers check does (graph.Load: the strict scanner, the term table
// and the indexes), and discards it: the parse-only time that bench/turtle.sh
// sets beside serdi and rapper. It prints the triple count to stderr with -v.
//
// Usage:
//
//	go run -tags devtools ./bench/ttlparse [-v] [-cpuprofile F] [-memprofile F] FILE...
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/seams/seams-timers/graph"
)

func main() { os.Exit(run()) }

// run loads the files and returns the exit code: 1 when a document had an
// error.
func run() int {
	verbose := flag.Bool("v", false, "print the number of triples read")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	memprofile := flag.String("memprofile", "", "write an allocation profile to this file")
	check := flag.Bool("crosscheck", false, "also decode every document with knakk/rdf and compare (graph.Options.CrossCheck)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: ttlparse [-v] [-cpuprofile F] [-memprofile F] FILE...")
		return 2
	}
	if *memprofile != "" {
		runtime.MemProfileRate = 64 << 10
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	g, errs := graph.Options{CrossCheck: *check}.Load(flag.Args())
	for _, e := range errs {
		fmt.Fprintln(os.Stderr, e)
	}
	if *verbose {
		fmt.Fprintf(os.Stderr, "%d triples\n", g.Len())
	}
	if *memprofile != "" {
		f, err := os.Create(*memprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			fail(err)
		}
		_ = f.Close()
	}
	runtime.KeepAlive(g)
	if len(errs) > 0 {
		return 1
	}
	return 0
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
