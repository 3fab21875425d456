package benchgen

import (
	"bufio"
	"fmt"
	"io"
)

// WriteIndex writes an index graph for the models Model(0) ... Model(n-1),
// named model00000.bpmn ..., of about triples triples (at least what the
// lifts need), and returns how many it wrote. It is shaped like the index
// of a real seams project: every model's process, user task and timers are
// lifted and its service tasks typed, one PostgreSQL-backed container
// executes every process and schedules its timer start, and the rest is the
// other facts such an index holds (UI fields bound to the user tasks, with
// labels), which the join must not slow down on. The graph is clean: a
// check of it with the models finds nothing.
func WriteIndex(w io.Writer, n, triples int) (int, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	// A bufio.Writer keeps its first error and Flush returns it.
	printf := func(format string, args ...any) { _, _ = fmt.Fprintf(bw, format, args...) }
	count := 0
	printf("%s", IndexHeader)
	count += 3
	const tasks = 30
	for i := range n {
		name := ModelName(i)
		printf("%s", IndexEntries(name, i))
		count += 7
		for k := range tasks {
			printf("<%[1]s#Task_%[2]d_%[3]d> a proc:ServiceTask ; proc:inProcess <%[1]s#Process_%[2]d> .\n", name, i, k)
			count += 2
		}
	}
	// UI fields bound to the user tasks, three triples each.
	printf("@prefix ui: <https://w3id.org/seams/ui#> .\n")
	for k := 0; count+3 <= triples; k++ {
		m := k % max(n, 1)
		printf("<#field%d> a ui:Field ; ui:label \"Field %d\"@en ; ui:boundTo <model%05d.bpmn#Review_%d> .\n", k, k%5000, m, m)
		count += 3
	}
	for ; count < triples; count++ {
		printf("<#pad%d> a ui:Note .\n", count)
	}
	return count, bw.Flush()
}
