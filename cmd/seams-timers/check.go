package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	cadencerules "github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
)

// checkOptions are the flags of `check`.
type checkOptions struct {
	Paths      []string
	Formats    []string
	FailOn     string
	Color      string
	ShowSource bool
	Now        string
	Jobs       int
	StdinName  string
	Quiet      bool
	Config     configFlags
	Fix        bool
	Diff       bool
	Maps       []string
	NewFromRev string
	JobsGiven  bool
	PathPrefix string
	AllowEmpty bool
	NoIgnore   bool
	Watch      bool
}

func newCheckCmd(s *streams) *cobra.Command {
	o := &checkOptions{}
	c := &cobra.Command{
		Use:   "check [PATH...]",
		Short: "Check BPMN timer definitions and the index graph against ADR-0037",
		Long: `Check walks the given files and directories for BPMN models (*.bpmn, *.bpmn2, *.bpmn20.xml)
and index graphs (*.ttl, *.nt) and reports every timer definition that ADR-0037 refuses,
with file:line:col. "-" reads one buffer from stdin, named by --stdin-filename. Go files
(a module's directories, or a pattern such as ./...) and exported workflow histories (*.json)
are checked by the Cadence and Temporal engine (TMR8xxx; Go through seams-timers-go).

Walking a directory skips hidden directories, node_modules, and what .gitignore files (in a
git repository, with .git/info/exclude) and .ignore files name; --no-ignore turns that off.
A path given on the command line is always checked, even when ignored.

--watch checks again after every change that can change the result (a file of a kind checked,
in the directories walked; the config, ignore files and index graph above them; a file the last
run read), once the disk has been quiet for 100 ms, and prints the whole result each time:
the screen cleared first on a terminal; piped, stderr's summary and "seams-timers: watching ..."
line end each run. stdout takes text or github; other formats FORMAT=FILE, rewritten after each
run. SIGINT or SIGTERM ends it with exit 0. --fix, --diff, --new-from-rev and "-" are refused.

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 usage error or missing path,
3 internal failure, 5 the paths matched no file to check.`,
		Example: `  seams-timers check examples/
  seams-timers check --format json models/ > findings.json
  seams-timers check --stdin-filename models/a.bpmn - < models/a.bpmn
  seams-timers check --watch models/`,
		RunE: func(c *cobra.Command, args []string) error {
			o.Paths = args
			if len(o.Paths) == 0 {
				o.Paths = []string{"."}
			}
			o.JobsGiven = c.Flags().Changed("jobs")
			if o.Watch {
				return runWatch(s, o)
			}
			return runCheck(s, o)
		},
	}
	f := c.Flags()
	f.StringArrayVarP(&o.Formats, "format", "f", []string{"text"}, "output format: "+strings.Join(lint.Formats(), ", ")+"; FORMAT=FILE writes to a file (repeatable)")
	f.StringVar(&o.FailOn, "fail-on", "error", "lowest severity that makes the exit code 1: error, warning, info or never")
	f.StringVar(&o.Color, "color", "auto", "colour text output: auto, always or never (NO_COLOR also turns it off)")
	f.BoolVar(&o.ShowSource, "show-source", false, "print the source line with the span underlined (default on a terminal)")
	f.StringVar(&o.Now, "now", "", "reference time for the runtime rules, RFC 3339 (default: the current time)")
	f.IntVar(&o.Jobs, "jobs", 0, fmt.Sprintf("files checked, and graph chunks decoded, in parallel, 1 to %d (default: GOMAXPROCS)", lint.MaxJobs))
	f.StringVar(&o.StdinName, "stdin-filename", "", "the path of the buffer read from stdin with \"-\"")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "print no summary on stderr")
	f.BoolVar(&o.Fix, "fix", false, "apply the fixes, atomically, then report what is left: those that cannot change meaning (quote an unquoted literal, drop a pretty-printer's indentation) and, in Go workflow code, the SDK's workflow.Sleep and workflow.Now for time.Sleep and time.Now")
	f.StringArrayVar(&o.Maps, "map", nil, "map an absolute IRI prefix of the index graph to a directory: PREFIX=DIR (repeatable)")
	f.BoolVar(&o.Diff, "diff", false, "print what --fix would write, as a unified diff, instead of writing it")
	f.StringVar(&o.NewFromRev, "new-from-rev", "", "report only the findings on lines changed since the git revision REV (git diff REV), such as HEAD~1 or origin/main")
	f.BoolVar(&o.AllowEmpty, "allow-empty", false, "exit 0, not 5, when the paths hold no file to check (for hooks that pass every staged .xml, .json or .go file, of which some are no model, scheme, history or package)")
	f.StringVar(&o.PathPrefix, "path-prefix", "", "print every relative path with this prefix, as the paths of a check run from a sub-directory read from the repository's root (annotations, SARIF, every format)")
	f.BoolVar(&o.NoIgnore, "no-ignore", false, "walk directories without the ignore files (.gitignore, .ignore, .git/info/exclude) and into node_modules; a path given is always checked")
	f.BoolVar(&o.Watch, "watch", false, "check again after every change to the files checked, the config or the ignore files, printing the whole result each time, until interrupted (exit 0); stdout takes text or github, other formats FORMAT=FILE")
	o.Config.register(c)
	registerCheckCompletions(c)
	return c
}

// output is one --format value: a printer and where it writes.
type output struct {
	format string
	file   string
}

func parseFormats(values []string) ([]output, error) {
	var outs []output
	toStdout := 0
	for _, v := range values {
		name, file, _ := strings.Cut(v, "=")
		if _, err := lint.NewPrinter(name, lint.PrinterOptions{}); err != nil {
			return nil, err
		}
		if file == "" {
			toStdout++
		}
		outs = append(outs, output{format: name, file: file})
	}
	if toStdout > 1 {
		return nil, fmt.Errorf("only one --format may write to stdout; give the others a file: --format sarif=out.sarif")
	}
	return outs, nil
}

// failOnValues are the choices of --fail-on, in the order help lists them.
var failOnValues = []string{"error", "warning", "info", "never"}

func parseFailOn(s string) (lint.Severity, bool, error) {
	if s == "never" {
		return lint.SeverityInvalid, true, nil
	}
	sev, err := lint.ParseSeverity(s)
	if err != nil {
		return sev, false, fmt.Errorf("unknown value %q%s", s, lint.Suggest(s, failOnValues))
	}
	return sev, false, nil
}

// checkJobs rejects a --jobs value below 1 given on the command line (0,
// the default, means GOMAXPROCS) and caps a larger one at lint.MaxJobs, saying
// so on stderr.
func checkJobs(s *streams, jobs int, given, quiet bool) (int, error) {
	if given && jobs < 1 {
		return 0, usageErrorf("--jobs %d: want at least 1 (leave it out to use every core)", jobs)
	}
	if jobs > lint.MaxJobs {
		if !quiet {
			fmt.Fprintf(s.Err, "seams-timers: --jobs %d is more than any machine uses; running %d\n", jobs, lint.MaxJobs)
		}
		return lint.MaxJobs, nil
	}
	return jobs, nil
}

// wallClock is the current time, for a run without --now; tests replace
// it to check that no output depends on it.
var wallClock = time.Now

func parseNow(s string) (time.Time, error) {
	if s == "" {
		return wallClock().UTC(), nil
	}
	t, err := simcore.ParseInstant(s)
	if err != nil {
		return time.Time{}, fmt.Errorf("--now: %w", err)
	}
	return t, nil
}

func runCheck(s *streams, o *checkOptions) error { return runCheckWith(s, o, nil) }

// runCheckWith is one check: the command's whole run, or one run of
// check --watch (w not nil), which keeps what it parsed in w's session
// and reads the files through w.
func runCheckWith(s *streams, o *checkOptions, w *watcher) error {
	outs, err := parseFormats(o.Formats)
	if err != nil {
		return usageErrorf("%v", err)
	}
	failOn, never, err := parseFailOn(o.FailOn)
	if err != nil {
		return usageErrorf("--fail-on: %v", err)
	}
	cfg, err := o.Config.loadFor(o.Paths, o.StdinName)
	if err != nil {
		return err
	}
	now, err := parseNow(o.Now)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if o.Now == "" && cfg != nil && !cfg.Now.IsZero() {
		now = cfg.Now
	}
	useColor, err := colorWanted(o.Color, s.OutTTY)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if o.Jobs, err = checkJobs(s, o.Jobs, o.JobsGiven, o.Quiet); err != nil {
		return err
	}
	if o.StdinName != "" && !slices.Contains(o.Paths, "-") {
		return usageErrorf("--stdin-filename names the buffer read from stdin: give \"-\" as the path (check --stdin-filename %s - < %s)", o.StdinName, o.StdinName)
	}
	if o.Fix && o.Diff {
		return usageErrorf("--fix writes the fixes and --diff only prints them: give one of the two")
	}

	in := loadOptions(o.Paths, cfg)
	in.Jobs = o.Jobs
	in.NoIgnore = o.NoIgnore
	// check prints findings only: each model is released once checked,
	// and every file's bytes too when no printer and no fix reads them.
	// A watch keeps them in its session for the next run instead.
	in.Release = w == nil
	in.DropSources = w == nil && !o.Fix && !o.Diff && !readsSources(outs, o.ShowSource || s.OutTTY)
	if w != nil {
		w.prepare(&in)
	}
	if in.Maps, err = parseMaps(o.Maps); err != nil {
		return err
	}
	opts := lint.Options{Rules: allRules(), Now: now, Jobs: o.Jobs, Config: cfg}
	if cfg != nil {
		opts.Levels = cfg.Levels(opts.Rules)
	}
	for _, p := range o.Paths {
		if p == "-" {
			if o.StdinName == "" {
				return usageErrorf("reading stdin (\"-\") needs --stdin-filename to name the buffer")
			}
			b, err := lint.ReadAllLimited(s.In, lint.MaxInputSize)
			var tooLarge *lint.TooLargeError
			if errors.As(err, &tooLarge) {
				return usageErrorf("reading stdin: it holds more than the %d MiB an input may hold", lint.MaxInputSize>>20)
			}
			if err != nil {
				return usageErrorf("reading stdin: %v", err)
			}
			in.Stdin, in.StdinName = b, o.StdinName
		}
	}

	if o.Fix && in.Stdin != nil {
		return usageErrorf("--fix cannot write stdin; use --diff to see the fixes")
	}
	var changed *changedLines
	if o.NewFromRev != "" {
		if changed, err = gitChangedLines(o.NewFromRev); err != nil {
			return usageErrorf("%v", err)
		}
	}
	if s.ErrTTY && !o.Quiet {
		if w == nil {
			in.Progress = newProgress(s.Err, progressThreshold)
		} else if w.progress != nil {
			in.Progress = newProgress(w.progress, progressThreshold)
		}
	}
	var rep *lint.Report
	streaming := streamFindings && !o.Fix && !o.Diff
	if !streaming {
		rep, err = project.Check(in, engines(), opts)
	} else {
		// Only printed: the findings stream, past a budget through a
		// temporary file, so that memory does not grow with them.
		st := project.Stream{Excerpts: !in.DropSources && readsSources(outs, o.ShowSource || s.OutTTY)}
		var keepErr error
		if changed != nil {
			st.Keep = func(proj *lint.Project) (func(lint.Diagnostic) (bool, error), error) {
				keep := changed.keeper(proj, opts.Rules, engines())
				return func(d lint.Diagnostic) (bool, error) {
					ok, err := keep(d)
					if err != nil {
						keepErr = err
					}
					return ok, err
				}, nil
			}
		}
		rep, err = project.CheckStream(in, engines(), opts, st)
		if in.Progress != nil {
			in.Progress(-1, 0)
		}
		var pathErr *project.PathError
		switch {
		case err == nil:
		case keepErr != nil:
			return usageErrorf("%v", keepErr)
		case !errors.As(err, &pathErr):
			// The findings could not be written to or read from the
			// temporary file.
			return &exitError{code: lint.ExitInternal, err: err}
		}
	}
	if in.Progress != nil && !streaming {
		in.Progress(-1, 0)
	}
	if err != nil {
		return loadError(err)
	}
	defer rep.Close()
	if changed != nil && !streaming {
		if err := changed.filterNew(rep, opts.Rules, engines()); err != nil {
			return usageErrorf("%v", err)
		}
	}
	if o.Fix || o.Diff {
		fixes, err := planFixes(s, rep, o.Paths, o.Quiet)
		if err != nil {
			return &exitError{code: lint.ExitInternal, err: err}
		}
		if o.Diff {
			// The diff is the output, exactly what --fix would write; the
			// exit code still says whether findings at or above --fail-on
			// remain (nothing was written).
			for _, fr := range fixes {
				fmt.Fprint(s.Out, lint.UnifiedDiff(fr))
			}
			switch {
			case len(fixes) > 0 || o.Quiet:
			case len(rep.Diagnostics) == 0:
				fmt.Fprintln(s.Err, "no fixes: there are no findings")
			default:
				fmt.Fprintf(s.Err, "no fixes: none of the %s has a fix that cannot change meaning\n", plural(len(rep.Diagnostics), "finding", "findings"))
			}
			return failExit(rep, failOn, never)
		}
		for _, fr := range fixes {
			if err := lint.WriteFix(fr.File, fr.Old, fr.New); err != nil {
				return &exitError{code: lint.ExitInternal, err: fmt.Errorf("writing the fixes to %s: %w", fr.File, err)}
			}
			if !o.Quiet {
				fmt.Fprintf(s.Err, "fixed %s (%d fix(es))\n", lint.Printable(fr.File), fr.Applied)
			}
		}
		if len(fixes) > 0 {
			// Report what is left after the fixes.
			if rep, err = project.Check(in, engines(), opts); err != nil {
				return loadError(err)
			}
			if changed != nil {
				if err := changed.filterNew(rep, opts.Rules, engines()); err != nil {
					return usageErrorf("%v", err)
				}
			}
		}
	}

	popts := lint.PrinterOptions{
		Color:      useColor,
		ShowSource: o.ShowSource || s.OutTTY,
		Sources:    lint.ProjectSources{Project: rep.Project},
		Rules:      opts.Rules,
		Version:    versionString(),
	}
	if wd, err := os.Getwd(); err == nil {
		popts.SourceRoot = lint.SourceRoot(wd, o.PathPrefix)
	}
	if o.PathPrefix != "" {
		popts.Sources = lint.PrefixedSources{Sources: popts.Sources, Prefix: o.PathPrefix}
		rep = lint.PrefixPaths(rep, o.PathPrefix)
	}
	for _, out := range outs {
		if err := writeOutput(s, out, popts, rep); err != nil {
			return &exitError{code: lint.ExitInternal, err: err}
		}
	}
	if !o.Quiet {
		for _, note := range o.Config.unreadConfigNotes(rep, cfg) {
			fmt.Fprintln(s.Err, lint.Printable(note))
		}
	}
	if changed != nil && !o.Quiet && changed.note() != "" {
		fmt.Fprintln(s.Err, changed.note())
	}
	if !o.Quiet && (len(outs) != 1 || outs[0].format == "text") {
		for _, note := range rep.Notes {
			fmt.Fprintln(s.Err, lint.Printable(note))
		}
		fmt.Fprintln(s.Err, lint.Summary(rep))
	}
	// Exit 5 means one thing: nothing was found to check, and nothing
	// failed. A run whose files all failed to load (a Go module the go
	// command refused, a history that is broken) has findings: their exit
	// code is the findings'.
	if rep.Files == 0 && in.Stdin == nil && !o.AllowEmpty && rep.Len() == 0 {
		fmt.Fprintf(s.Err, "seams-timers: no file to check found in %s (no BPMN model or index graph, Workflow Engine scheme, C# state machine, Go package or workflow history): nothing was checked (exit %d)\n", lint.Printable(strings.Join(o.Paths, " ")), lint.ExitNoFiles)
		return &exitError{code: lint.ExitNoFiles}
	}
	return failExit(rep, failOn, never)
}

// streamFindings makes a check that only prints its findings stream them
// (project.CheckStream); tests turn it off to compare with the findings
// held in memory, as --fix holds them.
var streamFindings = true

// failExit returns the findings exit code when a finding is at or above
// --fail-on.
func failExit(rep *lint.Report, failOn lint.Severity, never bool) error {
	if never || !rep.AtLeast(failOn) {
		return nil
	}
	return &exitError{code: lint.ExitFindings}
}

// readsSources reports whether any of the outputs prints from the files'
// bytes, with source lines shown on standard output as showSource says.
func readsSources(outs []output, showSource bool) bool {
	for _, out := range outs {
		if lint.ReadsSources(out.format, outputOptions(out, lint.PrinterOptions{ShowSource: showSource})) {
			return true
		}
	}
	return false
}

// outputOptions are the printer options for one output: a file gets no
// colour and no source lines.
func outputOptions(out output, popts lint.PrinterOptions) lint.PrinterOptions {
	if out.file != "" {
		popts.Color = false
		popts.ShowSource = false
	}
	return popts
}

func writeOutput(s *streams, out output, popts lint.PrinterOptions, rep *lint.Report) error {
	popts = outputOptions(out, popts)
	p, err := lint.NewPrinter(out.format, popts)
	if err != nil {
		return err
	}
	if out.file == "" {
		return p.Print(s.Out, rep)
	}
	return lint.WriteReport(out.file, func(w io.Writer) error { return p.Print(w, rep) })
}

// planFixes is what --fix writes and --diff shows: the fixes of the
// findings applied to their files, for the files under the given paths
// only (a model a graph names outside them is reported, not written; a Go
// package pattern, dir/..., stands for dir). A fix that overlaps one
// applied before it is skipped with a message: a second run applies it. A
// Go file is then finished as gofmt and the go command want it
// (rules.FinishFix); one that cannot be is left out with a message.
func planFixes(s *streams, rep *lint.Report, paths []string, quiet bool) ([]lint.FixResult, error) {
	planned, err := lint.PlanFixes(rep.Diagnostics, lint.ProjectSources{Project: rep.Project})
	if err != nil {
		return nil, err
	}
	dirs := goPatterns(paths)
	var out []lint.FixResult
	for _, fr := range planned {
		if !underPaths(fr.File, dirs) {
			continue
		}
		if fr.Skipped > 0 && !quiet {
			fmt.Fprintf(s.Err, "seams-timers: %s: %s not applied: %s another fix of the file; run --fix again to apply %s\n",
				lint.Printable(fr.File), plural(fr.Skipped, "fix", "fixes"), pick(fr.Skipped, "it overlaps", "they overlap"), pick(fr.Skipped, "it", "them"))
		}
		if strings.HasSuffix(fr.File, ".go") {
			n, err := cadencerules.FinishFix(fr.Old, fr.New)
			if err != nil {
				fmt.Fprintf(s.Err, "seams-timers: %s: %v\n", lint.Printable(fr.File), err)
				continue
			}
			fr.New = n
		}
		if bytes.Equal(fr.Old, fr.New) {
			continue
		}
		out = append(out, fr)
	}
	return out, nil
}

// pick is one when n is 1, else many.
func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// underPaths reports whether a file lies under one of the given paths (is
// one of them, or sits in one of the directories).
func underPaths(file string, paths []string) bool {
	abs, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	for _, p := range paths {
		if p == "-" {
			continue
		}
		q, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(q, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// colorWanted decides colour: --color always/never win, then NO_COLOR,
// then whether stdout is a terminal.
func colorWanted(mode string, tty bool) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if _, ok := os.LookupEnv("NO_COLOR"); ok {
			return false, nil
		}
		return tty, nil
	}
	return false, fmt.Errorf("--color %q: want auto, always or never", mode)
}

// plural renders a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
