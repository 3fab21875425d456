package xmltok

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"testing"
)

// passThrough is the CharsetReader the oracle reads with: it converts
// nothing, as the BPMN reader's does.
func passThrough(_ string, r io.Reader) (io.Reader, error) { return r, nil }

// step is one call of RawToken or Next: the token (or error) it returned,
// written out, and InputOffset after it.
type step struct {
	tok string
	off int
}

func (s step) String() string { return fmt.Sprintf("%s @%d", s.tok, s.off) }

// oracle reads src with encoding/xml's RawToken (Strict, pass-through
// CharsetReader) up to its end or first error.
func oracle(src []byte) []step {
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	d.CharsetReader = passThrough
	var steps []step
	for {
		t, err := d.RawToken()
		off := int(d.InputOffset())
		if err != nil {
			if errors.Is(err, io.EOF) {
				return append(steps, step{"EOF", off})
			}
			return append(steps, step{"error " + err.Error(), off})
		}
		var s string
		switch t := t.(type) {
		case xml.StartElement:
			s = "start " + name(t.Name.Space, t.Name.Local)
			for _, a := range t.Attr {
				s += fmt.Sprintf(" %s=%q", name(a.Name.Space, a.Name.Local), a.Value)
			}
		case xml.EndElement:
			s = "end " + name(t.Name.Space, t.Name.Local)
		case xml.CharData:
			s = fmt.Sprintf("text %q", []byte(t))
		case xml.Comment:
			s = fmt.Sprintf("comment %q", []byte(t))
		case xml.ProcInst:
			s = fmt.Sprintf("pi %q %q", t.Target, t.Inst)
		case xml.Directive:
			s = fmt.Sprintf("directive %q", []byte(t))
		default:
			s = fmt.Sprintf("unknown %T", t)
		}
		steps = append(steps, step{s, off})
	}
}

// ours reads src with a Tokenizer, written out as oracle writes.
func ours(z *Tokenizer, src []byte) []step {
	z.Reset(src)
	var steps []step
	for {
		t, err := z.Next()
		off := z.InputOffset()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return append(steps, step{"EOF", off})
			}
			var e *Error
			if !errors.As(err, &e) || e.Offset != off {
				return append(steps, step{fmt.Sprintf("bad error %#v", err), off})
			}
			// The error is sticky, as encoding/xml's is.
			if _, again := z.Next(); !errors.Is(again, err) {
				return append(steps, step{"error not kept: " + again.Error(), off})
			}
			return append(steps, step{"error " + err.Error(), off})
		}
		var s string
		switch t.Kind {
		case StartElement:
			s = "start " + name(string(t.Name.Space), string(t.Name.Local))
			for _, a := range t.Attr {
				s += fmt.Sprintf(" %s=%q", name(string(a.Name.Space), string(a.Name.Local)), a.Value)
			}
		case EndElement:
			s = "end " + name(string(t.Name.Space), string(t.Name.Local))
		case CharData:
			s = fmt.Sprintf("text %q", t.Data)
		case Comment:
			s = fmt.Sprintf("comment %q", t.Data)
		case ProcInst:
			s = fmt.Sprintf("pi %q %q", t.Name.Local, t.Data)
		case Directive:
			s = fmt.Sprintf("directive %q", t.Data)
		default:
			s = fmt.Sprintf("unknown kind %d", t.Kind)
		}
		steps = append(steps, step{s, off})
	}
}

// name writes a name with its prefix, marking an empty prefix apart from
// none so that the split is compared too.
func name(space, local string) string {
	if space == "" {
		return "{}" + local
	}
	return "{" + space + "}" + local
}

// same compares the two readings of src and reports the first difference.
func same(t testing.TB, z *Tokenizer, src []byte) {
	t.Helper()
	want := oracle(src)
	got := ours(z, src)
	for i := range max(len(want), len(got)) {
		var w, g step
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			t.Fatalf("input %q\ntoken %d:\n got %v\nwant %v", truncate(src), i, g, w)
		}
	}
}

func truncate(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "..."
	}
	return string(b)
}

// cases exercise every token kind and every error encoding/xml's
// rawToken, text, name and attrval can return.
var cases = []string{
	// Every kind of token.
	``,
	`<a/>`,
	`<a></a>`,
	`<a:b xmlns:a="u" c:d='v' e="&lt;&gt;&amp;&apos;&quot;"/>`,
	`<a  b = "1"	c
='2' ></a >`,
	`<a b="1"c="2"/>`,
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>x</a>\n",
	`<?xml version='1.0' encoding='ISO-8859-1'?><a/>`,
	`<?xml encoding="latin1" version="1.0"?><a/>`,
	`<?pi?>`, `<?pi ?>`, `<?pi  data ?>`, `<?p:i:x d?>`, `<?pi a??>`, `<?pi ??>`,
	`<!-- c -->`, `<!---->`, `<!-- - -->`, `<!--->-->`,
	`<![CDATA[]]>`, `<![CDATA[ <&> ]] ]> ]]]>`, "<![CDATA[\r\n\r]]>",
	`<!DOCTYPE a>`, `<!DOCTYPE a [<!ENTITY e "x">]>`, `<!DOCTYPE a [<!-- c --><!ELEMENT a ANY>]>`,
	`<!DOCTYPE a "q>" '>'>`, `<!>x>`, `<!x<y>z>`, `<!x<!y>>`, `<!x<!-y>>`, `<!x<!--y-->z>`,
	`<!x<!---->z>`, `<!x<<>>>`, `<!x<'>'>>`, `<!x"<!--"y>`, `<!"x>`, `<!x<!-- a -- b -->>`,
	`<!x<!---y--->>`, `<!x<!--a--><!--b-->c>`, `<!x<!-`, `<!x<!`, `<!x<`, `<!x<!--a-`,
	"text", " \t\r\n ", "a\r\nb\rc\n\r\n\r\rd", "&#13;\n&#xD;\r\n", "x]]y]>z", "]]&gt;", "]&#93;]>",
	"&#65;&#x41;&#x00041;&#0000065;&#x10FFFF;&#xD800;&#xFFFD;",
	"é€𝄞", "<é/>", "<aé·/>", "<a·/>", "<·a/>", "<_:a/>", "<:a/>", "<a:/>", "<a::b/>", "<a:b:c/>",
	"<a b:c:d='1'/>", "</a:b:c>", "<a.b-c_d1/>", "<1a/>", "<-a/>", "<.a/>", "<a\u0300/>", "<\u0300/>",
	"<a\uFFFF/>", "<a\U00010000/>", "<\U00010000/>", "<a b='\U0001F600'/>",
	// Errors of rawToken.
	"<", "</", "</>", "</ a>", "</a", "</a ", "</a x>", "</a:b x>", "</a/>",
	"<?", "<??>", "<? x?>", "<?x", "<?x ", "<?x ?", "<?x y", "<?xml version=\"1.1\"?>",
	"<?xml version='2.0'?><a/>", "<?xml version=\"\"?>", "<?xml versions=\"1.1\" version='1.0'?>",
	"<?xml x version=1.1 version=\"1.1\"?>", "<?XML version=\"1.1\"?>", "<?xml version=\"1.1?>",
	"<!", "<!-", "<!-x", "<!--", "<!-- x", "<!-- x -", "<!-- x --", "<!-- x -- y -->", "<!-- x --->",
	"<![", "<![C", "<![CDAT", "<![CDATA", "<![CDATA[", "<![CDATA[x", "<![CDATA[x]]", "<![CDATX[",
	"<!D", "<!DOCTYPE", "<!DOCTYPE a '>", "<!DOCTYPE [",
	"<>", "< a/>", "<a", "<a ", "<a b", "<a b ", "<a b=", "<a b= ", "<a b=c>", "<a b=\"", "<a b=\"c",
	"<a b=\"c\"", "<a b=\"c\" ", "<a b=\"c\"/", "<a b=\"c\"/x", "<a/x>", "<a b>", "<a b c=\"1\">",
	"<a =\"1\">", "<a b=\"<\"/>", "<a b=\"]]>\"/>", "<a b='\"'/>", "<a b=\"'\"/>", "<a 1=\"x\"/>",
	"<a b=\"\r\n\t\"/>", "<a\r\nb='x'\r\n/>",
	// Errors of text: references, "]]>", characters.
	"&", "&;", "&#", "&#;", "&#x", "&#x;", "&#X41;", "&#12a;", "&#xG;", "&#99999999999999999999999;",
	"&#x110000;", "&#1114112;", "&#0;", "&#x1F;", "&#xFFFE;", "&#xFFFF;", "&lt", "&lt x", "&foo;",
	"&é;", "&a:b;", "&1a;", "&.;", "& ;", "&\r\n;", "&amp", "&am", "&#65", "&#x41", "x]]>y",
	"]]>", "a\x01b", "a\x00", "\x7f\x80", "a\xffb", "a\xc3", "\xc3&amp;", "\xc3\r\n\xa9", "a\uFFFEb",
	"a\uFFFF", "\xed\xa0\x80", "<a b='\x01'/>", "<a b='\xff'/>", "<a b='&#0;'/>", "<a b='&bad;\x01'/>",
	"<a b='\x01&bad;'/>", "<![CDATA[\x01]]>", "<![CDATA[\xff]]>", "<![CDATA[\x01", "\x01]]>", "\x01&bad;",
	"<a b='&#0;", "<a b='x", "<a b='\x01", "<a>\n\n<b>\n</c>", "<a\n b\n=\n'\n\n'\n/>\n\n<x \n",
	// Bad names.
	"<a\xff/>", "<\xff/>", "<a\xc3/>", "</a\xff>", "<?a\xff?>", "<a b\xff='1'/>", "&a\xff;", "<\u00b7/>",
}

func TestCases(t *testing.T) {
	z := New(nil)
	for _, c := range cases {
		same(t, z, []byte(c))
	}
}
