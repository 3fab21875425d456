package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// initCost is one line of GODEBUG=inittrace=1: what a package's
// initialisation allocated before main ran.
type initCost struct {
	pkg           string
	bytes, allocs int
}

// parseInitTrace reads the "init PKG @T ms, C ms clock, B bytes, A allocs"
// lines of GODEBUG=inittrace=1 output and skips every other line.
func parseInitTrace(out []byte) ([]initCost, error) {
	var costs []initCost
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," || f[10] != "allocs" {
			continue
		}
		b, err := strconv.Atoi(f[7])
		if err != nil {
			return nil, fmt.Errorf("inittrace line %q: bytes: %w", sc.Text(), err)
		}
		a, err := strconv.Atoi(f[9])
		if err != nil {
			return nil, fmt.Errorf("inittrace line %q: allocs: %w", sc.Text(), err)
		}
		costs = append(costs, initCost{pkg: f[1], bytes: b, allocs: a})
	}
	return costs, sc.Err()
}

func TestParseInitTrace(t *testing.T) {
	out := []byte("init internal/bytealg @0.006 ms, 0 ms clock, 0 bytes, 0 allocs\n" +
		"seams-timers (devel)\n" +
		"init github.com/knakk/rdf @2.4 ms, 0.14 ms clock, 90440 bytes, 73 allocs\n")
	got, err := parseInitTrace(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []initCost{{"internal/bytealg", 0, 0}, {"github.com/knakk/rdf", 90440, 73}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("parseInitTrace = %v, want %v", got, want)
	}
	if _, err := parseInitTrace([]byte("init x @1 ms, 1 ms clock, many bytes, 1 allocs\n")); err == nil {
		t.Fatal("parseInitTrace accepted a line whose byte count is not a number")
	}
}

// The start-up budgets, in bytes and allocations as inittrace reports them
// (not time, so that the test does not depend on the machine's load).
const (
	// ownInitBytes and ownInitAllocs bound each of the module's own
	// packages: their regexps and tables are built on first use
	// (sync.OnceValue) or are switches, so what is left is small literals
	// (the largest, bpmn/rules, 3 KB in 22 allocations: its rule list, two
	// docs, its engine's tables and its config section declared as data,
	// lint.Field values whose defaults and checks are boxed at start-up).
	ownInitBytes  = 3 << 10
	ownInitAllocs = 24
	// anyInitBytes bounds any one package, third-party and standard
	// library included (knakk/rdf's Unicode NCName regexp, for the RDF/XML
	// reader the graph package does not use, is the largest: about 90 KB).
	anyInitBytes = 128 << 10
	// totalInitBytes bounds the whole start-up (176 KB, half of it
	// knakk/rdf's regexp).
	totalInitBytes = 192 << 10
)

// unneededInit bounds the packages that `check` of one BPMN model does not
// use, by what their own unavoidable package-level state costs (a number of
// bytes; -1: the package must not be linked into seams-timers at all). A
// package of this module that built a YAML document, a diff, a JSON schema
// or an LSP connection at start-up would show in its own line and fail the
// own-package budget; these lines catch the dependencies themselves.
var unneededInit = map[string]int{
	// The JSON schemas are for tests and editors, never for a run.
	"github.com/santhosh-tekuri/jsonschema/v6": -1,
	// Go analysis lives in seams-timers-go.
	"golang.org/x/tools/go/packages": -1,
	"golang.org/x/tools/go/analysis": -1,
	"go/types":                       -1,
	// The language server's transport: no package-level state.
	"github.com/sourcegraph/jsonrpc2": 512,
	// --fix --diff: go-udiff compiles one small regexp at init.
	"github.com/aymanbagabas/go-udiff": 4 << 10,
	// The config file (no config: none read): yaml's resolve tables and
	// two regexps, which it builds at init.
	"go.yaml.in/yaml/v3": 32 << 10,
	// The simulator's scenario schema and the Workflow Engine's cultures
	// and details are built on first use: nothing of them at start-up.
	"github.com/seams/seams-timers/bpmn/sim": 128,
	// wfe/value's DateTime.Parse patterns and month names are built on
	// first use (sync.Once); what is left is its unit table (144 bytes).
	// wfe/rules declares its config section as data (1.5 KB).
	"github.com/seams/seams-timers/wfe/value": 256,
	"github.com/seams/seams-timers/wfe/rules": 2 << 10,
	// The Stateflows engine's lookups are switches; what is left is its
	// page style and config section (lint's and project's maps).
	"github.com/seams/seams-timers/stateflows/rules": 640,
}

// usedInit bounds packages that a check of one BPMN model does use, whose
// tables are switches or built on first use: the parser's and the time
// expressions' (their regexps replaced by matchers, their maps by
// switches).
var usedInit = map[string]int{
	"github.com/seams/seams-timers/bpmn":          256,
	"github.com/seams/seams-timers/bpmn/timeexpr": 0,
}

// buildBinary builds seams-timers into a temporary directory as the
// README and the release build it (static, CGO_ENABLED=0) and returns its
// path.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "seams-timers")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestInitTrace runs the built binary with GODEBUG=inittrace=1 and holds
// every package's start-up to the budgets above.
func TestInitTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	model := filepath.Join(t.TempDir(), "one.bpmn")
	src := `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <process id="p">
    <startEvent id="s"><timerEventDefinition id="t"><timeDuration>"PT1H"</timeDuration></timerEventDefinition></startEvent>
  </process>
</definitions>
`
	if err := os.WriteFile(model, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check", "-q", "--no-config", model)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() > 1 {
			t.Fatalf("check: %v\n%s", err, stderr.Bytes())
		}
	}
	costs, err := parseInitTrace(stderr.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	const own = "github.com/seams/seams-timers/"
	total, ownSeen := 0, 0
	for _, c := range costs {
		total += c.bytes
		if strings.HasPrefix(c.pkg, own) {
			ownSeen++
			if c.bytes > ownInitBytes || c.allocs > ownInitAllocs {
				t.Errorf("%s initialises %d bytes in %d allocations at start-up, over %d bytes or %d allocations: build its regexps and tables on first use (sync.OnceValue)",
					c.pkg, c.bytes, c.allocs, ownInitBytes, ownInitAllocs)
			}
		}
		if c.bytes > anyInitBytes {
			t.Errorf("%s initialises %d bytes at start-up, over %d", c.pkg, c.bytes, anyInitBytes)
		}
		if budget, ok := usedInit[c.pkg]; ok && c.bytes > budget {
			t.Errorf("%s initialises %d bytes at start-up, over its %d: build its tables on first use, or make them switches", c.pkg, c.bytes, budget)
		}
		if budget, ok := unneededInit[c.pkg]; ok {
			if budget < 0 {
				t.Errorf("%s is linked into seams-timers (it initialises %d bytes); a check does not need it", c.pkg, c.bytes)
			} else if c.bytes > budget {
				t.Errorf("%s initialises %d bytes at start-up, over its %d: a check of one model does not use it", c.pkg, c.bytes, budget)
			}
		}
	}
	if ownSeen == 0 {
		t.Fatalf("no init line of the module's own packages in the inittrace output:\n%s", stderr.Bytes())
	}
	if total > totalInitBytes {
		t.Errorf("start-up initialises %d bytes in all, over %d", total, totalInitBytes)
	}
}
