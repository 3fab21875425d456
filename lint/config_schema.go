package lint

import (
	_ "embed" // for the config schema
)

// ConfigSchema is the JSON Schema of `.seams-timers.yaml`. ParseConfig
// enforces the same constraints (and checks rule IDs against the catalog);
// the tests validate every shipped config against the schema too, so the
// two cannot drift. The binary does not link a schema validator: its init
// alone cost 10 ms of every run's start-up, which an editor pays per save.
//
//go:embed config.schema.json
var ConfigSchema []byte
