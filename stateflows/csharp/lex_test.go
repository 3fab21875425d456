package csharp

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// idents returns the identifiers of the code tokens.
func idents(f *File) []string {
	var out []string
	for _, t := range f.Tokens {
		if t.Kind == Ident {
			out = append(out, t.Text)
		}
	}
	return out
}

// TestNamesOutsideCode is the fixture where a catalog name appears in a
// comment, a preprocessor line, a string, a verbatim string, raw strings
// and interpolation holes: only the holes are code.
func TestNamesOutsideCode(t *testing.T) {
	src, err := os.ReadFile("testdata/names.cs")
	if err != nil {
		t.Fatal(err)
	}
	f := Lex(src)
	if f.Err != nil {
		t.Fatal(f.Err)
	}
	var got []string
	for _, tok := range f.Tokens {
		if tok.Kind == Ident && (tok.Text == "AfterOneDay" || strings.HasPrefix(tok.Text, "Hole") || tok.Text == "Pick") {
			got = append(got, tok.Text)
			if line := strings.Split(string(src), "\n")[tok.Start.Line-1]; line[tok.Start.Col-1:tok.End.Col-1] != tok.Text {
				t.Errorf("%s at %d:%d does not point at its text: %q", tok.Text, tok.Start.Line, tok.Start.Col, line)
			}
		}
	}
	// g's hole Pick<AfterOneDay>(1) and the holes Hole2 ... Hole6; i's
	// {AfterOneDay} has one brace of $$ and is text, {{{Hole4}}} is a
	// hole inside one brace of text.
	want := []string{"Pick", "AfterOneDay", "Hole2", "Hole3", "Hole4", "Hole5", "Hole6"}
	if !slices.Equal(got, want) {
		t.Errorf("names in code: %v, want %v", got, want)
	}
	if n := len(f.Comments); n != 5 {
		t.Errorf("%d comments and preprocessor lines, want 5: %v", n, f.Comments)
	}
	if !slices.Contains(idents(f), "class") {
		t.Error("the verbatim identifier @class is not read as class")
	}
}

func TestTokens(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // kind:text, space separated
	}{
		{`a.AddTransition<AfterOneMinute, Effect<List<int>>, Target>();`,
			"ident:a punct:. ident:AddTransition punct:< ident:AfterOneMinute punct:, ident:Effect punct:< ident:List punct:< ident:int punct:> punct:> punct:, ident:Target punct:> punct:( punct:) punct:;"},
		{`x => y::z`, "ident:x punct:=> ident:y punct::: ident:z"},
		{`'a' '\'' '\u0041' "s\"t"`, `char:'a' char:'\'' char:'\u0041' string:"s\"t"`},
		{`@"a""b"`, `string:@"a""b"`},
		{`$"a{b}c"`, `string:$"a{ ident:b string:c"`},
		{`$"{b:yyyy-MM-dd}"`, `string:$"{ ident:b string:"`},
		{`$"{a::b}"`, `string:$"{ ident:a punct::: ident:b string:"`},
		{`"""a""b"""`, `string:"""a""b"""`},
		{`$$"""{a}{{b}}"""`, `string:$$"""{a}{{ ident:b string:"""`},
		{"#if DEBUG\nx", "ident:x"},
		{"y #x", "ident:y punct:# ident:x"},
		{"1.5e+3f 0xFF 1..2", "number:1.5e+3f number:0xFF number:1 punct:. punct:. number:2"},
		{"\ufeffé_1", "ident:é_1"},
	} {
		f := Lex([]byte(c.src))
		if f.Err != nil {
			t.Errorf("%q: %v", c.src, f.Err)
			continue
		}
		var got []string
		for _, tok := range f.Tokens {
			got = append(got, tok.Kind.String()+":"+tok.Text)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, strings.Join(got, " "), c.want)
		}
	}
}

func TestUnterminated(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		msg       string
	}{
		{"x /* no end", 1, 3, "comment /* does not end"},
		{"x\n  \"no end\ny", 2, 3, "string literal does not end on its line"},
		{"@\"no end", 1, 1, "verbatim string literal does not end"},
		{"a = \"\"\"\nraw\n\"\"", 1, 5, "raw string literal does not end"},
		{"$\"{x\"", 1, 5, "string literal does not end"},
		{"$\"{x", 1, 1, "interpolation hole does not end"},
		{"'a", 1, 1, "character literal does not end"},
		{"'a\n'", 1, 1, "character literal does not end on its line"},
		{strings.Repeat(`$"{`, 100), 1, 193, "interpolated strings nest more than 64 deep"},
	} {
		f := Lex([]byte(c.src))
		if f.Err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if f.Err.Pos.Line != c.line || f.Err.Pos.Col != c.col || f.Err.Msg != c.msg {
			t.Errorf("%q: %d:%d %s, want %d:%d %s", c.src, f.Err.Pos.Line, f.Err.Pos.Col, f.Err.Msg, c.line, c.col, c.msg)
		}
	}
	// The tokens before the error stand.
	if f := Lex([]byte("a b /* c")); !slices.Equal(idents(f), []string{"a", "b"}) {
		t.Errorf("tokens before the error: %v", idents(f))
	}
}
