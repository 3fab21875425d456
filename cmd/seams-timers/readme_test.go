package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// consoleCommand is one `$ seams-timers ...` line of a README console
// block and the output printed under it.
type consoleCommand struct {
	line   int
	args   []string
	redir  bool // the README sends stdout elsewhere (> FILE)
	output []string
}

// readmeCommands reads the console blocks of a Markdown file. A command
// starts with "$ " and goes on over lines that end with a backslash; the
// lines up to the next command or the end of the block are its output, in
// which a line "..." stands for any number of lines.
func readmeCommands(t *testing.T, md string) []consoleCommand {
	t.Helper()
	var cmds []consoleCommand
	in := false
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case !in && strings.HasPrefix(l, "```console"):
			in = true
		case in && strings.HasPrefix(l, "```"):
			in = false
		case in && strings.HasPrefix(l, "$ "):
			start := i + 1
			cmdline := strings.TrimPrefix(l, "$ ")
			for strings.HasSuffix(cmdline, `\`) && i+1 < len(lines) {
				i++
				cmdline = strings.TrimSuffix(cmdline, `\`) + " " + strings.TrimSpace(lines[i])
			}
			args, err := shellWords(cmdline)
			if err != nil {
				t.Fatalf("README.md:%d: %v", start, err)
			}
			c := consoleCommand{line: start}
			for j := 0; j < len(args); j++ {
				if args[j] == ">" {
					c.redir = true
					j++
					continue
				}
				c.args = append(c.args, args[j])
			}
			cmds = append(cmds, c)
		case in:
			if len(cmds) == 0 {
				t.Fatalf("README.md:%d: output before any command", i+1)
			}
			c := &cmds[len(cmds)-1]
			c.output = append(c.output, l)
		}
	}
	return cmds
}

// shellWords splits a command line as a POSIX shell does for the quoting
// the README uses: blanks, single quotes and double quotes.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed %c in %q", c, s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// matchOutput compares output lines with the README's, where "..." stands
// for any number of lines. It returns the first line that differs, or "".
func matchOutput(got, want []string) string {
	if len(want) == 0 {
		if len(got) == 0 {
			return ""
		}
		return fmt.Sprintf("unexpected output %q", got[0])
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchOutput(got[k:], want[1:]) == "" {
				return ""
			}
		}
		return fmt.Sprintf("no place for the lines after ...: %q", want[1:])
	}
	if len(got) == 0 {
		return fmt.Sprintf("missing %q", want[0])
	}
	if got[0] != want[0] {
		return fmt.Sprintf("got  %q\nwant %q", got[0], want[0])
	}
	return matchOutput(got[1:], want[1:])
}

// TestREADMEConsoleBlocks runs every command of the README's console
// blocks from the repository root, as a terminal user would (stdout a
// terminal, NO_COLOR set), and compares what it prints on stdout and
// stderr, in order, with the lines the README shows under it.
func TestREADMEConsoleBlocks(t *testing.T) {
	md, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeCommands(t, string(md))
	if len(cmds) < 8 {
		t.Fatalf("found %d console commands in README.md; the parser missed some", len(cmds))
	}
	t.Chdir("../..")
	t.Setenv("NO_COLOR", "1")
	for _, c := range cmds {
		t.Run(fmt.Sprintf("line%d", c.line), func(t *testing.T) {
			if len(c.args) == 0 || c.args[0] != "seams-timers" {
				t.Fatalf("README.md:%d: a console command runs seams-timers, not %q", c.line, c.args)
			}
			// One buffer for both streams keeps their lines in the order
			// a terminal shows them.
			var term, errOut bytes.Buffer
			s := &streams{In: strings.NewReader(""), Out: &term, Err: &term, OutTTY: true}
			if c.redir {
				s.Err, s.OutTTY = &errOut, false
			}
			code := run(c.args[1:], s)
			if c.redir {
				if code != 0 || term.Len() == 0 || len(c.output) != 0 {
					t.Errorf("README.md:%d: %v > FILE: exit %d, %d bytes, stderr %q", c.line, c.args, code, term.Len(), errOut.String())
				}
				return
			}
			got := strings.Split(strings.TrimSuffix(term.String(), "\n"), "\n")
			if term.Len() == 0 {
				got = nil
			}
			if diff := matchOutput(got, c.output); diff != "" {
				t.Errorf("README.md:%d: %s\n%s", c.line, strings.Join(c.args, " "), diff)
			}
		})
	}
}

func TestMatchOutput(t *testing.T) {
	for _, c := range []struct {
		got, want []string
		ok        bool
	}{
		{[]string{"a", "b", "c"}, []string{"a", "...", "c"}, true},
		{[]string{"a", "b", "c"}, []string{"a", "..."}, true},
		{[]string{"a"}, []string{"a", "...", "c"}, false},
		{[]string{"a", "x"}, []string{"a"}, false},
		{nil, []string{"a"}, false},
	} {
		if ok := matchOutput(c.got, c.want) == ""; ok != c.ok {
			t.Errorf("matchOutput(%q, %q) ok = %v", c.got, c.want, ok)
		}
	}
	words, err := shellWords(`seams-timers next 'R/2026 x' -n "3 4" a`)
	if err != nil || strings.Join(words, "|") != "seams-timers|next|R/2026 x|-n|3 4|a" {
		t.Errorf("shellWords = %q, %v", words, err)
	}
}
