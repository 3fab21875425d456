package sim

import (
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
)

// What the external tests (package sim_test), which may import the rules,
// read of the internal test helpers.

// OracleCase is one line of the SpiffWorkflow oracle runs.
type OracleCase struct {
	Name string
	Kind bpmn.ExprKind
	Expr string
	// Element is where the oracle's engine run put the timer: "start",
	// "intermediate", "boundary", "boundary-ni"; "" for a static parse.
	Element string
	// SpiffOK reports that Spiff accepted it.
	SpiffOK bool
	// ADRRule is the rule that refuses what Spiff accepts and ADR-0037
	// does not, from adrRefuses; "" when ADR-0037 accepts it.
	ADRRule string
}

// OracleCases returns every oracle line.
func OracleCases(t *testing.T) []OracleCase {
	var out []OracleCase
	for _, ol := range readOracle(t) {
		c := OracleCase{Name: ol.name, Kind: oracleKinds[ol.kind], Expr: ol.expr, SpiffOK: ol.ok}
		if strings.HasPrefix(ol.path, "engine/") {
			c.Element = strings.Split(ol.path, "/")[1]
		}
		key := ol.kind + " " + ol.expr
		if c.Element == "start" {
			key = "start-" + key
		}
		c.ADRRule = adrRefuses[key]
		out = append(out, c)
	}
	return out
}

// RefusedSrc is the model of TestUnreadTimersListed.
const RefusedSrc = refusedSrc

// Parse parses a model for a test.
func Parse(t testing.TB, path, src string) *bpmn.Document { return parse(t, path, []byte(src)) }
