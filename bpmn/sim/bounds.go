package sim

import "fmt"

// MaxTokens bounds the tokens one scope of an instance holds at once. A
// parallel gateway on a loop through a timer forks its tokens again at
// every pass, doubling them each time the timer fires: without a bound
// the simulation runs for ever and holds a row per token. A real process
// has a few tokens per instance; past the bound the simulation stops
// with an error that names the process and the gateway forking.
const MaxTokens = 10_000

// checkTokens stops the simulation when scope sc holds more than
// MaxTokens tokens after node n split one.
func (e *engine) checkTokens(sc *scope, n int32) {
	if sc.live <= MaxTokens || e.err != nil {
		return
	}
	e.err = fmt.Errorf("process %s: an instance holds more than %d tokens at once, split at %s: a parallel split on a loop forks without end; the simulation stops",
		sc.inst.proc.name, MaxTokens, sc.inst.proc.nodes[n].el.ID)
}
