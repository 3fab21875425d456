// Package starter starts the cron workflows.
package starter

import "go.uber.org/cadence/client"

// Daily starts the weekday report at 09:00 UTC.
var Daily = client.StartWorkflowOptions{ID: "report", TaskList: "reports", CronSchedule: "0 9 * * 1-5"}

// Broken are cron starts the server refuses or reads in a zone:
// TMR8010, TMR8011, TMR8012.
var Broken = []client.StartWorkflowOptions{
	{ID: "typo", CronSchedule: "0 9 * *"},
	{ID: "leap", CronSchedule: "0 0 30 2 *"},
	{ID: "berlin", CronSchedule: "CRON_TZ=Europe/Berlin 0 9 * * *"},
}
