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
// This package therefore never hands a document to knakk/rdf as written.
// A strict scanner of its own reads the document first, following the W3C
// Turtle and N-Triples grammars. It reports every syntax error with its
// file, line and column; it resolves relative IRIs against the document's
// own file:// URL (or its @base) per RFC 3986; it gives every blank node a
// per-document identity; and it records where each triple was written. For
// each statement it has accepted, it writes a canonical Turtle rendering
// (absolute IRIs, renamed prefixes, escaped single-line strings, typed
// numbers, no comments) that knakk/rdf then decodes. Each decoded triple is
// checked term by term against what the scanner expected; any
// disagreement refuses the document with a TMR0003 instead of loading
// wrong data.
//
// The canonical text is cut into chunks of whole statements (4 KiB for a
// small document, up to 64 KiB for a large one), each self-contained (it
// declares the prefixes it uses), and each decoded by a knakk/rdf decoder
// of its own. One goroutine scans, one worker per CPU decodes and checks,
// and the caller's goroutine adds the checked triples to the graph in
// document order, so the result is the same whatever the number of CPUs.
// A few chunks are in flight at a time and their buffers are reused, so
// that a document of any size is read in bounded memory.
//
// # How a graph is kept
//
// A graph is built for a million triples. A term has an id, given in the
// order terms are first read; its string is copied into an arena shared by
// many terms (the document text is not kept), and one open-addressing hash
// table of ids finds terms of every kind. A triple is 24 bytes: three term
// ids, where its subject was written, and the predicate and object as
// short steps after it (a triple whose place does not fit, such as one
// with a long literal, keeps it in a side table). Triples are kept in
// segments, in load order, and a document's triples are a range of them.
// Two indexes of triple numbers, by subject in load order and by
// predicate then object, serve the lookups; a triple written again is
// found, and dropped, through the first.
//
// Callers never import knakk/rdf: terms, triples, positions and errors are
// this package's own types.
//
// RDF/XML is not supported: knakk/rdf's RDF/XML reader keeps no positions,
// and it resolves relative IRIs with its own string surgery rather than
// RFC 3986, so neither the positions nor the IRIs it produces could be
// trusted without a second RDF/XML parser.
package graph
