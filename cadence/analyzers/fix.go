package analyzers

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// The fixes the native rules offer. Each is offered only where the result
// compiles and keeps what the SDK's replacement reports:
//
//   - time.Sleep(d), a statement of a function whose last result is an
//     error, becomes
//
//     if err := workflow.Sleep(ctx, d); err != nil {
//     return ..., err
//     }
//
//     so that a cancelled workflow stops waiting, as workflow.Sleep tells
//     it to; the other results are their zero values;
//   - time.Now() becomes workflow.Now(ctx).
//
// ctx is a workflow.Context variable in scope at the call (a parameter of
// the function holding it, or of a function literal around it), and the
// file imports the SDK's workflow package. No fix is offered in a
// generated file. When the rewritten call was the file's only use of the
// time package, the fix removes its import too. The edits keep the
// arguments' own text; they are laid out as gofmt lays them out, and
// seams-timers formats the whole fixed file (gofmt) before it writes it.

// fixSite is what a fix of a native call needs to know about where the
// call is.
type fixSite struct {
	file *ast.File
	path []ast.Node // from the call out to the file
	ctx  string     // the workflow.Context variable in scope
	wf   string     // the name the file imports the workflow package by
}

// fixSiteOf finds the file of a call, a workflow.Context in scope and the
// file's name for the SDK's workflow package; ok is false when a fix
// cannot be offered there.
func fixSiteOf(pass *analysis.Pass, call *ast.CallExpr) (fixSite, bool) {
	var s fixSite
	for _, f := range pass.Files {
		if f.FileStart <= call.Pos() && call.Pos() < f.FileEnd {
			s.file = f
		}
	}
	if s.file == nil || ast.IsGenerated(s.file) {
		return s, false
	}
	s.path, _ = astutil.PathEnclosingInterval(s.file, call.Pos(), call.End())
	if len(s.path) == 0 || s.path[0] != call {
		return s, false
	}
	var sdk SDK
	s.ctx, sdk = contextInScope(pass, s.path, call.Pos())
	if s.ctx == "" {
		return s, false
	}
	s.wf = workflowImport(s.file, sdk)
	if s.wf == "" || !importNameAt(pass, s.file, s.wf, call.Pos()) {
		return s, false
	}
	return s, true
}

// contextInScope returns the name of a workflow.Context parameter of a
// function enclosing pos (the innermost first) that is what the name means
// at pos (not shadowed), and its SDK.
func contextInScope(pass *analysis.Pass, path []ast.Node, pos token.Pos) (string, SDK) {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", NoSDK
	}
	for _, n := range path {
		var ft *ast.FuncType
		switch n := n.(type) {
		case *ast.FuncLit:
			ft = n.Type
		case *ast.FuncDecl:
			ft = n.Type
		default:
			continue
		}
		for _, field := range ft.Params.List {
			for _, name := range field.Names {
				v, _ := pass.TypesInfo.Defs[name].(*types.Var)
				if v == nil || name.Name == "_" {
					continue
				}
				sdk := ContextSDK(v.Type())
				if sdk == NoSDK {
					continue
				}
				if _, obj := scope.LookupParent(name.Name, pos); obj == v {
					return name.Name, sdk
				}
			}
		}
	}
	return "", NoSDK
}

// importNameAt reports whether name, at pos, is a package a file imports
// (no local declaration shadows it there).
func importNameAt(pass *analysis.Pass, file *ast.File, name string, pos token.Pos) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	pn, ok := obj.(*types.PkgName)
	return ok && pass.TypesInfo.Scopes[file] != nil && pass.TypesInfo.Scopes[file].Lookup(name) == pn
}

// universeAt reports whether the names mean the universe's objects at pos
// (nil, false, error).
func universeAt(pass *analysis.Pass, pos token.Pos, names ...string) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	for _, n := range names {
		if _, obj := scope.LookupParent(n, pos); obj == nil || obj != types.Universe.Lookup(n) {
			return false
		}
	}
	return true
}

// sleepFix is the fix of the statement time.Sleep(d) to a workflow.Sleep
// whose error the function returns; nil where there is none.
func sleepFix(pass *analysis.Pass, r ReachedOffense) *analysis.SuggestedFix {
	call := r.Call
	if call == nil || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	s, ok := fixSiteOf(pass, call)
	if !ok || len(s.path) < 3 {
		return nil
	}
	// The call must be a statement of a statement list: an if statement
	// cannot stand where only a simple statement may (a for loop's post
	// statement, an if's init), nor after go or defer.
	stmt, ok := s.path[1].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	switch s.path[2].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.LabeledStmt:
	default:
		return nil
	}
	results, ok := errorResults(pass, s, call.Pos())
	if !ok {
		return nil
	}
	indent := lineIndent(pass, stmt.Pos())
	edits := []analysis.TextEdit{
		{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: fmt.Appendf(nil, "if err := %s.Sleep", s.wf)},
		{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: fmt.Appendf(nil, "%s, ", s.ctx)},
		{Pos: call.End(), End: call.End(), NewText: fmt.Appendf(nil, "; err != nil {\n%s\treturn %s\n%s}", indent, results, indent)},
	}
	edits = append(edits, dropImport(pass, s.file, call)...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Replace time.Sleep with %s.Sleep(%s, ...) and return its error", s.wf, s.ctx),
		TextEdits: edits,
	}
}

// clockFix is the fix of a read of the worker's clock to the replayed
// one: time.Now() to workflow.Now(ctx), time.Since(t) to
// workflow.Now(ctx).Sub(t), time.Until(t) to t.Sub(workflow.Now(ctx)); nil
// where there is none.
func clockFix(pass *analysis.Pass, r ReachedOffense) *analysis.SuggestedFix {
	call := r.Call
	if call == nil || call.Ellipsis.IsValid() {
		return nil
	}
	s, ok := fixSiteOf(pass, call)
	if !ok {
		return nil
	}
	now := fmt.Sprintf("%s.Now(%s)", s.wf, s.ctx)
	var edits []analysis.TextEdit
	switch {
	case r.Callee == "time.Now" && len(call.Args) == 0:
		edits = []analysis.TextEdit{
			{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: fmt.Appendf(nil, "%s.Now", s.wf)},
			{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(s.ctx)},
		}
	case r.Callee == "time.Since" && len(call.Args) == 1:
		edits = []analysis.TextEdit{{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte(now + ".Sub")}}
	case r.Callee == "time.Until" && len(call.Args) == 1:
		// t.Sub needs t as an operand: anything but a name, a selector,
		// a call, an index or a parenthesized expression goes in
		// parentheses (a composite literal too, which an if or for header
		// would misread).
		open, close := "(", ")"
		switch call.Args[0].(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.ParenExpr:
			open, close = "", ""
		}
		edits = []analysis.TextEdit{
			{Pos: call.Pos(), End: call.Args[0].Pos(), NewText: []byte(open)},
			{Pos: call.Args[0].End(), End: call.End(), NewText: fmt.Appendf(nil, "%s.Sub(%s)", close, now)},
		}
	default:
		return nil
	}
	edits = append(edits, dropImport(pass, s.file, call)...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Read the replayed clock, %s, instead of %s", now, shortName(r.Callee)),
		TextEdits: edits,
	}
}

// errorResults returns what the function around pos returns with the
// error err: the zero values of its other results, then err. ok is false
// when its last result is not error, or a zero value cannot be written
// at pos.
func errorResults(pass *analysis.Pass, s fixSite, pos token.Pos) (string, bool) {
	var sig *types.Signature
	for _, n := range s.path {
		switch n := n.(type) {
		case *ast.FuncLit:
			sig, _ = pass.TypesInfo.TypeOf(n).(*types.Signature)
		case *ast.FuncDecl:
			if fn, _ := pass.TypesInfo.Defs[n.Name].(*types.Func); fn != nil {
				sig = fn.Signature()
			}
		default:
			continue
		}
		break
	}
	if sig == nil || sig.Results().Len() == 0 || !universeAt(pass, pos, "nil") {
		return "", false
	}
	res := sig.Results()
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	var parts []string
	for i := range res.Len() - 1 {
		z, ok := zeroValue(pass, s.file, pos, res.At(i).Type())
		if !ok {
			return "", false
		}
		parts = append(parts, z)
	}
	return strings.Join(append(parts, "err"), ", "), true
}

// zeroValue writes the zero value of t as an expression valid at pos in
// file; ok is false when it cannot (a type parameter, an unnamed struct or
// array type, a name not in scope there).
func zeroValue(pass *analysis.Pass, file *ast.File, pos token.Pos, t types.Type) (string, bool) {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return "", false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", universeAt(pass, pos, "false")
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
		return "", false
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		name, ok := typeName(pass, file, pos, t)
		if !ok {
			return "", false
		}
		return name + "{}", true
	}
	return "", false
}

// typeName writes a named type (or an alias of one), without type
// arguments, as it is named at pos in file.
func typeName(pass *analysis.Pass, file *ast.File, pos token.Pos, t types.Type) (string, bool) {
	var obj *types.TypeName
	switch t := t.(type) {
	case *types.Alias:
		if t.TypeArgs().Len() > 0 {
			return "", false
		}
		obj = t.Obj()
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			return "", false
		}
		obj = t.Obj()
	default:
		return "", false
	}
	if obj.Pkg() == nil {
		return "", false
	}
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false
	}
	if obj.Pkg() == pass.Pkg {
		if _, o := scope.LookupParent(obj.Name(), pos); o == obj {
			return obj.Name(), true
		}
		return "", false
	}
	if !obj.Exported() {
		return "", false
	}
	for _, imp := range file.Imports {
		pn := pass.TypesInfo.PkgNameOf(imp)
		if pn == nil || pn.Imported() != obj.Pkg() || pn.Name() == "_" || pn.Name() == "." {
			continue
		}
		if importNameAt(pass, file, pn.Name(), pos) {
			return pn.Name() + "." + obj.Name(), true
		}
	}
	return "", false
}

// lineIndent is the white space that starts the line of pos.
func lineIndent(pass *analysis.Pass, pos token.Pos) string {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return ""
	}
	p := tf.PositionFor(pos, false)
	if pass.ReadFile != nil {
		if src, err := pass.ReadFile(tf.Name()); err == nil && tf.Size() == len(src) {
			start := p.Offset - (p.Column - 1)
			if start >= 0 && p.Offset <= len(src) {
				line := src[start:p.Offset]
				return string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
			}
		}
	}
	return strings.Repeat("\t", max(p.Column-1, 0))
}

// dropImport is the edit that removes the import of the package a native
// call's selector names (time in time.Sleep) when the call is the file's
// only use of it; none otherwise, or when the import shares its line.
func dropImport(pass *analysis.Pass, file *ast.File, call *ast.CallExpr) []analysis.TextEdit {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName)
	if !ok {
		return nil
	}
	uses := 0
	ast.Inspect(file, func(n ast.Node) bool {
		if x, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[x] == pn {
			uses++
		}
		return true
	})
	if uses != 1 {
		return nil
	}
	tf := pass.Fset.File(file.FileStart)
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			if pass.TypesInfo.PkgNameOf(is) != pn {
				continue
			}
			var from, to ast.Node = is, is
			if len(gd.Specs) == 1 {
				from, to = gd, gd
			}
			start, end, ok := wholeLines(pass, tf, from.Pos(), to.End(), is.Comment)
			if !ok {
				return nil
			}
			return []analysis.TextEdit{{Pos: start, End: end}}
		}
	}
	return nil
}

// wholeLines widens [pos, end) to the lines it stands on, their line
// breaks included, when nothing else stands on them (a trailing comment
// of the node, comment, may); ok is false otherwise, or when the file
// cannot be read.
func wholeLines(pass *analysis.Pass, tf *token.File, pos, end token.Pos, comment *ast.CommentGroup) (token.Pos, token.Pos, bool) {
	if pass.ReadFile == nil {
		return 0, 0, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return 0, 0, false
	}
	if comment != nil && comment.End() > end {
		end = comment.End()
	}
	from, to := tf.Offset(pos), tf.Offset(end)
	start := bytes.LastIndexByte(src[:from], '\n') + 1
	stop := len(src)
	if i := bytes.IndexByte(src[to:], '\n'); i >= 0 {
		stop = to + i + 1
	}
	if len(bytes.TrimSpace(src[start:from])) > 0 || len(bytes.TrimSpace(src[to:stop])) > 0 {
		return 0, 0, false
	}
	// A blank line that separated the lines from others goes with them
	// when it would be left at the start or the end of a group, or next
	// to another blank line.
	prevStart := bytes.LastIndexByte(src[:max(start-1, 0)], '\n') + 1
	prev := src[prevStart:start]
	nextStop := len(src)
	if i := bytes.IndexByte(src[stop:], '\n'); i >= 0 {
		nextStop = stop + i + 1
	}
	next := bytes.TrimSpace(src[stop:nextStop])
	switch {
	case start > 0 && len(bytes.TrimSpace(prev)) == 0 && (len(next) == 0 || bytes.Equal(next, []byte(")"))):
		start = prevStart
	case bytes.HasSuffix(bytes.TrimSpace(prev), []byte("(")) && len(next) == 0 && stop < len(src):
		stop = nextStop
	}
	return tf.Pos(start), tf.Pos(stop), true
}
