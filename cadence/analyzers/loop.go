package analyzers

import (
	"go/ast"
	"go/token"
	"go/types"
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
			loops := newLoops(pass.TypesInfo, fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sdk, name := sdkCall(pass.TypesInfo, call, timerFuncs[:]...)
				if sdk == NoSDK || !loops.endless(call) {
					return true
				}
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
		}
	}
	return out, nil
}

// loops answers, for a function declaration, whether a call is in a loop
// with no end, by control flow: in the control-flow graph of the function
// body (or function literal) holding it, or of a body that holds that
// literal at a point in such a loop (a workflow.Go callback started on
// every turn).
type loops struct {
	info     *types.Info
	bodies   []ast.Node // the declaration, then its function literals
	flows    map[ast.Node]*flow
	assigned map[types.Object]bool
	tagged   map[ast.Expr]bool
}

func newLoops(info *types.Info, fd *ast.FuncDecl) *loops {
	l := &loops{info: info, bodies: []ast.Node{fd}, flows: map[ast.Node]*flow{}, assigned: assignedIn(info, fd.Body), tagged: taggedCases(fd.Body)}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			l.bodies = append(l.bodies, lit)
		}
		return true
	})
	return l
}

func (l *loops) flow(fn ast.Node) *flow {
	if f, ok := l.flows[fn]; ok {
		return f
	}
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	f := newFlow(l.info, body, l.assigned, l.tagged)
	l.flows[fn] = f
	return f
}

// innermost returns the function (declaration or literal) whose body
// holds pos, innermost first.
func (l *loops) innermost(pos token.Pos) ast.Node {
	for i := len(l.bodies) - 1; i >= 0; i-- {
		if fn := l.bodies[i]; fn.Pos() <= pos && pos < fn.End() {
			return fn
		}
	}
	return nil
}

// endless reports whether the node at pos runs in a loop with no end.
func (l *loops) endless(n ast.Node) bool {
	pos := n.Pos()
	// From the innermost function holding pos outwards.
	for i := len(l.bodies) - 1; i >= 0; i-- {
		fn := l.bodies[i]
		if pos < fn.Pos() || pos >= fn.End() {
			continue
		}
		f := l.flow(fn)
		if b, _ := f.at(pos); b != nil && f.endless(b) {
			return true
		}
		pos = fn.Pos() // then the literal's place in the function around it
	}
	return false
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
