package analyzers

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// CancelRaceAnalyzer reports a timer whose context is cancelled while the
// code assumes the cancellation wins: the Get error ignored, or only the
// cancellation error handled (TMR8007).
func CancelRaceAnalyzer() *analysis.Analyzer {
	return cancelRace.get(func() *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:             "timercancelrace",
			Doc:              "report a cancelled workflow timer whose Get error is ignored or checked only for the cancellation",
			Run:              runCancelRace,
			ResultType:       reflect.TypeFor[Findings](),
			RunDespiteErrors: true,
		}
	})
}

var cancelRace lazy[*analysis.Analyzer]

// cancelScope is what one function declaration holds: its cancellable
// contexts, the ones whose cancel function it calls, and its timers on
// them.
type cancelScope struct {
	info      *types.Info
	parent    map[ast.Node]ast.Node
	ctxs      map[types.Object]types.Object    // context -> its cancel function
	cancelled map[types.Object][]*ast.CallExpr // calls of cancel functions (not deferred)
	timers    map[types.Object]*ast.CallExpr   // timer futures on a cancelled context -> their NewTimer
	loops     *loops                           // the control flow of the declaration and its literals
}

func runCancelRace(pass *analysis.Pass) (any, error) {
	var out Findings
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			cancelRaceIn(pass, fd, &out)
		}
	}
	return out, nil
}

func cancelRaceIn(pass *analysis.Pass, fd *ast.FuncDecl, out *Findings) {
	s := &cancelScope{info: pass.TypesInfo, parent: map[ast.Node]ast.Node{}, ctxs: map[types.Object]types.Object{}, cancelled: map[types.Object][]*ast.CallExpr{},
		timers: map[types.Object]*ast.CallExpr{}, loops: newLoops(pass.TypesInfo, fd)}
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			s.parent[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 2 && len(as.Rhs) == 1 {
			if call, ok := as.Rhs[0].(*ast.CallExpr); ok {
				if sdk, _ := sdkCall(pass.TypesInfo, call, "WithCancel"); sdk != NoSDK {
					if c, k := s.obj(as.Lhs[0]), s.obj(as.Lhs[1]); c != nil && k != nil {
						s.ctxs[c] = k
					}
				}
			}
		}
		return true
	})
	// The cancel functions called outside a defer statement: a deferred
	// cancel (defer cancel(), or a call in a deferred function literal)
	// runs when the function returns, after the Get.
	for n := range s.parent {
		call, ok := n.(*ast.CallExpr)
		if !ok || s.deferred(call) {
			continue
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if o := pass.TypesInfo.Uses[id]; o != nil {
				s.cancelled[o] = append(s.cancelled[o], call)
			}
		}
	}
	onCancelled := func(call *ast.CallExpr) bool {
		if sdk, _ := sdkCall(pass.TypesInfo, call, "NewTimer", "NewTimerWithOptions"); sdk == NoSDK || len(call.Args) == 0 {
			return false
		}
		c := s.obj(call.Args[0])
		k, ok := s.ctxs[c]
		return ok && len(s.cancelled[k]) > 0
	}
	for n := range s.parent {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		if call, ok := as.Rhs[0].(*ast.CallExpr); ok && onCancelled(call) {
			if t := s.obj(as.Lhs[0]); t != nil {
				s.timers[t] = call
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Get" {
			return true
		}
		var newTimer *ast.CallExpr
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.Ident:
			newTimer = s.timers[pass.TypesInfo.Uses[x]]
		case *ast.CallExpr:
			if onCancelled(x) {
				newTimer = x
			}
		}
		if newTimer == nil || !s.races(newTimer, call) {
			return true
		}
		if what := s.outcome(fd, call); what != "" {
			report(pass, out, Finding{
				Rule:      TimerCancelRace,
				Func:      declName(pass, fd),
				Predicate: "Future.Get",
				What:      what,
				Detail:    "Handle either outcome: err == nil means the timer fired first (the cancel was a no-op and the server recorded CancelTimerFailed); the canceled error means the cancellation won.",
				Pos:       call.Pos(),
				End:       call.End(),
			})
		}
		return true
	})
}

// obj is the variable an expression names (defined or used), or nil for _.
func (s *cancelScope) obj(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if o := s.info.Defs[id]; o != nil {
		return o
	}
	return s.info.Uses[id]
}

// outcome says how the code treats the Get error of a cancelled timer:
// "" when it handles both outcomes, else what is wrong.
func (s *cancelScope) outcome(fd *ast.FuncDecl, get *ast.CallExpr) string {
	const ignored = "the Get error of a timer whose context is cancelled is ignored, as if the cancellation always won the race with the timer"
	switch p := s.parent[get].(type) {
	case *ast.ExprStmt:
		return ignored
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 {
			return ""
		}
		errVar := s.obj(p.Lhs[0])
		if errVar == nil {
			return ignored
		}
		uses, onlyCancel := 0, true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || id.Pos() <= get.End() || s.info.Uses[id] != errVar {
				return true
			}
			uses++
			if !s.cancelCheck(id) {
				onlyCancel = false
			}
			return true
		})
		switch {
		case uses == 0:
			return ignored
		case onlyCancel:
			return "only the cancellation outcome of a cancelled timer's Get is handled, as if the cancellation always won the race with the timer"
		}
	}
	return ""
}

// cancelCheck reports whether a use of an error variable only asks
// whether it is the cancellation error: errors.Is(err, workflow.ErrCanceled),
// err == ErrCanceled, IsCanceledError(err), err.(*CanceledError),
// errors.As(err, &canceled).
func (s *cancelScope) cancelCheck(id *ast.Ident) bool {
	switch p := s.parent[id].(type) {
	case *ast.BinaryExpr:
		if p.Op != token.EQL && p.Op != token.NEQ {
			return false
		}
		other := p.X
		if other == ast.Expr(id) {
			other = p.Y
		}
		return s.isCanceled(other)
	case *ast.TypeAssertExpr:
		return p.Type != nil && s.isCanceledType(s.info.TypeOf(p.Type))
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(s.info, p)
		if fn == nil {
			return false
		}
		switch {
		case fn.Name() == "IsCanceledError":
			return true
		case calleeName(fn) == "errors.Is" && len(p.Args) == 2:
			return s.isCanceled(p.Args[1])
		case calleeName(fn) == "errors.As" && len(p.Args) == 2:
			return s.isCanceledType(s.info.TypeOf(p.Args[1]))
		}
	}
	return false
}

// isCanceled reports whether an expression names an SDK's ErrCanceled.
func (s *cancelScope) isCanceled(e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	o := s.info.Uses[id]
	return o != nil && o.Name() == "ErrCanceled" && o.Pkg() != nil && sdkOf(o.Pkg().Path()) != NoSDK
}

// isCanceledType reports whether t is (a pointer to, or a pointer to a
// pointer to) an SDK's CanceledError.
func (s *cancelScope) isCanceledType(t types.Type) bool {
	for range 3 {
		p, ok := t.(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "CanceledError" && n.Obj().Pkg() != nil && sdkOf(n.Obj().Pkg().Path()) != NoSDK
}

// deferred reports whether a call runs when its function returns: it is
// the call of a defer statement, or inside a function literal that a defer
// statement calls. (A call among a deferred call's arguments runs at once.)
func (s *cancelScope) deferred(call *ast.CallExpr) bool {
	inLit := false
	var child ast.Node = call
	for p := s.parent[call]; p != nil; child, p = p, s.parent[p] {
		switch p := p.(type) {
		case *ast.DeferStmt:
			return p.Call == child || inLit
		case *ast.FuncLit:
			inLit = true
		}
	}
	return false
}

// races reports whether a cancel of the timer's context can run while the
// timer may have fired, before the Get: the SDKs settle the timer's
// future with the canceled error at once when the cancel comes before
// the timer fired was processed (go.uber.org/cadence and go.temporal.io/sdk,
// workflowEnvironmentInterceptor.NewTimer and RequestCancelTimer), and a
// TimerFired can only be processed at a blocking point of the workflow
// (a Get, Select, Receive, Sleep, Await, or a call handed the workflow
// context). So, by control flow, a cancel races the timer when a path
// goes from the NewTimer through a blocking point to the cancel, and on
// to the Get. A cancel in a function literal (a coroutine, a selector's
// callback) races when the literal blocks before it, or is a callback
// that a Select runs.
func (s *cancelScope) races(newTimer, get *ast.CallExpr) bool {
	c := s.obj(newTimer.Args[0])
	for _, cancel := range s.cancelled[s.ctxs[c]] {
		fnC, fnG := s.loops.innermost(cancel.Pos()), s.loops.innermost(get.Pos())
		if fnC != fnG {
			lit, ok := fnC.(*ast.FuncLit)
			if !ok {
				return true // the Get is in a literal: when it runs is not followed
			}
			f := s.loops.flow(lit)
			bc, ic := f.at(cancel.Pos())
			if bc == nil || s.callback(lit) || s.blocksBetween(f, f.g.Blocks[0], -1, bc, ic) {
				return true
			}
			continue
		}
		f := s.loops.flow(fnG)
		bt, it := f.at(newTimer.Pos())
		bc, ic := f.at(cancel.Pos())
		bg, ig := f.at(get.Pos())
		if bt == nil || bc == nil || bg == nil {
			return true
		}
		if reachAvoiding(bc, ic, bg, ig, bt, it) && s.blocksBetween(f, bt, it, bc, ic) {
			return true
		}
	}
	return false
}

// blocksBetween reports whether a path from the node at (a, i) to the
// node at (b, j) goes through a blocking point, without running (a, i)
// again (a later turn's timer is another timer; i = -1: from the block's
// start).
func (s *cancelScope) blocksBetween(f *flow, a *cfg.Block, i int, b *cfg.Block, j int) bool {
	for _, y := range f.g.Blocks {
		if !y.Live {
			continue
		}
		for k, n := range y.Nodes {
			if (y == a && k == i) || (y == b && k == j) || !s.blocks(n) {
				continue
			}
			if reachAvoiding(a, i, y, k, a, i) && reachAvoiding(y, k, b, j, a, i) {
				return true
			}
		}
	}
	return false
}

// reachAvoiding reports whether control can go from the node at (a, i)
// to the node at (b, j) without running the node at (av, ai) on the way.
func reachAvoiding(a *cfg.Block, i int, b *cfg.Block, j int, av *cfg.Block, ai int) bool {
	passes := func(x *cfg.Block, from, to int) bool { // runs x's nodes (from, to)
		return x == av && from < ai && ai < to
	}
	if a == b && i < j {
		return !passes(a, i, j)
	}
	if passes(a, i, len(a.Nodes)) {
		return false
	}
	seen := map[*cfg.Block]bool{}
	q := append([]*cfg.Block(nil), a.Succs...)
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		if seen[x] {
			continue
		}
		seen[x] = true
		if x == b && !passes(x, -1, j) {
			return true
		}
		if passes(x, -1, len(x.Nodes)) {
			continue
		}
		q = append(q, x.Succs...)
	}
	return false
}

// blocks reports whether a node (outside its function literals) holds a
// blocking call of the workflow: an SDK Get, Select, Receive,
// ReceiveWithTimeout or Send, workflow.Sleep or Await*, or a call of a
// function outside the SDK handed a workflow context.
func (s *cancelScope) blocks(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok {
				if fn, ok := s.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && sdkOf(fn.Pkg().Path()) != NoSDK {
					switch fn.Name() {
					case "Get", "Select", "Receive", "ReceiveWithTimeout", "Send", "Sleep", "Await", "AwaitWithTimeout", "AwaitWithOptions":
						found = true
					}
					return true
				}
			}
			if fn := typeutil.StaticCallee(s.info, m); fn != nil && fn.Pkg() != nil && sdkOf(fn.Pkg().Path()) != NoSDK {
				return true
			}
			for _, a := range m.Args {
				if t := s.info.TypeOf(a); t != nil && ContextSDK(t) != NoSDK {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// callback reports whether a function literal is handed to a Selector's
// AddReceive, AddFuture or AddSend (or a channel's method): a Select runs
// it, after blocking.
func (s *cancelScope) callback(lit *ast.FuncLit) bool {
	call, ok := s.parent[lit].(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := s.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || sdkOf(fn.Pkg().Path()) == NoSDK {
		return false
	}
	switch fn.Name() {
	case "AddReceive", "AddFuture", "AddSend":
		return true
	}
	return false
}
