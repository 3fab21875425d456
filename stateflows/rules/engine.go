// Package rules is the Stateflows engine: it reads C# files (*.cs), finds
// the call sites of Stateflows' built-in time events and the classes
// deriving from them, and runs the TMR7xxx rules: the documented caveats
// and the source's own traps, computed by package stateflows/catalog.
//
// Each rule's fixtures sit in testdata/<ID>/: `valid-*` and `invalid-*`
// files or directories, with the expected findings written inside them as
// `// want "TMR7020"` on the line the finding is reported on. A fixture
// directory may hold a .seams-timers.yaml with a stateflows: section.
package rules

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/seams/seams-timers/internal/fileiri"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
	"github.com/seams/seams-timers/stateflows/catalog"
	"github.com/seams/seams-timers/stateflows/csharp"
)

// The engine's name, its file kind and its config section.
const (
	// EngineName names the Stateflows engine.
	EngineName = "stateflows"
	// KindCS is a C# source file (*.cs).
	KindCS = "cs"
	// Section is the engine's key in .seams-timers.yaml.
	Section = "stateflows"
)

// Settings are the engine's config: the behaviour that computes triggers
// and the host's zone.
type Settings struct {
	// Behaviour is the source revision, or the documentation (default
	// catalog.Main).
	Behaviour catalog.Behaviour
	// Zone is the host's zone (default UTC); ZoneSet reports that the
	// config names it.
	Zone    *time.Location
	ZoneSet bool
}

// DefaultSettings are the settings with no config: main, on a host in
// UTC that the config does not name.
func DefaultSettings() Settings {
	s, err := lint.DefaultSection(configSection)
	if err != nil {
		panic("the stateflows: section's defaults: " + err.Error())
	}
	return s.(Settings)
}

// SettingsOf returns the settings of a config (the defaults for none).
func SettingsOf(cfg *lint.Config) Settings {
	if s, ok := cfg.Section(Section).(Settings); ok {
		return s
	}
	return DefaultSettings()
}

// utcZone reports a zone that is UTC all year.
func (s Settings) utcZone() bool {
	if s.Zone == nil || s.Zone == time.UTC {
		return true
	}
	for _, t := range []time.Time{time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC)} {
		if _, off := t.In(s.Zone).Zone(); off != 0 {
			return false
		}
	}
	return true
}

// configSection declares the stateflows: section:
//
//	stateflows:
//	  revision: main        # or before-2024-12-17, documented
//	  timezone: Europe/Berlin
var configSection = &lint.Field{
	Key: Section, Type: lint.TypeSection,
	Doc: "The Stateflows engine (*.cs): the source revision or the documentation that computes triggers, and the host's zone.",
	Fields: []*lint.Field{
		{Key: "revision", Type: lint.TypeEnum, Enum: catalog.Behaviours, Default: "main",
			Doc: "main (a delay type adds its delay twice), before-2024-12-17 (once), or documented (the documentation's tables, in UTC)."},
		{Key: "timezone", Type: lint.TypeString, Default: "UTC", Check: zoneProblem,
			Doc: "The host's zone, an IANA name such as Europe/Berlin or UTC; UTC silences TMR7040. The schema takes any name; the parser checks it against the zone database."},
	},
	Build: func(v lint.Values) (any, error) {
		b, err := catalog.ParseBehaviour(v.String("revision"))
		if err != nil {
			return nil, v.Errorf("revision", "stateflows.revision: %v", err)
		}
		loc, err := LoadZone(v.String("timezone"))
		if err != nil {
			return nil, v.Errorf("timezone", "stateflows.timezone: %v", err)
		}
		return Settings{Behaviour: b, Zone: loc, ZoneSet: v.Has("timezone")}, nil
	},
}

// zoneProblem says what is wrong with a zone name of the config.
func zoneProblem(name string) error {
	if _, err := LoadZone(name); err != nil {
		if strings.EqualFold(name, "local") {
			return fmt.Errorf("want an IANA zone name such as Europe/Berlin or UTC, not the machine's own zone")
		}
		return fmt.Errorf("not a zone of the IANA database (such as Europe/Berlin or UTC)")
	}
	return nil
}

// LoadZone reads an IANA zone name (the binary carries the database).
func LoadZone(name string) (*time.Location, error) {
	if name == "" || strings.EqualFold(name, "local") {
		return nil, fmt.Errorf("%q: want an IANA zone name such as Europe/Berlin or UTC, not the machine's own zone", name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("%q is not a zone of the IANA database (such as Europe/Berlin or UTC)", name)
	}
	return loc, nil
}

// IsCSPath reports a C# source file.
func IsCSPath(p string) bool { return strings.EqualFold(filepath.Ext(p), ".cs") }

// Engine is the Stateflows engine.
var Engine = &project.Engine{
	Name:           EngineName,
	Kinds:          []project.Kind{{Name: KindCS, Match: IsCSPath}},
	Rules:          All(),
	ConfigSections: []*lint.Field{configSection},
	RulePage:       Markdown,
	Editor:         editor{},
	Load:           load,
}

// State is the engine's project state: the settings and every class of
// the C# files read, by name, so that a call site in one file resolves a
// class declared in another.
type State struct {
	Settings Settings
	Classes  Classes
}

// StateOf returns the engine's state of a loaded project, or nil.
func StateOf(p *lint.Project) *State {
	s, _ := p.States[EngineName].(*State)
	return s
}

// Files returns the C# files of a loaded project that are reported on.
func Files(p *lint.Project) []*File {
	var out []*File
	for _, f := range p.Files {
		if m, ok := f.Model.(*File); ok && f.Reported {
			out = append(out, m)
		}
	}
	return out
}

// load reads the C# files, lexes them, and finds their call sites and
// classes.
func load(l *project.Loader) (any, []lint.Diagnostic, []string) {
	paths := l.Paths(KindCS)
	if len(paths) == 0 {
		return nil, nil, nil
	}
	st := &State{Settings: SettingsOf(l.Config()), Classes: Classes{}}
	var diags []lint.Diagnostic
	var read []*lint.File
	for i, p := range paths {
		f := &lint.File{Path: p, IRI: fileiri.FromPath(p), Kind: KindCS, Reported: true}
		data, err := l.Read(p)
		switch {
		case err != nil:
			diags = append(diags, lint.LoadDiagnostic(FileUnreadable.ID, span.At(p, span.Pos{Line: 1, Col: 1}),
				fmt.Sprintf("cannot read %s: %v", p, err), "Check the path and its permissions; nothing in this file was checked."))
		case !utf8.Valid(data) || slices.Contains(data, 0):
			f.Src = data
			diags = append(diags, lint.LoadDiagnostic(FileUnreadable.ID, span.At(p, firstInvalid(data)),
				"not UTF-8 C# text", "Save the file as UTF-8; nothing in this file was checked."))
		default:
			f.Src = data
			lx := csharp.Lex(data)
			if lx.Err != nil && lx.Err.TooLarge {
				diags = append(diags, lint.LoadDiagnostic(FileUnreadable.ID, span.At(p, lx.Err.Pos), lx.Err.Msg,
					"Split the file; the rest of it was not searched for time events."))
			} else if lx.Err != nil {
				d := lint.LoadDiagnostic(Unterminated.ID, span.At(p, lx.Err.Pos), lx.Err.Msg,
					"End the literal or comment; the rest of the file was not searched for time events.")
				d.Severity = Unterminated.Severity
				diags = append(diags, d)
			}
			m := Find(p, lx)
			for _, c := range m.Classes {
				if _, dup := st.Classes[c.Name]; !dup {
					st.Classes[c.Name] = c
				}
			}
			f.Model = m
			f.Suppressions = suppressions(p, lx)
		}
		read = append(read, f)
		l.Progress(i+1, len(paths))
	}
	// A file's timers are its calls whose type argument is a time event,
	// which the classes of every file decide.
	for _, f := range read {
		if m, ok := f.Model.(*File); ok {
			for _, s := range m.Sites {
				if st.Classes.Resolve(s.Type).Event {
					f.Timers++
				}
			}
		}
	}
	l.Add(read...)
	return st, diags, nil
}

// firstInvalid is the position of the first byte that is not UTF-8 text.
func firstInvalid(data []byte) span.Pos {
	line, col := 1, 1
	for off := 0; off < len(data); {
		r, n := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && n <= 1 || r == 0 {
			return span.Pos{Offset: off, Line: line, Col: col}
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col += n
		}
		off += n
	}
	return span.Pos{Offset: len(data), Line: line, Col: col}
}

// suppressions collects `// seams-timers:ignore TMR7020 reason` comments:
// a comment alone on its line covers the next line with code, one after
// code covers its own line.
func suppressions(path string, lx *csharp.File) []*lint.Suppression {
	ignore := func(c csharp.Token) bool {
		return c.Kind == csharp.Comment && strings.Contains(c.Text, lint.SuppressPrefix)
	}
	if !slices.ContainsFunc(lx.Comments, ignore) {
		// Most files have none: spare indexing their lines.
		return nil
	}
	// lines are the lines that hold code, ascending: the tokens are in
	// source order and do not overlap.
	var lines []int
	for _, t := range lx.Tokens {
		ln := t.Start.Line
		if n := len(lines); n > 0 && lines[n-1] >= ln {
			ln = lines[n-1] + 1
		}
		for ; ln <= t.End.Line; ln++ {
			lines = append(lines, ln)
		}
	}
	var out []*lint.Suppression
	for _, c := range lx.Comments {
		if !ignore(c) {
			continue
		}
		text := strings.TrimPrefix(c.Text, "//")
		if strings.HasPrefix(c.Text, "/*") {
			text = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
		}
		ids, reason, ok := lint.ParseSuppression(text)
		if !ok {
			continue
		}
		s := &lint.Suppression{File: path, Line: c.Start.Line, Col: c.Start.Col, EndCol: c.End.Col,
			Offset: c.Start.Offset, IDs: ids, Reason: reason}
		if _, code := slices.BinarySearch(lines, c.Start.Line); code {
			s.TargetLine = c.Start.Line
		} else if i, _ := slices.BinarySearch(lines, c.End.Line+1); i < len(lines) {
			s.TargetLine = lines[i]
		}
		out = append(out, s)
	}
	return out
}
