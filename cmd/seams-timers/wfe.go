package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/wfe"
	wferules "github.com/seams/seams-timers/wfe/rules"
	"github.com/seams/seams-timers/wfe/value"
)

// wfeCLI is what the Workflow Engine engine adds to next and simulate.
var wfeCLI = engineCLI{nextValues: nextWFEValues, nextFiles: nextWFEFiles, simulate: simulateWFE}

// parseAssume reads --assume NAME=VALUE flags.
func parseAssume(flags []string) (map[string]string, error) {
	out := map[string]string{}
	for _, a := range flags {
		name, v, ok := strings.Cut(a, "=")
		if !ok || name == "" || v == "" {
			return nil, usageErrorf("--assume %q: want NAME=VALUE, such as HardDeadline=2027-01-01T00:00:00Z", a)
		}
		out[name] = v
	}
	return out, nil
}

// wfeTime writes an instant on the runtime's clock.
func wfeTime(t time.Time) string { return t.Format(time.RFC3339) }

// nextWFEValues prints, for each TYPE:VALUE given on the command line (a
// value with no type is an Interval), when the engine makes it due from
// --now and how it reads it. A value the engine registers nothing for
// prints the finding check reports on it and exits 1; other findings go
// to stderr.
func nextWFEValues(run *nextRun, values []string) (bool, error) {
	cfg := wferules.ConfigOf(run.cfg)
	rt := cfg.Runtime()
	warn := &lineWriter{w: run.errw}
	ok := true
	for _, arg := range values {
		typ, text, found := strings.Cut(arg, ":")
		if !found || !slices.Contains(wferules.Types, typ) {
			typ, text = "Interval", arg
		}
		label := ""
		if run.labelled {
			label = "  " + arg
		}
		refused := false
		for _, d := range wferules.ValueFindings(&wferules.Value{Type: typ, Text: text, Config: cfg}, nil) {
			if d.Severity == lint.SeverityError && lookupRule(d.Rule).Refuses {
				writeDiagnostic(run.w, "", d)
				refused = true
			} else {
				writeDiagnostic(warn, "", d)
			}
		}
		if refused {
			ok = false
			continue
		}
		if typ == "Expression" {
			run.w.printf("-  (an Expression is computed at run time)%s\n", label)
			continue
		}
		due, why, registered := value.Due(typ, text, run.now, rt)
		if !registered {
			run.w.printf("-  (not registered: %s)%s\n", why, label)
			continue
		}
		run.w.printf("%s  %s%s\n", wfeTime(due), reading(typ, text, run.now.In(rt.Clock), due), label)
	}
	return ok, nil
}

// reading says how the engine reads a value it registers: for an
// Interval, the length it adds and why it differs from the text; for a
// Time, whether it is today's or tomorrow's; for a date, the moment.
func reading(typ, text string, now, due time.Time) string {
	switch typ {
	case "Interval":
		iv := value.ReadInterval(text)
		r := iv.Reading()
		var why []string
		switch {
		case iv.Bare:
			why = append(why, "a bare integer is milliseconds")
			r = value.FormatDuration(iv.Plain)
		case len(iv.Dropped) > 0:
			why = append(why, "the "+iv.DroppedText()+" is dropped")
		}
		if _, ok := iv.CapitalM(); ok {
			why = append(why, "M is minutes")
		}
		out := "+" + r
		if strings.Join(strings.Fields(text), " ") != r || len(why) > 0 {
			out += fmt.Sprintf(" (read %q", r)
			if len(why) > 0 {
				out += ": " + strings.Join(why, ", ")
			}
			out += ")"
		}
		if iv.HasWork() {
			out += " (working time)"
		}
		return out
	case "Time":
		if due.YearDay() != now.YearDay() || due.Year() != now.Year() {
			return "(tomorrow: today's " + due.Format("15:04:05") + " has passed)"
		}
		return "(today)"
	case "Date":
		return "(midnight of " + due.Format("2006-01-02") + " on the runtime's clock)"
	}
	return "(on the runtime's clock, which stores no zone)"
}

// nextWFEFiles lists, per scheme and activity, the timers the runtime
// registers on entering the activity and their due times from --now.
func nextWFEFiles(run *nextRun, loaded *project.Loaded) (bool, error) {
	cfg := wferules.ConfigOf(run.cfg)
	assume, err := parseAssume(run.opts.Assume)
	if err != nil {
		return false, err
	}
	rt := cfg.Runtime()
	ok := true
	for _, d := range wfeLoadFindings(loaded) {
		run.w.printf("%s:%d:%d: error: %s [%s %s]\n", d.File, d.Line, d.Column, d.Message, d.Rule, d.Name)
		ok = false
	}
	for _, f := range wferules.Files(loaded.Project) {
		iri := loaded.Project.File(f.Path).IRI
		for _, s := range f.Schemes {
			run.w.printf("%s: %s\n", f.Path, s.Label())
			for _, flow := range wferules.Flows(s) {
				run.w.printf("  %s\n", flow.Activity)
				for _, t := range flow.Timers {
					if !nextWFETimer(run, f, iri, t, cfg, rt, assume) {
						ok = false
					}
				}
			}
		}
	}
	return ok, nil
}

// wfeLoadFindings are the loading findings of the scheme files reported
// on, with their rules' names.
func wfeLoadFindings(loaded *project.Loaded) []lint.Diagnostic {
	var out []lint.Diagnostic
	for _, d := range loaded.Diagnostics {
		if f := loaded.Project.File(d.File); f != nil && f.Reported && f.Kind == wferules.Kind {
			if r := lookupRule(d.Rule); r != nil {
				d.Name = r.Name
			}
			out = append(out, d)
		}
	}
	return out
}

// nextWFETimer prints one timer registered on entry at --now.
func nextWFETimer(run *nextRun, f *wfe.File, iri string, t *wfe.Timer, cfg *wferules.Config, rt value.Runtime, assume map[string]string) bool {
	name := t.Name.Value
	if d, refused := wferules.TimerVerdict(f.Path, iri, t, cfg); refused {
		run.w.printf("    %s:%d:%d: %s: %s [%s %s]\n      %s\n", d.File, d.Line, d.Column, d.Severity, d.Message, d.Rule, d.Name, d.Detail)
		return false
	}
	typ, text := t.Type.Value, t.Value.Value
	var due time.Time
	var why string
	var registered bool
	note := ""
	if v, ok := assume[name]; ok {
		due, why, registered = value.Assumed(v, run.now, rt)
		note = "  (assumed " + v + ")"
	} else if typ == "Expression" {
		run.w.printf("    -  %s  Expression  (computed at run time: pass --assume %s=VALUE)\n", name, name)
		return true
	} else {
		due, why, registered = value.Due(typ, text, run.now, rt)
		if registered {
			note = "  " + reading(typ, text, run.now.In(rt.Clock), due)
		}
	}
	if !registered {
		run.w.printf("    -  %s  %s %q  (not registered: %s)\n", name, typ, text, why)
		return true
	}
	run.w.printf("    %s  %s  %s %q%s\n", wfeTime(due), name, typ, text, note)
	return true
}
