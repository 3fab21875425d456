package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// changedLines is what changed in the work tree since a git revision:
// per file (absolute, symlinks resolved), the new-side line ranges that
// were added or changed. A file that is new since the revision, or not
// tracked, has every line changed (whole).
type changedLines struct {
	lines map[string][]lineRange
	whole map[string]bool
}

// lineRange is the lines first to last, inclusive.
type lineRange struct{ first, last int }

// gitChangedLines runs `git diff REV` (the work tree, staged or not,
// against REV) in the current directory and reads which lines it adds,
// plus the untracked files, as golangci-lint's --new-from-rev does.
func gitChangedLines(rev string) (*changedLines, error) {
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev needs a git work tree: %w", err)
	}
	root := resolvePath(strings.TrimSpace(string(top)))
	diff, err := git("-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--unified=0",
		"--src-prefix=a/", "--dst-prefix=b/", rev, "--")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: %w", rev, err)
	}
	ch, err := parseUnifiedDiff(diff, root)
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: reading git diff: %w", rev, err)
	}
	untracked, err := git("-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard", "--full-name", "-z", ":/")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: %w", rev, err)
	}
	for _, name := range strings.Split(string(untracked), "\x00") {
		if name != "" {
			ch.whole[filepath.Join(root, filepath.FromSlash(name))] = true
		}
	}
	return ch, nil
}

// git runs git with args and returns its stdout, or an error carrying its
// stderr.
func git(args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[len(args)-1], firstLine(msg))
		}
		return nil, fmt.Errorf("git: %w", err)
	}
	return stdout.Bytes(), nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// parseUnifiedDiff reads the files and the added line ranges of a
// zero-context unified diff whose paths are relative to root.
func parseUnifiedDiff(diff []byte, root string) (*changedLines, error) {
	ch := &changedLines{lines: map[string][]lineRange{}, whole: map[string]bool{}}
	var file string
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			// Git ends a name that holds a space with a tab.
			name := strings.TrimSuffix(strings.TrimPrefix(line, "+++ "), "\t")
			if strings.HasPrefix(name, `"`) {
				unq, err := strconv.Unquote(name)
				if err != nil {
					return nil, fmt.Errorf("path %s: %w", name, err)
				}
				name = unq
			}
			file = ""
			if rel, ok := strings.CutPrefix(name, "b/"); ok {
				file = filepath.Join(root, filepath.FromSlash(rel))
			}
		case strings.HasPrefix(line, "@@ ") && file != "":
			start, count, err := hunkNewRange(line)
			if err != nil {
				return nil, err
			}
			if count > 0 {
				ch.lines[file] = append(ch.lines[file], lineRange{start, start + count - 1})
			}
		}
	}
	return ch, sc.Err()
}

// hunkNewRange reads the new side of a hunk header, "@@ -a,b +c,d @@":
// the first line c and the count d (1 when left out).
func hunkNewRange(header string) (start, count int, err error) {
	fields := strings.Fields(header)
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, fmt.Errorf("hunk header %q", header)
	}
	first, n, found := strings.Cut(fields[2][1:], ",")
	if start, err = strconv.Atoi(first); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("hunk header %q", header)
	}
	count = 1
	if found {
		if count, err = strconv.Atoi(n); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("hunk header %q", header)
		}
	}
	return start, count, nil
}

// resolvePath makes a path absolute with its symlinks resolved, so that a
// diagnostic's path as given and git's paths compare; a path that cannot
// be resolved stays as filepath.Abs gives it.
func resolvePath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// keep reports whether a finding touches a changed line: a finding with a
// range keeps when any of its lines changed, one about a whole file (no
// line) when anything in the file changed.
func (c *changedLines) keep(d lint.Diagnostic, resolved func(string) string) bool {
	if d.File == "" {
		return true
	}
	file := resolved(d.File)
	if c.whole[file] {
		return true
	}
	ranges := c.lines[file]
	if len(ranges) == 0 {
		return false
	}
	if d.Line <= 0 {
		return true
	}
	last := max(d.Line, d.EndLine)
	for _, r := range ranges {
		if r.first <= last && d.Line <= r.last {
			return true
		}
	}
	return false
}

// filterNew drops the findings on lines that did not change, and counts
// the files reported as before: the summary still says how much was
// checked.
func (c *changedLines) filterNew(rep *lint.Report) {
	cache := map[string]string{}
	resolved := func(f string) string {
		r, ok := cache[f]
		if !ok {
			r = resolvePath(f)
			cache[f] = r
		}
		return r
	}
	kept := rep.Diagnostics[:0]
	for _, d := range rep.Diagnostics {
		if c.keep(d, resolved) {
			kept = append(kept, d)
		}
	}
	rep.Diagnostics = kept
}
