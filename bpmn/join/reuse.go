package join

// Reusable returns, for an index New has just returned, a function that
// makes it ready for Finish again once Finish (and ForgetNaming) ran: it
// clears what Finish joined (the places naming a model are found again
// when asked, ExpectAlso), keeping what New found in the graph (the index
// nodes, the models the graph names, the ids it names in each, the terms
// that name processes) and what each node was joined with (Finish
// keeps it when given the same Model again, and replaces it otherwise). A
// language server session keeps the index of a graph that has not changed
// and joins it with each check's models (bpmn/rules/incremental.go), so
// that an edit of a model does not read the graph again. Nothing may read
// the index from the call of the function to the end of the next Finish:
// a session's checks run one at a time.
func (ix *Index) Reusable() (reuse func()) {
	if ix == nil {
		return func() {}
	}
	// Finish keeps the nodes' order by element (keyOrder) and the ids the
	// graph names in each model for the next.
	ix.reusable = true
	return func() {
		ix.byKey, ix.docs = nil, nil
		ix.models = nil
		ix.also = nil
		ix.frozen = false
	}
}
