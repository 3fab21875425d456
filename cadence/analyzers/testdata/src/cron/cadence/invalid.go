package starter

import (
	"go.uber.org/cadence/client"
	"go.uber.org/cadence/workflow"
)

// Options start cron workflows the server refuses or reads in a zone.
func Options() []client.StartWorkflowOptions {
	opts := client.StartWorkflowOptions{ID: "report"}
	opts.CronSchedule = "0 9 * *" // want `"0 9 \* \*": the server's cron parser \(robfig/cron/v3 ParseStandard\) refuses it.*\[TMR8010`
	return []client.StartWorkflowOptions{
		opts,
		{CronSchedule: "61 * * * *"}, // want `refuses it: end of range \(61\) above maximum \(59\).*\[TMR8010`
		{CronSchedule: "0 0 30 2 *"}, // want `"0 0 30 2 \*": the schedule has no next firing.*\[TMR8011`
		{CronSchedule: "CRON_TZ=Europe/Berlin 0 9 * * *"},   // want `CRON_TZ=Europe/Berlin makes the firings' UTC time move.*\[TMR8012`
		{CronSchedule: "CRON_TZ=Europe/Berlin 0 9 * * 1-5"}, // want `CRON_TZ=Europe/Berlin makes the firings' UTC time move by 1h with Europe/Berlin's daylight saving, while the server's cron schedules are read in UTC \[TMR8012`
		{CronSchedule: "TZ=Local 0 9 * * *"},                // want `TZ=Local reads the schedule in the local time zone of the machine the server runs on.*\[TMR8012`
		{CronSchedule: "@every 0s"},                         // want `"@every 0s": @every 0s runs every 1s: robfig/cron runs an interval under a second every second \[TMR8013`
		{CronSchedule: "@every -1m"},                        // want `@every -1m runs every 1s.*\[TMR8013`
		{CronSchedule: "@every 1500ms"},                     // want `@every 1500ms runs every 1s: robfig/cron drops the fraction of a second \[TMR8013`
	}
}

// Child starts a child cron workflow that never fires.
func Child(ctx workflow.Context) workflow.ChildWorkflowOptions {
	return workflow.ChildWorkflowOptions{CronSchedule: "0 0 31 4 *"} // want `has no next firing.*\[TMR8011`
}
