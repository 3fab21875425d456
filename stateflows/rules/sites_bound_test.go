package rules

import (
	"strings"
	"testing"

	"github.com/seams/seams-timers/stateflows/csharp"
)

// skipAngles is the reference for index.angles: it returns the index of the '>' closing the '<' at i, or -1
// when what follows is not a type argument list.
func skipAngles(toks []csharp.Token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		t := toks[j]
		if t.Kind == csharp.Ident {
			continue
		}
		if t.Kind != csharp.Punct {
			return -1
		}
		switch t.Text {
		case "<":
			depth++
		case ">":
			depth--
			if depth == 0 {
				return j
			}
		case ".", ",", "::", "?", "[", "]", "(", ")", "*":
		default:
			return -1
		}
	}
	return -1
}

// TestAnglesMatchSkipAngles: the one-pass angles agree with skipAngles at
// every '<' of C# that mixes generics, comparisons and shifts.
func TestAnglesMatchSkipAngles(t *testing.T) {
	srcs := []string{
		"b.AddTransition<Foo<Bar, Baz<int>>>(\"S\"); if (a < b && c > d) x = y << 2 >> 1;",
		"class A<T> : B<T?, List<int[]>> where T : class, new() { }",
		"x < y < z > w > v; F<A.B::C<D>*>(); G<(int, string)>(); H<a, b > c;",
		"AddTransition<A\nAddTransition<A\n>>>",
		"<<<>>><<>>< > <",
	}
	for _, src := range srcs {
		toks := csharp.Lex([]byte(src)).Tokens
		got := angles(toks)
		for i, tk := range toks {
			if tk.Text != "<" || tk.Kind != csharp.Punct {
				continue
			}
			if want := skipAngles(toks, i); got[i] != want {
				t.Errorf("%q: '<' at token %d closes at %d, skipAngles says %d", src, i, got[i], want)
			}
		}
	}
}

// TestFindLinear: the site finder's work (allocations) on the inputs that
// were quadratic (repeated class headers with no body, repeated open type
// argument lists, deeply nested generics) at most doubles when the input
// doubles.
func TestFindLinear(t *testing.T) {
	cases := map[string]func(n int) string{
		"class lines":     func(n int) string { return strings.Repeat("class A\n", n) + strings.Repeat("AddTransition<A\n", n) },
		"class and calls": func(n int) string { return strings.Repeat("class A : AfterOneDay {}\n.AddTransition<A>(\"S\")\n", n) },
		"nested generics": func(n int) string { return "class A : B" + strings.Repeat("<A", n) + strings.Repeat(">", n) + " {}" },
		"nested bodies":   func(n int) string { return strings.Repeat("class A : AfterOneDay {\n", n) + strings.Repeat("}", n) },
		"nested sites": func(n int) string {
			return strings.Repeat("AddTransition<", n) + "A" + strings.Repeat(">", n) + "(\"S\");"
		},
	}
	for name, gen := range cases {
		work := func(n int) (float64, int) {
			lx := csharp.Lex([]byte(gen(n)))
			steps := 0
			a := testing.AllocsPerRun(2, func() { f := Find("M.cs", lx); steps = len(f.Sites) + len(f.Classes) })
			return a, steps
		}
		a1, _ := work(2000)
		a2, _ := work(4000)
		if a2 > 2.2*a1+20 {
			t.Errorf("%s: %v allocations, then %v for twice the input", name, a1, a2)
		}
	}
}
