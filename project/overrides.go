package project

import (
	"path/filepath"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// PathLevels turns a config's overrides into the rule levels of the
// files each entry's paths match, for lint.Options.PathLevels. A path is
// taken relative to the config file's directory (the working directory
// for a config without a path) and matched as git matches an ignore
// file's patterns (ignore.go): a pattern that matches a directory above
// a file matches the file, and a later !pattern takes a path back.
func PathLevels(c *lint.Config) []lint.PathLevels {
	if c == nil || len(c.Overrides) == 0 {
		return nil
	}
	base := "."
	if c.Path != "" {
		base = filepath.Dir(c.Path)
	}
	base = absPath(base)
	var out []lint.PathLevels
	for _, o := range c.Overrides {
		var ps []ignorePattern
		for _, line := range o.Paths {
			if p, ok := parseIgnoreLine(line, nil); ok {
				ps = append(ps, p)
			}
		}
		out = append(out, lint.PathLevels{Levels: o.Rules, Match: func(file string) bool { return matchesPath(ps, base, file) }})
	}
	return out
}

// matchesPath reports whether the patterns ps match file, relative to
// base: as git reads an ignore file, a directory the patterns match
// matches everything below it.
func matchesPath(ps []ignorePattern, base, file string) bool {
	rel, err := filepath.Rel(base, absPath(file))
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	path := strings.Split(filepath.ToSlash(rel), "/")
	for i := 1; i <= len(path); i++ {
		isDir := i < len(path)
		matched := false
		for j := len(ps) - 1; j >= 0; j-- {
			if r := ps[j].match(path[:i], isDir); r != ignoreNoMatch {
				matched = r == ignoreExclude
				break
			}
		}
		if matched {
			return true
		}
	}
	return false
}
