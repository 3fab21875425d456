package sim

import "fmt"

// Refusal says why a timer was not simulated. What ADR-0037 refuses is
// the rule engine's call, not the simulator's: Rule and Msg come from the
// caller's verdict (Input.Refused). A timer the caller did not refuse but
// whose expression the simulator cannot read has a Msg and no Rule.
type Refusal struct {
	// Rule is the catalog ID of the check that refuses the timer, such as
	// TMR1031; "" when the simulator could not read it.
	Rule string
	// Msg is what is wrong, in the caller's words: "cycle has no start
	// date-time: 'R/P1D'".
	Msg string
}

// String renders the refusal as the summary shows it: the message, then
// the rule in brackets when there is one.
func (r *Refusal) String() string {
	if r.Rule == "" {
		return r.Msg
	}
	return r.Msg + " [" + r.Rule + "]"
}

// cannotParse is the refusal of a value the simulator cannot compute due
// times for, when the caller gave no verdict.
func cannotParse(value string) *Refusal {
	return &Refusal{Msg: fmt.Sprintf("cannot parse '%s'", value)}
}
