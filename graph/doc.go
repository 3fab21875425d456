// Package graph loads RDF index graphs (Turtle and N-Triples) into an
// indexed, position-aware set of triples, and names the vocabulary terms
// that seams-timers reads (DESIGN.md section 4).
//
// # How a document is read
//
// github.com/knakk/rdf is the RDF reader the project chose, but it is
// lenient in some places and wrong in others (DESIGN.md section 9): it
// glues relative IRIs onto the base, lets `[]` labels collide with the
// document's own, drops text after a line starting with '#' inside a long
// string, rejects some valid Turtle, reports positions only inside message
// text, and its lexer goroutine panics (killing the process) on some valid
// input such as `"""""x"""`.
//
// This package therefore reads every document with a strict scanner of
// its own, following the W3C Turtle and N-Triples grammars. It reports
// every syntax error with its file, line and column; it resolves relative
// IRIs against the document's own file:// URL (or its @base) per RFC
// 3986; it gives every blank node a per-document identity; and it records
// each triple it reads, with where each term was written. Those records
// are what the graph is built from: the document is read once, and a term
// is copied only when it is new to the graph.
//
// knakk/rdf checks the scanner when asked (Options.CrossCheck). For each
// statement it has accepted, the scanner then also writes a canonical
// Turtle rendering (absolute IRIs, renamed prefixes, escaped single-line
// strings, typed numbers, no comments) that knakk/rdf decodes; each
// decoded triple is checked term by term against the scanner's record,
// and any disagreement refuses the document with a TMR0003 instead of
// loading wrong data. The canonical text is cut into chunks of whole
// statements (4 KiB for a small document, up to 64 KiB for a large one),
// each self-contained (it declares the prefixes it uses) and decoded by a
// knakk/rdf decoder of its own, one worker per CPU. The tests and a fuzz
// target read every document both ways and require the same graph, the
// same places and the same errors. The cross-check costs several times
// the read (knakk/rdf's lexer hands each token over a channel), so it is
// off by default.
//
// Without the cross-check, a large document is scanned on one goroutine,
// in chunks of whole statements, while the caller's goroutine adds each
// scanned chunk to the graph; a small one (or with Options.Workers 1) is
// read on the caller's goroutine alone. The result is the same either
// way, and a few chunks are in flight at a time, their buffers reused, so
// that a document of any size is read in bounded memory besides the graph.
//
// # How a graph is kept
//
// A graph is built for a million triples. A term has an id, given in the
// order terms are first read; its string is copied into an arena shared by
// many terms (the document text is not kept), an 8-byte entry says where,
// and one open-addressing hash table of ids finds terms of every kind. A
// Term handed to a caller is a view of the arena: an ordinary string, made
// without copying. A triple is 20 bytes: three term ids, and where its
// subject, predicate and object were written, as short steps after those
// of the first triple of its group of 16 (a triple whose place does not
// fit, such as one with a long literal, keeps it in a side table).
// Triples are kept in segments, in load order, and a document's triples
// are a range of them. Two indexes of triple numbers, by subject in load
// order and by predicate then object, serve the lookups; a triple written
// again is found, and dropped, through the first. Lines are indexed in
// groups of 32, two bytes a line. Once the documents are read, the spare
// room of the growing parts is given back: a graph of 140,000 triples and
// 100,000 IRIs keeps its strings and about 47 bytes a triple.
//
// IRIs that share a long prefix (a project's file:// base) keep it once
// per IRI: sharing it would make a Term's string on every lookup.
//
// Callers never import knakk/rdf: terms, triples, positions and errors are
// this package's own types.
//
// RDF/XML is not supported: knakk/rdf's RDF/XML reader keeps no positions,
// and it resolves relative IRIs with its own string surgery rather than
// RFC 3986, so neither the positions nor the IRIs it produces could be
// trusted without a second RDF/XML parser.
package graph
