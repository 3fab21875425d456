package graph

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseDesignExample(t *testing.T) {
	src := `@prefix proc: <https://w3id.org/seams/proc#> .
@prefix seam: <https://w3id.org/seams/seam#> .
@prefix arch: <https://w3id.org/seams/arch#> .
<approval.bpmn#Approval>  a proc:Process .
<approval.bpmn#Approve>   a proc:UserTask .
<approval.bpmn#Remind>    a proc:TimerCatchEvent .        # non-interrupting boundary on Approve, "PT48H"
<digest.bpmn#Digest>      a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .       # "R/2026-11-09T08:00:00Z/P1D"
<#api> a arch:Container ;
  seam:executes <approval.bpmn#Approval>, <digest.bpmn#Digest> ;
  seam:schedules <digest.bpmn#Digest> ;
  seam:storedIn <#db> .
<#db> a arch:PostgreSQLStore .
`
	g := parseOK(t, "models/index.ttl", src)
	v := DefaultVocabulary()
	dir := strings.TrimSuffix(fileIRI(t, "models/index.ttl"), "index.ttl")
	remind := NewIRI(dir + "approval.bpmn#Remind")
	if !g.HasType(remind, v.TimerCatchEvent()) {
		t.Errorf("%v is not a proc:TimerCatchEvent; triples:\n%s", remind, strings.Join(ntLines(g), "\n"))
	}
	api := NewIRI(dir + "index.ttl#api")
	digest := NewIRI(dir + "digest.bpmn#Digest")
	if got := g.Subjects(v.Schedules(), digest); len(got) != 1 || got[0] != api {
		t.Errorf("Subjects(seam:schedules, digest) = %v, want [%v]", got, api)
	}
	if got := g.Objects(api, v.Executes()); len(got) != 2 || got[0].Value != dir+"approval.bpmn#Approval" || got[1] != digest {
		t.Errorf("Objects(api, seam:executes) = %v", got)
	}
	if got := g.Types(NewIRI(dir + "index.ttl#db")); len(got) != 1 || got[0] != v.PostgreSQLStore() {
		t.Errorf("Types(db) = %v", got)
	}
	if got := g.ByType(v.Process()); len(got) != 2 || got[0].Predicate.Start.Line != 4 || got[1].Predicate.Start.Line != 7 {
		t.Errorf("ByType(proc:Process) = %v", got)
	}
	if got := g.BySubject(api); len(got) != 5 {
		t.Errorf("BySubject(api) has %d triples, want 5", len(got))
	}
	if g.Len() != 11 {
		t.Errorf("Len = %d, want 11", g.Len())
	}
	if p, ok := g.SubjectRange(api); !ok || at(p) != "9:1" || p.File != "models/index.ttl" {
		t.Errorf("SubjectRange(api) = %v, %v", p, ok)
	}
	docs := g.Documents()
	if len(docs) != 1 || !docs[0].Loaded || docs[0].Triples != 11 || docs[0].Format != "turtle" || docs[0].IRI != dir+"index.ttl" {
		t.Errorf("Documents = %+v", docs)
	}
}

// TestRelativeIRIs checks RFC 3986 resolution against the document's own
// location, and against @base and BASE, which the scanner honours.
func TestRelativeIRIs(t *testing.T) {
	doc := fileIRI(t, "models/sub/index.ttl")
	dir := strings.TrimSuffix(doc, "index.ttl")
	parent := strings.TrimSuffix(dir, "sub/")
	src := `@prefix : <#> .
@prefix up: <../shared/> .
<a.bpmn#T> :p <../b.bpmn#U>, <>, <#frag>, <?q>, <./c/../d.bpmn> .
up:x :p "v"^^<dt> .
@base <http://example.org/base/dir/doc> .
<x> <#p> <../y>, <//other.org/z>, <> .
@prefix rel: <ns/> .
rel:a <p> <q> .
BASE <sub/>
<x> <p> <../up> .
PREFIX sp: <sp#>
sp:a <p> sp:b .
@base <https://abs.example/only> .
<> <p> <#f> .
`
	g := parseOK(t, "models/sub/index.ttl", src)
	want := []string{
		"<" + dir + "a.bpmn#T> <" + doc + "#p> <" + parent + "b.bpmn#U> .",
		"<" + dir + "a.bpmn#T> <" + doc + "#p> <" + doc + "> .",
		"<" + dir + "a.bpmn#T> <" + doc + "#p> <" + doc + "#frag> .",
		"<" + dir + "a.bpmn#T> <" + doc + "#p> <" + doc + "?q> .",
		"<" + dir + "a.bpmn#T> <" + doc + "#p> <" + dir + "d.bpmn> .",
		"<" + parent + "shared/x> <" + doc + "#p> \"v\"^^<" + dir + "dt> .",
		"<http://example.org/base/dir/x> <http://example.org/base/dir/doc#p> <http://example.org/base/y> .",
		"<http://example.org/base/dir/x> <http://example.org/base/dir/doc#p> <http://other.org/z> .",
		"<http://example.org/base/dir/x> <http://example.org/base/dir/doc#p> <http://example.org/base/dir/doc> .",
		"<http://example.org/base/dir/ns/a> <http://example.org/base/dir/p> <http://example.org/base/dir/q> .",
		"<http://example.org/base/dir/sub/x> <http://example.org/base/dir/sub/p> <http://example.org/base/dir/up> .",
		"<http://example.org/base/dir/sub/sp#a> <http://example.org/base/dir/sub/p> <http://example.org/base/dir/sub/sp#b> .",
		"<https://abs.example/only> <https://abs.example/p> <https://abs.example/only#f> .",
	}
	got := ntLines(g)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPrefixResolvedAtDeclaration checks that a relative prefix IRI is
// resolved when it is declared, and the local name appended after, as the
// Turtle specification says (gluing first and resolving after would give
// <.../index.ttlx> or a different directory).
func TestPrefixResolvedAtDeclaration(t *testing.T) {
	doc := fileIRI(t, "m/index.ttl")
	g := parseOK(t, "m/index.ttl", "@prefix e: <> .\n@prefix d: <..> .\ne:x d:y e: .\n")
	want := "<" + doc + "x> <" + strings.TrimSuffix(doc, "m/index.ttl") + "y> <" + doc + "> ."
	if got := ntLines(g); len(got) != 1 || got[0] != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestBlankNodesPerDocument(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.ttl", "_:b1 <http://e/p> _:b1 , [] .\n[] <http://e/q> _:b1 .\n")
	b := writeFile(t, dir, "b.ttl", "_:b1 <http://e/p> [ <http://e/r> _:b2 ] .\n")
	g, errs := Load([]string{b, a})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []string{
		"_:d1.b1 <http://e/p> _:d1.b1 .",
		"_:d1.b1 <http://e/p> _:d1.-1 .",
		"_:d1.-2 <http://e/q> _:d1.b1 .",
		"_:d2.b1 <http://e/p> _:d2.-1 .",
		"_:d2.-1 <http://e/r> _:d2.b2 .",
	}
	if got := ntLines(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := g.BySubject(NewBlank("d1.b1")); len(got) != 2 {
		t.Errorf("BySubject(_:d1.b1) = %v", got)
	}
}

func TestLiterals(t *testing.T) {
	src := `@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:s ex:p "plain", 'single', "tab\there", "quote\"\\", "\u00e9\U0001F600", "x"@en-GB, "1"^^xsd:int,
  """long "quoted" ""x"" text
with lines""", '''it's''', 42, -1.5, .5e3, +7, true, false, "x" @fr , "y" ^^ xsd:string .
`
	g := parseOK(t, "lit.ttl", src)
	var got []string
	for _, tr := range g.Triples() {
		got = append(got, tr.O.String())
	}
	want := []string{
		`"plain"`, `"single"`, `"tab\there"`, `"quote\"\\"`, `"é😀"`, `"x"@en-GB`,
		`"1"^^<http://www.w3.org/2001/XMLSchema#int>`,
		`"long \"quoted\" \"\"x\"\" text\nwith lines"`, `"it's"`,
		`"42"^^<http://www.w3.org/2001/XMLSchema#integer>`,
		`"-1.5"^^<http://www.w3.org/2001/XMLSchema#decimal>`,
		`".5e3"^^<http://www.w3.org/2001/XMLSchema#double>`,
		`"+7"^^<http://www.w3.org/2001/XMLSchema#integer>`,
		`"true"^^<http://www.w3.org/2001/XMLSchema#boolean>`,
		`"false"^^<http://www.w3.org/2001/XMLSchema#boolean>`,
		`"x"@fr`, `"y"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if lit := g.Triples()[0].O; lit.Datatype != XSDString || lit.Kind != KindLiteral {
		t.Errorf("plain literal = %#v", lit)
	}
}

func TestNTriples(t *testing.T) {
	src := "# comment\n<http://e/s> <http://e/p> \"x\"@en . # trailing\r\n\n_:a <http://e/p> \"y\\n\"^^<http://e/d> .\n<http://e/s> <http://e/p> _:a ."
	g := parseOK(t, "data.nt", src)
	want := []string{
		`<http://e/s> <http://e/p> "x"@en .`,
		`_:d1.a <http://e/p> "y\n"^^<http://e/d> .`,
		`<http://e/s> <http://e/p> _:d1.a .`,
	}
	if got := ntLines(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := g.Triples()[1].Predicate; at(p) != "4:5" {
		t.Errorf("position of the second triple = %s, want 4:5", at(p))
	}
	if d := g.Documents()[0]; d.Format != "n-triples" {
		t.Errorf("format = %q", d.Format)
	}
}

func TestDuplicatesKeptOnce(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.ttl", "<http://e/s> <http://e/p> <http://e/o>, <http://e/o> .\n")
	b := writeFile(t, dir, "b.nt", "<http://e/s> <http://e/p> <http://e/o> .\n<http://e/s> <http://e/p> <http://e/o2> .\n")
	g, errs := Load([]string{a, b, a})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if g.Len() != 2 {
		t.Fatalf("Len = %d, want 2:\n%s", g.Len(), strings.Join(ntLines(g), "\n"))
	}
	tr := g.Triples()
	if tr[0].Predicate.File != a || at(tr[0].Object) != "1:27" || tr[1].Predicate.File != b {
		t.Errorf("kept %v and %v", tr[0], tr[1])
	}
	if docs := g.Documents(); len(docs) != 2 || docs[0].Triples != 2 || docs[1].Triples != 2 {
		t.Errorf("Documents = %+v", docs)
	}
}

// TestDuplicatesManyPerSubject takes the path that sorts a subject's
// triples to find those written again (more than smallGroup of them), and
// checks the result against a map of the triples seen, in load order.
func TestDuplicatesManyPerSubject(t *testing.T) {
	for _, par := range []int{parallelFinish, 1} {
		t.Run(fmt.Sprintf("parallelFinish=%d", par), func(t *testing.T) {
			defer func(old int) { parallelFinish = old }(parallelFinish)
			parallelFinish = par
			testDuplicatesManyPerSubject(t)
		})
	}
}

func testDuplicatesManyPerSubject(t *testing.T) {
	dir := t.TempDir()
	var a, b strings.Builder
	a.WriteString("@prefix e: <http://e/> .\ne:s e:p ")
	for k := range 3 * smallGroup {
		if k > 0 {
			a.WriteString(", ")
		}
		fmt.Fprintf(&a, "e:o%d", k%(2*smallGroup))
	}
	a.WriteString(" ; e:q e:o1, e:o1 .\ne:t e:p e:o1 .\n")
	for k := range smallGroup {
		fmt.Fprintf(&b, "<http://e/s> <http://e/p> <http://e/o%d> .\n", 3*k)
	}
	pa, pb := writeFile(t, dir, "a.ttl", a.String()), writeFile(t, dir, "b.nt", b.String())
	g, errs := Load([]string{pb, pa})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	// The same documents, one triple a document: the graph keeps all.
	var want []string
	seen := map[string]bool{}
	for _, p := range []string{pa, pb} {
		one, errs := Load([]string{p})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		for _, tr := range one.Triples() {
			k := tr.String()
			if !seen[k] {
				seen[k] = true
				want = append(want, k+" "+filepath.Base(tr.Object.File)+":"+at(tr.Object))
			}
		}
	}
	var got []string
	for _, tr := range g.Triples() {
		got = append(got, tr.String()+" "+filepath.Base(tr.Object.File)+":"+at(tr.Object))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(g.BySubject(NewIRI("http://e/s"))); n != len(want)-1 {
		t.Errorf("BySubject(e:s) has %d triples, want %d", n, len(want)-1)
	}
	if tr := g.ByPredicateObject(NewIRI("http://e/p"), NewIRI("http://e/o1")); len(tr) != 2 || tr[1].S.Value != "http://e/t" {
		t.Errorf("ByPredicateObject(e:p, e:o1) = %v", tr)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "a.ttl", "<http://e/s> <http://e/p> <http://e/o> .\n")
	bad := writeFile(t, dir, "b.ttl", "<http://e/s> <http://e/p> <http://e/o> .\n<http://e/s> <http://e/p> .\n")
	other := writeFile(t, dir, "c.txt", "x")
	missing := dir + "/missing.ttl"
	g, errs := Load([]string{other, missing, bad, good, dir + "/sub.ttl"})
	writeFile(t, dir, "sub.ttl/x", "")
	if g.Len() != 1 {
		t.Errorf("Len = %d, want 1 (the bad document contributes nothing)", g.Len())
	}
	var got []string
	for _, e := range errs {
		got = append(got, strings.TrimPrefix(e.Error(), dir+"/"))
	}
	want := []string{
		"b.ttl:2:27: expected an object (an IRI, a prefixed name, a blank node, a collection or a literal), found '.' [TMR0003]",
		"c.txt:1:1: not an RDF graph file: the graph files read are Turtle (.ttl) and N-Triples (.nt) [TMR0001]",
		"missing.ttl:1:1: cannot read the file: no such file or directory [TMR0001]",
		"sub.ttl:1:1: cannot read the file: no such file or directory [TMR0001]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	_, errs = Load([]string{dir + "/sub.ttl"})
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "is a directory") || errs[0].Rule != RuleUnreadable {
		t.Errorf("a directory: %v", errs)
	}
	docs := g.Documents()
	if len(docs) != 5 || !docs[0].Loaded || docs[1].Loaded || docs[2].Loaded || docs[2].IRI == "" {
		t.Errorf("Documents = %+v", docs)
	}
}

func TestLoadSources(t *testing.T) {
	g, errs := LoadSources([]Source{
		{Path: "z.ttl", Data: []byte("_:x <http://e/p> 1 .\n")},
		{Path: "a.nt", Data: []byte("_:x <http://e/p> \"2\" .\n")},
	})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []string{`_:d1.x <http://e/p> "2" .`, `_:d2.x <http://e/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .`}
	if got := ntLines(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q", got)
	}
}

func TestIsGraphPath(t *testing.T) {
	for name, want := range map[string]bool{
		"a.ttl": true, "dir/b.nt": true, "C.TTL": true, "x.rdf": false, "x.bpmn": false, "ttl": false, "x.n3": false,
	} {
		if got := IsGraphPath(name); got != want {
			t.Errorf("IsGraphPath(%q) = %v", name, got)
		}
	}
}

func TestLookupsOnMissingTerms(t *testing.T) {
	g := parseOK(t, "x.ttl", "<http://e/s> a <http://e/C> .\n")
	none := NewIRI("http://e/none")
	if g.BySubject(none) != nil || g.Objects(none, none) != nil || g.Subjects(none, none) != nil ||
		g.ByPredicate(none) != nil || g.ByType(none) != nil || g.Has(none, none, none) {
		t.Error("lookups on missing terms returned something")
	}
	if _, ok := g.SubjectRange(none); ok {
		t.Error("SubjectPos of a missing term")
	}
	if _, ok := g.SubjectRange(NewIRI("http://e/C")); ok {
		t.Error("SubjectPos of a term that is never a subject")
	}
	if !g.Has(NewIRI("http://e/s"), NewIRI(RDFType), NewIRI("http://e/C")) {
		t.Error("Has misses a triple")
	}
	if got := g.Objects(NewIRI("http://e/s"), NewLiteral("x", "")); got != nil {
		t.Errorf("Objects with a literal predicate = %v", got)
	}
}

// TestDeepNesting checks that nesting is bounded: a document of nothing
// but '(' is refused, where recursion would overflow the stack.
func TestDeepNesting(t *testing.T) {
	ok := "<http://e/s> <http://e/p> " + strings.Repeat("( ", 999) + strings.Repeat(") ", 999) + ".\n"
	if g := parseOK(t, "deep.ttl", ok); g.Len() != 1+998*2 {
		t.Errorf("Len = %d", g.Len())
	}
	for _, src := range []string{
		"<http://e/s> <http://e/p> " + strings.Repeat("(", 1<<20),
		"<http://e/s> <http://e/p> " + strings.Repeat("[ <http://e/p> ", 5000),
		strings.Repeat("(", 1<<20),
	} {
		e := parseErr(t, "deep.ttl", src)
		if !strings.Contains(e.Msg, "nest more than 1000 levels deep") {
			t.Errorf("got %v", e)
		}
	}
}

// TestLongPlaces checks the triples whose place does not fit a stored
// triple (a term longer than 255 bytes, a predicate more than 64 KiB after
// its subject): their ranges are kept exactly, also when duplicates before
// them are dropped and when a later document fails.
func TestLongPlaces(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 300)
	far := strings.Repeat("y", 70000)
	src := "<http://e/s> <http://e/p> \"" + long + "\" ;\n" +
		"  <http://e/q> \"" + far + "\" ;\n" +
		"  <http://e/r> <http://e/o> .\n" +
		"<http://e/s> <http://e/p> \"" + long + "\" .\n" +
		"<http://e/s> <http://e/r> <http://e/o> .\n" +
		"<http://e/t> <http://e/p> \"" + long + "\" .\n"
	a := writeFile(t, dir, "a.ttl", src)
	b := writeFile(t, dir, "b.ttl", "<http://e/u> <http://e/p> \""+long+"\" .\n<http://e/u> <http://e/p> .\n")
	g, errs := Load([]string{a, b})
	if len(errs) != 1 {
		t.Fatalf("errors: %v", errs)
	}
	type want struct{ s, p, o, oend int }
	offset := func(sub string, n int) int {
		i := -1
		for range n {
			i += 1 + strings.Index(src[i+1:], sub)
		}
		return i
	}
	lit := func(n int) (int, int) {
		i := offset("\""+long+"\"", n)
		return i, i + len(long) + 2
	}
	o1, e1 := lit(1)
	q := offset("<http://e/q>", 1)
	r := offset("<http://e/r>", 1)
	o3, e3 := lit(3)
	wants := []want{
		{0, offset("<http://e/p>", 1), o1, e1},
		// A length is clamped to 65,535 bytes.
		{0, q, q + len("<http://e/q> "), q + len("<http://e/q> ") + 1<<16 - 1},
		{0, r, r + len("<http://e/r> "), r + len("<http://e/r> <http://e/o>")},
		{offset("<http://e/t>", 1), offset("<http://e/p>", 3), o3, e3},
	}
	tr := g.Triples()
	if len(tr) != len(wants) {
		t.Fatalf("got %d triples, want %d:\n%s", len(tr), len(wants), strings.Join(ntLines(g), "\n"))
	}
	for k, w := range wants {
		got := want{tr[k].Subject.Start.Offset, tr[k].Predicate.Start.Offset, tr[k].Object.Start.Offset, tr[k].Object.End.Offset}
		if got != w || tr[k].Object.File != a {
			t.Errorf("triple %d (predicate %s) at %+v in %s, want %+v", k, tr[k].P, got, tr[k].Object.File, w)
		}
	}
	if pos, ok := g.SubjectRange(NewIRI("http://e/t")); !ok || pos.Start.Offset != wants[3].s || pos.End.Offset != wants[3].s+len("<http://e/t>") {
		t.Errorf("SubjectRange(e:t) = %v, %v", pos, ok)
	}
}
