package rules

import "github.com/seams/seams-timers/lint"

// SuppressionUnused is reported by the driver, not run.
var SuppressionUnused = &lint.Rule{
	ID:       "TMR0012",
	Name:     "suppression-unused",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindLoad,
	Title:    "a suppression comment that suppresses nothing",
	Doc: `A seams-timers:ignore comment covers no finding of the rules it names: the model was
fixed, the comment sits before the wrong element (or triple, or line), the rule never fires
there, or it is another engine's rule. A stale suppression would silently hide the next real
finding, so it is reported. ` + kindHistoryDoc,
	Bad: `<!-- seams-timers:ignore TMR1031 legacy schedule -->
<bpmn:startEvent id="Daily">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Good: `<bpmn:startEvent id="Daily">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Examples: []lint.Example{
		{Kind: kindBPMN, Lang: "xml", Bad: `<!-- seams-timers:ignore TMR1031 legacy schedule -->
<bpmn:startEvent id="Daily">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`, Good: `<bpmn:startEvent id="Daily">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`},
		{Kind: kindTurtle, Lang: "turtle", Bad: `# seams-timers:ignore TMR3002 lifted as a catch on purpose
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`, Good: `<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`},
		{Kind: kindWFEXML, Lang: "xml", Bad: `<!-- seams-timers:ignore TMR6203 half a second is what the device expects -->
<Timer Name="Poll" Type="Interval" Value="500ms"/>`, Good: `<Timer Name="Poll" Type="Interval" Value="500ms"/>`},
		{Kind: kindWFESQL, Lang: "sql", Bad: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <!-- seams-timers:ignore TMR6203 half a second is what the device expects -->
    <Timer Name="Poll" Type="Interval" Value="500ms"/>
  </Timers>
  ...
</Process>');`, Good: `INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('Ticket', '<Process Name="Ticket">
  <Timers>
    <Timer Name="Poll" Type="Interval" Value="500ms"/>
  </Timers>
  ...
</Process>');`},
		{Kind: kindCSharp, Lang: "csharp", Bad: `void Build(IStateBuilder s) => s
    // seams-timers:ignore TMR7020 two minutes is what we mean
    .AddTransition<AfterTwoMinutes>("Remind"); // a TimeEvent of our own whose delay is added once`, Good: `void Build(IStateBuilder s) => s
    .AddTransition<AfterTwoMinutes>("Remind"); // a TimeEvent of our own whose delay is added once`},
		{Kind: kindGo, Lang: "go", Bad: `// seams-timers:ignore TMR8001 the activity may block
time.Sleep(time.Second) // in an activity, not in workflow code`, Good: `time.Sleep(time.Second) // in an activity, not in workflow code`},
	},
}
