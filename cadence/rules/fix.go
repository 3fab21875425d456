package rules

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
)

// FinishFix turns a Go file with the fixes of its findings applied (fixed,
// the file's content was old) into what --fix writes and --diff shows:
//
//   - an import that the fixes left unused (time, once its last
//     time.Sleep or time.Now is rewritten) is removed: a Go package with an
//     unused import does not build. An import counts as left unused when
//     its name was used as a qualifier (time.X) in old and is not in
//     fixed; one whose name cannot be told from its path (a package named
//     otherwise than the path's last element) is kept;
//   - a file that gofmt had formatted is formatted again, so that gofmt
//     finds nothing to change in it (the fixes' edits each look as gofmt
//     would write them, but a trailing comment's column depends on its
//     neighbours). A file gofmt had not formatted keeps its layout, apart
//     from the fixed lines.
//
// It fails when fixed does not parse: the fixes would break the file.
func FinishFix(old, fixed []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "fixed.go", fixed, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("the fixed Go file does not parse (%v); nothing was written", firstLine(err.Error()))
	}
	if of, err := parser.ParseFile(token.NewFileSet(), "old.go", old, parser.SkipObjectResolution); err == nil {
		before, after := qualifiers(of), qualifiers(f)
		var drop [][2]int
		for _, is := range f.Imports {
			name := importName(is)
			if name == "" || !before[name] || after[name] {
				continue
			}
			if from, to, ok := importLines(fset, f, is, fixed); ok {
				drop = append(drop, [2]int{from, to})
			}
		}
		slices.SortFunc(drop, func(a, b [2]int) int { return b[0] - a[0] })
		for _, d := range drop {
			fixed = append(fixed[:d[0]:d[0]], fixed[d[1]:]...)
		}
	}
	if formatted, err := format.Source(old); err != nil || !bytes.Equal(formatted, old) {
		return fixed, nil
	}
	out, err := format.Source(fixed)
	if err != nil {
		return nil, fmt.Errorf("the fixed Go file cannot be formatted (%v); nothing was written", firstLine(err.Error()))
	}
	return out, nil
}

// qualifiers are the names a file uses as the left of a selector (time in
// time.Sleep): the package names it refers to, and any variable so used.
func qualifiers(f *ast.File) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				out[id.Name] = true
			}
		}
		return true
	})
	return out
}

// importName is the name an import declares: its own, else the last
// element of its path (a major version suffix, /v2 or gopkg.in's .v2,
// skipped); "" for a blank or dot import, or a path whose name cannot be
// told from it.
func importName(is *ast.ImportSpec) string {
	if is.Name != nil {
		if is.Name.Name == "_" || is.Name.Name == "." {
			return ""
		}
		return is.Name.Name
	}
	p, err := strconv.Unquote(is.Path.Value)
	if err != nil {
		return ""
	}
	name := path.Base(p)
	if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" && path.Dir(p) != "." {
		name = path.Base(path.Dir(p))
	}
	if strings.HasPrefix(p, "gopkg.in/") {
		name, _, _ = strings.Cut(name, ".v")
	}
	if !token.IsIdentifier(name) {
		return ""
	}
	return name
}

// importLines is the byte range of the lines an import stands on (its
// declaration's, when it is the declaration's only import), line breaks
// included, with a blank line that would be left at the start or end of
// the import group; ok is false when another token shares the lines.
func importLines(fset *token.FileSet, f *ast.File, is *ast.ImportSpec, src []byte) (int, int, bool) {
	var from, to ast.Node = is, is
	if is.Doc != nil {
		from = is.Doc
	}
	if is.Comment != nil {
		to = is.Comment
	}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && len(gd.Specs) == 1 && gd.Specs[0] == is {
			from, to = gd, gd
			if gd.Doc != nil {
				from = gd.Doc
			}
		}
	}
	tf := fset.File(f.FileStart)
	start, end := tf.Offset(from.Pos()), tf.Offset(to.End())
	lineStart := bytes.LastIndexByte(src[:start], '\n') + 1
	lineEnd := len(src)
	if i := bytes.IndexByte(src[end:], '\n'); i >= 0 {
		lineEnd = end + i + 1
	}
	if len(bytes.TrimSpace(src[lineStart:start])) > 0 || len(bytes.TrimSpace(src[end:lineEnd])) > 0 {
		return 0, 0, false
	}
	prevStart := bytes.LastIndexByte(src[:max(lineStart-1, 0)], '\n') + 1
	prev := bytes.TrimSpace(src[prevStart:lineStart])
	nextEnd := len(src)
	if i := bytes.IndexByte(src[lineEnd:], '\n'); i >= 0 {
		nextEnd = lineEnd + i + 1
	}
	next := bytes.TrimSpace(src[lineEnd:nextEnd])
	switch {
	case lineStart > 0 && len(prev) == 0 && (len(next) == 0 || bytes.Equal(next, []byte(")"))):
		lineStart = prevStart
	case bytes.HasSuffix(prev, []byte("(")) && len(next) == 0 && lineEnd < len(src):
		lineEnd = nextEnd
	}
	return lineStart, lineEnd, true
}
