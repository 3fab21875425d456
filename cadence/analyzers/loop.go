package analyzers

import (
	"go/ast"
	"go/constant"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// LoopAnalyzer reports workflow.Sleep and workflow.NewTimer in an unbounded
// loop of a function that never continues as new (TMR8008).
func LoopAnalyzer() *analysis.Analyzer {
	return loop.get(func() *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:             "timerloop",
			Doc:              "report workflow timers in an unbounded loop of a function with no workflow.NewContinueAsNewError",
			Run:              runLoop,
			ResultType:       reflect.TypeFor[Findings](),
			RunDespiteErrors: true,
		}
	})
}

var loop lazy[*analysis.Analyzer]

func runLoop(pass *analysis.Pass) (any, error) {
	var out Findings
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || continuesAsNew(pass, fd) {
				continue
			}
			reported := map[*ast.CallExpr]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				fs, ok := n.(*ast.ForStmt)
				if !ok || !unbounded(pass, fs) {
					return true
				}
				ast.Inspect(fs.Body, func(m ast.Node) bool {
					call, ok := m.(*ast.CallExpr)
					if !ok || reported[call] {
						return true
					}
					sdk, name := sdkCall(pass.TypesInfo, call, timerFuncs[:]...)
					if sdk == NoSDK {
						return true
					}
					reported[call] = true
					report(pass, &out, Finding{
						Rule:      TimerLoopHistory,
						Func:      declName(pass, fd),
						Predicate: "workflow." + name,
						What:      "a timer in a loop with no end adds TimerStarted and TimerFired events to the history on every turn, and the function never continues as new",
						Detail:    "Return workflow.NewContinueAsNewError(ctx, <this workflow>, <its state>) after a bounded number of turns, so that each run's history stays small.",
						Pos:       call.Pos(),
						End:       call.End(),
					})
					return true
				})
				return true
			})
		}
	}
	return out, nil
}

// unbounded reports whether a for loop has no condition, or a constant
// true one.
func unbounded(pass *analysis.Pass, fs *ast.ForStmt) bool {
	if fs.Cond == nil {
		return true
	}
	tv, ok := pass.TypesInfo.Types[fs.Cond]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// continuesAsNew reports whether a function calls an SDK's
// NewContinueAsNewError anywhere.
func continuesAsNew(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sdk, _ := sdkCall(pass.TypesInfo, call, "NewContinueAsNewError", "NewContinueAsNewErrorWithOptions"); sdk != NoSDK {
				found = true
			}
		}
		return !found
	})
	return found
}
