package analyzers

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// maxOffenses bounds what one function's fact carries, so that a helper
// deep in a large call graph does not carry every sleep below it.
const maxOffenses = 64

// Offense is a native sleep, timer or clock read that a function reaches:
// the rule it breaks, the native function, the chain of functions from
// the function down to the one that calls it, and where that call is.
type Offense struct {
	Rule   string
	Callee string
	Chain  []string
	At     Position
	// Module is the module path of the package At is in ("" outside
	// module mode).
	Module string
	// Beyond, when set, is where the native call really is: in a
	// dependency outside the module At is in. At is then the module's own
	// call that leads there, so that the finding is reported, and
	// suppressed, in the user's code.
	Beyond string
}

// ReachFact is the fact exported for every function that reaches an
// offense, directly or through the functions it calls.
type ReachFact struct{ Offenses []Offense }

// AFact marks ReachFact as an analysis fact.
func (*ReachFact) AFact() {}

func (f *ReachFact) String() string {
	var parts []string
	for _, o := range f.Offenses {
		parts = append(parts, o.Callee+" via "+strings.Join(o.Chain, " -> "))
	}
	return "reaches " + strings.Join(parts, "; ")
}

// native returns the rule a native function (named by its import path and
// name, time.Sleep) breaks in workflow code and what to write instead, or
// "" for a function that is fine.
func native(callee string) (rule, replacement string) {
	switch callee {
	case "time.Sleep":
		return NativeSleep, "workflow.Sleep(ctx, d)"
	case "time.After":
		return NativeTimer, "workflow.NewTimer(ctx, d), and wait on the future (future.Get, or a workflow.Selector)"
	case "time.Tick", "time.NewTicker":
		return NativeTimer, "a loop of workflow.NewTimer(ctx, d) or workflow.Sleep(ctx, d), with workflow.NewContinueAsNewError to bound the history"
	case "time.NewTimer":
		return NativeTimer, "workflow.NewTimer(ctx, d)"
	case "time.AfterFunc":
		return NativeTimer, "workflow.Go(ctx, func(ctx workflow.Context) { workflow.Sleep(ctx, d); f() })"
	case "context.WithTimeout", "context.WithTimeoutCause":
		return NativeTimer, "workflow.WithCancel(ctx) and a workflow.NewTimer(ctx, d) that cancels it, or the timeouts of workflow.ActivityOptions"
	case "context.WithDeadline", "context.WithDeadlineCause":
		return NativeTimer, "workflow.WithCancel(ctx) and a workflow.NewTimer(ctx, deadline.Sub(workflow.Now(ctx))) that cancels it"
	case "time.Now":
		return NativeClock, "workflow.Now(ctx)"
	case "time.Since":
		return NativeClock, "workflow.Now(ctx).Sub(t)"
	case "time.Until":
		return NativeClock, "t.Sub(workflow.Now(ctx))"
	}
	return "", ""
}

// localOffense is an offense as a package sees it: where it reports it
// (the offending call when it is in the package, else the call that leads
// out of the package towards it).
type localOffense struct {
	Offense
	site    token.Pos
	siteEnd token.Pos
	local   bool
	call    *ast.CallExpr // the offending call, when local
	holder  *ast.FuncDecl // the function declaration holding it, when local
}

// edge is a reference from a function to another one (a call or a method
// value), at a place in the package.
type edge struct {
	to       *types.Func
	pos, end token.Pos
	// noClock marks a reference from a query handler or an update
	// validator: what it reaches is checked for blocking, not for clock
	// reads.
	noClock bool
}

// funcInfo is what the calls analyzer knows of one function of the
// package.
type funcInfo struct {
	obj    *types.Func
	decl   *ast.FuncDecl
	direct []localOffense
	edges  []edge
}

// Calls is the result of the calls analyzer: for every workflow function
// of the package, the offenses it reaches, each with its shortest chain.
type Calls struct {
	// Workflows are the package's workflow functions, in source order.
	Workflows []*types.Func
	// Reached are the offenses the workflow functions reach, each once,
	// with the chain from the first workflow function (in source order)
	// that reaches it by the shortest chain.
	Reached []ReachedOffense
}

// ReachedOffense is an offense reached from a workflow function.
type ReachedOffense struct {
	Workflow *types.Func
	SDK      SDK
	Offense
	Site, SiteEnd token.Pos
	Local         bool
	Call          *ast.CallExpr
	Holder        *ast.FuncDecl
}

// CallsAnalyzer finds the workflow functions of a package and the native
// sleeps, timers and clock reads they reach, in the package and, through
// facts, in the packages it imports.
func CallsAnalyzer() *analysis.Analyzer {
	return callsAnalyzer.get(func() *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:             "tmrcalls",
			Doc:              "find Cadence and Temporal workflow functions and the native sleeps, timers and clock reads they reach",
			Run:              runCalls,
			FactTypes:        []analysis.Fact{new(ReachFact)},
			ResultType:       reflect.TypeFor[*Calls](),
			RunDespiteErrors: true,
		}
	})
}

var callsAnalyzer lazy[*analysis.Analyzer]

func runCalls(pass *analysis.Pass) (any, error) {
	// The standard library is not workflow code: a workflow's call of
	// log.Printf (which reads time.Now for its prefix) is no timer. Only
	// the native functions themselves count, so its packages export no
	// facts.
	if inGOROOT(pass) || sdkModule(pass) {
		return &Calls{}, nil
	}
	infos := map[*types.Func]*funcInfo{}
	var order []*funcInfo
	acts := activities(pass)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			fi := &funcInfo{obj: obj, decl: fd}
			collect(pass, fi, acts)
			infos[obj] = fi
			order = append(order, fi)
		}
	}
	reach := map[*types.Func][]localOffense{}
	for _, fi := range order {
		reach[fi.obj] = reachOf(pass, fi, infos)
		if len(reach[fi.obj]) > 0 {
			fact := &ReachFact{}
			for _, o := range reach[fi.obj] {
				fact.Offenses = append(fact.Offenses, o.Offense)
			}
			pass.ExportObjectFact(fi.obj, fact)
		}
	}
	// A function of the package that only query handlers and update
	// validators refer to is theirs: its clock reads are not findings,
	// though it takes a workflow.Context.
	fromQuery, fromWorkflow := map[*types.Func]bool{}, map[*types.Func]bool{}
	for _, fi := range order {
		for _, e := range fi.edges {
			if e.noClock {
				fromQuery[e.to] = true
			} else {
				fromWorkflow[e.to] = true
			}
		}
	}
	res := &Calls{}
	best := map[string]int{}
	for _, fi := range order {
		sdk := workflowSDK(fi.obj)
		if sdk == NoSDK || isMock(fi.obj) || acts[fi.obj] {
			continue
		}
		queryOnly := fromQuery[fi.obj] && !fromWorkflow[fi.obj]
		res.Workflows = append(res.Workflows, fi.obj)
		for _, o := range reach[fi.obj] {
			if queryOnly && o.Rule == NativeClock {
				continue
			}
			// An offense is reported once at each place of the package:
			// at the call itself when it is local, at each call that
			// leads out of the package towards it when it is not.
			key := fmt.Sprintf("%s\x00%d\x00%s\x00%d", o.Rule, o.site, o.At.Filename, o.At.Offset)
			r := ReachedOffense{Workflow: fi.obj, SDK: sdk, Offense: o.Offense, Site: o.site, SiteEnd: o.siteEnd, Local: o.local, Call: o.call, Holder: o.holder}
			if i, seen := best[key]; seen {
				if len(r.Chain) < len(res.Reached[i].Chain) {
					res.Reached[i] = r
				}
				continue
			}
			best[key] = len(res.Reached)
			res.Reached = append(res.Reached, r)
		}
	}
	slices.SortStableFunc(res.Reached, func(a, b ReachedOffense) int {
		return cmp.Or(cmp.Compare(a.Site, b.Site), cmp.Compare(a.At.Filename, b.At.Filename), cmp.Compare(a.At.Offset, b.At.Offset))
	})
	return res, nil
}

// collect finds a function's native calls and its references to other
// functions, function literals included. What the SDK does not run as
// workflow code is left out: the activities a workflow executes or
// registers, the callbacks of SideEffect and MutableSideEffect (their
// results are recorded). Query handlers and update validators are kept
// for blocking (sleeps, timers) but not for clock reads.
func collect(pass *analysis.Pass, fi *funcInfo, acts map[*types.Func]bool) {
	// ranges maps the identifier of a called function to the call, so
	// that a finding spans the whole call; a reference that is not
	// called (a method value, time.Sleep passed as a value) spans the
	// selector or identifier.
	calls := map[*ast.Ident]*ast.CallExpr{}
	spans := map[*ast.Ident]ast.Node{}
	var skip, activity, noClock []ast.Node
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				calls[f] = n
			case *ast.SelectorExpr:
				calls[f.Sel] = n
			}
			kind, from := sdkRole(pass.TypesInfo, n)
			for i := from; kind != roleNone && i < len(n.Args); i++ {
				switch kind {
				case roleActivity:
					activity = append(activity, n.Args[i])
				case roleSideEffect:
					skip = append(skip, n.Args[i])
				case roleQuery:
					noClock = append(noClock, n.Args[i])
				}
			}
		case *ast.CompositeLit:
			if isUpdateOptions(pass.TypesInfo, n) {
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Validator" {
							noClock = append(noClock, kv.Value)
						}
					}
				}
			}
		case *ast.SelectorExpr:
			spans[n.Sel] = n
		case *ast.Ident:
			fn, _ := pass.TypesInfo.Uses[n].(*types.Func)
			if fn == nil || inside(skip, n) {
				return true
			}
			fn = fn.Origin()
			var node ast.Node = n
			c, called := calls[n]
			if called {
				node = c
			} else if s, ok := spans[n]; ok {
				node = s
			}
			quiet := inside(noClock, n)
			if rule, _ := native(calleeName(fn)); rule != "" {
				if quiet && rule == NativeClock {
					return true
				}
				o := localOffense{
					Offense: Offense{Rule: rule, Callee: calleeName(fn), Chain: []string{funcName(fi.obj)}, At: positionOf(pass.Fset, node.Pos(), node.End()), Module: moduleOf(pass)},
					site:    node.Pos(),
					siteEnd: node.End(),
					local:   true,
					holder:  fi.decl,
				}
				o.call, _ = node.(*ast.CallExpr)
				fi.direct = append(fi.direct, o)
				return true
			}
			// A function that is referred to, not called, is an
			// activity when it is passed where the SDK takes one, when
			// the package executes or registers it as one, or when it
			// takes a context.Context first (what an activity takes,
			// and what no workflow has to give).
			if !called && (inside(activity, n) || acts[fn] || takesGoContext(fn)) {
				return true
			}
			fi.edges = append(fi.edges, edge{to: fn, pos: node.Pos(), end: node.End(), noClock: quiet})
		}
		return true
	})
}

// inside reports whether a node is inside one of the nodes.
func inside(nodes []ast.Node, n ast.Node) bool {
	for _, r := range nodes {
		if r.Pos() <= n.Pos() && n.End() <= r.End() {
			return true
		}
	}
	return false
}

// activities returns the functions a package passes to the SDK as
// activities (ExecuteActivity, ExecuteLocalActivity, the RegisterActivity
// methods, activity.Register, a test suite's OnActivity) or as SideEffect
// and MutableSideEffect callbacks, wherever it does: none of them is
// workflow code, though a callback takes a workflow.Context.
func activities(pass *analysis.Pass) map[*types.Func]bool {
	acts := map[*types.Func]bool{}
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			kind, from := sdkRole(pass.TypesInfo, call)
			if kind != roleActivity && kind != roleSideEffect {
				return true
			}
			for _, a := range call.Args[min(from, len(call.Args)):] {
				ast.Inspect(a, func(m ast.Node) bool {
					if _, ok := m.(*ast.CallExpr); ok {
						return false
					}
					if id, ok := m.(*ast.Ident); ok {
						if fn, ok := pass.TypesInfo.Uses[id].(*types.Func); ok {
							acts[fn.Origin()] = true
						}
					}
					return true
				})
			}
			return true
		})
	}
	return acts
}

// takesGoContext reports whether a function's first parameter is a
// context.Context.
func takesGoContext(fn *types.Func) bool {
	params := fn.Signature().Params()
	if params.Len() == 0 {
		return false
	}
	named, ok := types.Unalias(params.At(0).Type()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

// sdkModule reports whether a pass's package is the SDK's own, in module
// mode: what a workflow calls of the SDK is the SDK's replay-safe API,
// whatever the SDK's implementation does inside.
func sdkModule(pass *analysis.Pass) bool {
	m := moduleOf(pass)
	return m == "go.temporal.io/sdk" || m == "go.uber.org/cadence"
}

// moduleOf is the module path of a pass's package, or "".
func moduleOf(pass *analysis.Pass) string {
	if pass.Module == nil {
		return ""
	}
	return pass.Module.Path
}

// reachOf returns the offenses a function reaches, each with its shortest
// chain (breadth first over the package's functions and the facts of the
// functions of other packages). Below a query handler or an update
// validator clock reads do not count. An offense in another module is
// moved to this package's call that leads to it, with where it really is
// kept in Beyond.
func reachOf(pass *analysis.Pass, start *funcInfo, infos map[*types.Func]*funcInfo) []localOffense {
	type item struct {
		fi      *funcInfo
		chain   []string
		noClock bool
	}
	type visit struct {
		fn      *types.Func
		noClock bool
	}
	var out []localOffense
	seenOffense := map[string]bool{}
	add := func(o localOffense, noClock bool) {
		if noClock && o.Rule == NativeClock {
			return
		}
		key := fmt.Sprintf("%s\x00%s\x00%d", o.Rule, o.At.Filename, o.At.Offset)
		if seenOffense[key] || len(out) >= maxOffenses {
			return
		}
		seenOffense[key] = true
		out = append(out, o)
	}
	mod := moduleOf(pass)
	visited := map[visit]bool{{start.obj, false}: true}
	queue := []item{{fi: start, chain: []string{funcName(start.obj)}}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, d := range it.fi.direct {
			o := d
			o.Chain = slices.Clone(it.chain)
			add(o, it.noClock)
		}
		for _, e := range it.fi.edges {
			noClock := it.noClock || e.noClock
			if visited[visit{e.to, noClock}] {
				continue
			}
			visited[visit{e.to, noClock}] = true
			if callee, ok := infos[e.to]; ok {
				queue = append(queue, item{fi: callee, chain: append(slices.Clone(it.chain), funcName(e.to)), noClock: noClock})
				continue
			}
			if e.to.Pkg() == pass.Pkg {
				continue
			}
			var fact ReachFact
			if !pass.ImportObjectFact(e.to, &fact) {
				continue
			}
			for _, fo := range fact.Offenses {
				o := localOffense{Offense: fo, site: e.pos, siteEnd: e.end}
				o.Chain = append(slices.Clone(it.chain), fo.Chain...)
				if mod != "" && fo.Module != "" && fo.Module != mod {
					if o.Beyond == "" {
						o.Beyond = fmt.Sprintf("%s:%d:%d", fo.At.Filename, fo.At.Line, fo.At.Col)
					}
					o.At = positionOf(pass.Fset, e.pos, e.end)
					o.Module = mod
				}
				add(o, noClock)
			}
		}
	}
	return out
}

// calleeName is a package-level function's import path and name
// (time.Sleep); "" for a method or a builtin.
func calleeName(fn *types.Func) string {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// inGOROOT reports whether a pass's package is the standard library's:
// its files are under GOROOT/src.
func inGOROOT(pass *analysis.Pass) bool {
	return len(pass.Files) > 0 && InGOROOT(pass.Fset.File(pass.Files[0].Pos()).Name())
}

// InGOROOT reports whether a file is the standard library's: under
// GOROOT/src.
func InGOROOT(filename string) bool {
	root := build.Default.GOROOT
	return root != "" && strings.HasPrefix(filename, filepath.Join(root, "src")+string(filepath.Separator))
}
