package lint

// Report is the result of one check.
type Report struct {
	// Diagnostics are the findings reported, sorted.
	Diagnostics []Diagnostic
	// Files counts the files read; Timers the timer definitions in them.
	Files  int
	Timers int
	// Project is what was loaded, for callers that go on (fixes, the
	// printers' source lines, simulate).
	Project *Project
	// Notes are what the engines say about the run as a whole (no index
	// graph was found, so its rules did not run), for the summary.
	Notes []string
}
