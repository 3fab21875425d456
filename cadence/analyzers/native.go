package analyzers

import (
	"fmt"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// NativeSleepAnalyzer reports time.Sleep reached from workflow code
// (TMR8001).
func NativeSleepAnalyzer() *analysis.Analyzer {
	return nativeSleep.get(func() *analysis.Analyzer {
		return nativeAnalyzer("nativesleep", NativeSleep, "report time.Sleep in Cadence and Temporal workflow code, where the SDK's workflow.Sleep records the wait in the history")
	})
}

// NativeTimerAnalyzer reports the native timers (time.After, Tick,
// NewTimer, NewTicker, AfterFunc, context.WithTimeout, WithDeadline)
// reached from workflow code (TMR8002).
func NativeTimerAnalyzer() *analysis.Analyzer {
	return nativeTimer.get(func() *analysis.Analyzer {
		return nativeAnalyzer("nativetimer", NativeTimer, "report native timers (time.After, Tick, NewTimer, NewTicker, AfterFunc, context.WithTimeout, WithDeadline) in Cadence and Temporal workflow code")
	})
}

// NativeClockAnalyzer reports the native clock (time.Now, Since, Until)
// read from workflow code (TMR8003).
func NativeClockAnalyzer() *analysis.Analyzer {
	return nativeClock.get(func() *analysis.Analyzer {
		return nativeAnalyzer("nativeclock", NativeClock, "report time.Now, time.Since and time.Until in Cadence and Temporal workflow code, where workflow.Now is the replayed clock")
	})
}

var nativeSleep, nativeTimer, nativeClock lazy[*analysis.Analyzer]

func nativeAnalyzer(name, rule, doc string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             name,
		Doc:              doc,
		Requires:         []*analysis.Analyzer{CallsAnalyzer()},
		ResultType:       reflect.TypeFor[Findings](),
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			calls := pass.ResultOf[CallsAnalyzer()].(*Calls)
			var out Findings
			for _, r := range calls.Reached {
				if r.Rule == rule {
					report(pass, &out, nativeFinding(pass, r))
				}
			}
			return out, nil
		},
	}
}

// nativeFinding builds the finding of a native call reached from a
// workflow function.
func nativeFinding(pass *analysis.Pass, r ReachedOffense) Finding {
	callee := r.Callee
	_, replacement := native(callee)
	var what string
	switch r.Rule {
	case NativeSleep:
		what = fmt.Sprintf("%s in workflow code is not recorded in the %s history, so the wait does not survive a worker restart or a replay", shortName(callee), r.SDK)
	case NativeTimer:
		what = fmt.Sprintf("%s in workflow code is a native timer the %s history does not record, so it does not fire the same way on replay", shortName(callee), r.SDK)
	default:
		what = fmt.Sprintf("%s in workflow code reads the worker's clock, which differs on replay", shortName(callee))
	}
	chain := strings.Join(append(append([]string(nil), r.Chain...), shortName(callee)), " -> ")
	detail := fmt.Sprintf("Write %s instead; reached by %s.", replacement, chain)
	f := Finding{Rule: r.Rule, Func: r.Chain[len(r.Chain)-1], Predicate: shortName(callee), What: what, Pos: r.Site, End: r.SiteEnd}
	if !r.Local {
		at := r.At
		f.At = &at
		detail = fmt.Sprintf("Write %s instead; the call is at %s:%d:%d, reached by %s.", replacement, shortFile(at.Filename), at.Line, at.Col, chain)
		if r.Beyond != "" {
			detail = fmt.Sprintf("The native call is in a dependency (%s), reached by %s: call it from an activity or a workflow.SideEffect, or use %s in workflow code.", r.Beyond, chain, replacement)
		}
	}
	f.Detail = detail
	if r.Local {
		switch r.Rule {
		case NativeSleep:
			f.Fix = sleepFix(pass, r)
		case NativeClock:
			f.Fix = clockFix(pass, r)
		}
	}
	return f
}

// shortName is time.Sleep for time.Sleep, and the last path element and
// the name for a longer path.
func shortName(callee string) string {
	i := strings.LastIndex(callee, ".")
	pkg := callee[:i]
	if j := strings.LastIndex(pkg, "/"); j >= 0 {
		pkg = pkg[j+1:]
	}
	return pkg + callee[i:]
}

// shortFile names a file by its directory and base name.
func shortFile(p string) string {
	parts := strings.Split(p, "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
}
