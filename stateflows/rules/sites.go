package rules

import (
	"strconv"
	"strings"
	"time"

	"github.com/seams/seams-timers/span"
	"github.com/seams/seams-timers/stateflows/catalog"
	"github.com/seams/seams-timers/stateflows/csharp"
)

// Site is a time event used as the first type argument of a builder call:
// .AddTransition<AfterOneDay, …>(), .AddInternalTransition<…>(),
// .AddAcceptEventAction<…>(), .AddTimeEventAction<…>() and the like.
type Site struct {
	// Method is the builder method, AddTransition.
	Method string
	// Type is the event type's name as written (its last identifier).
	Type string
	// At is the range of that name.
	At span.Range
	// Class is the class the call is in ("" at the top level).
	Class string
	// Internal reports an internal transition: the state stays active, so
	// a recurring event re-registers.
	Internal bool
}

// StaysActive reports whether the source stays active after a delivery,
// so that a recurring event re-registers: an internal transition, or an
// activity's accepting node; a transition out of the state leaves it.
func (s Site) StaysActive() bool {
	return s.Internal || !strings.Contains(s.Method, "Transition")
}

// Member is an override of a member that decides a trigger.
type Member struct {
	Name string
	At   span.Range
	// Method reports a method (GetTriggerTime ...), not a property.
	Method bool
	// Const reports a property whose value is a constant, then held in
	// Hours, Day or TOD (by Name).
	Const bool
	Hours int
	Day   time.Weekday
	TOD   time.Duration
}

// ownCode reports an override that is code of its own whatever its body:
// a method, or the Delay, Interval or Moment property.
func (m Member) ownCode() bool {
	return m.Method || m.Name == "Delay" || m.Name == "Interval" || m.Name == "Moment"
}

// Class is a class declaration with a base class.
type Class struct {
	Name string
	// Base is the base class's name (its last identifier).
	Base    string
	Members []Member
}

// File is what the finder read from one C# file.
type File struct {
	Path    string
	Sites   []Site
	Classes []*Class
}

// triggerMember reports the members whose override decides a trigger (a
// switch, not a map: nothing built at start-up).
func triggerMember(name string) bool {
	switch name {
	case "Hours", "Day", "TimeOfDay",
		"GetTriggerTime", "GetDelayStart", "GetIntervalStart",
		"Delay", "Interval", "Moment":
		return true
	}
	return false
}

// builderMethod reports the builder methods whose first type argument is
// an event: AddTransition, AddInternalTransition, AddElseTransition,
// AddAcceptEventAction, AddTimeEventAction and their kin.
func builderMethod(name string) bool {
	return strings.HasPrefix(name, "Add") && (strings.Contains(name, "Transition") || strings.HasSuffix(name, "EventAction"))
}

// Find reads the call sites and class declarations of a lexed file.
func Find(path string, lx *csharp.File) *File {
	f := &File{Path: path}
	toks := lx.Tokens
	rng := func(t csharp.Token) span.Range { return span.Range{File: path, Start: t.Start, End: t.End} }
	match := braces(toks)
	ix := &index{toks: toks, angles: angles(toks), stop: stops(toks)}
	// open holds the bodies of the classes around the token at i,
	// innermost last, by token index of their '{' and '}'.
	type body struct {
		open, close int
		class       string
	}
	var open []body
	enclosing := func(i int) string {
		for len(open) > 0 && open[len(open)-1].close <= i {
			open = open[:len(open)-1]
		}
		for k := len(open) - 1; k >= 0; k-- {
			if open[k].open < i {
				return open[k].class
			}
		}
		return ""
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind != csharp.Ident {
			continue
		}
		switch {
		case (t.Text == "class" || t.Text == "record") && i+1 < len(toks) && toks[i+1].Kind == csharp.Ident:
			c, at := ix.classDecl(i + 1)
			if at >= 0 {
				enclosing(i)
				open = append(open, body{open: at, close: match[at], class: c.Name})
				if c.Base != "" {
					c.Members = members(toks, match, at, match[at], rng)
					f.Classes = append(f.Classes, c)
				}
			}
		case builderMethod(t.Text) && i+1 < len(toks) && toks[i+1].Text == "<":
			name, end, ok := ix.firstTypeArg(i + 1)
			if ok && end+1 < len(toks) && toks[end+1].Text == "(" {
				f.Sites = append(f.Sites, Site{Method: t.Text, Type: name.Text, At: rng(name),
					Internal: strings.Contains(t.Text, "InternalTransition"), Class: enclosing(i)})
			}
		}
	}
	return f
}

// braces matches each '{' token with its '}' (len(toks) for none, so
// that a body with no end runs to the end of the file).
func braces(toks []csharp.Token) map[int]int {
	match := map[int]int{}
	var stack []int
	for i, t := range toks {
		if t.Kind != csharp.Punct {
			continue
		}
		switch t.Text {
		case "{":
			stack = append(stack, i)
			match[i] = len(toks)
		case "}":
			if n := len(stack); n > 0 {
				match[stack[n-1]] = i
				stack = stack[:n-1]
			}
		}
	}
	return match
}

// classDecl reads `Name<T> : Base<…>, IFace … {` from the name at i; it
// returns the class and the index of its body's '{' (-1 for none).
func (ix *index) classDecl(i int) (*Class, int) {
	toks := ix.toks
	c := &Class{Name: toks[i].Text}
	j := i + 1
	if j < len(toks) && toks[j].Text == "<" {
		j = ix.angles[j]
		if j < 0 {
			return c, -1
		}
		j++
	}
	// A record's primary constructor.
	if j < len(toks) && toks[j].Text == "(" {
		depth := 0
		for ; j < len(toks); j++ {
			switch toks[j].Text {
			case "(":
				depth++
			case ")":
				depth--
			}
			if depth == 0 {
				break
			}
		}
		j++
	}
	if j < len(toks) && toks[j].Text == ":" {
		// The first base type: a qualified name, maybe generic.
		k := j + 1
		var last *csharp.Token
		for k < len(toks) && toks[k].Kind == csharp.Ident {
			last = &toks[k]
			k++
			if k < len(toks) && toks[k].Text == "<" {
				if k = ix.angles[k]; k < 0 {
					return c, -1
				}
				k++
			}
			if k >= len(toks) || toks[k].Text != "." && toks[k].Text != "::" {
				break
			}
			k++
		}
		if last != nil {
			c.Base = last.Text
		}
		j = k
	}
	if j < len(toks) {
		if j = ix.stop[j]; j < len(toks) && toks[j].Text == "{" {
			return c, j
		}
	}
	return c, -1
}

// index holds what Find looks up more than once, computed in one pass
// each so that the search stays linear in the tokens: a file of
// `class A` lines, each scanning to the end for its '{', took 17 s for
// 400 KB when each declaration scanned on its own.
type index struct {
	toks []csharp.Token
	// angles is, for each '<', the index of the '>' that closes it as a
	// type argument list (skipAngles), and -1 for every other token.
	angles []int
	// stop is, for each token, the index of the first '{', ';' or '}' at
	// or after it (len(toks) when none).
	stop []int
}

// stops computes index.stop.
func stops(toks []csharp.Token) []int {
	out := make([]int, len(toks))
	next := len(toks)
	for j := len(toks) - 1; j >= 0; j-- {
		switch toks[j].Text {
		case "{", ";", "}":
			next = j
		}
		out[j] = next
	}
	return out
}

// angles computes index.angles: skipAngles at every '<' at once. A run of
// the tokens skipAngles passes over (identifiers and the punctuation of
// type names) is matched with a stack, as its depth counting does; a
// token it refuses ends the run, leaving the '<'s still open unmatched.
func angles(toks []csharp.Token) []int {
	out := make([]int, len(toks))
	var open []int
	for j, t := range toks {
		out[j] = -1
		if t.Kind == csharp.Ident {
			continue
		}
		if t.Kind != csharp.Punct {
			open = open[:0]
			continue
		}
		switch t.Text {
		case "<":
			open = append(open, j)
		case ">":
			if n := len(open); n > 0 {
				out[open[n-1]] = j
				open = open[:n-1]
			}
		case ".", ",", "::", "?", "[", "]", "(", ")", "*":
		default:
			open = open[:0]
		}
	}
	return out
}

// firstTypeArg reads the type argument list at i ('<'): the last
// identifier of its first argument (outside that argument's own type
// arguments), and the index of the closing '>'.
func (ix *index) firstTypeArg(i int) (csharp.Token, int, bool) {
	toks := ix.toks
	end := ix.angles[i]
	if end < 0 {
		return csharp.Token{}, -1, false
	}
	var name csharp.Token
	depth := 0
	for j := i + 1; j < end; j++ {
		t := toks[j]
		if t.Text == "<" && ix.angles[j] >= 0 {
			// A nested type argument list is skipped whole: nested
			// builder calls are each read once.
			j = ix.angles[j]
			continue
		}
		switch {
		case t.Text == "<" || t.Text == "(" || t.Text == "[":
			depth++
		case t.Text == ">" || t.Text == ")" || t.Text == "]":
			depth--
		case t.Text == "," && depth == 0:
			return name, end, name.Kind == csharp.Ident
		case t.Kind == csharp.Ident && depth == 0:
			name = t
		}
	}
	return name, end, name.Kind == csharp.Ident
}

// members reads the overrides of the trigger members in a class body
// (between the token indexes open and close).
func members(toks []csharp.Token, match map[int]int, open, closeAt int, rng func(csharp.Token) span.Range) []Member {
	var out []Member
	for i := open + 1; i < closeAt && i < len(toks); i++ {
		t := toks[i]
		if t.Text == "{" && t.Kind == csharp.Punct {
			// A nested body is skipped whole, not scanned: a class nested
			// in a class is read once, as its own class.
			if end, ok := match[i]; ok {
				i = end
			}
			continue
		}
		if t.Kind != csharp.Ident || t.Text != "override" {
			continue
		}
		// The member's name is the identifier before the first '=>', '{'
		// or '('.
		j := i + 1
		for j < closeAt && toks[j].Text != "=>" && toks[j].Text != "{" && toks[j].Text != "(" && toks[j].Text != ";" {
			j++
		}
		if j >= closeAt || toks[j-1].Kind != csharp.Ident || j-1 == i {
			continue
		}
		name := toks[j-1]
		if !triggerMember(name.Text) {
			continue
		}
		m := Member{Name: name.Text, At: rng(name), Method: toks[j].Text == "("}
		if !m.Method {
			if expr := getter(toks, j, closeAt); expr != nil {
				constant(&m, expr)
			}
		}
		out = append(out, m)
		i = j
	}
	return out
}

// getter returns the tokens of a property's value: `=> expr;`,
// `{ get => expr; }` or `{ get { return expr; } }`.
func getter(toks []csharp.Token, j, closeAt int) []csharp.Token {
	upTo := func(k int) []csharp.Token {
		start := k
		depth := 0
		for ; k < closeAt; k++ {
			switch toks[k].Text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			case ";":
				if depth == 0 {
					return toks[start:k]
				}
			}
			if depth < 0 {
				return nil
			}
		}
		return nil
	}
	switch {
	case toks[j].Text == "=>":
		return upTo(j + 1)
	case toks[j].Text == "{" && j+2 < closeAt && toks[j+1].Text == "get" && toks[j+2].Text == "=>":
		return upTo(j + 3)
	case toks[j].Text == "{" && j+3 < closeAt && toks[j+1].Text == "get" && toks[j+2].Text == "{" && toks[j+3].Text == "return":
		return upTo(j + 4)
	}
	return nil
}

// constant reads the value of an override when it is a constant: an
// integer for Hours, DayOfWeek.X for Day, new DateTime(…, h, m, s) with
// literal clock fields for TimeOfDay.
func constant(m *Member, expr []csharp.Token) {
	texts := make([]string, len(expr))
	for i, t := range expr {
		texts[i] = t.Text
	}
	switch m.Name {
	case "Hours":
		if len(expr) == 1 && expr[0].Kind == csharp.Number {
			if n, err := strconv.Atoi(expr[0].Text); err == nil {
				m.Hours, m.Const = n, true
			}
		}
	case "Day":
		s := strings.TrimPrefix(strings.Join(texts, ""), "System.")
		for d := time.Sunday; d <= time.Saturday; d++ {
			if s == "DayOfWeek."+d.String() {
				m.Day, m.Const = d, true
			}
		}
	case "TimeOfDay":
		if tod, ok := dateTimeClock(expr); ok {
			m.TOD, m.Const = tod, true
		}
	}
}

// dateTimeClock reads `new DateTime(y, mo, d[, h, mi, s[, ms]])`, `new
// DateTime()` or `new(…)`: the time of day, when the clock fields are
// integer literals (the date fields may be anything: only the clock is
// read).
func dateTimeClock(expr []csharp.Token) (time.Duration, bool) {
	if len(expr) < 3 || expr[0].Text != "new" {
		return 0, false
	}
	k := 1
	if expr[k].Text == "DateTime" || expr[k].Text == "System" && len(expr) > 3 && expr[k+1].Text == "." && expr[k+2].Text == "DateTime" {
		if expr[k].Text == "System" {
			k += 2
		}
		k++
	}
	if k >= len(expr) || expr[k].Text != "(" || expr[len(expr)-1].Text != ")" {
		return 0, false
	}
	var args [][]csharp.Token
	depth := 0
	var cur []csharp.Token
	for _, t := range expr[k+1 : len(expr)-1] {
		switch t.Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ",":
			if depth == 0 {
				args = append(args, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		args = append(args, cur)
	}
	switch len(args) {
	case 0, 3:
		return 0, true
	case 6, 7:
		var v [3]int
		for i := range 3 {
			a := args[3+i]
			if len(a) != 1 || a[0].Kind != csharp.Number {
				return 0, false
			}
			n, err := strconv.Atoi(a[0].Text)
			if err != nil {
				return 0, false
			}
			v[i] = n
		}
		if v[0] > 23 || v[1] > 59 || v[2] > 59 {
			return 0, false
		}
		return time.Duration(v[0])*time.Hour + time.Duration(v[1])*time.Minute + time.Duration(v[2])*time.Second, true
	}
	return 0, false
}

// Resolved is what a site's event type is: a catalog type with its
// parameters, a custom event, or something else.
type Resolved struct {
	// Type is the catalog type the event is or derives from; nil for a
	// custom or unknown event.
	Type   *catalog.Type
	Params catalog.Params
	// Via is the project's class chain from the site's type down to the
	// catalog type ("" when the site names a catalog type).
	Via string
	// Custom reports an event with a trigger of its own code, or an
	// override that is not a constant: not computed.
	Custom bool
	// Event reports a time event: a catalog type, one of the framework's
	// time-event bases, or a class deriving from either.
	Event bool
}

// Classes indexes the project's classes by name.
type Classes map[string]*Class

// Resolve finds what a type name is.
func (cs Classes) Resolve(name string) Resolved {
	var chain []string
	var hours *int
	var day *time.Weekday
	var tod *time.Duration
	custom := false
	seen := map[string]bool{}
	for range 32 {
		if t := catalog.Lookup(name); t != nil {
			r := Resolved{Type: t, Params: t.Params(hours, day, tod), Custom: custom, Event: true}
			if len(chain) > 0 {
				r.Via = strings.Join(chain, " : ")
			}
			return r
		}
		c := cs[name]
		if c == nil || seen[name] {
			return Resolved{}
		}
		seen[name] = true
		chain = append(chain, name)
		for _, m := range c.Members {
			switch {
			case m.ownCode() || !m.Const:
				custom = true
			case m.Name == "Hours" && hours == nil:
				hours = &m.Hours
			case m.Name == "Day" && day == nil:
				day = &m.Day
			case m.Name == "TimeOfDay" && tod == nil:
				tod = &m.TOD
			}
		}
		for _, b := range catalog.Bases {
			if c.Base == b {
				return Resolved{Custom: true, Event: true, Via: strings.Join(chain, " : ")}
			}
		}
		name = c.Base
	}
	return Resolved{}
}
