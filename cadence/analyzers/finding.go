package analyzers

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/seams/seams-timers/cadence/catalog"
)

// The rule IDs of the family (cadence/catalog holds them, for the
// engine that does not link the analyzers).
const (
	NativeSleep      = catalog.NativeSleep
	NativeTimer      = catalog.NativeTimer
	NativeClock      = catalog.NativeClock
	TimerSubsecond   = catalog.TimerSubsecond
	TimerZero        = catalog.TimerZero
	TimerNegative    = catalog.TimerNegative
	TimerCancelRace  = catalog.TimerCancelRace
	TimerLoopHistory = catalog.TimerLoopHistory
	CronSyntax       = catalog.CronSyntax
	CronNeverFires   = catalog.CronNeverFires
	CronTimeZone     = catalog.CronTimeZone
	CronEvery        = catalog.CronEvery
)

// RuleName returns the kebab-case name of a rule of the family.
func RuleName(id string) string { return catalog.Name(id) }

// Position is a place in a file that outlives the file set it was found
// in: facts carry it from a package to the packages that import it.
type Position struct {
	Filename        string
	Offset, End     int
	Line, Col       int
	EndLine, EndCol int
}

// positionOf records the range [pos, end) of a pass's file set, in the
// file actually parsed: a //line directive does not move it.
func positionOf(fset *token.FileSet, pos, end token.Pos) Position {
	p, e := fset.PositionFor(pos, false), fset.PositionFor(end, false)
	return Position{Filename: p.Filename, Offset: p.Offset, End: e.Offset, Line: p.Line, Col: p.Column, EndLine: e.Line, EndCol: e.Column}
}

// Finding is one finding of an analyzer, in the form the engine reports
// it: the function it is in (the subject), the call or field it is about
// (the predicate), what is wrong and what to do instead.
type Finding struct {
	Rule string
	// Func is the function holding the call, package-qualified
	// (wf.Order); empty for a literal outside any function.
	Func      string
	Predicate string
	What      string
	Detail    string
	// Pos and End are the range the analyzer reports at, in the pass's
	// file set.
	Pos, End token.Pos
	// At, when set, is the offending call itself, in a package the pass
	// imports: the analyzer reports at the call that leads there, and
	// seams-timers check reports at At.
	At *Position
	// Fix is the mechanical replacement, when there is one.
	Fix *analysis.SuggestedFix
}

// Findings is the result of every rule analyzer: what it reported, in
// order.
type Findings []Finding

// report reports a finding as a diagnostic (the message names the rule;
// the detail is the related information at the same place) and keeps it
// in the analyzer's result.
func report(pass *analysis.Pass, out *Findings, f Finding) {
	d := analysis.Diagnostic{
		Pos:      f.Pos,
		End:      f.End,
		Category: f.Rule,
		Message:  f.What + " [" + f.Rule + " " + RuleName(f.Rule) + "]",
		Related:  []analysis.RelatedInformation{{Pos: f.Pos, End: f.End, Message: f.Detail}},
	}
	if f.Fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*f.Fix}
	}
	pass.Report(d)
	*out = append(*out, f)
}
