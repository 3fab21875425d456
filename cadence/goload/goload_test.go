package goload

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadExample loads examples/cadence in-process: every package's
// files, the findings of every rule at their calls, the cron literals.
func TestLoadExample(t *testing.T) {
	root, err := filepath.Abs("../../examples/cadence")
	if err != nil {
		t.Fatal(err)
	}
	rep := Load(root, []string{"./..."})
	if len(rep.Files) != 8 {
		t.Errorf("%d files, want 8", len(rep.Files))
	}
	rules := map[string]int{}
	for _, f := range rep.Findings {
		rules[f.Rule]++
		if !strings.HasPrefix(f.At.File, root) || f.At.Line < 1 || f.At.End < f.At.Offset {
			t.Errorf("%s: bad place %+v", f.Rule, f.At)
		}
	}
	for _, id := range []string{"TMR8001", "TMR8002", "TMR8003", "TMR8004", "TMR8005", "TMR8006", "TMR8007", "TMR8008", "TMR8010", "TMR8011", "TMR8012"} {
		if rules[id] == 0 {
			t.Errorf("no %s finding", id)
		}
	}
	if rules["TMR8001"] != 2 || rules["TMR8000"] != 0 {
		t.Errorf("findings by rule %v", rules)
	}
	if len(rep.Crons) != 4 || rep.Crons[0].Spec != "0 9 * * 1-5" {
		t.Errorf("crons %+v", rep.Crons)
	}
}

// TestOwnCronField: a CronSchedule field of the program's own struct is
// no timer and no schedule; only the SDKs' options are.
func TestOwnCronField(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		"go.mod": "module example.com/own\n\ngo 1.22\n",
		"own.go": "package own\n\ntype Job struct{ CronSchedule string }\n\nvar Nightly = Job{CronSchedule: \"0 0 30 2 *\"}\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep := Load(root, []string{"./..."})
	if len(rep.Files) != 1 || rep.Files[0].Timers != 0 || len(rep.Crons) != 0 || len(rep.Findings) != 0 {
		t.Errorf("files %+v, crons %+v, findings %+v; want one file with no timer, no cron, no finding", rep.Files, rep.Crons, rep.Findings)
	}
}

// BenchmarkLoadExample measures loading and analyzing examples/cadence
// (go list, parsing and type-checking the module and its dependencies,
// the analyzers).
func BenchmarkLoadExample(b *testing.B) {
	root, err := filepath.Abs("../../examples/cadence")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if rep := Load(root, []string{"./..."}); len(rep.Findings) == 0 {
			b.Fatal("no findings")
		}
	}
}
