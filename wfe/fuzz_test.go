package wfe

import (
	"bytes"
	"testing"

	"github.com/seams/seams-timers/span"
)

// inFile reports whether a range lies inside a file of n bytes, with lines
// and columns set.
func inFile(r span.Range, n int) bool {
	return r.Start.Line >= 1 && r.Start.Col >= 1 && r.End.Line >= r.Start.Line &&
		r.Start.Offset >= 0 && r.Start.Offset <= r.End.Offset && r.End.Offset <= n
}

func checkFile(t *testing.T, path string, data []byte) {
	f, errs, ours := Read(path, data)
	for _, e := range errs {
		if !inFile(e.Range, len(data)) || e.Msg == "" {
			t.Fatalf("error %q at %+v outside the file of %d bytes", e.Msg, e.Range, len(data))
		}
	}
	if !ours {
		if f != nil || len(errs) > 0 {
			t.Fatal("a file that is not a scheme file has a model or errors")
		}
		return
	}
	for _, s := range f.Schemes {
		for _, tm := range s.Timers {
			for _, a := range []Attr{tm.Name, tm.Type, tm.Value, tm.NotOverrideIfExists} {
				if !inFile(a.Range, len(data)) {
					t.Fatalf("timer attribute range %+v outside the file", a.Range)
				}
			}
		}
		for _, tr := range s.Transitions {
			for _, trig := range tr.Triggers {
				if !inFile(trig.NameRef.Range, len(data)) {
					t.Fatalf("trigger range %+v outside the file", trig.NameRef.Range)
				}
			}
		}
	}
}

// FuzzReadXML: any bytes read as a .xml file give a model, an error with a
// position, or nothing; never a panic, and every range is in the file.
func FuzzReadXML(f *testing.F) {
	f.Add([]byte(`<Process Name="P"><Timers><Timer Name="SLA" Type="Interval" Value="4h"/></Timers></Process>`))
	f.Add([]byte(`<project/>`))
	f.Fuzz(func(t *testing.T, data []byte) { checkFile(t, "f.xml", data) })
}

// FuzzReadSQL: the same for a .sql seed file.
func FuzzReadSQL(f *testing.F) {
	f.Add([]byte(`INSERT INTO "WorkflowScheme" ("Code","Scheme") VALUES ('a','<Process Name="a''b"/>');`))
	f.Fuzz(func(t *testing.T, data []byte) { checkFile(t, "f.sql", data) })
}

// FuzzExtract: every byte of an extracted literal maps back to the same
// byte of the SQL file.
func FuzzExtract(f *testing.F) {
	f.Add([]byte(`INSERT INTO dbo.[WorkflowScheme] (Code, Scheme) VALUES (N'x', N'<Process/>'), ('y', 'it''s');`))
	f.Add([]byte(`insert into workflowscheme ("Scheme") values ('a' /* c */), ('b''''c') -- x`))
	f.Add([]byte(`EXEC(N'INSERT dbo.WorkflowScheme(Code, Scheme) VALUES (N''x'', N''<Process Name="it''''s"/>'')')`))
	f.Add([]byte("INSERT IGNORE INTO `workflowscheme`(`Code`, `Scheme`) VALUES ('x', '<Process Name=\"a\\'b\\\\\"/>');"))
	f.Add([]byte(`DECLARE v varchar2(100); BEGIN v := '<Process Name="o''k"/>'; INSERT INTO WorkflowScheme(Code, Scheme) SELECT 'x', v FROM DUAL; END;`))
	f.Fuzz(func(t *testing.T, data []byte) {
		lits, at, msg := Extract(data)
		if msg != "" {
			if at < 0 || at > len(data) {
				t.Fatalf("error offset %d outside the file", at)
			}
			return
		}
		for _, l := range lits {
			for i := range l.Text {
				j := l.ToFile(i)
				if j < 0 || j >= len(data) || data[j] != l.Text[i] {
					t.Fatalf("literal byte %d maps to %d, which is not the same byte", i, j)
				}
			}
			if n := len(l.Text); l.ToFile(n) >= len(data) || data[l.ToFile(n)] != '\'' {
				t.Fatalf("the end of the literal does not map to its closing quote")
			}
			if bytes.Count(l.Text, []byte("'")) > len(l.doubles) {
				t.Fatalf("%d quotes in the text, %d doubled or escaped in the file", bytes.Count(l.Text, []byte("'")), len(l.doubles))
			}
		}
	})
}
