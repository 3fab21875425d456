package lint

import (
	"fmt"
	"slices"
	"strings"
)

// StarterConfig is the commented .seams-timers.yaml that `config init`
// writes: every key the spec declares (the core's and each engine's
// sections), each with its doc and its default or example, written out
// from the same declaration as the parser and the schema. Only extends
// is set; every other key is a comment to uncomment, so the file loads
// clean and changes nothing until edited. With set, every key is set
// instead (the tests hold that form to the parser too).
func StarterConfig(spec ConfigSpec, set bool) []byte {
	var b strings.Builder
	b.WriteString("# seams-timers configuration: the nearest " + ConfigFileName + " at or above the directory\n" +
		"# holding every path checked governs a run. Check it with `seams-timers config validate`;\n" +
		"# its JSON Schema, for editors: `seams-timers config validate --print-schema`.\n" +
		"# Every key but extends is commented out: uncomment what you need.\n")
	for _, f := range spec.Fields() {
		b.WriteString("\n")
		starterField(&b, f, 0, set || f.Key == "extends")
	}
	return []byte(b.String())
}

// starterField writes one key, its doc first, at the indentation given.
func starterField(b *strings.Builder, f *Field, indent int, set bool) {
	pad := strings.Repeat(" ", indent)
	comment := "# "
	if set {
		comment = ""
	}
	docPrefix := comment + pad + "# "
	if indent == 0 {
		docPrefix = "# "
	}
	for _, line := range wrap(f.Doc, 96-indent) {
		b.WriteString(docPrefix + line + "\n")
	}
	switch f.Type {
	case TypeSection:
		b.WriteString(comment + pad + f.Key + ":\n")
		for _, sub := range f.Fields {
			starterField(b, sub, indent+2, set)
		}
		return
	case TypeSectionMap:
		b.WriteString(comment + pad + f.Key + ":\n")
		b.WriteString(comment + pad + "  default:\n")
		for _, sub := range f.Fields {
			starterField(b, sub, indent+4, set)
		}
		return
	}
	v := f.Default
	if v == nil {
		v = f.Example
	}
	b.WriteString(comment + pad + f.Key + ": " + flowYAML(v) + "\n")
}

// flowYAML writes a Default or Example as flow YAML.
func flowYAML(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if plainScalar(x) {
			return x
		}
		return fmt.Sprintf("%q", x)
	case []string:
		q := make([]string, len(x))
		for i, s := range x {
			q[i] = flowYAML(s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	case map[string]string:
		m := make(map[string]any, len(x))
		for k, s := range x {
			m[k] = s
		}
		return flowYAML(m)
	case map[string]any:
		var kv []string
		for k, s := range x {
			kv = append(kv, flowYAML(k)+": "+flowYAML(s))
		}
		slices.Sort(kv)
		return "{" + strings.Join(kv, ", ") + "}"
	case []map[string]any:
		items := make([]string, len(x))
		for i, m := range x {
			items[i] = flowYAML(m)
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	return fmt.Sprintf("%q", fmt.Sprint(v))
}

// plainScalar reports whether a string can be written unquoted and read
// back as the same string by YAML 1.1 and 1.2 alike: a word that is no
// boolean or null.
func plainScalar(s string) bool {
	if s == "" || !letter(s[0]) {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "y", "n", "null":
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !letter(c) && !strings.ContainsRune("0123456789-_./", rune(c)) {
			return false
		}
	}
	return true
}

// letter reports whether c is an ASCII letter.
func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
