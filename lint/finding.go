package lint

import "strconv"

// FindingText renders a finding's line as every text output prints it
// (check, next, simulate, the language server's log): `path:line:col:
// severity: message [ID name]`, without the location when the finding
// has no file (a value given on the command line), and without the name
// when it has none. Every part is escaped (Printable), and a path that
// would start the line with "::" (a GitHub workflow command) is written
// ./::...; the line has no newline.
func FindingText(d Diagnostic) string {
	loc, sev, rule := FindingParts(d)
	if loc == "" {
		return sev + ": " + Printable(d.Message) + " " + rule
	}
	return loc + ": " + sev + ": " + Printable(d.Message) + " " + rule
}

// FindingParts are the parts of a finding's line that text output
// colours: the location (empty for none), the severity and the bracketed
// rule, each escaped.
func FindingParts(d Diagnostic) (loc, sev, rule string) {
	if d.File != "" {
		loc = displayFile(d.File) + ":" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Column)
	}
	rule = "[" + Printable(d.Rule)
	if d.Name != "" {
		rule += " " + Printable(d.Name)
	}
	return loc, d.Severity.String(), rule + "]"
}
