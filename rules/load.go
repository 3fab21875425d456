package rules

import "github.com/seams/seams-timers/lint"

// FileUnreadable is reported by the loaders, not run.
var FileUnreadable = &lint.Rule{
	ID:       "TMR0001",
	Name:     "file-unreadable",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "file unreadable, or not BPMN or RDF",
	Doc: `A file that was named or found could not be read as a BPMN 2.0 model or an
RDF index graph: it is empty, binary, not UTF-8, or well-formed XML whose root is not
bpmn:definitions. Nothing in it was checked, so its timers could still be wrong.`,
	Bad: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://example.com/not-bpmn"/>`,
	Good: `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    id="Defs" targetNamespace="https://example.com/models"/>`,
}

// XMLSyntax is reported by the BPMN loader, not run.
var XMLSyntax = &lint.Rule{
	ID:       "TMR0002",
	Name:     "xml-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "XML syntax error",
	Doc: `The BPMN file is not well-formed XML (an unclosed or mismatched tag, a bad
entity, nesting deeper than the loader allows). The diagnostic points at the line and
column where the parser stopped. No timer in the file was checked.`,
	Bad: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest">
</bpmn:definitions>`,
	Good: `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="Digest"/>
</bpmn:definitions>`,
}

// SuppressionNoReason is reported by the driver, not run.
var SuppressionNoReason = &lint.Rule{
	ID:       "TMR0010",
	Name:     "suppression-no-reason",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "a suppression comment without a reason",
	Doc: `A seams-timers:ignore comment must say why the finding is accepted, after the
rule ID, so that the next reader knows the timer was looked at on purpose (as staticcheck's
lint:ignore requires). A suppression without a reason suppresses nothing.`,
	Bad: `<!-- seams-timers:ignore TMR1034 -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`,
	Good: `<!-- seams-timers:ignore TMR1034 the month-end close is meant to stride 31 days -->
<bpmn:startEvent id="MonthEnd">...</bpmn:startEvent>`,
}

// SuppressionUnknownRule is reported by the driver, not run.
var SuppressionUnknownRule = &lint.Rule{
	ID:       "TMR0011",
	Name:     "suppression-unknown-rule",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "a suppression comment that names no known rule",
	Doc: `A seams-timers:ignore comment names a rule ID or name that does not exist (a typo,
or a rule of another tool), so it suppresses nothing. ` + "`seams-timers rules`" + ` lists the IDs and names.`,
	Bad: `<!-- seams-timers:ignore TMR9999 not a rule -->
<bpmn:boundaryEvent id="Remind" attachedToRef="Approve">...</bpmn:boundaryEvent>`,
	Good: `<!-- seams-timers:ignore TMR1034 quarterly review strides on purpose -->
<bpmn:startEvent id="Quarterly">...</bpmn:startEvent>`,
}

// SuppressionUnused is reported by the driver, not run.
var SuppressionUnused = &lint.Rule{
	ID:       "TMR0012",
	Name:     "suppression-unused",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindLoad,
	Title:    "a suppression comment that suppresses nothing",
	Doc: `A seams-timers:ignore comment covers no finding of the rules it names: the model was
fixed, the comment sits before the wrong element (or triple), or the rule never fires there.
A stale suppression would silently hide the next real finding, so it is reported.`,
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
}
