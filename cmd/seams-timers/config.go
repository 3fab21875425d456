package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
)

// configFlags are the flags every command that reads a config shares.
type configFlags struct {
	File     string
	NoConfig bool
}

func (c *configFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&c.File, "config", "", "config file (default: "+lint.ConfigFileName+" found by walking up from the first path)")
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
		start := "."
		switch {
		case len(paths) > 0 && paths[0] == "-" && stdinName != "":
			start = stdinName
		case len(paths) > 0 && paths[0] != "-":
			start = paths[0]
		}
		path = lint.FindConfig(start)
		if path == "" {
			return nil, nil
		}
		if !linkStaysIn(path) {
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

// linkStaysIn reports whether path, once its symbolic links are resolved,
// still lies in the (resolved) directory it sits in; a path that is not
// a link always does.
func linkStaysIn(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return false
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(dir, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
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
catalog, printing the first problem with its line and the nearest valid spelling. It
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
				fmt.Fprintln(s.Err, lint.Printable(err.Error()))
				return &exitError{code: lint.ExitUsage}
			}
			fmt.Fprintf(s.Out, "%s: valid\n", path)
			return nil
		},
	}
	validate.Flags().BoolVar(&schema, "print-schema", false, "print the JSON Schema instead")
	c.AddCommand(validate)
	return c
}
