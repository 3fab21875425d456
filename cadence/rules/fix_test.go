package rules

import (
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestFinishFix(t *testing.T) {
	for _, c := range []struct {
		name, old, fixed, want string
	}{{
		name: "the last use of time goes, and its import with it",
		old: `package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

func W(ctx workflow.Context) error {
	time.Sleep(wait)
	time.Sleep(wait)
	return nil
}
`,
		fixed: `package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

func W(ctx workflow.Context) error {
	if err := workflow.Sleep(ctx, wait); err != nil {
		return err
	}
	if err := workflow.Sleep(ctx, wait); err != nil {
		return err
	}
	return nil
}
`,
		want: `package wf

import (
	"go.temporal.io/sdk/workflow"
)

func W(ctx workflow.Context) error {
	if err := workflow.Sleep(ctx, wait); err != nil {
		return err
	}
	if err := workflow.Sleep(ctx, wait); err != nil {
		return err
	}
	return nil
}
`,
	}, {
		name: "a named import in the middle of a group, with its comment; a trailing comment realigned",
		old: `package wf

import (
	"fmt"
	tm "time" // the clock

	"go.uber.org/cadence/workflow"
)

func W(ctx workflow.Context) (tm2 int, err error) {
	a := 1       // one
	_ = tm.Now() // two
	fmt.Println(a)
	return 0, nil
}
`,
		fixed: `package wf

import (
	"fmt"
	tm "time" // the clock

	"go.uber.org/cadence/workflow"
)

func W(ctx workflow.Context) (tm2 int, err error) {
	a := 1       // one
	_ = workflow.Now(ctx) // two
	fmt.Println(a)
	return 0, nil
}
`,
		want: `package wf

import (
	"fmt"

	"go.uber.org/cadence/workflow"
)

func W(ctx workflow.Context) (tm2 int, err error) {
	a := 1                // one
	_ = workflow.Now(ctx) // two
	fmt.Println(a)
	return 0, nil
}
`,
	}, {
		name: "a lone import declaration goes whole",
		old: `package wf

import "time"

import "go.temporal.io/sdk/workflow"

func W(ctx workflow.Context) { _ = time.Now() }
`,
		fixed: `package wf

import "time"

import "go.temporal.io/sdk/workflow"

func W(ctx workflow.Context) { _ = workflow.Now(ctx) }
`,
		want: `package wf

import "go.temporal.io/sdk/workflow"

func W(ctx workflow.Context) { _ = workflow.Now(ctx) }
`,
	}, {
		name: "time still used: kept",
		old: `package wf

import "time"

var d = time.Second

func f() { time.Sleep(d) }
`,
		fixed: `package wf

import "time"

var d = time.Second

func f() { g() }
`,
		want: `package wf

import "time"

var d = time.Second

func f() { g() }
`,
	}, {
		name: "a file gofmt had not formatted keeps its layout",
		old: `package wf
import ( "time"
 "go.temporal.io/sdk/workflow" )
func W(ctx workflow.Context) error {
      time.Sleep(d)
      return nil }
`,
		fixed: `package wf
import ( "time"
 "go.temporal.io/sdk/workflow" )
func W(ctx workflow.Context) error {
      if err := workflow.Sleep(ctx, d); err != nil {
      	return err
      }
      return nil }
`,
		// The import shares its line with the group's parenthesis: it
		// is kept (the go command then reports it), and nothing else
		// moves.
		want: `package wf
import ( "time"
 "go.temporal.io/sdk/workflow" )
func W(ctx workflow.Context) error {
      if err := workflow.Sleep(ctx, d); err != nil {
      	return err
      }
      return nil }
`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			got, err := FinishFix([]byte(c.old), []byte(c.fixed))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			if formatted, err := format.Source([]byte(c.old)); err == nil && string(formatted) == c.old {
				if f, _ := format.Source(got); string(f) != string(got) {
					t.Errorf("the result of a gofmt'd file is not gofmt'd:\n%s", got)
				}
			}
		})
	}
}

func TestFinishFixRefusesBrokenCode(t *testing.T) {
	_, err := FinishFix([]byte("package x\n"), []byte("package x\nfunc {\n"))
	if err == nil || !strings.Contains(err.Error(), "does not parse") {
		t.Fatalf("err = %v", err)
	}
}

func TestImportName(t *testing.T) {
	for src, want := range map[string]string{
		`"time"`:                         "time",
		`tm "time"`:                      "tm",
		`_ "embed"`:                      "",
		`. "fmt"`:                        "",
		`"go.temporal.io/sdk/workflow"`:  "workflow",
		`"github.com/robfig/cron/v3"`:    "cron",
		`"gopkg.in/yaml.v3"`:             "yaml",
		`"github.com/foo/go-bar"`:        "",
		`"k8s.io/apimachinery/pkg/util"`: "util",
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\nimport "+src+"\n", parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		if got := importName(f.Imports[0]); got != want {
			t.Errorf("importName(%s) = %q, want %q", src, got, want)
		}
	}
}

// FuzzFinishFix: whatever the two versions of a file, FinishFix returns
// an error or a file that parses, and never panics.
func FuzzFinishFix(f *testing.F) {
	f.Add("package p\n\nimport \"time\"\n\nfunc f() { time.Sleep(1) }\n", "package p\n\nimport \"time\"\n\nfunc f() { g(1) }\n")
	f.Add("package p\nimport (\n\t\"time\" // c\n)\nvar _ = time.Now\n", "package p\nimport (\n\t\"time\" // c\n)\nvar _ = 1\n")
	f.Add("package p\nimport tm \"time\"; var _ = tm.Now\n", "package p\nimport tm \"time\"; var _ = 2\n")
	f.Add("package p\n", "package p\nfunc {")
	f.Fuzz(func(t *testing.T, old, fixed string) {
		out, err := FinishFix([]byte(old), []byte(fixed))
		if err != nil {
			return
		}
		if _, perr := parser.ParseFile(token.NewFileSet(), "out.go", out, parser.SkipObjectResolution); perr != nil {
			// Removing an import never breaks parsing: what went in
			// parsed.
			t.Errorf("FinishFix made a file that does not parse (%v):\n%s\nfrom\n%s", perr, out, fixed)
		}
	})
}
