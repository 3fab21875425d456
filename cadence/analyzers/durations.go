package analyzers

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"time"

	"golang.org/x/tools/go/analysis"
)

// DurationsAnalyzer reports the constant durations of the SDKs' timers and
// sleeps that do not do what they say: not whole seconds on Cadence
// (TMR8004), zero (TMR8005), negative (TMR8006).
func DurationsAnalyzer() *analysis.Analyzer {
	return durations.get(func() *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:             "timerduration",
			Doc:              "report constant workflow.Sleep and workflow.NewTimer durations that are negative, zero, or (Cadence) not whole seconds",
			Run:              runDurations,
			ResultType:       reflect.TypeFor[Findings](),
			RunDespiteErrors: true,
		}
	})
}

var durations lazy[*analysis.Analyzer]

// timerFuncs are the SDK functions whose second argument is a timer's
// duration.
var timerFuncs = [...]string{"Sleep", "NewTimer", "NewTimerWithOptions", "SleepWithOptions"}

func runDurations(pass *analysis.Pass) (any, error) {
	var out Findings
	for _, file := range pass.Files {
		eachFunc(file, func(fd *ast.FuncDecl, n ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return
			}
			sdk, name := sdkCall(pass.TypesInfo, call, timerFuncs[:]...)
			if sdk == NoSDK {
				return
			}
			arg := call.Args[1]
			tv, ok := pass.TypesInfo.Types[arg]
			if !ok || tv.Value == nil {
				return
			}
			ns, exact := constant.Int64Val(constant.ToInt(tv.Value))
			if !exact {
				return
			}
			d := time.Duration(ns)
			f := Finding{Func: declName(pass, fd), Predicate: "workflow." + name, Pos: arg.Pos(), End: arg.End()}
			switch {
			case d < 0:
				f.Rule = TimerNegative
				f.What = fmt.Sprintf("the duration %s is negative, so the %s SDK completes workflow.%s at once, with no error and no timer in the history, as for zero", d, sdk, name)
				f.Detail = "Write the positive duration meant (a negative one is most often a sign error), or remove the call: changing it to a positive duration later adds a timer decision that running workflows' histories do not have (a non-determinism error on replay)."
			case d == 0:
				f.Rule = TimerZero
				f.What = fmt.Sprintf("the duration is zero, so %s completes at once and records no timer in the history", "workflow."+name)
				f.Detail = "Remove the call, or give the wait its real duration now: changing 0 to a positive duration later adds a timer decision that running workflows' histories do not have (a non-determinism error on replay)."
			case sdk == Cadence && d%time.Second != 0:
				up := (d/time.Second + 1) * time.Second
				f.Rule = TimerSubsecond
				f.What = fmt.Sprintf("the duration %s is not whole seconds, and the Cadence client rounds a timer up to %s", d, up)
				f.Detail = fmt.Sprintf("Write %s, the wait Cadence will make.", goDuration(up))
			default:
				return
			}
			report(pass, &out, f)
		})
	}
	return out, nil
}

// goDuration writes a whole-second duration as Go source (2 * time.Second,
// 90 * time.Second).
func goDuration(d time.Duration) string {
	s := int64(d / time.Second)
	switch {
	case s%3600 == 0:
		return fmt.Sprintf("%d * time.Hour", s/3600)
	case s%60 == 0:
		return fmt.Sprintf("%d * time.Minute", s/60)
	}
	return fmt.Sprintf("%d * time.Second", s)
}

// eachFunc calls f for every node of every function declaration of a
// file, with the declaration.
func eachFunc(file *ast.File, f func(fd *ast.FuncDecl, n ast.Node)) {
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n != nil {
				f(fd, n)
			}
			return true
		})
	}
}

// declName names a function declaration as funcName does.
func declName(pass *analysis.Pass, fd *ast.FuncDecl) string {
	if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
		return funcName(fn)
	}
	return pass.Pkg.Name() + "." + fd.Name.Name
}
