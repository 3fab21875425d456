package analyzers

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/seams/seams-timers/cadence/cron"
)

// CronAnalyzer reports the CronSchedule values of the SDKs' start options
// (client.StartWorkflowOptions, workflow.ChildWorkflowOptions) that the
// Cadence server refuses (TMR8010), that never fire (TMR8011), whose zone
// prefix moves their UTC firings (TMR8012), or whose @every interval
// robfig/cron runs otherwise than written (TMR8013).
func CronAnalyzer() *analysis.Analyzer {
	return cronA.get(func() *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:             "cronschedule",
			Doc:              "check CronSchedule literals of Cadence and Temporal start options with robfig/cron/v3 ParseStandard, as the Cadence server reads them",
			Run:              runCron,
			ResultType:       reflect.TypeFor[Findings](),
			RunDespiteErrors: true,
		}
	})
}

var cronA lazy[*analysis.Analyzer]

func runCron(pass *analysis.Pass) (any, error) {
	var out Findings
	for _, file := range pass.Files {
		for _, lit := range CronLiterals(pass.TypesInfo, file) {
			cronFindings(pass, &out, enclosingFunc(pass, file, lit.Pos), lit)
		}
	}
	return out, nil
}

// enclosingFunc names the declaration holding pos: the function, or the
// package-level variable (starter.Daily); "" for none.
func enclosingFunc(pass *analysis.Pass, file *ast.File, pos token.Pos) string {
	for _, decl := range file.Decls {
		if decl.Pos() > pos || pos >= decl.End() {
			continue
		}
		switch d := decl.(type) {
		case *ast.FuncDecl:
			return declName(pass, d)
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok && vs.Pos() <= pos && pos < vs.End() && len(vs.Names) > 0 {
					return pass.Pkg.Name() + "." + vs.Names[0].Name
				}
			}
		}
	}
	return ""
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

// cronFindings reports what is wrong with a CronSchedule value.
func cronFindings(pass *analysis.Pass, out *Findings, fn string, lit CronLiteral) {
	for _, f := range cron.Check(lit.Spec) {
		rule := CronSyntax
		switch f.Problem {
		case cron.Never:
			rule = CronNeverFires
		case cron.TimeZone:
			rule = CronTimeZone
		case cron.Every:
			rule = CronEvery
		}
		report(pass, out, Finding{
			Rule:      rule,
			Func:      fn,
			Predicate: "CronSchedule",
			What:      strconv.Quote(lit.Spec) + ": " + f.What,
			Detail:    f.Detail,
			Pos:       lit.Pos,
			End:       lit.End,
		})
	}
}
