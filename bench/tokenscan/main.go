//go:build devtools

// Command tokenscan is the reference a many-model check is measured
// against: it walks the directories given, and reads every .bpmn file
// with a bare encoding/xml token scan (RawToken, no tree, no rules) on one
// worker per CPU, as fast as Go's XML reader goes through the same bytes.
// It prints the number of files and tokens. bench/memory.sh runs it beside
// seams-timers.
package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

func main() {
	var paths []string
	for _, root := range os.Args[1:] {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".bpmn") {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	var tokens atomic.Int64
	next := make(chan string)
	var wg sync.WaitGroup
	var failed atomic.Bool
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for p := range next {
				n, err := scan(p)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					failed.Store(true)
				}
				tokens.Add(n)
			}
		})
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
	fmt.Printf("%d files, %d tokens\n", len(paths), tokens.Load())
	if failed.Load() {
		os.Exit(1)
	}
}

// scan reads one file and counts its XML tokens.
func scan(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var n int64
	for {
		_, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("%s: %w", path, err)
		}
		n++
	}
}
