package rules

import "github.com/seams/seams-timers/lint"

// FileUnreadable is reported by the loader, not run.
var FileUnreadable = &lint.Rule{
	ID:       "TMR7001",
	Name:     "cs-file-unreadable",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "C# file unreadable or not UTF-8 text",
	Doc: `A *.cs file that was named or found could not be read, or is not UTF-8 text (it holds
a NUL byte or a byte sequence that is not UTF-8). Nothing in it was searched for time
events, so its timers could still be wrong. Save the file as UTF-8.`,
	Bad:  "// A file saved as UTF-16 or Latin-1: \"Zeitüberschreitung\" as bytes that are not UTF-8.",
	Good: "// The same file saved as UTF-8.\npublic class Zeitüberschreitung : AfterOneHour { }",
}

// Unterminated is reported by the loader, not run.
var Unterminated = &lint.Rule{
	ID:       "TMR7002",
	Name:     "cs-unterminated",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "a string, character literal or comment of a C# file does not end",
	Doc: `A string literal (regular, verbatim, interpolated or raw), a character literal, an
interpolation hole or a /* comment */ runs to the end of its line or of the file. The
compiler refuses the file; seams-timers searched it for time events up to that literal
only. End the literal or the comment.`,
	Bad:  `var note = "AfterOneDay;` + "\n" + `machine.AddTransition<AfterOneDay>("Expired");`,
	Good: `var note = "AfterOneDay";` + "\n" + `machine.AddTransition<AfterOneDay>("Expired");`,
}
