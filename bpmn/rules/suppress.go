package rules

import (
	"bytes"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// bpmnSuppressions collects the ignore comments of a model. A comment
// covers the element that follows it among its siblings, or, when no
// element with an id follows, the element it sits inside.
func bpmnSuppressions(doc *bpmn.Document) []*lint.Suppression {
	var out []*lint.Suppression
	for _, c := range doc.Comments {
		ids, reason, ok := lint.ParseSuppression(c.Text)
		if !ok {
			continue
		}
		target := c.Next
		if target == "" {
			target = c.Parent
		}
		out = append(out, &lint.Suppression{
			File: doc.Path, Line: c.Span.Start.Line, Col: c.Span.Start.Col,
			EndCol: c.Span.End.Col, Offset: c.Span.Start.Offset,
			IDs: ids, Reason: reason, Target: target,
		})
	}
	return out
}

// graphSuppressions collects `# seams-timers:ignore` comments of a Turtle
// or N-Triples document. A comment covers the next line that is neither
// blank nor a comment.
func graphSuppressions(file string, src []byte) []*lint.Suppression {
	if !bytes.Contains(src, []byte(lint.SuppressPrefix)) {
		// Most graphs have none: spare reading them line by line.
		return nil
	}
	var out, pending []*lint.Suppression
	for i, line := range bytes.Split(src, []byte("\n")) {
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) > 0 && trimmed[0] == '#' {
			if ids, reason, ok := lint.ParseSuppression(string(trimmed[1:])); ok {
				col := bytes.IndexByte(line, '#') + 1
				s := &lint.Suppression{File: file, Line: i + 1, Col: col, EndCol: len(bytes.TrimRight(line, "\r")) + 1, IDs: ids, Reason: reason}
				out = append(out, s)
				pending = append(pending, s)
			}
			continue
		}
		if len(trimmed) == 0 {
			continue
		}
		for _, s := range pending {
			s.TargetLine = i + 1
		}
		pending = pending[:0]
	}
	return out
}

// ancestry maps every id in a model to the id that contains it: an element
// to its sub-process or process, a timer or event definition to its event,
// a flow to its container.
func ancestry(doc *bpmn.Document) map[string]string {
	up := map[string]string{}
	for _, p := range doc.Processes {
		if p.Parent != nil && p.ID != "" {
			up[p.ID] = p.Parent.ID
		}
	}
	for _, e := range doc.Elements {
		if e.ID != "" && e.Container != nil && e.Container.ID != e.ID {
			up[e.ID] = e.Container.ID
		}
		for _, d := range e.EventDefinitions {
			if d.ID != "" {
				up[d.ID] = e.ID
			}
		}
		for _, t := range e.Timers {
			if t.ID != "" {
				up[t.ID] = e.ID
			}
		}
	}
	for _, f := range doc.Flows {
		if f.ID != "" && f.Container != nil {
			up[f.ID] = f.Container.ID
		}
	}
	return up
}
