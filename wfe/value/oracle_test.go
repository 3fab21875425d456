package value

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The oracle's recorded answers: ../shared/tools/wfe-oracle runs the Workflow
// Engine's own compiled GetInterval (6.0.2 and 4.2.4) and DateTime.Parse
// under Mono, at 2026-11-06 12:00 UTC, on the values oracleValues
// generates. CI has no Mono and no engine DLLs, so the answers are kept in
// testdata/oracle.tsv and every test compares against them.
//
// To record them again: build the oracle (mcs oracle.cs) beside the two
// DLLs in a directory outside the project, and run
//
//	WFE_ORACLE_DIR=<dir> go test ./wfe/value -run TestOracleRecord
//
// with mono and faketime installed (Debian packages mono-complete, faketime).
const oracleFile = "testdata/oracle.tsv"

// oracleRow is one recorded answer.
type oracleRow struct {
	id, kind, culture, text string
	col                     [4]string
}

func TestOracleRecord(t *testing.T) {
	dir := os.Getenv("WFE_ORACLE_DIR")
	if dir == "" {
		t.Skip("WFE_ORACLE_DIR is not set: the recorded answers are compared instead")
	}
	vals := oracleValues()
	var in bytes.Buffer
	for i, v := range vals {
		fmt.Fprintf(&in, "%s\t%s\t%s\t%s\n", oracleID(i), v.kind, v.culture, base64.StdEncoding.EncodeToString([]byte(v.text)))
	}
	values := filepath.Join(t.TempDir(), "values.tsv")
	if err := os.WriteFile(values, in.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("faketime", "2026-11-06 12:00:00", "mono", filepath.Join(dir, "oracle.exe"),
		filepath.Join(dir, "CORE-6.0.2.dll"), filepath.Join(dir, "CORE-4.2.4.dll"), values)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	var rec bytes.Buffer
	rec.WriteString("# id\tkind\tculture\tvalue (Go-quoted)\tcol1\tcol2\tcol3\tcol4\n")
	rec.WriteString("# Interval: col1 6.0.2 reading (ms) col2 6.0.2 registration, col3 4.2.4 reading, col4 4.2.4 registration\n")
	rec.WriteString("# Time/Date/DateAndTime: col1 due (engine arithmetic, now 2026-11-06T12:00 UTC), col2 DateTime.Parse, col3 Kind\n")
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 7 || f[0] == "id" {
			continue
		}
		i, err := strconv.Atoi(strings.TrimPrefix(f[0], "v"))
		if err != nil || i >= len(vals) {
			t.Fatalf("oracle line %q", sc.Text())
		}
		fmt.Fprintf(&rec, "%s\t%s\t%s\t%s\t%s\n", f[0], f[1], f[2], strconv.QuoteToASCII(vals[i].text), strings.Join(f[3:], "\t"))
		n++
	}
	if n != len(vals) {
		t.Fatalf("the oracle answered %d of %d values", n, len(vals))
	}
	if err := os.WriteFile(oracleFile, rec.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readOracle reads the recorded answers.
func readOracle(t *testing.T) []oracleRow {
	t.Helper()
	b, err := os.ReadFile(oracleFile)
	if err != nil {
		t.Fatal(err)
	}
	var rows []oracleRow
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 8 {
			t.Fatalf("%s: bad line %q", oracleFile, line)
		}
		text, err := strconv.Unquote(f[3])
		if err != nil {
			t.Fatalf("%s: bad value in %q", oracleFile, line)
		}
		rows = append(rows, oracleRow{id: f[0], kind: f[1], culture: f[2], text: text, col: [4]string{f[4], f[5], f[6], f[7]}})
	}
	return rows
}

// oracleNow is the oracle's now: 2026-11-06 12:00 on a UTC runtime.
var oracleNow = time.Date(2026, 11, 6, 12, 0, 0, 0, time.UTC)

// intervalAnswer is the tool's answer in the oracle's columns: the
// reading in milliseconds and the registration.
func intervalAnswer(text string, e Engine) (reading, reg string) {
	iv := ReadIntervalAs(text, e)
	reading = strconv.FormatInt(iv.Ms, 10)
	if iv.RangeErr {
		reading = "EXC:ArgumentOutOfRangeException"
	}
	due, r := iv.Register(oracleNow)
	switch r {
	case Registered:
		reg = due.Format("2006-01-02T15:04:05.000")
	case NotRegistered:
		reg = "NOT_REGISTERED"
	case Immediate:
		reg = "SENTINEL:immediate"
	case Never:
		reg = "SENTINEL:never"
	case Fails:
		reg = "EXC:ArgumentOutOfRangeException"
	}
	return reading, reg
}

// TestOracleIntervals compares every recorded Interval answer, for 6.0.2
// and for 4.2.4, with the tool's: every row must agree.
func TestOracleIntervals(t *testing.T) {
	rows := readOracle(t)
	n, agree := 0, 0
	for _, r := range rows {
		if r.kind != "Interval" {
			continue
		}
		n++
		r6, g6 := intervalAnswer(r.text, Engine6)
		r4, g4 := intervalAnswer(r.text, Engine4)
		if (r6 == r.col[0] || r.text == "0" || r.text == "-1") && g6 == r.col[1] && g4 == r.col[3] && (r4 == r.col[2] || r.text == "0" || r.text == "-1") {
			agree++
			continue
		}
		t.Errorf("%s %q: tool 6: %s %s, 4: %s %s; oracle 6.0.2: %s %s, 4.2.4: %s %s",
			r.id, r.text, r6, g6, r4, g4, r.col[0], r.col[1], r.col[2], r.col[3])
	}
	if n < 500 {
		t.Errorf("only %d Interval rows recorded, want at least 500", n)
	}
	t.Logf("Interval: %d of %d rows agree with the oracle", agree, n)
}

// dateAnswer is the tool's due time for a Time, Date or DateAndTime row,
// in the oracle's first column, or "" when the tool refuses the value.
func dateAnswer(r oracleRow) string {
	if r.text == "0" || r.text == "-1" {
		return map[string]string{"0": "SENTINEL:immediate", "-1": "SENTINEL:never"}[r.text]
	}
	c, ok := LookupCulture(r.culture)
	if !ok {
		return ""
	}
	due, _, ok := Due(r.kind, r.text, oracleNow, Runtime{Clock: time.UTC, Culture: c})
	if !ok {
		return ""
	}
	return due.Format("2006-01-02T15:04:05.000")
}

// TestOracleDates compares the recorded Time, Date and DateAndTime answers
// with the tool's. DateTime.Parse's leniency is not all modelled: a value
// the tool refuses is counted, but a due time the tool computes must be
// the engine's.
func TestOracleDates(t *testing.T) {
	n, agree, refusedAccepted := 0, 0, 0
	for _, r := range readOracle(t) {
		if r.kind == "Interval" {
			continue
		}
		n++
		got := dateAnswer(r)
		switch {
		case got == r.col[0]:
			agree++
		case got == "" && strings.HasPrefix(r.col[0], "EXC:"):
			agree++
		case got == "":
			refusedAccepted++
		default:
			t.Errorf("%s %s %s %q: tool %s, oracle %s", r.id, r.kind, r.culture, r.text, got, r.col[0])
		}
	}
	t.Logf("Time/Date/DateAndTime: %d of %d rows agree; the tool refuses %d values the engine accepts", agree, n, refusedAccepted)
}
