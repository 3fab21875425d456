package starter

import (
	"go.uber.org/cadence/client"
)

// Good are schedules the server reads as written, in UTC.
var Good = []client.StartWorkflowOptions{
	{CronSchedule: "0 9 * * 1-5"},
	{CronSchedule: "@every 90s"},
	{CronSchedule: "@daily"},
	{CronSchedule: "0 0 29 2 *"},
	{ID: "no-cron"},
}

// local is not an SDK type: its CronSchedule is not read.
type local struct{ CronSchedule string }

var _ = local{CronSchedule: "not a schedule"}
