package actionrun

import (
	"fmt"
	"strings"
	"unicode"
)

// context holds what expressions read.
type context struct {
	inputs map[string]string
	steps  map[string]map[string]string
	github map[string]string
	runner map[string]string
	failed bool
}

// interpolate replaces every ${{ expr }} in s with the expression's value.
func (c *context) interpolate(s string) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return "", fmt.Errorf("%q: ${{ is not closed", s)
		}
		b.WriteString(s[:i])
		v, err := c.eval(s[i+3 : i+j])
		if err != nil {
			return "", err
		}
		b.WriteString(v.String())
		s = s[i+j+2:]
	}
}

// truth evaluates a condition.
func (c *context) truth(expr string) (bool, error) {
	v, err := c.eval(expr)
	if err != nil {
		return false, err
	}
	return v.truthy(), nil
}

// value is an expression's value: a string, or a boolean.
type value struct {
	s      string
	isBool bool
	b      bool
}

func (v value) String() string {
	if v.isBool {
		if v.b {
			return "true"
		}
		return "false"
	}
	return v.s
}

func (v value) truthy() bool {
	if v.isBool {
		return v.b
	}
	return v.s != ""
}

func boolean(b bool) value { return value{isBool: true, b: b} }

// eval parses and evaluates one expression.
func (c *context) eval(expr string) (value, error) {
	p := &parser{c: c, toks: tokenize(expr)}
	v, err := p.or()
	if err != nil {
		return value{}, fmt.Errorf("%q: %w", strings.TrimSpace(expr), err)
	}
	if p.i != len(p.toks) {
		return value{}, fmt.Errorf("%q: unexpected %q", strings.TrimSpace(expr), p.toks[p.i])
	}
	return v, nil
}

func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		r := rune(s[i])
		switch {
		case unicode.IsSpace(r):
			i++
		case strings.HasPrefix(s[i:], "==") || strings.HasPrefix(s[i:], "!=") ||
			strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||"):
			toks = append(toks, s[i:i+2])
			i += 2
		case strings.ContainsRune("()!", r):
			toks = append(toks, string(r))
			i++
		case r == '\'':
			j := i + 1
			for j < len(s) && (s[j] != '\'' || j+1 < len(s) && s[j+1] == '\'') {
				if s[j] == '\'' {
					j++
				}
				j++
			}
			toks = append(toks, s[i:min(j+1, len(s))])
			i = j + 1
		default:
			j := i
			for j < len(s) && (unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j])) || strings.ContainsRune("._-", rune(s[j]))) {
				j++
			}
			if j == i {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}

type parser struct {
	c    *context
	toks []string
	i    int
}

func (p *parser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *parser) or() (value, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.i++
		var r value
		if r, err = p.and(); v.truthy() {
			continue
		}
		v = r
	}
	return v, err
}

func (p *parser) and() (value, error) {
	v, err := p.cmp()
	for err == nil && p.peek() == "&&" {
		p.i++
		var r value
		if r, err = p.cmp(); !v.truthy() {
			continue
		}
		v = r
	}
	return v, err
}

func (p *parser) cmp() (value, error) {
	l, err := p.unary()
	if err != nil {
		return l, err
	}
	if op := p.peek(); op == "==" || op == "!=" {
		p.i++
		r, err := p.unary()
		if err != nil {
			return l, err
		}
		// The runner compares strings without regard to case.
		eq := strings.EqualFold(l.String(), r.String())
		return boolean(eq == (op == "==")), nil
	}
	return l, nil
}

func (p *parser) unary() (value, error) {
	if p.peek() == "!" {
		p.i++
		v, err := p.unary()
		return boolean(!v.truthy()), err
	}
	return p.primary()
}

func (p *parser) primary() (value, error) {
	t := p.peek()
	if t == "" {
		return value{}, fmt.Errorf("unexpected end")
	}
	p.i++
	switch {
	case t == "(":
		v, err := p.or()
		if err != nil {
			return v, err
		}
		if p.peek() != ")" {
			return v, fmt.Errorf("want )")
		}
		p.i++
		return v, nil
	case strings.HasPrefix(t, "'"):
		if len(t) < 2 || !strings.HasSuffix(t, "'") {
			return value{}, fmt.Errorf("string %s is not closed", t)
		}
		return value{s: strings.ReplaceAll(t[1:len(t)-1], "''", "'")}, nil
	case t == "true" || t == "false":
		return boolean(t == "true"), nil
	}
	if p.peek() == "(" {
		p.i++
		if p.peek() != ")" {
			return value{}, fmt.Errorf("%s(): only the status functions, without arguments, are known here", t)
		}
		p.i++
		switch t {
		case "success":
			return boolean(!p.c.failed), nil
		case "failure":
			return boolean(p.c.failed), nil
		case "always":
			return boolean(true), nil
		case "cancelled":
			return boolean(false), nil
		}
		return value{}, fmt.Errorf("unknown function %s()", t)
	}
	return p.c.lookup(t)
}

// lookup reads a context property such as inputs.paths or
// steps.check.outputs.exit. A property the context lacks is the empty
// string, as on the runner; an unknown context is an error.
func (c *context) lookup(path string) (value, error) {
	parts := strings.Split(path, ".")
	get := func(m map[string]string, key string) value { return value{s: m[key]} }
	switch {
	case parts[0] == "inputs" && len(parts) == 2:
		if _, ok := c.inputs[parts[1]]; !ok {
			return value{}, fmt.Errorf("no input %q", parts[1])
		}
		return get(c.inputs, parts[1]), nil
	case parts[0] == "steps" && len(parts) == 4 && parts[2] == "outputs":
		return get(c.steps[parts[1]], parts[3]), nil
	case parts[0] == "github" && len(parts) == 2:
		return get(c.github, parts[1]), nil
	case parts[0] == "runner" && len(parts) == 2:
		return get(c.runner, parts[1]), nil
	}
	return value{}, fmt.Errorf("unknown context %q", path)
}
