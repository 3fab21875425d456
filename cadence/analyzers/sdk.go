// Package analyzers holds the go/analysis analyzers of the Cadence and
// Temporal engine (rule family TMR8xxx): native sleeps, timers and clock
// reads in workflow code (reached across packages through facts), constant
// timer durations, the cancel-versus-fire race, timers in unbounded loops,
// and CronSchedule literals.
//
// Every analyzer runs three ways: analysistest (the fixtures in testdata),
// the unitchecker protocol (go vet -vettool), and the in-process checker
// that `seams-timers check` drives through Run. Nothing here is
// initialised at start-up: the package holds no package-level value that
// needs code to build.
package analyzers

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// SDK is the workflow SDK a package or a type belongs to.
type SDK int

// The SDKs.
const (
	NoSDK SDK = iota
	Cadence
	Temporal
)

// String names the SDK as the findings do.
func (s SDK) String() string {
	switch s {
	case Cadence:
		return "Cadence"
	case Temporal:
		return "Temporal"
	}
	return "no SDK"
}

// sdkOf returns the SDK an import path belongs to.
func sdkOf(path string) SDK {
	switch {
	case path == "go.uber.org/cadence" || strings.HasPrefix(path, "go.uber.org/cadence/"):
		return Cadence
	case path == "go.temporal.io/sdk" || strings.HasPrefix(path, "go.temporal.io/sdk/"):
		return Temporal
	}
	return NoSDK
}

// workflowPkg reports whether path is an SDK's workflow package or the
// internal package it re-exports (Cadence's workflow.Context is an alias of
// internal.Context; Temporal's the same).
func workflowPkg(path string) SDK {
	switch path {
	case "go.uber.org/cadence/workflow", "go.uber.org/cadence/internal":
		return Cadence
	case "go.temporal.io/sdk/workflow", "go.temporal.io/sdk/internal":
		return Temporal
	}
	return NoSDK
}

// ContextSDK returns the SDK whose workflow.Context t is, looking through
// type aliases, or NoSDK.
func ContextSDK(t types.Type) SDK {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return NoSDK
	}
	obj := named.Obj()
	if obj.Name() != "Context" || obj.Pkg() == nil {
		return NoSDK
	}
	return workflowPkg(obj.Pkg().Path())
}

// workflowSDK returns the SDK of a function whose first parameter is a
// workflow.Context, or NoSDK.
func workflowSDK(fn *types.Func) SDK {
	params := fn.Signature().Params()
	if params.Len() == 0 {
		return NoSDK
	}
	return ContextSDK(params.At(0).Type())
}

// sdkCall reports whether a call calls one of the names of an SDK's
// workflow package, and which SDK.
func sdkCall(info *types.Info, call *ast.CallExpr, names ...string) (SDK, string) {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return NoSDK, ""
	}
	sdk := workflowPkg(fn.Pkg().Path())
	if sdk == NoSDK {
		return NoSDK, ""
	}
	for _, n := range names {
		if fn.Name() == n {
			return sdk, n
		}
	}
	return NoSDK, ""
}

// funcName names a function as the findings' chains do: package name and
// function, with the receiver's type for a method (wf.Order,
// helpers.Poller.Wait).
func funcName(fn *types.Func) string {
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Name() + "."
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return pkg + n.Obj().Name() + "." + fn.Name()
		}
	}
	return pkg + fn.Name()
}

// workflowImport returns the name under which a file imports the workflow
// package of sdk, or "".
func workflowImport(f *ast.File, sdk SDK) string {
	want := "go.temporal.io/sdk/workflow"
	if sdk == Cadence {
		want = "go.uber.org/cadence/workflow"
	}
	for _, imp := range f.Imports {
		if strings.Trim(imp.Path.Value, `"`) != want {
			continue
		}
		if imp.Name != nil {
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				return ""
			}
			return imp.Name.Name
		}
		return "workflow"
	}
	return ""
}
