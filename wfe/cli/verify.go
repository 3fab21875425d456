package cli

import (
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/verify"
	"github.com/seams/seams-timers/wfe/rules"
	wverify "github.com/seams/seams-timers/wfe/verify"
)

func (commands) VerifyFlags() []project.Flag { return nil }

// Verify explores each scheme of the scheme files loaded that has a timer
// (wfe/verify), under the runtime the config describes.
func (commands) Verify(run *project.VerifyRun) ([]verify.Result, error) {
	cfg := wverify.Config{Runtime: rules.ConfigOf(run.Config).Runtime(), MaxStates: run.MaxStates, Deadline: run.Deadline}
	var out []verify.Result
	for _, f := range rules.Files(run.Loaded.Project) {
		out = append(out, wverify.Verify(f, cfg)...)
	}
	return out, nil
}
