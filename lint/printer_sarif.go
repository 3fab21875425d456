package lint

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"iter"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// The SARIF version and schema URI written into every log, the tool's home
// and the address of each rule's documentation.
const (
	sarifVersion   = "2.1.0"
	sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
	seamsToolName  = "seams-timers"
	seamsToolURI   = "https://github.com/seams/seams-timers"
	ruleDocURI     = seamsToolURI + "/blob/main/docs/rules/"
)

// sarifColumnKind is the unit of the columns in SARIF output. Diagnostics
// count bytes; the SARIF printer converts them to UTF-16 code units (what
// GitHub code scanning and editors count) using the file's bytes when the
// Sources option has them, and leaves them as bytes otherwise, which is
// the same thing for ASCII lines.
const sarifColumnKind = "utf16CodeUnits"

// SARIFPrinter writes a SARIF 2.1.0 log with one run, for GitHub code
// scanning and other SARIF consumers. The rules of the run come from
// Options.Rules; a finding whose rule is not in the catalog gets a bare
// descriptor, so that every result's ruleIndex points at its rule.
type SARIFPrinter struct {
	Options PrinterOptions
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool `json:"tool"`
	Results    any       `json:"results"`
	ColumnKind string    `json:"columnKind"`
	// OriginalURIBaseIDs names the directory relative artifact URIs are
	// relative to (%SRCROOT%), when the printer was told it.
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name,omitempty"`
	ShortDescription     *sarifText         `json:"shortDescription,omitempty"`
	FullDescription      *sarifText         `json:"fullDescription,omitempty"`
	Help                 *sarifText         `json:"help,omitempty"`
	HelpURI              string             `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifRuleDefaults `json:"defaultConfiguration,omitempty"`
}

type sarifRuleDefaults struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations,omitempty"`
	RelatedLocations    []sarifRelated    `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]string `json:"properties,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

// sarifRelated is a result's relatedLocations entry: another place the
// finding concerns, with its label as the location's message.
type sarifRelated struct {
	ID               int            `json:"id"`
	PhysicalLocation *sarifPhysical `json:"physicalLocation"`
	Message          *sarifText     `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifSourceRoot is the base ID of relative artifact URIs, as code
// scanning and the SARIF tools name the checkout's root.
const sarifSourceRoot = "%SRCROOT%"

// artifact is the artifactLocation of a file: a relative path is marked
// as relative to %SRCROOT% when the printer knows the root.
func (p *SARIFPrinter) artifact(file string) sarifArtifact {
	a := sarifArtifact{URI: fileURI(file)}
	if p.Options.SourceRoot != "" && !strings.HasPrefix(a.URI, "file:") {
		a.URIBaseID = sarifSourceRoot
	}
	return a
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogical struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName,omitempty"`
	Kind               string `json:"kind,omitempty"`
}

// fingerprintKey is the partialFingerprints key the SARIF printer fills.
// GitHub code scanning matches alerts across commits on this key and only
// computes its own (from the text of the line) when a result has none.
const fingerprintKey = "primaryLocationLineHash"

// Print writes the report as one indented SARIF document, a result at a
// time.
func (p *SARIFPrinter) Print(w io.Writer, r *Report) error {
	l, err := sortedFindings(r)
	if err != nil {
		return err
	}
	rules, index, err := p.ruleDescriptorsOf(l)
	if err != nil {
		return err
	}
	cols := newColumnConverter(p.Options.Sources)
	out := sarifLog{
		Schema:  sarifSchemaURI,
		Version: sarifVersion,
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           seamsToolName,
				InformationURI: seamsToolURI,
				// Validators want a version that starts with a digit.
				Version: strings.TrimPrefix(p.Options.Version, "v"),
				Rules:   rules,
			}},
			Results:            jsonStreamMarker,
			ColumnKind:         sarifColumnKind,
			OriginalURIBaseIDs: p.sourceRoot(),
		}},
	}
	return writeJSONStream(w, out, func(yield func(any, error) bool) {
		seen := occurrencesFor(l.files())
		for d, err := range l.all() {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(p.result(d, r.Project, index, cols, seen), nil) {
				return
			}
		}
	})
}

// result is a finding's SARIF result.
func (p *SARIFPrinter) result(d Diagnostic, proj *Project, index map[string]int, cols *columnConverter, seen *occurrences) sarifResult {
	hash := fingerprint(d)
	res := sarifResult{
		RuleID:    d.Rule,
		RuleIndex: index[d.Rule],
		Level:     sarifLevel(d.Severity),
		Message:   sarifText{Text: cmp.Or(d.Message, strings.TrimSpace(d.Rule+" "+d.Name))},
		// The occurrence count tells apart identical findings in one
		// file, as GitHub's own line hashes do.
		PartialFingerprints: map[string]string{fingerprintKey: fmt.Sprintf("%s:%d", hash, seen.next(d, hash))},
		Properties:          sarifProperties(d),
	}
	loc := sarifLocation{LogicalLocations: sarifLogicals(d, proj)}
	if d.File != "" {
		loc.PhysicalLocation = &sarifPhysical{
			ArtifactLocation: p.artifact(d.File),
			Region:           cols.region(d),
		}
	}
	if loc.PhysicalLocation != nil || loc.LogicalLocations != nil {
		res.Locations = []sarifLocation{loc}
	}
	res.RelatedLocations = cols.related(d.Related, p.artifact)
	return res
}

// sourceRoot is the run's originalUriBaseIds: %SRCROOT% as the file URI
// of Options.SourceRoot, with the trailing slash a base URI needs (nil
// when the root is not known).
func (p *SARIFPrinter) sourceRoot() map[string]sarifArtifact {
	if p.Options.SourceRoot == "" {
		return nil
	}
	uri := fileURI(p.Options.SourceRoot)
	if !strings.HasSuffix(uri, "/") {
		uri += "/"
	}
	return map[string]sarifArtifact{sarifSourceRoot: {URI: uri}}
}

// ruleDescriptors returns the run's rules sorted by ID (the catalog's, and
// plain ones for rule IDs that only the findings name) and the index of
// each ID in that list.
func (p *SARIFPrinter) ruleDescriptors(ds []Diagnostic) ([]sarifRule, map[string]int) {
	rules, index, _ := p.ruleDescriptorsOf(list{ds: ds})
	return rules, index
}

// ruleDescriptorsOf is ruleDescriptors of a list of findings, which it
// walks only when one names a rule the catalog does not have.
func (p *SARIFPrinter) ruleDescriptorsOf(l list) ([]sarifRule, map[string]int, error) {
	byID := map[string]*Rule{}
	for _, rule := range p.Options.Rules {
		if rule != nil && byID[rule.ID] == nil {
			byID[rule.ID] = rule
		}
	}
	// A rule-error finding carries the ID of the rule that failed, not a
	// name of its own, so its name does not describe that rule.
	names := map[string]string{}
	var walk iter.Seq2[Diagnostic, error] = func(func(Diagnostic, error) bool) {}
	if l.hasRuleOutside(byID) {
		walk = l.all()
	}
	for d, err := range walk {
		if err != nil {
			return nil, nil, err
		}
		if _, ok := byID[d.Rule]; ok {
			continue
		}
		name := d.Name
		if name == RuleErrorName {
			name = ""
		}
		if names[d.Rule] == "" {
			names[d.Rule] = name
		}
	}
	ids := make([]string, 0, len(byID)+len(names))
	for id := range byID {
		ids = append(ids, id)
	}
	for id := range names {
		ids = append(ids, id)
	}
	slices.Sort(ids)

	rules := make([]sarifRule, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[id] = i
		if rule := byID[id]; rule != nil {
			rules[i] = sarifRuleFor(rule)
			continue
		}
		rules[i] = sarifRuleFor(&Rule{ID: id, Name: names[id]})
	}
	return rules, index, nil
}

// sarifRuleFor describes one catalog rule. GitHub code scanning wants a
// short and a full description and a help text on every rule, so the
// title stands in for a missing doc.
func sarifRuleFor(rule *Rule) sarifRule {
	title := cmp.Or(rule.Title, rule.Name, rule.ID)
	text, md := ruleHelp(rule)
	out := sarifRule{
		ID:               rule.ID,
		Name:             rule.Name,
		ShortDescription: &sarifText{Text: title},
		FullDescription:  &sarifText{Text: cmp.Or(rule.Doc, title)},
		Help:             &sarifText{Text: text, Markdown: md},
		HelpURI:          RuleDocURI(rule.ID),
	}
	if rule.Severity != SeverityInvalid {
		out.DefaultConfiguration = &sarifRuleDefaults{Level: sarifLevel(rule.Severity)}
	}
	return out
}

// RuleDocURI is the address of a rule's documentation page.
func RuleDocURI(id string) string {
	return ruleDocURI + id + ".md"
}

// ruleHelp renders a rule's doc (or title) with its bad and good examples
// and the address of its page, as plain text and as Markdown.
func ruleHelp(rule *Rule) (text, md string) {
	var t, m strings.Builder
	if intro := cmp.Or(rule.Doc, rule.Title); intro != "" {
		t.WriteString(intro + "\n\n")
		m.WriteString(intro + "\n\n")
	}
	example := func(label, src string) {
		if src == "" {
			return
		}
		fmt.Fprintf(&t, "%s:\n%s\n\n", label, indentLines(src, "    "))
		fence := codeFence(src)
		fmt.Fprintf(&m, "%s:\n\n%s%s\n%s\n%s\n\n", label, fence, exampleLanguage(rule, src), strings.TrimRight(src, "\n"), fence)
	}
	example("Bad", rule.Bad)
	example("Good", rule.Good)
	uri := RuleDocURI(rule.ID)
	fmt.Fprintf(&t, "See %s", uri)
	fmt.Fprintf(&m, "See [%s](%s).", rule.ID, uri)
	return t.String(), m.String()
}

// indentLines prefixes every line of s with prefix.
func indentLines(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// codeFence returns a Markdown fence longer than any backtick run in src.
func codeFence(src string) string {
	longest, run := 0, 0
	for _, c := range src {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// exampleLanguage names the Markdown language of an example: XML for
// markup (BPMN, schemes), the language of the engine's code otherwise (C#
// for Stateflows, Go or a JSON history for Cadence, none for a scheme's
// config or script), Turtle for the index graph's rules.
func exampleLanguage(rule *Rule, src string) string {
	text := strings.TrimSpace(src)
	if strings.HasPrefix(text, "<") {
		return "xml"
	}
	switch rule.Engine {
	case "stateflows":
		return "csharp"
	case "cadence":
		if strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[") {
			return "json"
		}
		return "go"
	case "wfe":
		// A config line, a script: no one language.
		return ""
	}
	return "turtle"
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s Severity) string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "note"
	}
	return "none"
}

// sarifProperties carries the parts of a diagnostic SARIF has no field for.
func sarifProperties(d Diagnostic) map[string]string {
	props := map[string]string{}
	for k, v := range map[string]string{
		"name":      d.Name,
		"element":   d.Element,
		"subject":   d.Subject,
		"predicate": d.Predicate,
		"detail":    d.Detail,
	} {
		if v != "" {
			props[k] = v
		}
	}
	if len(props) == 0 {
		return nil
	}
	return props
}

// sarifLogicals names the element a finding is about and its subject IRI,
// of the kind its file's engine gives (element, or resource for an RDF
// node).
func sarifLogicals(d Diagnostic, proj *Project) []sarifLogical {
	if d.Element == "" && d.Subject == "" {
		return nil
	}
	kind := "element"
	if proj != nil {
		if f := proj.File(d.File); f != nil && f.ElementKind != "" {
			kind = f.ElementKind
		}
	}
	return []sarifLogical{{Name: d.Element, FullyQualifiedName: d.Subject, Kind: kind}}
}

// fingerprint identifies a finding across commits: a hash of the rule ID,
// the file, the element id, the predicate and the message, and not of the
// position, so that a timer moved down the file keeps its alert.
func fingerprint(d Diagnostic) string {
	h := sha256.New()
	file := fingerprintFile(d.File)
	for _, part := range []string{d.Rule, file, d.Element, d.Predicate, d.Message} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// fingerprintFile is the file as a fingerprint hashes it.
func fingerprintFile(file string) string { return path.Clean(filepath.ToSlash(file)) }

// fileURI renders a file path as a URI reference: a relative path becomes
// a relative reference with forward slashes, an absolute one a file URI.
// Every byte outside the unreserved set of RFC 3986 is percent-encoded, so
// that spaces, colons and non-ASCII names stay valid.
func fileURI(file string) string {
	slash := path.Clean(filepath.ToSlash(file))
	abs := filepath.IsAbs(file) || strings.HasPrefix(slash, "/")
	var b strings.Builder
	if abs {
		b.WriteString("file://")
		if !strings.HasPrefix(slash, "/") {
			// A Windows drive path, C:/x, becomes file:///C:/x.
			b.WriteByte('/')
		}
	}
	for i := 0; i < len(slash); i++ {
		c := slash[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		case abs && c == ':' && i == 1:
			// The colon of a drive letter stays as it is.
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// columnConverter turns 1-based byte columns into the unit SARIF declares,
// keeping the line starts of each file it has read.
type columnConverter struct {
	sources Sources
	files   map[string]*sourceLines
}

type sourceLines struct {
	src    []byte
	starts []int
	// columns are what was kept of released bytes (src is nil then).
	columns *Columns
}

// maxCachedFiles bounds the files whose line starts a converter keeps:
// the findings come file by file, so a few suffice, and memory does not
// grow with the number of files.
const maxCachedFiles = 16

func newColumnConverter(s Sources) *columnConverter {
	return &columnConverter{sources: s, files: map[string]*sourceLines{}}
}

// region returns the SARIF region of a diagnostic, or nil when it has no
// line. End values are left out when they are zero or before the start.
func (c *columnConverter) region(d Diagnostic) *sarifRegion {
	if d.Line < 1 {
		return nil
	}
	reg := &sarifRegion{StartLine: d.Line}
	if d.Column >= 1 {
		reg.StartColumn = c.column(d.File, d.Line, d.Column)
	}
	if hasEnd(d) {
		reg.EndLine = d.EndLine
		if d.EndColumn >= 1 {
			reg.EndColumn = c.column(d.File, d.EndLine, d.EndColumn)
		}
	}
	return reg
}

// related returns the relatedLocations of a finding's related places,
// numbered from 0 in their order (nil for none).
func (c *columnConverter) related(rs []Related, artifact func(string) sarifArtifact) []sarifRelated {
	var out []sarifRelated
	for _, rel := range rs {
		if rel.Range.File == "" {
			continue
		}
		d := AtRange(rel.Range)
		loc := sarifRelated{
			ID:               len(out),
			PhysicalLocation: &sarifPhysical{ArtifactLocation: artifact(d.File), Region: c.region(d)},
		}
		if rel.Label != "" {
			loc.Message = &sarifText{Text: rel.Label}
		}
		out = append(out, loc)
	}
	return out
}

// column converts a byte column on a line of file to UTF-16 code units.
// Without the file's bytes, or past the end of the line, bytes count as
// one unit each.
func (c *columnConverter) column(file string, line, col int) int {
	lines := c.lines(file)
	if lines != nil && lines.columns != nil {
		return lines.columns.UTF16(line, col)
	}
	if lines == nil || line > len(lines.starts) {
		return col
	}
	start := lines.starts[line-1]
	end := len(lines.src)
	if line < len(lines.starts) {
		end = lines.starts[line] - 1
	}
	n := col - 1
	prefix := lines.src[start:min(start+n, end)]
	units := n - len(prefix)
	for len(prefix) > 0 {
		r, size := utf8.DecodeRune(prefix)
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		prefix = prefix[size:]
	}
	return units + 1
}

func (c *columnConverter) lines(file string) *sourceLines {
	if c.sources == nil {
		return nil
	}
	if l, ok := c.files[file]; ok {
		return l
	}
	var l *sourceLines
	if src := c.sources.Source(file); src != nil {
		l = &sourceLines{src: src, starts: []int{0}}
		for i, b := range src {
			if b == '\n' {
				l.starts = append(l.starts, i+1)
			}
		}
	} else if cs, ok := c.sources.(ColumnSources); ok {
		if cols := cs.Columns(file); cols != nil {
			l = &sourceLines{columns: cols}
		}
	}
	if len(c.files) >= maxCachedFiles {
		clear(c.files)
	}
	c.files[file] = l
	return l
}

// sortedDiagnostics returns the report's diagnostics in the order of Sort,
// without changing the report.
func sortedDiagnostics(r *Report) []Diagnostic {
	if Sorted(r.Diagnostics) {
		// A check's report is sorted already: no copy of every finding.
		return r.Diagnostics
	}
	ds := slices.Clone(r.Diagnostics)
	Sort(ds)
	return ds
}

// hasEnd reports whether a diagnostic's end position is set and not
// before its start.
func hasEnd(d Diagnostic) bool {
	return d.EndLine > d.Line || d.EndLine == d.Line && d.EndLine > 0 && (d.EndColumn == 0 || d.EndColumn >= d.Column)
}
