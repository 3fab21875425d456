package analyzers

import (
	"go/ast"
	"go/constant"
	"go/token"
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
// true one, and nothing ends it but an error: no break out of it and no
// return other than under an error check (if err != nil). A loop that
// breaks when its signals run out, or returns its result, ends.
func unbounded(pass *analysis.Pass, fs *ast.ForStmt) bool {
	if fs.Cond != nil {
		tv, ok := pass.TypesInfo.Types[fs.Cond]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool || !constant.BoolVal(tv.Value) {
			return false
		}
	}
	return !ends(fs.Body, 0, false)
}

// ends reports whether a statement list of a loop's body leaves the loop
// other than by an error: depth counts the breakable statements (loops,
// switches, selects) between it and the loop, onErr whether it is under
// an error check.
func ends(n ast.Node, depth int, onErr bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if !onErr {
				found = true
			}
			return false
		case *ast.BranchStmt:
			switch {
			case m.Tok == token.GOTO:
				found = true
			case m.Tok == token.BREAK && (m.Label != nil || depth == 0):
				found = true
			}
			return false
		case *ast.IfStmt:
			if m.Init != nil && ends(m.Init, depth, onErr) {
				found = true
				return false
			}
			if ends(m.Body, depth, onErr || errCheck(m.Cond)) {
				found = true
				return false
			}
			if m.Else != nil && ends(m.Else, depth, onErr) {
				found = true
			}
			return false
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if n == m {
				return true
			}
			var body ast.Node
			switch m := m.(type) {
			case *ast.ForStmt:
				body = m.Body
			case *ast.RangeStmt:
				body = m.Body
			case *ast.SwitchStmt:
				body = m.Body
			case *ast.TypeSwitchStmt:
				body = m.Body
			case *ast.SelectStmt:
				body = m.Body
			}
			if ends(body, depth+1, onErr) {
				found = true
			}
			return false
		}
		return true
	})
	return found
}

// errCheck reports whether a condition is an error check, x != nil.
func errCheck(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && id.Name == "nil"
	}
	return isNil(b.X) || isNil(b.Y)
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
