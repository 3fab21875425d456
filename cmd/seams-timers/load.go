package main

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// loadOptions are the loader's options for the paths under a config: the
// one place where the config becomes load options, for every command.
func loadOptions(paths []string, cfg *lint.Config) project.Options {
	return project.Options{Paths: goPatterns(paths), GoTrees: goTrees(paths), Config: cfg}
}

// goTrees are the directories of the Go package patterns among paths.
func goTrees(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == "..." || strings.HasSuffix(p, "/...") {
			out = append(out, filepath.Clean(strings.TrimSuffix(p, "...")))
		}
	}
	return out
}

// goPatterns turns Go package patterns (./..., pkg/...) into the
// directories they walk: discovery finds the Go files under them, and the
// Cadence engine loads their packages.
func goPatterns(paths []string) []string {
	var out []string
	for i, p := range paths {
		if p != "..." && !strings.HasSuffix(p, "/...") {
			continue
		}
		if out == nil {
			out = slices.Clone(paths)
		}
		out[i] = filepath.Clean(strings.TrimSuffix(p, "..."))
	}
	if out == nil {
		return paths
	}
	return out
}

// parseMaps reads --map PREFIX=DIR flags.
func parseMaps(flags []string) (map[string]string, error) {
	if len(flags) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, m := range flags {
		prefix, dir, ok := strings.Cut(m, "=")
		if !ok || prefix == "" || dir == "" {
			return nil, usageErrorf("--map %q: want IRI-PREFIX=DIR", m)
		}
		out[prefix] = dir
	}
	return out, nil
}

// loadError turns the loader's *project.PathError (a path that does not
// exist) into the usage exit code.
func loadError(err error) error {
	return &exitError{code: lint.ExitUsage, err: err}
}
