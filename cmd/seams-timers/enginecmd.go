package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// The engines' flags of next and simulate. Each engine declares the flags
// that apply to it (project.NextCommand, project.SimulateCommand); the
// command registers each flag once, for every engine that declares it,
// and refuses a flag given that applies to no engine that runs.

// engineFlags are the flags the engines declare for one command.
type engineFlags struct {
	// decl is each flag's declaration, the first engine's.
	decl map[string]project.Flag
	// owners are, per flag, the engines it applies to, in order.
	owners map[string][]string
	names  []string
}

// declaredFlags collects the flags the engines declare for a command:
// flagsOf returns an engine's, and false when the engine does not take
// part in the command.
func declaredFlags(flagsOf func(e *project.Engine) ([]project.Flag, bool)) *engineFlags {
	ef := &engineFlags{decl: map[string]project.Flag{}, owners: map[string][]string{}}
	for _, e := range engines() {
		fs, ok := flagsOf(e)
		if !ok {
			continue
		}
		for _, f := range fs {
			if _, seen := ef.decl[f.Name]; !seen {
				ef.decl[f.Name] = f
				ef.names = append(ef.names, f.Name)
			}
			ef.owners[f.Name] = append(ef.owners[f.Name], e.Name)
		}
	}
	return ef
}

// nextFlags are the engines' flags of next.
func nextFlags() *engineFlags {
	return declaredFlags(func(e *project.Engine) ([]project.Flag, bool) {
		c, ok := e.Commands.(project.NextCommand)
		if !ok {
			return nil, false
		}
		return c.NextFlags(), true
	})
}

// simulateFlags are the engines' flags of simulate.
func simulateFlags() *engineFlags {
	return declaredFlags(func(e *project.Engine) ([]project.Flag, bool) {
		c, ok := e.Commands.(project.SimulateCommand)
		if !ok {
			return nil, false
		}
		return c.SimulateFlags(), true
	})
}

// register adds the flags to a command.
func (ef *engineFlags) register(c *cobra.Command) {
	f := c.Flags()
	for _, name := range ef.names {
		d := ef.decl[name]
		switch d.Kind {
		case project.FlagStrings:
			f.StringArray(name, nil, d.Usage)
		case project.FlagInt:
			f.Int64(name, 0, d.Usage)
		case project.FlagBool:
			f.Bool(name, false, d.Usage)
		default:
			f.String(name, d.Default, d.Usage)
		}
		if len(d.Choices) > 0 {
			// Registering fails only for a flag that does not exist.
			if err := c.RegisterFlagCompletionFunc(name, fixedValues(d.Choices)); err != nil {
				panic(err)
			}
		}
	}
}

// given reads the engine flags the command line gave.
func (ef *engineFlags) given(fs *pflag.FlagSet) project.Flags {
	out := project.Flags{}
	for _, name := range ef.names {
		fl := fs.Lookup(name)
		if fl == nil || !fl.Changed {
			continue
		}
		if ef.decl[name].Kind == project.FlagStrings {
			v, _ := fs.GetStringArray(name)
			out[name] = v
		} else {
			out[name] = []string{fl.Value.String()}
		}
	}
	return out
}

// check refuses a flag given that applies to none of the engines that
// run: a usage error naming them and the engines it is a flag of.
func (ef *engineFlags) check(given project.Flags, running []string) error {
	for _, name := range ef.names {
		if !given.Given(name) {
			continue
		}
		owners := ef.owners[name]
		if slices.ContainsFunc(running, func(e string) bool { return slices.Contains(owners, e) }) {
			continue
		}
		return notFor("--"+name, running, "it is a flag of "+strings.Join(owners, ", "))
	}
	return nil
}

// notFor is the usage error of a flag or value that applies to none of
// the engines that run.
func notFor(what string, running []string, why string) error {
	if len(running) == 1 {
		return usageError(project.NotFor(what, running[0], why))
	}
	return usageErrorf("%s does not apply to the engines of these files (%s): %s", what, strings.Join(running, ", "), why)
}

// only keeps the flags that apply to one engine.
func (ef *engineFlags) only(given project.Flags, engine string) project.Flags {
	out := project.Flags{}
	for name, v := range given {
		if slices.Contains(ef.owners[name], engine) {
			out[name] = v
		}
	}
	return out
}

// engineNamed finds an engine by name.
func engineNamed(name string) *project.Engine {
	for _, e := range engines() {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// engineNames lists the names of the engines whose Commands implement a
// command (ok reports it), in order.
func engineNames(ok func(any) bool) []string {
	var out []string
	for _, e := range engines() {
		if ok(e.Commands) {
			out = append(out, e.Name)
		}
	}
	return out
}

func isNext(c any) bool     { _, ok := c.(project.NextCommand); return ok }
func isSimulate(c any) bool { _, ok := c.(project.SimulateCommand); return ok }

// usageError turns an engine's error into the command's: a
// *project.UsageError is a usage error (exit 2), an *exitError stays as it
// is, anything else is an internal error (exit 3: the output could not be
// written).
func usageError(err error) error {
	if err == nil {
		return nil
	}
	var ue *project.UsageError
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return ee
	case errors.As(err, &ue):
		return &exitError{code: lint.ExitUsage, err: ue.Err}
	}
	return &exitError{code: lint.ExitInternal, err: err}
}

// claimant is the engine that claims the arguments as its own
// (project.ArgClaimer): every one of them with all, else any; or nil.
func claimant(args []string, all bool) *project.Engine {
	for _, e := range engines() {
		c, ok := e.Commands.(project.ArgClaimer)
		if !ok || len(args) == 0 {
			continue
		}
		n := 0
		for _, a := range args {
			if c.ClaimsArg(a) {
				n++
			}
		}
		if n == len(args) || n > 0 && !all {
			return e
		}
	}
	return nil
}

// ruleByID finds a rule of any engine, for its name.
func ruleByID(id string) *lint.Rule { return lookupRule(id) }

// checkScenarioKeys refuses a key of the scenario file at path that is
// not the engine's but another engine's: a usage error naming the engine.
// A key no engine knows, and a file that cannot be read, are left to the
// engine's parser, which says what it would have expected.
func checkScenarioKeys(path string, engine *project.Engine) error {
	src, err := lint.ReadInput(path, lint.MaxInputSize)
	if err != nil {
		return nil
	}
	var doc map[string]yaml.Node
	if yaml.Unmarshal(src, &doc) != nil {
		return nil
	}
	keys := make([]string, 0, len(doc))
	for k := range doc {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	own := engine.Commands.(project.SimulateCommand).ScenarioKeys()
	for _, k := range keys {
		if slices.Contains(own, k) {
			continue
		}
		var others []string
		for _, e := range engines() {
			if c, ok := e.Commands.(project.SimulateCommand); ok && e != engine && slices.Contains(c.ScenarioKeys(), k) {
				others = append(others, e.Name)
			}
		}
		if len(others) > 0 {
			return usageError(project.NotFor("scenario key "+k, engine.Name, "it is a key of "+strings.Join(others, ", ")+" scenarios"))
		}
	}
	return nil
}
