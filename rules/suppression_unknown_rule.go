package rules

import "github.com/seams/seams-timers/lint"

// SuppressionUnknownRule is reported by the driver, not run.
var SuppressionUnknownRule = &lint.Rule{
	ID:       "TMR0011",
	Name:     "suppression-unknown-rule",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "a suppression comment that names no known rule",
	Doc: `A seams-timers:ignore comment names a rule ID or name that does not exist (a typo,
or a rule of another tool), so it suppresses nothing. ` + "`seams-timers rules`" + ` lists the IDs and names.
A comment may name any engine's rule in any file, but only a rule of the engine that reads the
file can fire there, so one that names another engine's rule is reported as unused (TMR0012). ` + kindHistoryDoc,
	Bad: `<!-- seams-timers:ignore TMR9999 not a rule -->
<bpmn:boundaryEvent id="Remind" attachedToRef="Approve">...</bpmn:boundaryEvent>`,
	Good: `<!-- seams-timers:ignore TMR1034 quarterly review strides on purpose -->
<bpmn:startEvent id="Quarterly">...</bpmn:startEvent>`,
	Examples: []lint.Example{
		{Kind: kindBPMN, Lang: "xml", Bad: `<!-- seams-timers:ignore TMR9999 not a rule -->
<bpmn:boundaryEvent id="Remind" attachedToRef="Approve">...</bpmn:boundaryEvent>`, Good: `<!-- seams-timers:ignore TMR1034 quarterly review strides on purpose -->
<bpmn:startEvent id="Quarterly">...</bpmn:startEvent>`},
		{Kind: kindTurtle, Lang: "turtle", Bad: `# seams-timers:ignore timer-lift-scope the dashboard lists the escalation
<escalation.bpmn#EscalateAfter> a proc:TimerStartEvent .`, Good: `# seams-timers:ignore timer-lift-out-of-scope the dashboard lists the escalation
<escalation.bpmn#EscalateAfter> a proc:TimerStartEvent .`},
		{Kind: kindWFEXML, Lang: "xml", Bad: `<!-- seams-timers:ignore TMR6023 half a second is what the device expects -->
<Timer Name="Poll" Type="Interval" Value="500"/>`, Good: `<!-- seams-timers:ignore TMR6203 half a second is what the device expects -->
<Timer Name="Poll" Type="Interval" Value="500"/>`},
		{Kind: kindWFESQL, Lang: "sql", Bad: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore interval-bare-int half a second is what the device expects -->
    <Timer Name="Poll" Type="Interval" Value="500"/>
  </Timers>
  ...
</Process>');`, Good: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore interval-bare-integer half a second is what the device expects -->
    <Timer Name="Poll" Type="Interval" Value="500"/>
  </Timers>
  ...
</Process>');`},
		{Kind: kindCSharp, Lang: "csharp", Bad: `void Build(IStateBuilder s) => s
    // seams-timers:ignore CS0618 the obsolete overload is still the one that works
    .AddTransition<AfterOneMinute>("Remind");`, Good: `void Build(IStateBuilder s) => s
    // seams-timers:ignore TMR7020 two minutes is what we mean
    .AddTransition<AfterOneMinute>("Remind");`},
		{Kind: kindGo, Lang: "go", Bad: `// seams-timers:ignore SA1015 the ticker lives as long as the worker
tick := time.Tick(time.Minute)`, Good: `//lint:ignore SA1015 the ticker lives as long as the worker
tick := time.Tick(time.Minute)`},
	},
}
