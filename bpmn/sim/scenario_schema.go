package sim

import (
	_ "embed" // for the scenario schema
)

// ScenarioSchema is the JSON Schema of a scenario file
// (bpmn/sim/scenario.schema.json). ParseScenario enforces the same keys and
// kinds and more (a window's end after its start, replicas in range); the
// tests check that the schema and the parser's keys agree and validate
// every scenario shipped here against it.
//
//go:embed scenario.schema.json
var ScenarioSchema []byte

// ScenarioKeys are the top-level keys of a scenario file, sorted.
func ScenarioKeys() []string { return sortedShapeKeys(scenarioShape().keys) }
