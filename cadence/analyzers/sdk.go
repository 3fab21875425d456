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

// contextPkgs are the packages that declare a workflow Context in the
// released SDKs: every minor of go.uber.org/cadence since v0.17 declares it
// in internal (workflow.Context an alias); go.temporal.io/sdk declares it
// in internal up to v1.49 and in internal/common/workflowcontext from
// v1.50 (internal.Context and workflow.Context aliases of it). The
// versions checked against the module proxy are in
// testdata/sdk-versions.json.
var contextPkgs = map[string]SDK{
	"go.uber.org/cadence/workflow":                       Cadence,
	"go.uber.org/cadence/internal":                       Cadence,
	"go.temporal.io/sdk/workflow":                        Temporal,
	"go.temporal.io/sdk/internal":                        Temporal,
	"go.temporal.io/sdk/internal/common/workflowcontext": Temporal,
}

// ContextSDK returns the SDK whose workflow Context t is, looking through
// type aliases, or NoSDK. A Context the SDK declares elsewhere than in the
// packages it declares it today (a future internal move) is recognised by
// its shape: an interface of the SDK's module whose Done method returns
// the SDK's Channel, not a Go channel.
func ContextSDK(t types.Type) SDK {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return NoSDK
	}
	obj := named.Obj()
	if obj.Name() != "Context" || obj.Pkg() == nil {
		return NoSDK
	}
	if sdk, ok := contextPkgs[obj.Pkg().Path()]; ok {
		return sdk
	}
	sdk := sdkOf(obj.Pkg().Path())
	if sdk == NoSDK {
		return NoSDK
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok {
		return NoSDK
	}
	for m := range iface.Methods() {
		if m.Name() != "Done" {
			continue
		}
		res := m.Signature().Results()
		if res.Len() != 1 {
			return NoSDK
		}
		ch, ok := types.Unalias(res.At(0).Type()).(*types.Named)
		if ok && ch.Obj().Name() == "Channel" && ch.Obj().Pkg() != nil && sdkOf(ch.Obj().Pkg().Path()) == sdk {
			return sdk
		}
	}
	return NoSDK
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

// role is what the SDK does with the function values a call passes it.
type role int

const (
	roleNone role = iota
	// roleActivity: the arguments are activities, run by an activity
	// worker, not workflow code.
	roleActivity
	// roleSideEffect: the callback runs once and its result is recorded,
	// so what it reads is not replayed.
	roleSideEffect
	// roleQuery: the handler runs outside the history (a query, not
	// recorded) and must not block, but may read the clock.
	roleQuery
)

// sdkRole returns what the SDK does with the arguments of a call from the
// index from on: ExecuteActivity and ExecuteLocalActivity take an
// activity after the context; RegisterActivity, RegisterActivityWithOptions,
// Cadence's activity.Register and RegisterWithOptions, and a test
// environment's OnActivity take one first; SideEffect's and
// MutableSideEffect's callbacks are recorded; SetQueryHandler's handler is
// a query's.
func sdkRole(info *types.Info, call *ast.CallExpr) (role, int) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || sdkOf(fn.Pkg().Path()) == NoSDK {
		return roleNone, 0
	}
	switch fn.Name() {
	case "ExecuteActivity", "ExecuteLocalActivity":
		return roleActivity, 1
	case "RegisterActivity", "RegisterActivityWithOptions", "OnActivity":
		return roleActivity, 0
	case "Register", "RegisterWithOptions":
		if strings.HasSuffix(fn.Pkg().Path(), "/activity") {
			return roleActivity, 0
		}
	case "SideEffect":
		return roleSideEffect, 1
	case "MutableSideEffect":
		return roleSideEffect, 2
	case "SetQueryHandler", "SetQueryHandlerWithOptions":
		return roleQuery, 2
	}
	return roleNone, 0
}

// isUpdateOptions reports whether a composite literal is the SDK's
// UpdateHandlerOptions, whose Validator runs when an update arrives, is
// not run again on replay, and must not block.
func isUpdateOptions(info *types.Info, lit *ast.CompositeLit) bool {
	named, ok := types.Unalias(info.TypeOf(lit)).(*types.Named)
	return ok && named.Obj().Name() == "UpdateHandlerOptions" && named.Obj().Pkg() != nil && sdkOf(named.Obj().Pkg().Path()) != NoSDK
}

// isMock reports whether a method is a generated mock's: its receiver
// embeds testify's mock.Mock or holds a gomock Controller. A mock of an
// interface that takes a workflow.Context is test scaffolding, not a
// workflow.
func isMock(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		ft := f.Type()
		if p, ok := ft.(*types.Pointer); ok {
			ft = p.Elem()
		}
		named, ok := types.Unalias(ft).(*types.Named)
		if !ok || named.Obj().Pkg() == nil {
			continue
		}
		switch named.Obj().Pkg().Path() + "." + named.Obj().Name() {
		case "github.com/stretchr/testify/mock.Mock", "github.com/golang/mock/gomock.Controller", "go.uber.org/mock/gomock.Controller":
			return true
		}
	}
	return false
}
