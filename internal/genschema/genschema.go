// Package genschema builds lint/config.schema.json, the JSON Schema of
// .seams-timers.yaml, from the keys the core and every engine declare
// (lint.CoreFields and each project.Engine's ConfigSections): the schema
// editors use and the checks `config validate` makes come from one
// declaration. Its command (./gen, behind the devtools build tag) is run
// by `go generate ./...`; a test fails when the committed file is stale.
package genschema

import (
	"github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/lint"
)

//go:generate go run -tags devtools ./gen -out ../../lint/config.schema.json

// Spec is what a config is checked against: every engine's rules and
// sections, as the commands build it.
func Spec() lint.ConfigSpec {
	var spec lint.ConfigSpec
	for _, e := range engines.All() {
		spec.Rules = append(spec.Rules, e.Rules...)
		spec.Sections = append(spec.Sections, e.ConfigSections...)
	}
	return spec
}
