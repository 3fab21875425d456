package project

import (
	"path/filepath"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// ConfigLinkOut is the message of refusing a config found in the tree that
// is a symbolic link leading out of its directory.
const ConfigLinkOut = "it is a symbolic link leading out of its directory; it is not followed"

// LinkStaysIn reports whether path, once its symbolic links are resolved,
// still lies in the (resolved) directory it sits in; a path that is not a
// link always does. A path that cannot be resolved (a dangling link) does
// not.
func LinkStaysIn(path string) bool {
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

// LoadFoundConfig reads and validates a config that discovery found in
// the tree (lint.FindConfig), not one the user named. Such a config is
// part of the input: a symbolic link out of its directory is refused
// without being opened (it would read, and quote, any file), and the
// file is read as every input is (lint.LoadConfig: a regular file only,
// never a FIFO or a device, within lint.MaxInputSize). Errors are
// *lint.ConfigError.
func LoadFoundConfig(path string, spec lint.ConfigSpec) (*lint.Config, error) {
	if !LinkStaysIn(path) {
		return nil, &lint.ConfigError{Path: path, Msg: ConfigLinkOut}
	}
	return lint.LoadConfig(path, spec)
}
