package analyzers

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Timers counts the timers of a file, as the summary counts timer
// definitions: the calls of the SDKs' Sleep and NewTimer, and the
// CronSchedule fields of their options' literals (a struct of the
// program's own with a CronSchedule field is no timer).
func Timers(info *types.Info, file *ast.File) int {
	n := 0
	ast.Inspect(file, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.CallExpr:
			if sdk, _ := sdkCall(info, x, timerFuncs[:]...); sdk != NoSDK {
				n++
			}
		case *ast.CompositeLit:
			if _, ok := cronField(info, x); ok {
				n++
			}
		}
		return true
	})
	return n
}

// cronField returns the value of the CronSchedule field of an SDK's
// options literal.
func cronField(info *types.Info, lit *ast.CompositeLit) (ast.Expr, bool) {
	if !sdkOptions(info.TypeOf(lit)) {
		return nil, false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "CronSchedule" {
				return kv.Value, true
			}
		}
	}
	return nil, false
}

// CronLiteral is a constant CronSchedule value of an SDK's options.
type CronLiteral struct {
	Spec     string
	Pos, End token.Pos
}

// CronLiterals returns a file's constant CronSchedule values, in source
// order.
func CronLiterals(info *types.Info, file *ast.File) []CronLiteral {
	var out []CronLiteral
	add := func(e ast.Expr) {
		if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if s := constant.StringVal(tv.Value); s != "" {
				out = append(out, CronLiteral{Spec: s, Pos: e.Pos(), End: e.End()})
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if v, ok := cronField(info, n); ok {
				add(v)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "CronSchedule" && sdkOptions(info.TypeOf(sel.X)) {
						add(n.Rhs[i])
					}
				}
			}
		}
		return true
	})
	return out
}
