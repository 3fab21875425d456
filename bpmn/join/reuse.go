package join

// Reuse makes an index that Finish joined ready for Finish again, with
// other models: what New found in the graph stays (the index nodes, the
// models the graph names, the seam triples); what Finish joined goes. A
// language server session keeps the index of a graph that has not changed
// and joins it with each check's models (bpmn/rules/incremental.go), so
// that an edit of a model does not read the graph again. Nothing may read
// the index from its Reuse to the end of the next Finish: a session's
// checks run one at a time.
func (ix *Index) Reuse() {
	for _, n := range ix.Nodes {
		n.Doc, n.Element, n.Ambiguous = nil, nil, false
	}
	clear(ix.byKey)
	clear(ix.docs)
	clear(ix.docPaths)
	clear(ix.indexed)
	clear(ix.procTerms)
	ix.repeated = nil
	ix.frozen = false
}
