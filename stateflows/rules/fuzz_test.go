package rules

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/seams/seams-timers/stateflows/csharp"
)

// FuzzFind checks that the call-site finder and the class resolution
// never panic, whatever the tokens, and that every site points at an
// identifier of the source.
func FuzzFind(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.cs")
	more, _ := filepath.Glob("testdata/*/*/*.cs")
	for _, p := range append(files, more...) {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("class A : B<C<D>>.E { override int Hours => ; } class B : A { } x.AddTransition<A<,>>(); x.AddTransition<>("))
	f.Fuzz(func(t *testing.T, src []byte) {
		m := Find("f.cs", csharp.Lex(src))
		cs := Classes{}
		for _, c := range m.Classes {
			cs[c.Name] = c
		}
		for _, s := range m.Sites {
			if a, b := s.At.Start.Offset, s.At.End.Offset; a < 0 || b > len(src) || a >= b {
				t.Fatalf("site %+v out of bounds", s)
			}
			cs.Resolve(s.Type)
		}
		for _, c := range m.Classes {
			cs.Resolve(c.Name)
		}
	})
}
