package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// configFlags are the flags every command that reads a config shares.
type configFlags struct {
	File     string
	NoConfig bool
	// root is the directory the config was looked for from (the common
	// root of the paths), when it was looked for: configs below it are
	// not read.
	root string
	// above are the configs of the same git repository above the one
	// found, which it overrides for the run.
	above []string
}

func (c *configFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&c.File, "config", "", "config file (default: the "+lint.ConfigFileName+" nearest at or above the directory holding every path)")
	cmd.Flags().BoolVar(&c.NoConfig, "no-config", false, "read no config file")
}

// load finds and reads the config for the given paths; nil when there is
// none. An invalid config is a usage error (exit 2).
func (c *configFlags) load(paths []string) (*lint.Config, error) {
	return c.loadFor(paths, "")
}

// loadFor is load for a check whose "-" path is the buffer stdinName: the
// config is then found from that name.
func (c *configFlags) loadFor(paths []string, stdinName string) (*lint.Config, error) {
	if c.NoConfig {
		if c.File != "" {
			return nil, usageErrorf("--config and --no-config contradict each other")
		}
		return nil, nil
	}
	path := c.File
	if path == "" {
		// One config governs a run: the one nearest at or above the
		// directory that holds every path, so that a config in one
		// sub-directory never governs its siblings, and one below the
		// paths (which a pull request could add) is not read at all.
		var starts []string
		for _, p := range paths {
			if p == "-" {
				p = stdinName
			}
			if p != "" {
				starts = append(starts, p)
			}
		}
		start := commonRoot(starts)
		c.root = start
		path = lint.FindConfig(start)
		if path == "" {
			return nil, nil
		}
		c.above = configsAbove(path)
		if !project.LinkStaysIn(path) {
			// A config found in the tree is part of the input: a link
			// out of its directory would read, and quote, any file.
			return nil, usageErrorf("%s is a symbolic link leading out of its directory; it is not followed (give it with --config to use it)", path)
		}
	}
	cfg, err := lint.LoadConfig(path, configSpec())
	if err != nil {
		return nil, &exitError{code: lint.ExitUsage, err: err}
	}
	return cfg, nil
}

// commonRoot returns the deepest directory that holds every path (a
// file stands for its directory), absolute; the working directory for no
// path.
func commonRoot(paths []string) string {
	root := ""
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			abs = filepath.Dir(abs)
		}
		if root == "" {
			root = abs
			continue
		}
		for !within(abs, root) {
			parent := filepath.Dir(root)
			if parent == root {
				break
			}
			root = parent
		}
	}
	if root == "" {
		root, _ = filepath.Abs(".")
	}
	return root
}

// within reports whether path is dir or lies under it (both clean and
// absolute).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// unreadConfigs returns the configs that lie below the directory the
// run's config was looked for from, between it and a file the run
// reported on: they would have governed that file had the run started
// there, and they are not read. Empty when the config was given or
// turned off.
func (c *configFlags) unreadConfigs(rep *lint.Report) []string {
	if c.root == "" || rep == nil || rep.Project == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range rep.Project.Files {
		if !f.Reported || f.Path == "" {
			continue
		}
		abs, err := filepath.Abs(f.Path)
		if err != nil {
			continue
		}
		for dir := filepath.Dir(abs); dir != c.root && within(dir, c.root) && !seen[dir]; dir = filepath.Dir(dir) {
			seen[dir] = true
			p := filepath.Join(dir, lint.ConfigFileName)
			if info, err := os.Lstat(p); err == nil && !info.IsDir() {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// unreadConfigNotes says, one line each, which configs of the repository
// were not read: those above the run's config, which it overrides, and
// those below the run's root.
func (c *configFlags) unreadConfigNotes(rep *lint.Report, cfg *lint.Config) []string {
	var notes []string
	run := "no config (none was found at or above " + displayPath(c.root) + ")"
	if cfg != nil {
		run = displayPath(cfg.Path)
	}
	if cfg != nil && len(c.above) > 0 {
		above := make([]string, len(c.above))
		for i, p := range c.above {
			above[i] = displayPath(p)
		}
		notes = append(notes, "note: "+displayPath(cfg.Path)+" governs this run in place of "+strings.Join(above, " and ")+
			" above it (the config nearest at or above the directory holding every path is read, and only it)")
	}
	for _, p := range c.unreadConfigs(rep) {
		notes = append(notes, "note: "+displayPath(p)+" is not read: one config governs a run, and this run's is "+run+
			"; check from its directory, or give it with --config, to use it")
	}
	return notes
}

// configsAbove returns the configs above the directory of the config at
// path, up to the top of its git repository; none outside a repository.
func configsAbove(path string) []string {
	dir := filepath.Dir(path)
	var out []string
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return out
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
		p := filepath.Join(dir, lint.ConfigFileName)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			out = append(out, p)
		}
	}
}

// displayPath is p relative to the working directory when it lies under
// it.
func displayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && within(p, wd) {
		return rel
	}
	return p
}

func newConfigCmd(s *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "config",
		Short: "Work with the " + lint.ConfigFileName + " configuration file",
	}
	var schema bool
	validate := &cobra.Command{
		Use:   "validate [FILE]",
		Short: "Validate a config file: keys, values and rule IDs",
		Long: `Validate reads FILE (default: the ` + lint.ConfigFileName + ` found by walking up from the
current directory) and checks every key and value, and every rule ID or name against the
catalog, printing every problem (up to ` + strconv.Itoa(lint.MaxConfigErrors) + `) with its line and column and the nearest
valid spelling. It
enforces what the JSON Schema (--print-schema) says; the tests hold the two together.
Exit code 2 when invalid.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if schema {
				_, err := s.Out.Write(lint.ConfigSchema)
				return err
			}
			path := ""
			if len(args) == 1 {
				path = args[0]
			} else if path = lint.FindConfig("."); path == "" {
				return usageErrorf("no %s found in this directory or above it", lint.ConfigFileName)
			}
			src, err := lint.ReadInput(path, lint.MaxInputSize)
			if err != nil {
				return usageErrorf("%v", err)
			}
			if _, err := lint.ParseConfig(path, src, configSpec()); err != nil {
				for _, line := range errorLines(err) {
					fmt.Fprintln(s.Err, lint.Printable(line))
				}
				return &exitError{code: lint.ExitUsage}
			}
			fmt.Fprintf(s.Out, "%s: valid\n", path)
			return nil
		},
	}
	validate.Flags().BoolVar(&schema, "print-schema", false, "print the JSON Schema instead")
	c.AddCommand(validate, newConfigInitCmd(s))
	return c
}

// newConfigInitCmd is `config init`: a commented starter config.
func newConfigInitCmd(s *streams) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "init [FILE]",
		Short: "Write a commented starter " + lint.ConfigFileName,
		Long: `Init writes FILE (default: ` + lint.ConfigFileName + ` in the current directory): every key of the
config, the core's and each engine's, with its doc and its default or an example, all commented out
but extends, so that the file loads clean and changes nothing until edited. It refuses to replace a
file that exists unless --force is given, and writes through a temporary file and a rename, so that
an interrupted write leaves the old file or none.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			path := lint.ConfigFileName
			if len(args) == 1 {
				path = args[0]
			}
			if _, err := os.Lstat(path); err == nil && !force {
				return usageErrorf("%s exists; give --force to replace it", path)
			} else if err != nil && !os.IsNotExist(err) {
				return usageErrorf("%v", err)
			}
			data := lint.StarterConfig(configSpec(), false)
			if err := lint.WriteReport(path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
				return &exitError{code: lint.ExitInternal, err: fmt.Errorf("writing %s: %w", path, err)}
			}
			fmt.Fprintf(s.Out, "wrote %s: check it with seams-timers config validate %s\n", path, path)
			return nil
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "replace the file if it exists")
	return cmd
}
