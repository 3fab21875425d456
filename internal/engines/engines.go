// Package engines lists the engines seams-timers runs: the one place where
// a new engine is registered, for the commands and for the generated rule
// pages.
package engines

import (
	"github.com/seams/seams-timers/bpmn/rules"
	temporal "github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/project"
	sfrules "github.com/seams/seams-timers/stateflows/rules"
	wfe "github.com/seams/seams-timers/wfe/rules"
)

//go:generate go run -tags devtools ../gendocs -out ../../docs/rules

// All returns the engines, in the order their files and rules are listed.
func All() []*project.Engine {
	return []*project.Engine{rules.Engine, wfe.Engine, sfrules.Engine, temporal.Engine()}
}
