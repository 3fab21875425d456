package csharp

import (
	"bytes"
	"os"
	"testing"
)

// FuzzLex checks that the lexer never panics and that its tokens are
// well formed: in order, inside the source, not overlapping, each
// position's line and column those of its offset, an identifier's text
// its source bytes.
func FuzzLex(f *testing.F) {
	if src, err := os.ReadFile("testdata/names.cs"); err == nil {
		f.Add(src)
	}
	for _, s := range []string{
		`x.AddTransition<AfterOneMinute, E<List<int>>, T>();`,
		`$$"""{a}{{b}}{{{c}}}"""`, `$@"{x}""y"`, `@$"{"a"}"`, "#if A\n$\"{(a?b:c)}\"\n#endif",
		`'\''`, `"""`, `$"{$"{$"{x}"}"}"`, "/* x", "\ufeff@class",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := Lex(src)
		lineStarts := []int{0}
		for i, c := range src {
			if c == '\n' {
				lineStarts = append(lineStarts, i+1)
			}
		}
		check := func(what string, toks []Token) {
			prev := 0
			for _, tok := range toks {
				s, e := tok.Start, tok.End
				if s.Offset < prev || e.Offset < s.Offset || e.Offset > len(src) {
					t.Fatalf("%s %v out of order or bounds (previous end %d, len %d)", what, tok, prev, len(src))
				}
				prev = e.Offset
				for _, p := range []struct{ off, line, col int }{{s.Offset, s.Line, s.Col}, {e.Offset, e.Line, e.Col}} {
					if p.line < 1 || p.line > len(lineStarts) || lineStarts[p.line-1]+p.col-1 != p.off {
						t.Fatalf("%s %v: line %d col %d is not offset %d", what, tok, p.line, p.col, p.off)
					}
				}
				text := src[s.Offset:e.Offset]
				if tok.Kind == Ident && !bytes.Equal(bytes.TrimPrefix(text, []byte("@")), []byte(tok.Text)) {
					t.Fatalf("identifier %q spans %q", tok.Text, text)
				}
			}
		}
		check("token", file.Tokens)
		check("comment", file.Comments)
		if file.Err != nil && (file.Err.Pos.Offset < 0 || file.Err.Pos.Offset > len(src)) {
			t.Fatalf("error position %v out of bounds", file.Err.Pos)
		}
	})
}
