package rules

import "github.com/seams/seams-timers/lint"

// SchemeUnreadable is reported by the loader, not run.
var SchemeUnreadable = &lint.Rule{
	ID:       "TMR6001",
	Name:     "scheme-unreadable",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "scheme file unreadable, or a WorkflowScheme literal that is not a scheme",
	Doc: `A scheme file could not be read: the file itself, a SQL seed file whose statements cannot be
split (an unterminated string literal, quoted identifier or comment), or a Scheme literal of an
INSERT INTO "WorkflowScheme" row whose root element is not <Process>. The diagnostic points at
the place in the file. Nothing in that scheme was checked. XML files whose root is not <Process>
and SQL files with no WorkflowScheme row are not schemes: they are skipped without a word.`,
	Bad: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="4h"/></Timers>
</Process>);`,
	Good: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers><Timer Name="SLA" Type="Interval" Value="4h"/></Timers>
</Process>');`,
}

// SchemeXMLSyntax is reported by the loader, not run.
var SchemeXMLSyntax = &lint.Rule{
	ID:       "TMR6002",
	Name:     "scheme-xml-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Engine:   EngineName,
	Title:    "scheme XML syntax error",
	Doc: `The scheme is not well-formed XML (an unclosed or mismatched tag, a bad entity, an encoding
other than UTF-8), in a .xml file or inside a SQL seed file's literal. The diagnostic points at
the line and column where the parser stopped, in the file as it is (inside a .sql file, at the
line and column of the .sql file). No timer of the scheme was checked.`,
	Bad: `<Process Name="Ticket">
  <Timers>
    <Timer Name="SLA" Type="Interval" Value="4h">
  </Timers>
</Process>`,
	Good: `<Process Name="Ticket">
  <Timers>
    <Timer Name="SLA" Type="Interval" Value="4h"/>
  </Timers>
</Process>`,
}
