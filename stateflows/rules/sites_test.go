package rules

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/stateflows/csharp"
)

func find(src string) *File { return Find("m.cs", csharp.Lex([]byte(src))) }

func TestFindSites(t *testing.T) {
	f := find(`namespace N {
public class Machine : IStateMachine {
  public void Build(IStateMachineBuilder b) => b
    .AddInitialState("A", s => s
      .AddTransition<AfterOneMinute, Effect<List<Dictionary<string, int>>>, Target>()
      .AddInternalTransition<Stateflows.Common.EveryOneMinute>(t => t)
      .AddElseTransition<global::Stateflows.Common.AfterOneHour>("B")
      .AddDefaultTransition<Target>()
      .AddAcceptEventAction<AfterOneDay>(async c => { }, n => n.AddControlFlow<FinalNode>())
      .AddTimeEventAction<EveryOneDay>(c => c)
      .AddTransition<Func<int>>(x => x));
  bool less = a < b && c > d; // not type arguments
  void M() { Add<AfterOneDay>(); AddTransition < AfterOneDay > x; }
}
}`)
	var got []string
	for _, s := range f.Sites {
		got = append(got, s.Method+"<"+s.Type+">@"+s.Class)
		if s.Type == "EveryOneMinute" && !s.Internal {
			t.Error("AddInternalTransition is not internal")
		}
	}
	want := "AddTransition<AfterOneMinute>@Machine AddInternalTransition<EveryOneMinute>@Machine AddElseTransition<AfterOneHour>@Machine " +
		"AddDefaultTransition<Target>@Machine AddAcceptEventAction<AfterOneDay>@Machine AddTimeEventAction<EveryOneDay>@Machine AddTransition<Func>@Machine"
	if strings.Join(got, " ") != want {
		t.Errorf("sites:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	if s := f.Sites[0]; s.At.Start.Line != 5 || s.At.Start.Col != 22 || s.At.End.Col != 36 {
		t.Errorf("AfterOneMinute at %v", s.At)
	}
}

func TestResolve(t *testing.T) {
	f := find(`
class Three : AfterOneHour { protected override int Hours => 3; }
class StillThree : Three { }
sealed class Fri : EveryOneWeek { protected sealed override DayOfWeek Day => DayOfWeek.Friday; }
class At0830 : EveryOneDay { protected override DateTime TimeOfDay { get { return new(1, 1, 1, 8, 30, 15); } } }
class Own : TimeEvent { protected override DateTime GetTriggerTime(DateTime s) => s; }
class Dyn : AfterOneHour { protected override int Hours => Config.Hours; }
class Loop1 : Loop2 { } class Loop2 : Loop1 { }
class Generic<T> : Three where T : class { }
record Rec(int X) : AfterOneDay;
`)
	cs := Classes{}
	for _, c := range f.Classes {
		cs[c.Name] = c
	}
	for _, c := range []struct {
		name, typ     string
		custom, event bool
		check         func(r Resolved) bool
	}{
		{"AfterOneDay", "AfterOneDay", false, true, nil},
		{"StillThree", "AfterOneHour", false, true, func(r Resolved) bool { return r.Params.Hours == 3 && r.Via == "StillThree : Three" }},
		{"Fri", "EveryOneWeek", false, true, func(r Resolved) bool { return r.Params.Day == time.Friday }},
		{"At0830", "EveryOneDay", false, true, func(r Resolved) bool { return r.Params.TimeOfDay == 8*time.Hour+30*time.Minute+15*time.Second }},
		{"Own", "", true, true, nil},
		{"Dyn", "AfterOneHour", true, true, nil},
		{"Loop1", "", false, false, nil},
		{"Generic", "AfterOneHour", false, true, func(r Resolved) bool { return r.Params.Hours == 3 }},
		{"Unknown", "", false, false, nil},
	} {
		r := cs.Resolve(c.name)
		typ := ""
		if r.Type != nil {
			typ = r.Type.Name
		}
		if typ != c.typ || r.Custom != c.custom || r.Event != c.event || c.check != nil && !c.check(r) {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
}

// TestMessages pins the text of a few findings: the subject, the call as
// predicate, what is wrong, and the detail with the real trigger.
func TestMessages(t *testing.T) {
	dir := t.TempDir()
	src := "class M {\n  void B(IStateBuilder s) => s\n    .AddTransition<AfterOneDay>(\"Expired\")\n" +
		"    .AddInternalTransition<EveryOneMonth>(t => t)\n    .AddInternalTransition<EverySaturday>(t => t);\n}\n"
	if err := writeTestFile(dir+"/m.cs", src); err != nil {
		t.Fatal(err)
	}
	rep, err := project.Check(project.Options{Paths: []string{dir + "/m.cs"}}, []*project.Engine{Engine}, lint.Options{Rules: All()})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`3:20 TMR7020 warning AfterOneDay adds its delay twice (revision main): it fires at its rounded start + 2 × 1 day | ` +
			`Activated on an example date, Wed 2026-11-04 10:00:30, it fires Fri 2026-11-06 00:00, not Thu 2026-11-05 00:00 as documented.`,
		`3:20 TMR7040 warning AfterOneDay is computed on the host's local clock (DateTime.Now), not in UTC as documented | ` +
			`Its day boundaries fall at the host's local midnight`,
		`4:28 TMR7010 error EveryOneMonth resolves to the first day of the current month, 00:00, already past: due at once, and again at every minute tick while the state stays active | ` +
			`Activated on an example date, Wed 2026-11-04 10:00:30, it resolves to Sun 2026-11-01 00:00.`,
		`5:28 TMR7030 warning EverySaturday skips the coming Saturday when activated earlier in the week (Sunday to Friday): its first firing is a week later | ` +
			`Activated on an example date, Fri 2026-11-06 10:00:30, it first fires Sat 2026-11-14 00:00, not Sat 2026-11-07 00:00.`,
	}
	if len(rep.Diagnostics) != len(want) {
		t.Fatalf("%d findings, want %d: %v", len(rep.Diagnostics), len(want), rep.Diagnostics)
	}
	for i, d := range rep.Diagnostics {
		got := fmt.Sprintf("%d:%d %s %s %s | %s", d.Line, d.Column, d.Rule, d.Severity, d.Message, d.Detail)
		if !strings.HasPrefix(got, want[i]) {
			t.Errorf("finding %d:\n got %s\nwant %s...", i, got, want[i])
		}
	}
}

func writeTestFile(p, s string) error { return os.WriteFile(p, []byte(s), 0o644) }
