//go:build devtools

// Command tokenscan is the reference a many-model check is measured
// against: it walks the directories given, and reads every .bpmn file
// with a bare token scan (no tree, no rules) on one worker per CPU, as fast
// as an XML reader goes through the same bytes. It prints the number of
// files and tokens. bench/memory.sh runs it beside seams-timers.
//
// With -tok=xml (the default) it scans with encoding/xml's RawToken, Go's
// own XML reader; with -tok=xmltok, with internal/xmltok, the tokenizer
// the BPMN reader reads with (the same tokens, without the allocations).
//
//	go run -tags devtools ./bench/tokenscan [-tok=xml|xmltok] DIR...
package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/seams/seams-timers/internal/xmltok"
)

func main() {
	tok := flag.String("tok", "xml", "the tokenizer: xml (encoding/xml) or xmltok (internal/xmltok)")
	flag.Parse()
	var scan func(string) (int64, error)
	switch *tok {
	case "xml":
		scan = scanXML
	case "xmltok":
		scan = scanXMLTok
	default:
		fmt.Fprintf(os.Stderr, "tokenscan: -tok is xml or xmltok, not %q\n", *tok)
		os.Exit(2)
	}
	var paths []string
	for _, root := range flag.Args() {
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

// scanXML reads one file and counts its XML tokens with encoding/xml.
func scanXML(path string) (int64, error) {
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

// scanXMLTok reads one file and counts its XML tokens with internal/xmltok,
// one tokenizer per worker as the BPMN reader keeps one per reader.
func scanXMLTok(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	z := tokenizers.Get().(*xmltok.Tokenizer)
	defer tokenizers.Put(z)
	z.Reset(data)
	var n int64
	for {
		_, err := z.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("%s: %w", path, err)
		}
		n++
	}
}

var tokenizers = sync.Pool{New: func() any { return new(xmltok.Tokenizer) }}
