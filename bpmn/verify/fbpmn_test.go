package verify

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/verify"
)

// fbpmnRepo is the git directory of a snapshot of pascalpoizat/fbpmn (the
// fetch tool's mirror), or $FBPMN_REPO.
func fbpmnRepo() string {
	if r := os.Getenv("FBPMN_REPO"); r != "" {
		return r
	}
	return "/work/.mirror/pascalpoizat+fbpmn/repo"
}

// fbpmnRow is one fbpmn model with timers: its expected soundness (fbpmn's
// Prop03Sound on the bag network), verify's, and why the semantics differ
// when they do.
type fbpmnRow struct {
	Model          string
	Expected, Got  bool
	Differs        string
	States         int
	VerifyFindings []string
}

// TestFBPMNSoundness runs verify on fbpmn's model database (the models of
// models/bpmn-origin/src that hold a timer and have an expected result),
// copied from the snapshot into a temporary directory (never committed),
// and compares its soundness verdict with the one fbpmn's database records
// (Prop03Sound: every execution can complete properly). Verify's verdict
// is "sound" when it finds no stuck state (TMR9004) and no unbounded growth
// (TMR9006). The timers run as fbpmn's untimed semantics runs them: a timer
// with no due time verify can compute fires at any instant after it is
// armed (Config.Refused is nil, so the expressions ADR-0037 refuses are not
// dropped). Where the semantics differ (several processes talking through
// messages, which verify explores one by one with messages arriving at any
// time; a boundary event on a script or service task, which SpiffWorkflow
// runs at once and fbpmn lets last), the row says so and is not asserted.
// A bpmn:task waits in both: SpiffWorkflow's NoneTask is manual.
func TestFBPMNSoundness(t *testing.T) {
	repo := fbpmnRepo()
	if _, err := os.Stat(repo); err != nil {
		t.Skip("no fbpmn snapshot (fetch github:pascalpoizat/fbpmn)")
	}
	git := func(args ...string) []byte {
		out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return out
	}
	dir := t.TempDir()
	var rows []fbpmnRow
	for _, p := range strings.Fields(string(git("ls-tree", "-r", "--name-only", "HEAD", "models/bpmn-origin/src"))) {
		if !strings.HasSuffix(p, ".bpmn") {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(p), ".bpmn")
		src := git("show", "HEAD:"+p)
		if !strings.Contains(string(src), "timerEventDefinition") {
			continue
		}
		exp, err := exec.Command("git", "-C", repo, "show", "HEAD:models/bpmn-origin/expected/"+name+".json").Output()
		if err != nil {
			continue // no recorded result
		}
		var e map[string]map[string]map[string]struct{ Value bool }
		if err := json.Unmarshal(exp, &e); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join(dir, name+".bpmn")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		doc, lerr := bpmn.Load(path)
		if lerr != nil {
			t.Fatalf("%s: %v", name, lerr)
		}
		row := fbpmnRow{Model: name, Expected: e[name]["Network01Bag"]["Prop03Sound"].Value, Got: true}
		for _, r := range Verify(doc, Config{}) {
			row.States += r.States
			for _, f := range r.Findings {
				row.VerifyFindings = append(row.VerifyFindings, f.Rule+" "+f.Element)
				if f.Rule == verify.RuleStuck || f.Rule == verify.RuleUnbounded {
					row.Got = false
				}
			}
		}
		row.Differs = fbpmnDiffers(doc, src)
		rows = append(rows, row)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Model < rows[j].Model })
	if len(rows) == 0 {
		t.Fatal("no fbpmn model with a timer and an expected result")
	}
	agree, compared := 0, 0
	var table strings.Builder
	fmt.Fprintf(&table, "| model | fbpmn sound | verify sound | states | verify findings | semantics |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		fmt.Fprintf(&table, "| %s | %v | %v | %d | %s | %s |\n", r.Model, r.Expected, r.Got, r.States, strings.Join(r.VerifyFindings, ", "), cmpOr(r.Differs, "coincide"))
		if r.Differs != "" {
			continue
		}
		compared++
		if r.Expected == r.Got {
			agree++
		} else {
			t.Errorf("%s: fbpmn records sound=%v, verify says %v (%v)", r.Model, r.Expected, r.Got, r.VerifyFindings)
		}
	}
	t.Logf("fbpmn timer models: %d; semantics coincide on %d, agree on %d\n%s", len(rows), compared, agree, table.String())
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// fbpmnDiffers says why verify's semantics and fbpmn's differ on a model,
// or "" when they coincide.
func fbpmnDiffers(doc *bpmn.Document, src []byte) string {
	var why []string
	if strings.Contains(string(src), "messageFlow ") {
		why = append(why, "processes exchange messages (verify: one process at a time, any message at any time)")
	}
	// Automatic work (a script or service task) takes no time in
	// SpiffWorkflow and some time in fbpmn: a timer boundary on it, or on
	// a sub-process that holds nothing that waits, can fire only in
	// fbpmn. A bpmn:task is manual in SpiffWorkflow and waits, as in fbpmn.
	waits := func(c *bpmn.Process) bool {
		for _, el := range doc.Elements {
			for x := el.Container; x != nil; x = x.Parent {
				if x == c {
					switch kindOf(el) {
					case nUser, nTimerCatch, nMessage, nEventGW:
						return true
					}
				}
			}
		}
		return false
	}
	for _, el := range doc.Elements {
		if el.Type != "boundaryEvent" || el.AttachedTo == nil || len(why) > 0 && strings.Contains(why[len(why)-1], "boundary") {
			continue
		}
		k := kindOf(el.AttachedTo)
		if k == nAuto {
			why = append(why, "a timer boundary on a "+el.AttachedTo.Type+", which SpiffWorkflow completes at once (fbpmn lets it last)")
			break
		}
		if k == nSub {
			for _, c := range doc.Processes {
				if c.Node == el.AttachedTo && !waits(c) {
					why = append(why, "a timer boundary on a sub-process of automatic tasks, which SpiffWorkflow runs at once (a loop of them never yields) and fbpmn lets last")
				}
			}
		}
	}
	return strings.Join(why, "; ")
}
