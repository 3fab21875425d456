// Package sim simulates when BPMN timers fire under the seams runtime.
//
// It runs the scheduler loop of every replica on a stepped clock, with a
// store of firing rows (timer starts) and timer rows with leases (timer
// catches), and walks every instance through its process. Run takes the
// models, the timer starts a scheduler runs (Input.Starts: those of the
// processes a container schedules in the index graph, or every timer start
// of a top-level process when there is no graph), the caller's verdicts
// (Input.Refused), and a Scenario; it returns every event and a summary
// per timer, which WriteText, WriteJSON and WriteSVG render. Stream runs
// the same simulation and writes each event as it happens, keeping only
// the summary and the instances still running, so that its memory does
// not grow with the window: what the command uses.
//
// # The clock
//
// Ticks run at From + k*Step for every instant in [From, Until), except
// inside a downtime window and while every replica is crashed. The loop is
// event driven: it jumps from one tick that has work to the next, so its
// cost grows with the number of firings, not of ticks (a year at PT1S is
// 31 million ticks). What a user does (start an instance, complete a
// task) happens at its own instant, not on a tick; while the runtime is
// down it waits until the runtime is back. At one instant, what users do
// comes before the scheduler loop.
//
// # Timer starts: ADR-0037 section 4
//
// Due times come from the expression alone (a timeDate once; a timeCycle
// at start + k*period for k < n), computed by timeexpr.StartCycleSchedule: exact for
// weeks, days, hours, minutes and seconds, calendar multiples clamped to
// the month's end for years and months. At a tick, the due times at or
// before the tick that have no firing row yet are due; only the latest
// fires, and the others are logged `timer missed <event> N firing(s)`. The
// store is empty at From, the runtime's first load, so a timeDate already
// past fires once at the first tick, and a cycle that started before From
// fires its latest past due time there. The replicas race for the firing
// row (event, due time) in an order the seed fixes: the first insert wins
// and starts the instance, whose correlation key is the due time
// (CorrelationKey); the others log `timer claimed elsewhere` at debug.
//
// # Timer catches: SpiffWorkflow
//
// The due time is fixed when the instance arrives (a timeDate, or arrival
// plus the duration with years and months in real month lengths), and the
// timer fires at the first tick strictly after it; occurrences already due
// on arrival fire at once. A catch cycle strides a fixed length measured
// from its start month (timeexpr.SpiffCycleSchedule), sends a token along
// its outgoing flow at each occurrence, and replays every occurrence missed
// during downtime. Input.Spiff names the SpiffWorkflow whose engine loop
// is followed (SpiffMain, the default, or Spiff312); the two differ when
// the flow after a cycle timer leads straight to a user or manual task:
// one tick then delivers at most two overdue occurrences on main (whose
// do_engine_steps ends with a second refresh) and one on v3.1.2, and the
// run that arms the timer one more. Such a cycle completes at the tick
// after its last occurrence (an interrupting boundary's never does, and
// leaves its task open). A waiting non-interrupting cycle boundary owns
// the path its occurrences started: when its task completes or is
// cancelled, the timer is cancelled and the open tasks and waiting catches
// of that path are dropped with it. A replica takes a due row's lease,
// runs the instance and commits only if it still holds the lease; a
// replica that crashes holding it leaves the row to the others once the
// lease expires, and one that stalls past its lease rolls its run back.
//
// These are checked whole run by whole run against SpiffWorkflow's own
// engine (testdata/spiff-drive, recorded with spiff-drive.py).
//
// # Instances
//
// Start and end events, tasks (script, service and the like complete at
// once; user, manual and receive tasks stay open until the scenario
// completes them), exclusive gateways (the scenario's flow, else the
// default flow, else the first), parallel gateways (fork and join),
// event-based gateways, intermediate timer catches, timer boundaries
// (armed when their task opens; interrupting ones cancel it), embedded
// sub-processes, call activities and terminate end events. Several
// unconditioned outgoing flows split the token. Catch events of other
// kinds wait forever: nothing in a simulation sends them.
//
// An event-based gateway runs as SpiffWorkflow runs it, not as BPMN says:
// its gateway waits for events that timers never report, so every timer
// catch after it is armed on its own, each fires and runs its branch, no
// branch is cancelled, and the instance does not end. A call activity runs
// the top-level process its calledElement names (in its own file first,
// then in the other models) inside the same instance, and completes when
// that ends; a calledElement that names no process leaves the token
// waiting forever, and the log says why.
//
// # Shared with the rules
//
// What ADR-0037 refuses is decided by the rules alone (package rules; the
// commands wire the two together with rules.Verdicts): a timer the
// caller's Input.Refused refuses is listed with the rule and message it
// gives, and not run. The simulator only reads the value of a literal the
// rules accept (timeexpr.Literal, timeexpr.ParseValue); what it cannot
// compute due times for is listed as "cannot parse", with no rule.
//
// The due times are package timeexpr's (its Schedule and the functions
// the runtime rules TMR5001-TMR5005 of `seams-timers check` call), so
// that a warning and a simulation never disagree.
package sim
