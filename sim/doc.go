// Package sim simulates when BPMN timers fire under the seams runtime.
//
// It runs the scheduler loop of every replica on a stepped clock (ticks at
// from + k*step, never inside a downtime window), with a store of firing
// rows for timer starts and timer rows with leases for timer catches, and
// walks every instance through its process. Timer starts follow ADR-0037
// section 4 (due times computed from the expression, each firing claimed
// once, missed cycle firings collapsed into the latest one); timer catches
// follow SpiffWorkflow's real behaviour (the due time is fixed on arrival,
// the timer fires at the first tick strictly after it, and a cycle replays
// every missed occurrence at once).
//
// The loop is event driven: its cost grows with the number of firings and
// scenario actions, not with the number of ticks, so a year at PT1S (31
// million ticks) costs what its firings cost.
//
// The due-time functions (Schedule, NextStartDue, RemainingFirings,
// DateInPast and friends) are pure and are shared with the runtime rules
// TMR5001-TMR5005 of `seams-timers check`.
package sim
