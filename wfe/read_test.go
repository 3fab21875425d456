package wfe

import (
	"strings"
	"testing"
)

// TestReadMalformed: broken input is an Error with a position, or not a
// scheme file at all; never a panic.
func TestReadMalformed(t *testing.T) {
	deep := `<Process Name="P">` + strings.Repeat("<a>", 500) + strings.Repeat("</a>", 500) + `</Process>`
	cases := []struct {
		path, src string
		ours      bool
		kind      ErrorKind
		line, col int
	}{
		{"a.xml", `<Process Name="P"><Timers>`, true, Syntax, 1, 27},
		{"a.xml", "<Process Name=\"P\">\n  <Timers>\n    <Timer Name=\"x\">\n  </Timers>\n</Process>", true, Syntax, 4, 12},
		{"a.xml", deep, true, Syntax, 1, 616},
		{"a.xml", `<?xml version="1.0" encoding="UTF-16"?><Process Name="P"/>`, true, Syntax, 1, 40},
		{"a.xml", "\xef\xbb\xbf<project/>", false, 0, 0, 0},
		{"a.xml", "\x00\x01\x02", false, 0, 0, 0},
		{"a.xml", "", false, 0, 0, 0},
		{"a.sql", "", false, 0, 0, 0},
		{"a.sql", "SELECT 1; /* never closed", true, Unreadable, 1, 11},
		{"a.sql", "INSERT INTO \"WorkflowScheme\" (\"Code\", \"Scheme\")\nVALUES ('x', '<definitions/>');", true, Unreadable, 2, 15},
		{"a.sql", "INSERT INTO \"WorkflowScheme\" (\"Scheme\") VALUES ('<Process Name=\"a\">\n<Timers></Process>');", true, Syntax, 2, 19},
	}
	for _, c := range cases {
		f, errs, ours := Read(c.path, []byte(c.src))
		if ours != c.ours {
			t.Errorf("%s %.40q: ours %v, want %v", c.path, c.src, ours, c.ours)
			continue
		}
		if !ours {
			continue
		}
		if len(errs) != 1 {
			t.Errorf("%s %.40q: errors %v, model %+v", c.path, c.src, errs, f)
			continue
		}
		e := errs[0]
		if e.Kind != c.kind || e.Range.Start.Line != c.line || e.Range.Start.Col != c.col {
			t.Errorf("%s %.40q: %v kind %d at %d:%d, want kind %d at %d:%d", c.path, c.src, e.Msg, e.Kind, e.Range.Start.Line, e.Range.Start.Col, c.kind, c.line, c.col)
		}
	}
}

// TestSQLPositions: a scheme inside a SQL literal has the positions of the
// .sql file, after doubled quotes, on any line.
func TestSQLPositions(t *testing.T) {
	src := "-- seed\nINSERT INTO dbo.[WorkflowScheme] ([Code], [Scheme]) VALUES (N'T', N'<Process Name=\"it''s\">\n" +
		"  <Timers><!-- the ''SLA'' --><Timer Name=\"SLA\" Type=\"Interval\" Value=\"1.5h\"/></Timers>\n</Process>'), ('U', '<Process Name=\"U\"/>');"
	f, errs, ours := Read("s.sql", []byte(src))
	if !ours || len(errs) > 0 || len(f.Schemes) != 2 {
		t.Fatalf("ours %v, errors %v, schemes %d", ours, errs, len(f.Schemes))
	}
	s := f.Schemes[0]
	if s.Code != "T" || s.Name.Value != "it's" || s.Name.Range.Start.Line != 2 || f.Schemes[1].Code != "U" {
		t.Errorf("scheme %q %q at %+v", s.Code, s.Name.Value, s.Name.Range.Start)
	}
	v := s.Timers[0].Value
	line3 := strings.Split(src, "\n")[2]
	if v.Value != "1.5h" || v.Range.Start.Line != 3 || v.Range.Start.Col != strings.Index(line3, "1.5h")+1 {
		t.Errorf("value %q at %d:%d, want 3:%d", v.Value, v.Range.Start.Line, v.Range.Start.Col, strings.Index(line3, "1.5h")+1)
	}
	if got := src[v.Range.Start.Offset:v.Range.End.Offset]; got != "1.5h" {
		t.Errorf("the range holds %q", got)
	}
	if s.Timers[0].ID != "T/Timer/SLA" || s.Comments[0].Target != "T/Timer/SLA" {
		t.Errorf("ID %q, comment target %q", s.Timers[0].ID, s.Comments[0].Target)
	}
}

// TestSQLDialects: the seed files of the dialects the engine's samples
// ship, each with the scheme's Code and the Value's position in the file.
func TestSQLDialects(t *testing.T) {
	const scheme = `<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="10 min"/></Timers>
</Process>`
	double := func(s string) string { return strings.ReplaceAll(s, "'", "''") }
	cases := map[string]string{
		"postgres": `INSERT INTO "WorkflowScheme"("Code", "Scheme") VALUES ('Ticket', '` + scheme + `') ON CONFLICT DO NOTHING;`,
		"sqlite":   `INSERT INTO WorkflowScheme (Code, Scheme) VALUES ('Ticket', '` + scheme + `');`,
		"mssql": "IF NOT EXISTS(SELECT * FROM dbo.WorkflowScheme WHERE Code = N'Ticket')\nBEGIN\nEXEC(N'INSERT dbo.WorkflowScheme(Code, Scheme) VALUES (N''Ticket'', N''" +
			double(double(`<!-- it's -->`)+scheme) + "'')')\nEND\nGO",
		"mysql": "INSERT IGNORE INTO `workflowscheme`(`Code`, `Scheme`) VALUES ('Ticket', '<!-- it\\'s \\\\ -->" + scheme + "');",
		"oracle": "DECLARE\n    schemeValue varchar2(32767);\nBEGIN\nschemeValue := '" + double(`<!-- it's -->`) + scheme + "';\n" +
			"INSERT INTO WorkflowScheme(Code, Scheme)\nSELECT 'Ticket', schemeValue\nFROM DUAL\nWHERE NOT EXISTS (SELECT 1 FROM WorkflowScheme WHERE Code = 'Ticket');\nEND;",
	}
	for name, src := range cases {
		f, errs, ours := Read(name+".sql", []byte(src))
		if !ours || len(errs) > 0 || f == nil || len(f.Schemes) != 1 {
			t.Errorf("%s: ours %v, errors %v, file %+v", name, ours, errs, f)
			continue
		}
		s := f.Schemes[0]
		v := s.Timers[0].Value
		if s.Code != "Ticket" || v.Value != "10 min" || src[v.Range.Start.Offset:v.Range.End.Offset] != "10 min" {
			t.Errorf("%s: code %q, value %q, range holds %q", name, s.Code, v.Value, src[v.Range.Start.Offset:v.Range.End.Offset])
		}
		line := strings.Split(src, "\n")[v.Range.Start.Line-1]
		if col := strings.Index(line, "10 min") + 1; v.Range.Start.Col != col {
			t.Errorf("%s: value at column %d, want %d", name, v.Range.Start.Col, col)
		}
	}
}
