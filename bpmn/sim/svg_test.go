package sim

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLaneLabelsTellFoldersApart(t *testing.T) {
	names := []string{
		"examples/approval.bpmn#Remind", "examples/broken/lifts/approval.bpmn#Remind",
		"examples/broken/namespace/approval.bpmn#Remind", "examples/digest.bpmn#EveryMorning",
		"examples/a-very-long-folder-name-for-a-team/and-another-long-one/models/approval.bpmn#Remind",
	}
	var ts []*TimerStats
	for _, n := range names {
		ts = append(ts, &TimerStats{Name: n, Role: RoleBoundaryNonInterrupting})
	}
	got := laneLabels(ts)
	want := []string{
		"examples/approval.bpmn#Remind", "lifts/approval.bpmn#Remind", "namespace/approval.bpmn#Remind",
		"digest.bpmn#EveryMorning", "",
	}
	for i := range want[:4] {
		if got[i] != want[i] {
			t.Errorf("label %d = %q, want %q", i, got[i], want[i])
		}
	}
	seen := map[string]bool{}
	for i, l := range got {
		if seen[l] {
			t.Errorf("label %q repeats", l)
		}
		seen[l] = true
		if n := len([]rune(l + " (" + ts[i].Role.String() + ")")); n > svgLabelChars {
			t.Errorf("label %q is %d characters, more than %d", l, n, svgLabelChars)
		}
	}
	if l := got[4]; !strings.HasPrefix(l, "models/") && !strings.Contains(l, "…") || !strings.HasSuffix(l, "approval.bpmn#Remind") {
		t.Errorf("long label %q should keep its end", l)
	}
}

func TestWrapKeepsEveryWord(t *testing.T) {
	long := "index graph: " + strings.Repeat("examples/index.ttl#api schedules examples/digest.bpmn#Digest; ", 8) +
		strings.Repeat("x", 250) + ", down 2026-11-10T12:00:00Z/2026-11-13T12:00:00Z"
	lines := wrap(long, svgHeadChars)
	if len(lines) < 3 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if len(l) > svgHeadChars {
			t.Errorf("line of %d characters: %q", len(l), l)
		}
	}
	squash := func(s string) string { return strings.NewReplacer(" ", "", ",", "", ";", "").Replace(s) }
	if squash(strings.Join(lines, "")) != squash(long) {
		t.Error("wrapping lost or changed characters")
	}
}

var (
	svgText  = regexp.MustCompile(`<text x="([0-9.]+)" y="([0-9]+)" font-size="10" fill="[^"]+"( text-anchor="end")?>([^<]+)</text>`)
	svgTitle = regexp.MustCompile(`<title>(\d+) (firing\(s\)|cancelled) at ([^<]+)</title>`)
)

// TestSVGLabelsAndTooltips draws a scenario whose downtime, crashes and
// restarts crowd one place, with a long header, and checks that no two
// labels under the lanes overlap, that every header line fits, and that
// every mark's tooltip gives its instant.
func TestSVGLabelsAndTooltips(t *testing.T) {
	sc := Scenario{
		From: at(t, "2026-11-08T00:00:00Z"), Until: at(t, "2026-11-20T00:00:00Z"), Replicas: 3,
		Crashes: []Crash{
			{Replica: 2, At: at(t, "2026-11-10T07:00:00Z"), Restart: at(t, "2026-11-10T09:00:00Z")},
			{Replica: 3, At: at(t, "2026-11-10T07:30:00Z"), Restart: at(t, "2026-11-10T08:00:00Z")},
		},
	}
	for d := 0; d < 6; d++ {
		start := at(t, "2026-11-10T06:00:00Z").Add(time.Duration(d) * 13 * time.Hour)
		sc.Down = append(sc.Down, Window{start, start.Add(2 * time.Hour)})
	}
	r := run(t, sc, load(t, "digest.bpmn"), load(t, "approval.bpmn"))
	var b bytes.Buffer
	if err := WriteSVG(&b, r); err != nil {
		t.Fatal(err)
	}
	svg := b.String()

	type box struct {
		x1, x2 float64
		y      string
		text   string
	}
	var boxes []box
	for _, m := range svgText.FindAllStringSubmatch(svg, -1) {
		if strings.Contains(m[4], "missed") {
			continue
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		w := textWidth(m[4], 10)
		bx := box{x, x + w, m[2], m[4]}
		if m[3] != "" {
			bx.x1, bx.x2 = x-w, x
		}
		boxes = append(boxes, bx)
	}
	if len(boxes) < 10 {
		t.Fatalf("%d labels under the lanes, want the 6 downtimes, 2 crashes and 2 restarts", len(boxes))
	}
	for i, a := range boxes {
		for _, c := range boxes[i+1:] {
			if a.y == c.y && a.x1 < c.x2 && c.x1 < a.x2 {
				t.Errorf("%q and %q overlap on y=%s", a.text, c.text, a.y)
			}
		}
	}

	heads := regexp.MustCompile(`<text x="12" y="\d+" font-size="11" fill="#444">([^<]*)</text>`).FindAllStringSubmatch(svg, -1)
	var header []string
	for _, h := range heads {
		if len(h[1]) > svgHeadChars {
			t.Errorf("header line of %d characters", len(h[1]))
		}
		header = append(header, h[1])
	}
	if joined := strings.Join(header, ", "); !strings.Contains(joined, sc.Down[5].String()) || !strings.Contains(joined, "runtime starts at from") {
		t.Errorf("the header lost its end: %q", joined)
	}

	titles := svgTitle.FindAllStringSubmatch(svg, -1)
	if len(titles) == 0 {
		t.Fatal("no mark has a tooltip")
	}
	for _, m := range titles {
		for _, instant := range strings.Split(m[3], " .. ") {
			if _, err := time.Parse(time.RFC3339, instant); err != nil {
				t.Errorf("tooltip %q: %v", m[0], err)
			}
		}
	}
}
