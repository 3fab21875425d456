// Package wfe reads OptimaJet Workflow Engine schemes: the scheme XML
// (root <Process>) of a *.xml file, or the schemes kept as string literals
// in the INSERT INTO "WorkflowScheme" statements of a *.sql seed file, with
// a range for every timer, activity, transition, trigger and condition, in
// the file as read (positions inside a SQL literal are mapped back to the
// line and column of the .sql file).
//
// It knows nothing of findings: a malformed file is an *Error with a
// position, which the engine's rules report.
package wfe

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/seams/seams-timers/span"
)

// Attr is an attribute as the scheme writes it.
type Attr struct {
	// Value is the decoded value ("" when the attribute is absent).
	Value string
	// Range is the value's text, quotes excluded; when the attribute is
	// absent, the element's start tag.
	Range span.Range
	// Set reports that the attribute is written.
	Set bool
}

// True reports whether the attribute reads as the boolean true, as .NET's
// bool.Parse reads it (case-insensitive, surrounding spaces allowed).
func (a Attr) True() bool { return strings.EqualFold(strings.TrimSpace(a.Value), "true") }

// Timer is a <Timer> of the scheme's <Timers>.
type Timer struct {
	ID                  string
	Name, Type, Value   Attr
	NotOverrideIfExists Attr
	// Range is the start tag.
	Range span.Range
}

// NotOverride reports NotOverrideIfExists="true".
func (t *Timer) NotOverride() bool { return t.NotOverrideIfExists.True() }

// Activity is an <Activity> of the scheme's <Activities>.
type Activity struct {
	ID                       string
	Name, IsInitial, IsFinal Attr
	Range                    span.Range
}

// Trigger is a <Trigger> of a transition.
type Trigger struct {
	Type, NameRef Attr
	Range         span.Range
}

// IsTimer reports a trigger of type Timer.
func (t *Trigger) IsTimer() bool { return strings.EqualFold(strings.TrimSpace(t.Type.Value), "Timer") }

// IsCommand reports a trigger of type Command.
func (t *Trigger) IsCommand() bool {
	return strings.EqualFold(strings.TrimSpace(t.Type.Value), "Command")
}

// Condition is a <Condition> of a transition.
type Condition struct {
	Type  Attr
	Range span.Range
}

// Transition is a <Transition> of the scheme's <Transitions>.
type Transition struct {
	ID             string
	Name, From, To Attr
	Triggers       []*Trigger
	Conditions     []*Condition
	Range          span.Range
}

// TimerTrigger returns the transition's first trigger of type Timer, or
// nil.
func (t *Transition) TimerTrigger() *Trigger {
	for _, tr := range t.Triggers {
		if tr.IsTimer() {
			return tr
		}
	}
	return nil
}

// CommandTrigger returns the transition's first trigger of type Command,
// or nil.
func (t *Transition) CommandTrigger() *Trigger {
	for _, tr := range t.Triggers {
		if tr.IsCommand() {
			return tr
		}
	}
	return nil
}

// CanFail reports whether the transition's conditions can fail: it has a
// condition that is neither Always nor Otherwise (an Action or an
// Expression, whose outcome depends on the instance).
func (t *Transition) CanFail() bool {
	for _, c := range t.Conditions {
		switch strings.ToLower(strings.TrimSpace(c.Type.Value)) {
		case "always", "otherwise":
		default:
			return true
		}
	}
	return false
}

// Comment is an XML comment of the scheme, and the element it precedes.
type Comment struct {
	Text  string
	Range span.Range
	// Target is the ID of the element that follows the comment (a timer,
	// an activity, a transition, or the transition a trigger or condition
	// is in); "" when none follows.
	Target string
}

// Scheme is one scheme: a <Process> document.
type Scheme struct {
	// Name is the root's Name attribute.
	Name Attr
	// Code is the WorkflowScheme row's Code, for a scheme read from a SQL
	// seed file ("" for a .xml file).
	Code string
	// Range is the root's start tag.
	Range       span.Range
	Timers      []*Timer
	Activities  []*Activity
	Transitions []*Transition
	Comments    []Comment
	prefix      string
}

// Label names the scheme: its Code, else its Name, else "scheme".
func (s *Scheme) Label() string {
	switch {
	case s.Code != "":
		return s.Code
	case s.Name.Value != "":
		return s.Name.Value
	}
	return "scheme"
}

// Timer returns the first timer named name, or nil.
func (s *Scheme) Timer(name string) *Timer {
	for _, t := range s.Timers {
		if t.Name.Value == name {
			return t
		}
	}
	return nil
}

// Activity returns the first activity named name, or nil.
func (s *Scheme) Activity(name string) *Activity {
	for _, a := range s.Activities {
		if a.Name.Value == name {
			return a
		}
	}
	return nil
}

// Outgoing returns the transitions out of the activity named name, in
// scheme order.
func (s *Scheme) Outgoing(name string) []*Transition {
	var out []*Transition
	for _, t := range s.Transitions {
		if t.From.Value == name {
			out = append(out, t)
		}
	}
	return out
}

// TimersOut returns the distinct timers the outgoing timer transitions of
// an activity name, in scheme order, with the transitions that use each:
// what the runtime registers on entering the activity.
func (s *Scheme) TimersOut(activity string) ([]*Timer, map[*Timer][]*Transition) {
	var out []*Timer
	by := map[*Timer][]*Transition{}
	for _, tr := range s.Outgoing(activity) {
		trig := tr.TimerTrigger()
		if trig == nil {
			continue
		}
		t := s.Timer(trig.NameRef.Value)
		if t == nil {
			continue
		}
		if _, seen := by[t]; !seen {
			out = append(out, t)
		}
		by[t] = append(by[t], tr)
	}
	return out, by
}

// Initial returns the first activity with IsInitial="true", or nil.
func (s *Scheme) Initial() *Activity {
	for _, a := range s.Activities {
		if a.IsInitial.True() {
			return a
		}
	}
	return nil
}

// ErrorKind says what kind of loading failure an Error is.
type ErrorKind int

// Loading failures.
const (
	// Unreadable: the file could not be read, or a SQL seed file could
	// not be tokenized, or a literal is not a scheme.
	Unreadable ErrorKind = iota + 1
	// Syntax: the scheme XML is not well-formed.
	Syntax
)

// Error is a file, or a scheme in it, that could not be read.
type Error struct {
	Kind  ErrorKind
	Range span.Range
	Msg   string
}

func (e *Error) Error() string { return e.Range.String() + ": " + e.Msg }

// maxDepth bounds the nesting of scheme XML; a scheme nests six deep.
const maxDepth = 200

// MaxValueLen bounds a timer's Value attribute: the longest real value is
// a few dozen bytes, and every value rule reads it again, so a longer one
// is "too large to check" (TMR6001) rather than read.
const MaxValueLen = 4096

// parser reads one scheme document.
type parser struct {
	text   []byte
	toFile func(int) int
	lines  *lines
	s      *Scheme
	// pending are the comments waiting for the element they precede.
	pending []int
	tr      *Transition
}

// rng is the file range of the text offsets [a, b).
func (p *parser) rng(a, b int) span.Range { return p.lines.rng(p.toFile(a), p.toFile(b)) }

// parse reads the scheme document text, whose offset i is at the file
// offset toFile(i).
func parse(text []byte, toFile func(int) int, ls *lines, prefix string) (*Scheme, *Error) {
	p := &parser{text: text, toFile: toFile, lines: ls, s: &Scheme{prefix: prefix}}
	dec := xml.NewDecoder(bytes.NewReader(text))
	dec.Strict = true
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		switch strings.ToLower(label) {
		case "utf-8", "utf8", "us-ascii", "ascii":
			return r, nil
		}
		return nil, fmt.Errorf("encoding %q is not supported: save the scheme as UTF-8", label)
	}
	// RawToken spares the namespace bookkeeping schemes do not use; the
	// stacks check that the tags match, as Token would.
	var stack, qnames []string
	var opened []int
	root := false
	for {
		before := int(dec.InputOffset())
		tok, err := dec.RawToken()
		after := int(dec.InputOffset())
		if errors.Is(err, io.EOF) {
			if n := len(qnames); n > 0 {
				at := p.rng(opened[n-1], opened[n-1]).Start
				return nil, &Error{Kind: Syntax, Range: p.rng(len(text), len(text)),
					Msg: fmt.Sprintf("XML syntax error: unexpected end of the scheme: <%s> (line %d, column %d) is not closed", qnames[n-1], at.Line, at.Col)}
			}
			break
		}
		if err != nil {
			msg := err.Error()
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				msg = se.Msg
			}
			return nil, &Error{Kind: Syntax, Range: p.rng(after, after), Msg: "XML syntax error: " + msg}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, &Error{Kind: Syntax, Range: p.rng(before, after), Msg: fmt.Sprintf("XML nests deeper than %d elements", maxDepth)}
			}
			if !root {
				root = true
				if t.Name.Local != "Process" {
					return nil, &Error{Kind: Unreadable, Range: p.rng(before, after),
						Msg: fmt.Sprintf("not a Workflow Engine scheme: the root element is <%s>, not <Process>", t.Name.Local)}
				}
			}
			if len(stack) == 2 && stack[1] == "Timers" && t.Name.Local == "Timer" {
				for _, a := range t.Attr {
					if a.Name.Local == "Value" && a.Name.Space == "" && len(a.Value) > MaxValueLen {
						return nil, &Error{Kind: Unreadable, Range: p.rng(before, after),
							Msg: fmt.Sprintf("the timer's Value is %d bytes: too large to check (the limit is %d)", len(a.Value), MaxValueLen)}
					}
				}
			}
			stack = append(stack, t.Name.Local)
			qnames = append(qnames, qname(t.Name))
			opened = append(opened, before)
			p.start(stack, t, before, after)
		case xml.EndElement:
			n := len(qnames)
			if n == 0 {
				return nil, &Error{Kind: Syntax, Range: p.rng(before, after), Msg: fmt.Sprintf("XML syntax error: unexpected end element </%s>", qname(t.Name))}
			}
			if qnames[n-1] != qname(t.Name) {
				return nil, &Error{Kind: Syntax, Range: p.rng(after, after), Msg: fmt.Sprintf("XML syntax error: element <%s> closed by </%s>", qnames[n-1], qname(t.Name))}
			}
			stack, qnames, opened = stack[:n-1], qnames[:n-1], opened[:n-1]
			if t.Name.Local == "Transition" {
				p.tr = nil
			}
		case xml.Comment:
			p.s.Comments = append(p.s.Comments, Comment{Text: string(t), Range: p.rng(before, after)})
			p.pending = append(p.pending, len(p.s.Comments)-1)
		}
	}
	if !root {
		return nil, &Error{Kind: Unreadable, Range: p.rng(0, 0), Msg: "not a Workflow Engine scheme: no <Process> element"}
	}
	return p.s, nil
}

// qname writes a name as the tag spells it, prefix:local.
func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// path reports whether the element stack ends the path under the root.
func path(stack []string, want ...string) bool {
	if len(stack) != len(want)+1 {
		return false
	}
	for i, w := range want {
		if stack[i+1] != w {
			return false
		}
	}
	return true
}

// start records a start tag at the text offsets [before, after).
func (p *parser) start(stack []string, t xml.StartElement, before, after int) {
	tag := p.rng(before, after)
	attr := func(name string) Attr {
		a := Attr{Range: tag}
		for _, x := range t.Attr {
			if x.Name.Local == name && x.Name.Space == "" {
				a.Value, a.Set = x.Value, true
				if vs, ve, ok := attrValue(p.text, before, after, name); ok {
					a.Range = p.rng(vs, ve)
				}
				break
			}
		}
		return a
	}
	s := p.s
	target := ""
	switch {
	case len(stack) == 1:
		s.Name = attr("Name")
		s.Range = tag
	case path(stack, "Timers", "Timer"):
		tm := &Timer{Name: attr("Name"), Type: attr("Type"), Value: attr("Value"), NotOverrideIfExists: attr("NotOverrideIfExists"), Range: tag}
		tm.ID = s.prefix + "Timer/" + tm.Name.Value
		s.Timers = append(s.Timers, tm)
		target = tm.ID
	case path(stack, "Activities", "Activity"):
		a := &Activity{Name: attr("Name"), IsInitial: attr("IsInitial"), IsFinal: attr("IsFinal"), Range: tag}
		a.ID = s.prefix + "Activity/" + a.Name.Value
		s.Activities = append(s.Activities, a)
		target = a.ID
	case path(stack, "Transitions", "Transition"):
		tr := &Transition{Name: attr("Name"), From: attr("From"), To: attr("To"), Range: tag}
		tr.ID = s.prefix + "Transition/" + tr.Name.Value
		s.Transitions = append(s.Transitions, tr)
		p.tr = tr
		target = tr.ID
	case path(stack, "Transitions", "Transition", "Triggers", "Trigger") && p.tr != nil:
		p.tr.Triggers = append(p.tr.Triggers, &Trigger{Type: attr("Type"), NameRef: attr("NameRef"), Range: tag})
		target = p.tr.ID
	case path(stack, "Transitions", "Transition", "Conditions", "Condition") && p.tr != nil:
		p.tr.Conditions = append(p.tr.Conditions, &Condition{Type: attr("Type"), Range: tag})
		target = p.tr.ID
	case p.tr != nil:
		target = p.tr.ID
	}
	for _, i := range p.pending {
		s.Comments[i].Target = target
	}
	p.pending = p.pending[:0]
}

// attrValue finds the attribute name in the start tag text[start:end],
// which encoding/xml has already read, and returns the text offsets of its
// value, quotes excluded.
func attrValue(text []byte, start, end int, name string) (int, int, bool) {
	if start < 0 || end > len(text) || start >= end {
		return 0, 0, false
	}
	tag := text[start:end]
	i := bytes.IndexAny(tag, " \t\r\n")
	for i >= 0 && i < len(tag) {
		for i < len(tag) && isSpace(tag[i]) {
			i++
		}
		ns := i
		for i < len(tag) && !isSpace(tag[i]) && tag[i] != '=' && tag[i] != '>' && tag[i] != '/' {
			i++
		}
		n := tag[ns:i]
		for i < len(tag) && isSpace(tag[i]) {
			i++
		}
		if i >= len(tag) || tag[i] != '=' {
			return 0, 0, false
		}
		i++
		for i < len(tag) && isSpace(tag[i]) {
			i++
		}
		if i >= len(tag) || tag[i] != '"' && tag[i] != '\'' {
			return 0, 0, false
		}
		q := tag[i]
		vs := i + 1
		ve := bytes.IndexByte(tag[vs:], q)
		if ve < 0 {
			return 0, 0, false
		}
		ve += vs
		if string(n) == name {
			return start + vs, start + ve, true
		}
		i = ve + 1
	}
	return 0, 0, false
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }
