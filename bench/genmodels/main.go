//go:build devtools

// Command genmodels writes generated BPMN models (and optionally an index
// graph) for the benchmarks under bench/: each model is about 15 KB, with
// a timer start, a user task with a reminder boundary, and an intermediate
// catch, like the models of a real project.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/seams/seams-timers/internal/benchgen"
)

func main() {
	out := flag.String("out", "bench/out/models", "directory to write into")
	n := flag.Int("n", 2000, "number of models")
	index := flag.Bool("index", false, "also write index.ttl lifting every timer")
	extra := flag.Int("extra-triples", 0, "pad index.ttl with this many unrelated triples")
	indexOnly := flag.Bool("index-only", false, "write index.ttl only, for models already written (implies -index)")
	findings := flag.Int("findings", 0, "add this many non-interrupting boundary timers with a JUEL duration on service tasks to each model, two findings each (TMR1005, TMR2002)")
	flag.Parse()
	*index = *index || *indexOnly
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	var ttl strings.Builder
	if *index {
		ttl.WriteString(benchgen.IndexHeader)
	}
	for i := range *n {
		name := benchgen.ModelName(i)
		if *indexOnly {
			ttl.WriteString(benchgen.IndexEntries(name, i))
			continue
		}
		if err := os.WriteFile(filepath.Join(*out, name), []byte(withFindings(benchgen.Model(i), i, *findings)), 0o644); err != nil {
			fail(err)
		}
		if *index {
			ttl.WriteString(benchgen.IndexEntries(name, i))
		}
	}
	if *index {
		for i := range *extra {
			fmt.Fprintf(&ttl, "<#pad%d> <https://example.com/p> \"value %d\" .\n", i, i)
		}
		if err := os.WriteFile(filepath.Join(*out, "index.ttl"), []byte(ttl.String()), 0o644); err != nil {
			fail(err)
		}
	}
}

// withFindings adds n boundary timers to model i, on its service tasks in
// turn, each with a JUEL expression for its duration.
func withFindings(model string, i, n int) string {
	if n <= 0 {
		return model
	}
	var b strings.Builder
	for k := range n {
		fmt.Fprintf(&b, `    <bpmn:boundaryEvent id="Extra_%[1]d_%[2]d" attachedToRef="Task_%[1]d_%[3]d" cancelActivity="false">
      <bpmn:timerEventDefinition id="ExtraTimer_%[1]d_%[2]d">
        <bpmn:timeDuration>${reminder}</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
`, i, k, k%30)
	}
	return strings.Replace(model, "  </bpmn:process>", b.String()+"  </bpmn:process>", 1)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
