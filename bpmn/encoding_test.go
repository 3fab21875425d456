package bpmn

import (
	"regexp"
	"testing"
)

// encodingDeclRE is the expression encodingDecl stands for.
var encodingDeclRE = regexp.MustCompile(`^<\?xml[ \t\r\n](?:[^?>]*?[ \t\r\n])?encoding[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')`)

// encodingDeclByRE is encodingDecl done by the expression.
func encodingDeclByRE(src []byte) (lo, hi int, ok bool) {
	m := encodingDeclRE.FindSubmatchIndex(src)
	if m == nil {
		return 0, 0, false
	}
	if m[2] >= 0 {
		return m[2], m[3], true
	}
	return m[4], m[5], true
}

// encodingDeclCases are declarations on both sides of the expression's
// edges, with the value encodingDecl finds ("" and false: none).
var encodingDeclCases = []struct {
	src  string
	want string
	ok   bool
}{
	{`<?xml version="1.0" encoding="UTF-8"?>`, "UTF-8", true},
	{`<?xml encoding='us-ascii'?>`, "us-ascii", true},
	{"<?xml\tversion='1.0'\r\n  encoding = \"latin1\" ?>", "latin1", true},
	{`<?xml encoding="A" encoding="B"?>`, "B", true}, // the group prefers the later one
	{`<?xml encoding="A" x?>`, "A", true},
	{`<?xml encoding="A"?> encoding="B"`, "A", true}, // the group stops at '?'
	{`<?xml version="1.0" x="a>b" encoding="C"?>`, "", false},
	{`<?xml version="1.0" encoding=UTF-8?>`, "", false},
	{`<?xml version="1.0" encoding="UTF-8`, "", false},
	{`<?xml version="1.0" encoding='UTF-8"?>`, "", false},
	{`<?xml version="1.0" encodings="UTF-8"?>`, "", false},
	{`<?xml version="1.0"encoding="UTF-8"?>`, "", false},
	{`<?xmlencoding="UTF-8"?>`, "", false},
	{`<?xml  encoding="a?>b"`, "a?>b", true},
	{"<?xml \xff encoding=\"\xfe\"", "\xfe", true},
	{`<?xml`, "", false},
	{``, "", false},
	{` <?xml encoding="UTF-8"?>`, "", false},
}

func TestEncodingDecl(t *testing.T) {
	for _, c := range encodingDeclCases {
		lo, hi, ok := encodingDecl([]byte(c.src))
		got := ""
		if ok {
			got = c.src[lo:hi]
		}
		if ok != c.ok || got != c.want {
			t.Errorf("encodingDecl(%q) = %q, %v; want %q, %v", c.src, got, ok, c.want, c.ok)
		}
		rlo, rhi, rok := encodingDeclByRE([]byte(c.src))
		if rok != ok || rok && (rlo != lo || rhi != hi) {
			t.Errorf("%q: the expression finds [%d:%d] %v, encodingDecl [%d:%d] %v", c.src, rlo, rhi, rok, lo, hi, ok)
		}
	}
}

// FuzzEncodingDecl holds encodingDecl to the expression it stands for.
func FuzzEncodingDecl(f *testing.F) {
	for _, c := range encodingDeclCases {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lo, hi, ok := encodingDecl(src)
		rlo, rhi, rok := encodingDeclByRE(src)
		if ok != rok || ok && (lo != rlo || hi != rhi) {
			t.Fatalf("encodingDecl(%q) = [%d:%d] %v, the expression [%d:%d] %v", src, lo, hi, ok, rlo, rhi, rok)
		}
	})
}
