package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// changedLines is what changed in the work tree since a git revision.
//
// A pull request writes the files the diff shows, so nothing here reads
// the diff's text as structure: the files and their status come from
// `git diff --name-status -z` (NUL-separated, no quoting), and the lines
// of one modified file from a diff of that file alone, whose hunks are
// read by their counts (a hunk header says how many lines follow, so no
// content line, whatever it starts with, is ever taken for a header).
type changedLines struct {
	rev  string
	root string
	// status is each file that differs from rev (absolute, under root
	// resolved), by git's status letter: 'A' added (an untracked file
	// too), 'D' deleted, 'M' modified, 'T' type changed, 'U' unmerged.
	status map[string]byte
	// lines holds, for the modified files diffed so far, the new-side
	// line ranges that were added or changed.
	lines map[string][]lineRange
	// diffFile returns `git diff --unified=0` of one file, named relative
	// to root (a test replaces it).
	diffFile func(name string) ([]byte, error)
	// hidden counts the findings the last filterNew dropped.
	hidden int
}

// lineRange is the lines first to last, inclusive.
type lineRange struct{ first, last int }

// diffArgs are the options of every git diff run here: no external diff
// driver or textconv filter (the repository's attributes choose them), no
// colour, no rename pairing (a rename is a deletion and an addition, so
// the deletion is seen), paths relative to the top and prefixes of our
// own, whatever the user's git config says.
var diffArgs = []string{"diff", "--no-ext-diff", "--no-textconv", "--no-color", "--no-renames", "--no-relative",
	"--src-prefix=a/", "--dst-prefix=b/", "--ignore-submodules=none"}

// gitChangedLines asks git what changed since rev in the current
// directory's work tree (staged or not), plus the untracked files, as
// golangci-lint's --new-from-rev does.
func gitChangedLines(rev string) (*changedLines, error) {
	top, err := git("", "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev needs a git work tree: %w", err)
	}
	root := resolvePath(strings.TrimSuffix(string(top), "\n"))
	// The revision is resolved to a commit first, so that a name git
	// would read as an option is refused and the diffs below are all
	// against the same commit.
	sha, err := git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		hint := ""
		if shallow, err := git(root, "rev-parse", "--is-shallow-repository"); err == nil && strings.TrimSpace(string(shallow)) == "true" {
			hint = ": this is a shallow clone, which lacks the revision's history; fetch it (git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
		}
		return nil, fmt.Errorf("--new-from-rev %s: not a commit in this repository%s", lint.Printable(rev), hint)
	}
	commit := strings.TrimSpace(string(sha))
	names, err := git(root, append(diffArgs, "--name-status", "-z", commit, "--")...)
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: %w", lint.Printable(rev), err)
	}
	untracked, err := git(root, "ls-files", "--others", "--exclude-standard", "--full-name", "-z")
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: %w", lint.Printable(rev), err)
	}
	ch, err := readNameStatus(names, untracked, root)
	if err != nil {
		return nil, fmt.Errorf("--new-from-rev %s: reading git diff --name-status: %w", lint.Printable(rev), err)
	}
	ch.rev = rev
	ch.diffFile = func(name string) ([]byte, error) {
		return git(root, append(diffArgs, "--text", "--unified=0", commit, "--", name)...)
	}
	return ch, nil
}

// git runs git in dir ("" for the current directory), with pathspecs
// taken literally, and returns its stdout, or an error carrying the first
// line of its stderr.
func git(dir string, args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	full := append([]string{"--literal-pathspecs"}, args...)
	if dir != "" {
		full = append([]string{"-C", dir}, full...)
	}
	cmd := exec.Command("git", full...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[0], lint.Printable(firstLine(msg)))
		}
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	return stdout.Bytes(), nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// readNameStatus reads `git diff --name-status -z` (a status field, then
// one path, or two for a rename or copy, each ended by NUL) and `git
// ls-files -z` of the untracked files, with paths relative to root.
func readNameStatus(names, untracked []byte, root string) (*changedLines, error) {
	ch := &changedLines{root: root, status: map[string]byte{}, lines: map[string][]lineRange{}}
	fields := strings.Split(string(names), "\x00")
	if len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	abs := func(name string) (string, error) {
		// git writes clean paths relative to the top; anything else
		// is refused rather than joined.
		if !filepath.IsLocal(name) || path.Clean(name) != name || name == "." {
			return "", fmt.Errorf("path %q", name)
		}
		return filepath.Join(root, filepath.FromSlash(name)), nil
	}
	for i := 0; i < len(fields); {
		st := fields[i]
		if st == "" {
			return nil, errors.New("an empty status")
		}
		paths := 1
		if st[0] == 'R' || st[0] == 'C' {
			paths = 2
		}
		if i+paths >= len(fields) {
			return nil, fmt.Errorf("status %q without its path", st)
		}
		for k, name := range fields[i+1 : i+1+paths] {
			p, err := abs(name)
			if err != nil {
				return nil, err
			}
			letter := st[0]
			switch {
			case paths == 2 && k == 0 && letter == 'R':
				letter = 'D' // a rename's source is gone
			case paths == 2 && k == 0:
				continue // a copy's source is unchanged
			case paths == 2:
				letter = 'A'
			}
			ch.status[p] = letter
		}
		i += 1 + paths
	}
	for _, name := range strings.Split(string(untracked), "\x00") {
		if name == "" {
			continue
		}
		p, err := abs(name)
		if err != nil {
			return nil, err
		}
		ch.status[p] = 'A'
	}
	return ch, nil
}

// parseFileDiff reads the new-side line ranges that a zero-context diff
// of one file adds or changes. The lines before the first hunk are the
// header (git writes them, with the file's name quoted); each hunk header
// "@@ -a,b +c,d @@" is followed by exactly b removed and d added lines
// (and "\ No newline" markers), which are skipped by count: their text is
// never looked at.
func parseFileDiff(diff []byte) ([]lineRange, error) {
	var out []lineRange
	inHunks := false
	removed, added := 0, 0
	for len(diff) > 0 {
		var line []byte
		if i := bytes.IndexByte(diff, '\n'); i >= 0 {
			line, diff = diff[:i], diff[i+1:]
		} else {
			line, diff = diff, nil
		}
		switch {
		case removed > 0 && len(line) > 0 && line[0] == '-':
			removed--
		case removed == 0 && added > 0 && len(line) > 0 && line[0] == '+':
			added--
		case inHunks && len(line) > 0 && line[0] == '\\':
			// "\ No newline at end of file"
		case removed == 0 && added == 0 && bytes.HasPrefix(line, []byte("@@ ")):
			oldCount, start, count, err := hunkHeader(string(line))
			if err != nil {
				return nil, err
			}
			inHunks, removed, added = true, oldCount, count
			if count > 0 {
				out = append(out, lineRange{start, start + count - 1})
			}
		case inHunks:
			return nil, fmt.Errorf("a hunk holds more or fewer lines than its header says (at %q)", lint.Printable(string(line[:min(len(line), 40)])))
		}
	}
	if removed > 0 || added > 0 {
		return nil, errors.New("the diff ends inside a hunk")
	}
	return out, nil
}

// hunkNewRange reads the new side of a hunk header, "@@ -a,b +c,d @@":
// the first line c and the count d (1 when left out).
func hunkNewRange(header string) (start, count int, err error) {
	_, start, count, err = hunkHeader(header)
	return start, count, err
}

// hunkHeader reads a hunk header "@@ -a,b +c,d @@ ...": the old count b,
// the new first line c and the new count d (a count left out is 1).
// Anything after the closing "@@" (git's function context, text of the
// file) is not read.
func hunkHeader(header string) (oldCount, start, count int, err error) {
	bad := fmt.Errorf("hunk header %q", lint.Printable(header[:min(len(header), 60)]))
	rest, ok := strings.CutPrefix(header, "@@ -")
	if !ok {
		return 0, 0, 0, bad
	}
	oldSide, rest, ok := strings.Cut(rest, " +")
	if !ok {
		return 0, 0, 0, bad
	}
	newSide, _, ok := strings.Cut(rest, " @@")
	if !ok {
		return 0, 0, 0, bad
	}
	if _, oldCount, err = hunkSide(oldSide); err != nil {
		return 0, 0, 0, bad
	}
	if start, count, err = hunkSide(newSide); err != nil {
		return 0, 0, 0, bad
	}
	return oldCount, start, count, nil
}

// hunkSide reads "first[,count]" of decimal digits; the count is 1 when
// left out. Lines and counts are bounded so that an end never overflows.
func hunkSide(s string) (first, count int, err error) {
	f, n, found := strings.Cut(s, ",")
	num := func(s string) (int, error) {
		if s == "" || strings.TrimLeft(s, "0123456789") != "" || len(s) > 10 {
			return 0, errors.New("not a number")
		}
		return strconv.Atoi(s)
	}
	if first, err = num(f); err != nil {
		return 0, 0, err
	}
	count = 1
	if found {
		if count, err = num(n); err != nil {
			return 0, 0, err
		}
	}
	return first, count, nil
}

// resolvePath makes a path absolute with its symlinks resolved, so that a
// diagnostic's path as given and git's paths compare; a path that cannot
// be resolved (a file deleted since) keeps its directory resolved, or
// stays as filepath.Abs gives it.
func resolvePath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// crossFile reports whether a finding of rule may be caused by a change
// to another file than the one it is reported in: a project rule reads
// every file of its engine (the BPMN engine's join of the models and the
// index graph, the Go engine's packages), and TMR0004 is reported on the
// graph line that names a model file which is gone.
func crossFile(rule *lint.Rule) bool {
	return rule != nil && (rule.Kind == lint.KindProject || rule.ID == join.RuleModelMissing)
}

// filterNew drops the findings on lines that did not change, keeping
//   - a finding in a file added (or untracked), retyped or unmerged since
//     the revision, and one about a whole file (no line) that changed;
//   - a finding whose lines overlap the lines a modified file adds or
//     changes;
//   - a finding with no file;
//   - a finding that another file's change can cause (crossFile): when
//     any file of its engine that the run read changed, or a file of a
//     kind its engine reads was deleted, since the revision. Deleting a
//     lift from the graph, or the model a graph names, breaks the join on
//     lines that did not change.
//
// It counts the files reported as before (the summary still says how much
// was checked), and the findings it hid in c.hidden.
func (c *changedLines) filterNew(rep *lint.Report, rules []*lint.Rule, engines []*project.Engine) error {
	keep := c.keeper(rep.Project, rules, engines)
	kept := rep.Diagnostics[:0]
	for _, d := range rep.Diagnostics {
		ok, err := keep(d)
		if err != nil {
			return err
		}
		if ok {
			kept = append(kept, d)
		}
	}
	rep.Diagnostics = kept
	return nil
}

// keeper is filterNew a finding at a time, for the findings of the project
// proj (nil for none): each modified file that holds a finding is diffed
// when its first finding comes.
func (c *changedLines) keeper(proj *lint.Project, rules []*lint.Rule, engines []*project.Engine) func(lint.Diagnostic) (bool, error) {
	cache := map[string]string{}
	resolved := func(f string) string {
		r, ok := cache[f]
		if !ok {
			r = resolvePath(f)
			cache[f] = r
		}
		return r
	}
	engineOf := map[string]string{}
	for _, e := range engines {
		for _, k := range e.Kinds {
			if _, ok := engineOf[k.Name]; !ok {
				engineOf[k.Name] = e.Name
			}
		}
	}
	touched := map[string]bool{}
	if proj != nil {
		for _, f := range proj.Files {
			if c.status[resolved(f.Path)] != 0 {
				touched[engineOf[f.Kind]] = true
			}
		}
	}
	for p, st := range c.status {
		if st != 'D' {
			continue
		}
		for _, e := range engines {
			for _, k := range e.Kinds {
				if k.Match != nil && k.Match(p) {
					touched[e.Name] = true
				}
			}
		}
	}
	byID := map[string]*lint.Rule{}
	for _, r := range rules {
		byID[r.ID] = r
	}

	// A core rule (TMR0004) belongs to no engine: its finding is the
	// engine's whose file it is reported in.
	engineOfFile := func(d lint.Diagnostic, rule *lint.Rule) string {
		if rule.Engine != "" || proj == nil {
			return rule.Engine
		}
		if f := proj.File(d.File); f != nil {
			return engineOf[f.Kind]
		}
		return ""
	}
	// The modified files that hold a finding are diffed one by one.
	diff := func(d lint.Diagnostic) error {
		if d.File == "" {
			return nil
		}
		f := resolved(d.File)
		if _, done := c.lines[f]; done || c.status[f] != 'M' {
			return nil
		}
		rel, err := filepath.Rel(c.root, f)
		if err != nil {
			return err
		}
		diff, err := c.diffFile(filepath.ToSlash(rel))
		if err != nil {
			return fmt.Errorf("--new-from-rev %s: %w", lint.Printable(c.rev), err)
		}
		ranges, err := parseFileDiff(diff)
		if err != nil {
			return fmt.Errorf("--new-from-rev %s: reading git diff of %s: %w", lint.Printable(c.rev), lint.Printable(rel), err)
		}
		c.lines[f] = ranges
		return nil
	}
	c.hidden = 0
	return func(d lint.Diagnostic) (bool, error) {
		if err := diff(d); err != nil {
			return false, err
		}
		rule := byID[d.Rule]
		switch {
		case c.keep(d, resolved):
		case crossFile(rule) && touched[engineOfFile(d, rule)]:
		default:
			c.hidden++
			return false, nil
		}
		return true, nil
	}
}

// keep reports whether a finding touches a changed line of its own file.
func (c *changedLines) keep(d lint.Diagnostic, resolved func(string) string) bool {
	if d.File == "" {
		return true
	}
	file := resolved(d.File)
	switch c.status[file] {
	case 0:
		return false
	case 'M':
	default:
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

// note is the line stderr gets when findings were hidden, "" when none
// was.
func (c *changedLines) note() string {
	if c.hidden == 0 {
		return ""
	}
	return fmt.Sprintf("--new-from-rev %s: %s hidden, on lines that did not change since %s (run without --new-from-rev to see them)",
		lint.Printable(c.rev), plural(c.hidden, "finding", "findings"), lint.Printable(c.rev))
}
