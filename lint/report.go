package lint

// Report is the result of one check.
type Report struct {
	// Diagnostics are the findings reported, sorted.
	Diagnostics []Diagnostic
	// Findings, when set, are the findings instead of Diagnostics: a
	// streaming check's (project.CheckStream), which may be partly on
	// disk. The printers walk them; Close removes what they spilled.
	Findings *Findings
	// Files counts the files reported on (those given, found under a given
	// directory or named by a given index graph; with a stdin buffer, the
	// buffer), and Timers the timer definitions in them. Files read only
	// as context for the join are not counted.
	Files  int
	Timers int
	// Project is what was loaded, for callers that go on (fixes, the
	// printers' source lines, simulate).
	Project *Project
	// Notes are what the engines say about the run as a whole (no index
	// graph was found, so its rules did not run), for the summary.
	Notes []string
}

// Close removes what the report's findings wrote to disk, if anything.
func (r *Report) Close() error { return r.Findings.Close() }
