package main

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// loadOptions are the loader's options for the paths under a config: the
// one place where the config becomes load options, for every command.
func loadOptions(paths []string, cfg *lint.Config) project.Options {
	return project.Options{Paths: goPatterns(paths), Config: cfg}
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

// reportedModels returns the BPMN models of the files a run reports on
// (those given, and those a given index graph names), sorted by path: what
// simulate runs and next lists.
func reportedModels(p *lint.Project) []*bpmn.Document {
	var out []*bpmn.Document
	for _, f := range p.Files {
		if d, ok := f.Model.(*bpmn.Document); ok && f.Reported {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b *bpmn.Document) int { return cmp.Compare(a.Path, b.Path) })
	return out
}

// loadError turns the loader's *project.PathError (a path that does not
// exist) into the usage exit code.
func loadError(err error) error {
	return &exitError{code: lint.ExitUsage, err: err}
}
