package analyzers

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// flow is the control-flow graph of one function body (a declaration's
// or a function literal's), built with golang.org/x/tools/go/cfg, and
// what the loop and cancel rules ask of it.
type flow struct {
	info *types.Info
	g    *cfg.CFG
	// assigned holds the variables of the whole declaration that are
	// assigned after their declaration, incremented, or whose address is
	// taken (by any function literal too): their value may change.
	assigned map[types.Object]bool
	// tagged holds the case expressions of switches with a tag: their
	// blocks are not conditions of their own.
	tagged map[ast.Expr]bool
	finish map[*cfg.Block]bool
}

// noReturn reports whether a call never returns: panic, os.Exit,
// log.Fatal*, runtime.Goexit.
func noReturn(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return true
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "runtime.Goexit":
		return true
	}
	return false
}

// assignedIn returns the variables of body assigned after their
// declaration, incremented or decremented, or whose address is taken.
func assignedIn(info *types.Info, body ast.Node) map[types.Object]bool {
	out := map[types.Object]bool{}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if o := info.Uses[id]; o != nil {
				out[o] = true
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l) // a definition is in Defs, not Uses
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				if n.Key != nil {
					mark(n.Key)
				}
				if n.Value != nil {
					mark(n.Value)
				}
			}
		}
		return true
	})
	return out
}

func newFlow(info *types.Info, body *ast.BlockStmt, assigned map[types.Object]bool, tagged map[ast.Expr]bool) *flow {
	g := cfg.New(body, func(call *ast.CallExpr) bool { return !noReturn(info, call) })
	f := &flow{info: info, g: g, assigned: assigned, tagged: tagged}
	f.finish = f.finishing()
	return f
}

// finishing returns the blocks from which the function can return: a
// path reaches a block with no successor that does not end in a call
// that never returns (a panic path does not finish).
func (f *flow) finishing() map[*cfg.Block]bool {
	out := map[*cfg.Block]bool{}
	for _, b := range f.g.Blocks {
		if len(b.Succs) > 0 || !b.Live {
			continue
		}
		if n := len(b.Nodes); n > 0 {
			if es, ok := b.Nodes[n-1].(*ast.ExprStmt); ok {
				if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && noReturn(f.info, call) {
					continue
				}
			}
		}
		out[b] = true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range f.g.Blocks {
			if out[b] {
				continue
			}
			for _, s := range b.Succs {
				if out[s] {
					out[b], changed = true, true
					break
				}
			}
		}
	}
	return out
}

// at returns the block and node index holding pos, or nil.
func (f *flow) at(pos token.Pos) (*cfg.Block, int) {
	for _, b := range f.g.Blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			if n.Pos() <= pos && pos < n.End() {
				return b, i
			}
		}
	}
	return nil, 0
}

// cycle returns the blocks on a cycle through b (its strongly connected
// component), or nil when b is on none.
func (f *flow) cycle(b *cfg.Block) map[*cfg.Block]bool {
	from := reach(b.Succs)
	if !from[b] {
		return nil
	}
	out := map[*cfg.Block]bool{}
	for x := range from {
		if reach(x.Succs)[b] {
			out[x] = true
		}
	}
	return out
}

// reach returns the blocks reachable from the given ones (them included).
func reach(start []*cfg.Block) map[*cfg.Block]bool {
	seen := map[*cfg.Block]bool{}
	q := append([]*cfg.Block(nil), start...)
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		if seen[x] {
			continue
		}
		seen[x] = true
		q = append(q, x.Succs...)
	}
	return seen
}

// endless reports whether nothing leaves the loop through b but an
// error: every edge out of its cycle is the error branch of an error
// check (err != nil), a condition whose value no turn of the loop can
// change (a constant, or variables never assigned in the loop: "for
// !done" with done never set), or a path that cannot return (a panic).
func (f *flow) endless(b *cfg.Block) bool {
	loop := f.cycle(b)
	if loop == nil {
		return false
	}
	for x := range loop {
		for i, s := range x.Succs {
			if loop[s] || !f.finish[s] {
				continue
			}
			if !f.deadExit(x, i, loop) {
				return false
			}
		}
	}
	return true
}

// deadExit reports whether the edge x.Succs[i] out of a loop does not end
// it: the error branch of an error check, or a branch of a condition the
// loop cannot change.
func (f *flow) deadExit(x *cfg.Block, i int, loop map[*cfg.Block]bool) bool {
	if len(x.Succs) != 2 || len(x.Nodes) == 0 || x.Kind == cfg.KindRangeLoop {
		return false
	}
	switch x.Succs[0].Kind {
	case cfg.KindSelectCaseBody:
		return false
	}
	cond, ok := x.Nodes[len(x.Nodes)-1].(ast.Expr)
	if !ok || f.tagged[cond] {
		return false
	}
	if want, ok := f.errCheck(cond); ok && (i == 0) == want {
		return true
	}
	return f.unchanging(cond, loop)
}

// errCheck reports whether cond compares an error with nil, and on which
// outcome of the condition the error is there (true for err != nil).
func (f *flow) errCheck(cond ast.Expr) (errorWhen, ok bool) {
	b, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin || (b.Op != token.NEQ && b.Op != token.EQL) {
		return false, false
	}
	x := b.X
	if f.isNil(x) {
		x = b.Y
	} else if !f.isNil(b.Y) {
		return false, false
	}
	t := f.info.TypeOf(x)
	if t == nil || !types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface)) {
		return false, false
	}
	return b.Op == token.NEQ, true
}

func (f *flow) isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := f.info.Uses[id].(*types.Nil)
	return isNil
}

// unchanging reports whether no turn of the loop can change cond's
// value: it is built of constants and of variables that are never
// assigned after their declaration, declared outside the loop.
func (f *flow) unchanging(cond ast.Expr, loop map[*cfg.Block]bool) bool {
	if tv, ok := f.info.Types[cond]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.Ident:
		switch o := f.info.Uses[e].(type) {
		case *types.Const, *types.Nil:
			return true
		case *types.Var:
			if o.Parent() == nil || o.Parent() == o.Pkg().Scope() || f.assigned[o] || o.IsField() {
				return false
			}
			for x := range loop {
				for _, n := range x.Nodes {
					if n.Pos() <= o.Pos() && o.Pos() < n.End() {
						return false // declared on each turn
					}
				}
			}
			return true
		}
		return false
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && f.unchanging(e.X, loop)
	case *ast.BinaryExpr:
		return f.unchanging(e.X, loop) && f.unchanging(e.Y, loop)
	case *ast.BasicLit:
		return true
	}
	return false
}

// taggedCases returns the case expressions of the switches with a tag in
// body.
func taggedCases(body ast.Node) map[ast.Expr]bool {
	out := map[ast.Expr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SwitchStmt); ok && s.Tag != nil {
			for _, c := range s.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					out[e] = true
				}
			}
		}
		return true
	})
	return out
}
