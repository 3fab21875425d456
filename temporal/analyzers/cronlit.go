package analyzers

import (
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/seams/seams-timers/temporal/cron"
)

// CronAnalyzer reports the CronSchedule values of the SDKs' start options
// (client.StartWorkflowOptions, workflow.ChildWorkflowOptions) that the
// Cadence server refuses (TMR8010), that never fire (TMR8011), or that name
// a time zone (TMR8012).
func CronAnalyzer() *analysis.Analyzer {
	return cronA.get(func() *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:       "cronschedule",
			Doc:        "check CronSchedule literals of Cadence and Temporal start options with robfig/cron/v3 ParseStandard, as the Cadence server reads them",
			Run:        runCron,
			ResultType: reflect.TypeFor[Findings](),
		}
	})
}

var cronA lazy[*analysis.Analyzer]

func runCron(pass *analysis.Pass) (any, error) {
	var out Findings
	for _, file := range pass.Files {
		fn := ""
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn = declName(pass, n)
			case *ast.CompositeLit:
				if !sdkOptions(pass.TypesInfo.TypeOf(n)) {
					return true
				}
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if id, isID := kv.Key.(*ast.Ident); ok && isID && id.Name == "CronSchedule" {
						cronValue(pass, &out, fn, kv.Value)
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					sel, ok := l.(*ast.SelectorExpr)
					if ok && sel.Sel.Name == "CronSchedule" && sdkOptions(pass.TypesInfo.TypeOf(sel.X)) {
						cronValue(pass, &out, fn, n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	return out, nil
}

// sdkOptions reports whether t is (a pointer to) a struct type of an SDK.
func sdkOptions(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || sdkOf(n.Obj().Pkg().Path()) == NoSDK {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct
}

// cronValue checks a constant CronSchedule value.
func cronValue(pass *analysis.Pass, out *Findings, fn string, e ast.Expr) {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	spec := constant.StringVal(tv.Value)
	if spec == "" {
		return
	}
	for _, f := range cron.Check(spec) {
		rule := CronSyntax
		switch f.Problem {
		case cron.Never:
			rule = CronNeverFires
		case cron.TimeZone:
			rule = CronTimeZone
		}
		report(pass, out, Finding{
			Rule:      rule,
			Func:      fn,
			Predicate: "CronSchedule",
			What:      strconv.Quote(spec) + ": " + f.What,
			Detail:    f.Detail,
			Pos:       e.Pos(),
			End:       e.End(),
		})
	}
}
