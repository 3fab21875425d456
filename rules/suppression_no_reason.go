package rules

import "github.com/seams/seams-timers/lint"

// SuppressionNoReason is reported by the driver, not run.
var SuppressionNoReason = &lint.Rule{
	ID:       "TMR0010",
	Name:     "suppression-no-reason",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "a suppression comment without a reason",
	Doc: `A seams-timers:ignore comment must say why the finding is accepted, after the
rule ID, so that the next reader knows the timer was looked at on purpose (as staticcheck's
lint:ignore requires). A suppression without a reason suppresses nothing. The comment is the
same in every kind of file, in that file's comment syntax. ` + kindHistoryDoc,
	Bad: `<!-- seams-timers:ignore TMR1034 -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`,
	Good: `<!-- seams-timers:ignore TMR1034 the month-end close is meant to stride 31 days -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`,
	Examples: []lint.Example{
		{Kind: kindBPMN, Lang: "xml", Bad: `<!-- seams-timers:ignore TMR1034 -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`, Good: `<!-- seams-timers:ignore TMR1034 the month-end close is meant to stride 31 days -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`},
		{Kind: kindTurtle, Lang: "turtle", Bad: `# seams-timers:ignore TMR3004
<escalation.bpmn#EscalateAfter> a proc:TimerStartEvent .`, Good: `# seams-timers:ignore TMR3004 the dashboard lists the escalation, on purpose
<escalation.bpmn#EscalateAfter> a proc:TimerStartEvent .`},
		{Kind: kindWFEXML, Lang: "xml", Bad: `<Timers>
  <!-- seams-timers:ignore TMR6203 -->
  <Timer Name="Poll" Type="Interval" Value="500"/>
</Timers>`, Good: `<Timers>
  <!-- seams-timers:ignore TMR6203 half a second is what the device expects -->
  <Timer Name="Poll" Type="Interval" Value="500"/>
</Timers>`},
		{Kind: kindWFESQL, Lang: "sql", Bad: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore TMR6203 -->
    <Timer Name="Poll" Type="Interval" Value="500"/>
  </Timers>
  ...
</Process>');`, Good: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore TMR6203 half a second is what the device expects -->
    <Timer Name="Poll" Type="Interval" Value="500"/>
  </Timers>
  ...
</Process>');`},
		{Kind: kindCSharp, Lang: "csharp", Bad: `void Build(IStateBuilder s) => s
    // seams-timers:ignore TMR7020
    .AddTransition<AfterOneMinute>("Remind");`, Good: `void Build(IStateBuilder s) => s
    // seams-timers:ignore TMR7020 two minutes is what we mean
    .AddTransition<AfterOneMinute>("Remind");`},
		{Kind: kindGo, Lang: "go", Bad: `// seams-timers:ignore TMR8005
_ = workflow.Sleep(ctx, 0)`, Good: `// seams-timers:ignore TMR8005 a zero sleep yields to the other coroutines, on purpose
_ = workflow.Sleep(ctx, 0)`},
	},
}
