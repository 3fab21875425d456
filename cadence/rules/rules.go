package rules

import (
	"github.com/seams/seams-timers/cadence/catalog"
	"github.com/seams/seams-timers/lint"
	core "github.com/seams/seams-timers/rules"
)

// The IDs of the rules the loaders report and of the history rules (the
// analyzers' IDs are in cadence/catalog).
const (
	RuleHistorySyntax   = "TMR8020"
	RuleTimerFiredLate  = "TMR8021"
	RuleCancelFailed    = "TMR8022"
	RuleTimerUnresolved = "TMR8023"
)

// All returns the engine's rules, in ID order: the core's (TMR0xxx), then
// its own.
func All() []*lint.Rule {
	rs := []*lint.Rule{
		{
			ID: RuleGoLoad, Name: "go-load-error", Severity: lint.SeverityError, Kind: lint.KindLoad,
			Title: "a Go package cannot be loaded",
			Doc: `The go command could not load a package (a syntax or type error, a missing module, a file in no module),
so the analyzers did not check it. Fix what go build reports.`,
			Bad:  "package wf\n\nfunc Order(ctx workflow.Context) error { return nil } // workflow is not imported",
			Good: "package wf\n\nimport \"go.uber.org/cadence/workflow\"\n\nfunc Order(ctx workflow.Context) error { return nil }",
		},
		{
			ID: catalog.NativeSleep, Severity: lint.SeverityError,
			Title: "time.Sleep in workflow code",
			Doc: `A workflow function (one whose first parameter is the SDK's workflow.Context, Cadence's or Temporal's) and
everything it calls must wait with the SDK's timers. A native sleep runs only in the worker: the history does
not record it, so it does not survive a worker restart or a replay, and a race it decides can resolve
differently on replay. The finding sits at the call, and its detail names the chain from the workflow
function; when the call is in a dependency (a module outside the user's, as in the module cache), the finding
sits at the user's call that leads there, where a suppression covers it.

--fix rewrites the statement time.Sleep(d) to if err := workflow.Sleep(ctx, d); err != nil { return ..., err },
so that the workflow stops when it is cancelled during the wait (workflow.Sleep's error), with the zero values
of the function's other results before err. The fix is offered only where that compiles: a workflow.Context
variable is in scope at the call (a parameter of the function, or of a function literal around the call), the
file imports the SDK's workflow package, the innermost function's last result is error and each other result
has a zero value that can be written there, and the call is a statement of a block or a case (not after go or
defer, not in an if, for or switch header). Elsewhere the finding has no fix: a helper without the context, a
function that returns no error (workflow.Go's function), a generic result. When the call was the file's last
use of the time package, its import goes too, and the file is formatted as gofmt does when it was before.

Not workflow code, and not followed: activities (a function passed to ExecuteActivity or ExecuteLocalActivity,
by value, as a method value or from a table, registered with RegisterActivity or Cadence's activity.Register,
or referred to with a context.Context as its first parameter), the callbacks of SideEffect and
MutableSideEffect, and the methods of generated mocks (testify's mock.Mock, gomock). A query handler
(SetQueryHandler) and an update validator (UpdateHandlerOptions.Validator) must not block, so a sleep or a
native timer there is reported; an update handler is workflow code.`,
			Bad:  "func Order(ctx workflow.Context) error {\n\ttime.Sleep(time.Minute)\n\treturn nil\n}",
			Good: "func Order(ctx workflow.Context) error {\n\tif err := workflow.Sleep(ctx, time.Minute); err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}",
		},
		{
			ID: catalog.NativeTimer, Severity: lint.SeverityError,
			Title: "a native timer in workflow code",
			Doc: `time.After, time.Tick, time.NewTimer, time.NewTicker, time.AfterFunc, context.WithTimeout and
context.WithDeadline start timers the workflow history does not record. Use workflow.NewTimer (with a
workflow.Selector to race it), workflow.Go with workflow.Sleep, or workflow.WithCancel and a timer; the
detail names the replacement for each.`,
			Bad:  "func Order(ctx workflow.Context) error {\n\t<-time.After(time.Hour)\n\treturn nil\n}",
			Good: "func Order(ctx workflow.Context) error {\n\treturn workflow.NewTimer(ctx, time.Hour).Get(ctx, nil)\n}",
		},
		{
			ID: catalog.NativeClock, Severity: lint.SeverityError,
			Title: "the native clock in workflow code",
			Doc: `time.Now, time.Since and time.Until read the worker's clock, which is another instant on replay, so a
decision taken on it may not match the history. workflow.Now(ctx) is the time of the decision task, the same
on every replay. The clock may be read where the SDK records the result or does not replay it: in a
SideEffect or MutableSideEffect callback, in an activity, in a query handler (a query writes nothing to the
history; the SDKs' docs ask only that it not block or change state) and in an update validator (it must not
block or change state, and is not run again on replay).

--fix rewrites time.Now() to workflow.Now(ctx), time.Since(t) to workflow.Now(ctx).Sub(t) and time.Until(t) to
t.Sub(workflow.Now(ctx)), where a workflow.Context variable is in scope at the call and the file imports the
SDK's workflow package; a read in a helper without the context has no fix.`,
			Bad:  "func Order(ctx workflow.Context) error {\n\tif time.Now().Hour() < 9 {\n\t\treturn nil\n\t}\n\treturn nil\n}",
			Good: "func Order(ctx workflow.Context) error {\n\tif workflow.Now(ctx).Hour() < 9 {\n\t\treturn nil\n\t}\n\treturn nil\n}",
		},
		{
			ID: catalog.TimerSubsecond, Severity: lint.SeverityWarning,
			Title: "a Cadence timer that is not whole seconds",
			Doc: `The Cadence Go client rounds a timer's duration up to whole seconds: workflow.Sleep(ctx, 1100*time.Millisecond)
waits 2 s. The finding gives the rounded value; write it, so that the code says what Cadence does. Temporal
keeps sub-second durations and is not reported.`,
			Bad:  "_ = workflow.Sleep(ctx, 1500*time.Millisecond) // Cadence waits 2s",
			Good: "_ = workflow.Sleep(ctx, 2*time.Second)",
		},
		{
			ID: catalog.TimerZero, Severity: lint.SeverityWarning,
			Title: "a timer of zero duration",
			Doc: `A zero duration completes at once and records no timer in the history. Changing it to a positive duration
later adds a timer decision that the histories of running workflows do not have, a non-determinism error on
replay. Remove the call, or give it its real duration now (with workflow versioning when workflows are
already running).`,
			Bad:  "_ = workflow.Sleep(ctx, 0)",
			Good: "_ = workflow.Sleep(ctx, time.Second)",
		},
		{
			ID: catalog.TimerNegative, Severity: lint.SeverityError,
			Title: "a timer of negative duration",
			Doc: `Both SDKs treat a negative duration as zero (if d <= 0 in workflow.Sleep and workflow.NewTimer): the
call completes at once, with no error and no timer in the history. A negative constant is most often a sign
error; and changing it to the positive duration meant, once workflows run, adds a timer decision that their
histories do not have, a non-determinism error on replay.`,
			Bad:  "_ = workflow.Sleep(ctx, -time.Minute)",
			Good: "_ = workflow.Sleep(ctx, time.Minute)",
		},
		{
			ID: catalog.TimerCancelRace, Severity: lint.SeverityWarning,
			Title: "a cancelled timer whose code assumes the cancellation wins",
			Doc: `Cancel and fire race: whichever the workflow sees first settles the timer's future. When the cancel comes
first, Get returns the canceled error; when the timer fired first, the cancel is a no-op (the server records
CancelTimerFailed) and Get returns nil. Code that ignores the Get error, or checks it only for the
cancellation, takes the fired case for a cancelled one. Handle either outcome. The race is read from the
control flow: the SDKs settle the future with the canceled error at once when the cancel comes before a
TimerFired was processed, and events are processed only where the workflow blocks (a Get, Select, Receive,
Sleep, Await, or a call handed the workflow context). So a cancel races only when a path runs from the
NewTimer through such a blocking point to the cancel and on to the Get, or the cancel is in a coroutine
that blocks first or a selector callback. A cancel right after NewTimer, before it, or after the Get is
not reported.`,
			Bad:  "tctx, cancel := workflow.WithCancel(ctx)\ntimer := workflow.NewTimer(tctx, time.Hour)\n_ = workflow.Sleep(ctx, time.Hour) // the timer may fire meanwhile\ncancel()\n_ = timer.Get(ctx, nil)",
			Good: "tctx, cancel := workflow.WithCancel(ctx)\ntimer := workflow.NewTimer(tctx, time.Hour)\n_ = workflow.Sleep(ctx, time.Hour)\ncancel()\nif err := timer.Get(ctx, nil); err == nil {\n\treturn remind(ctx) // the timer fired first\n}",
		},
		{
			ID: catalog.TimerLoopHistory, Severity: lint.SeverityWarning,
			Title: "a timer in an unbounded loop with no continue-as-new",
			Doc: `Every turn of a loop that waits on a timer adds TimerStarted and TimerFired events (and a decision) to the
history. A loop with no end in a function that never returns workflow.NewContinueAsNewError grows the history
until the server's limit terminates the workflow. Continue as new after a bounded number of turns. The loop is
read from the control flow (golang.org/x/tools/go/cfg), so a for, a labelled loop or a goto are alike: it has
no end when every way out of it is the error branch of an error check (err != nil), a path that cannot
return (a panic), or a condition no turn can change ("for !done" with done never assigned, "for true"). A
break, a return, or a condition on a variable the loop or a coroutine sets ends it. A timer in a coroutine
started on every turn of such a loop is in it too.`,
			Bad:  "for {\n\t_ = workflow.Sleep(ctx, time.Hour)\n\tpoll(ctx)\n}",
			Good: "for i := 0; i < 500; i++ {\n\t_ = workflow.Sleep(ctx, time.Hour)\n\tpoll(ctx)\n}\nreturn workflow.NewContinueAsNewError(ctx, Poller)",
		},
		{
			ID: catalog.CronSyntax, Severity: lint.SeverityError,
			Title: "a CronSchedule the server's parser refuses",
			Doc: `The Cadence server reads CronSchedule with robfig/cron/v3 ParseStandard: five fields (minute, hour,
day of month, month, day of week) or a descriptor (@daily, @every 1h30m). A schedule it refuses fails the
workflow start.`,
			Bad:  "client.StartWorkflowOptions{CronSchedule: \"0 9 * *\"}",
			Good: "client.StartWorkflowOptions{CronSchedule: \"0 9 * * 1-5\"}",
		},
		{
			ID: catalog.CronNeverFires, Severity: lint.SeverityError,
			Title: "a CronSchedule with no next firing",
			Doc: `A schedule such as "0 0 30 2 *" parses but never fires (there is no 30 February); the server refuses to
start a cron workflow whose schedule has no next time.`,
			Bad:  "client.StartWorkflowOptions{CronSchedule: \"0 0 30 2 *\"}",
			Good: "client.StartWorkflowOptions{CronSchedule: \"0 0 28 2 *\"}",
		},
		{
			ID: catalog.CronTimeZone, Severity: lint.SeverityWarning,
			Title: "a CronSchedule whose time-zone prefix moves its UTC firings",
			Doc: `The server's cron schedules are UTC. robfig/cron accepts a CRON_TZ= or TZ= prefix, and then the firings'
UTC time moves when the zone's UTC offset changes: "CRON_TZ=Europe/Berlin 0 9 * * *" fires at 08:00Z in
winter and 07:00Z in summer. The zone is read from Go's time zone database for the current year and the
five after it: a zone with one offset there (UTC, Asia/Kolkata, Asia/Tokyo) is not reported, nor is a
schedule whose firings an offset change does not move ("0 * * * *" across a one-hour change), nor an
@every schedule (it does not read the zone). The message says daylight saving only for a zone that has it,
and by how much the firings move. TZ=Local is the server machine's zone, which the code does not say.
Write the schedule in UTC.`,
			Bad:  "client.StartWorkflowOptions{CronSchedule: \"CRON_TZ=Europe/Berlin 0 9 * * *\"}",
			Good: "client.StartWorkflowOptions{CronSchedule: \"0 8 * * *\"}",
		},
		{
			ID: catalog.CronEvery, Severity: lint.SeverityWarning,
			Title: "an @every interval that robfig/cron runs otherwise than written",
			Doc: `robfig/cron/v3 (the server's cron parser) raises an @every interval under a second to one second and drops
a fraction of a second: "@every 0s", "@every -1m" and "@every 500ms" all run every second, a cron workflow
started every second; "@every 1500ms" runs every 1s. Write a whole number of seconds, one or more.`,
			Bad:  "client.StartWorkflowOptions{CronSchedule: \"@every 0s\"}",
			Good: "client.StartWorkflowOptions{CronSchedule: \"@every 1m\"}",
		},
		{
			ID: RuleHistorySyntax, Name: "history-syntax", Severity: lint.SeverityError, Kind: lint.KindLoad,
			Title: "an exported history that cannot be read",
			Doc: `A *.json file shaped as a workflow history (the Cadence CLI's array of events, or the Temporal CLI's
{"events": [...]}, at the top or under "history", whose first event has an eventType) is not valid JSON, or
breaks off as a history further on. The finding is at the first byte that is wrong. Other JSON, even JSON
that names eventType somewhere (a package.json, a dashboard), is no history and is not read.`,
			Bad:  `[{"eventId": 1, "eventType": "WorkflowExecutionStarted",]`,
			Good: `[{"eventId": 1, "eventType": "WorkflowExecutionStarted", "timestamp": 1764579600000000000}]`,
		},
		{
			ID: RuleTimerFiredLate, Name: "timer-fired-late", Severity: lint.SeverityWarning,
			Title: "a timer that fired later than its due time plus the threshold",
			Doc: `Timer expiry is a target, not a latency guarantee. A TimerFired later than its TimerStarted's time plus its
start-to-fire timeout plus cadence.timer-late (default 10s) is reported with the lateness: look at the
cluster's timer-task latency at that time.`,
			Bad:  `{"eventId": 9, "eventType": "TimerFired", "timestamp": 1764579720000000000, "timerFiredEventAttributes": {"timerId": "1", "startedEventId": 5}}`,
			Good: `{"eventId": 9, "eventType": "TimerFired", "timestamp": 1764579661000000000, "timerFiredEventAttributes": {"timerId": "1", "startedEventId": 5}}`,
		},
		{
			ID: RuleCancelFailed, Name: "cancel-timer-failed", Severity: lint.SeverityInfo,
			Title: "a history in which cancelling a timer failed",
			Doc: `CancelTimerFailed means the workflow cancelled a timer that had already fired: the race between cancel and
fire happened. The code must handle a cancelled timer whose Get returns nil (TMR8007).`,
			Bad:  `{"eventId": 12, "eventType": "CancelTimerFailed", "cancelTimerFailedEventAttributes": {"timerId": "1", "cause": "TIMER_ID_UNKNOWN"}}`,
			Good: `{"eventId": 12, "eventType": "TimerCanceled", "timerCanceledEventAttributes": {"timerId": "1", "startedEventId": 5}}`,
		},
		{
			ID: RuleTimerUnresolved, Name: "timer-unresolved", Severity: lint.SeverityInfo,
			Title: "a timer neither fired nor cancelled before the run closed",
			Doc: `A TimerStarted with no TimerFired or TimerCanceled before the run's closing event was dropped when the run
ended. Cancel the timer before returning, or wait for it, so that the history says what became of it.`,
			Bad:  `{"eventId": 5, "eventType": "TimerStarted", "timerStartedEventAttributes": {"timerId": "1", "startToFireTimeoutSeconds": 3600}}`,
			Good: `{"eventId": 9, "eventType": "TimerCanceled", "timerCanceledEventAttributes": {"timerId": "1", "startedEventId": 5}}`,
		},
	}
	for _, r := range rs {
		r.Engine = EngineName
		if r.Name == "" {
			r.Name = catalog.Name(r.ID)
		}
		if r.Kind == 0 {
			r.Kind = lint.KindProject
			id := r.ID
			r.Run = func(p *lint.Pass) { report(p, id) }
		}
	}
	return append(core.Core(), rs...)
}

// report reports the findings of one rule that loading recorded.
func report(p *lint.Pass, id string) {
	st, ok := p.State().(*State)
	if !ok {
		return
	}
	for _, d := range st.Findings[id] {
		d.Severity = lint.SeverityInvalid
		p.Report(d)
	}
}
