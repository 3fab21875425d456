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
	// One offset in the years concerned, or firings an offset change does
	// not move: no TMR8012.
	{CronSchedule: "TZ=UTC 0 9 * * *"},
	{CronSchedule: "CRON_TZ=Asia/Kolkata 0 9 * * *"},
	{CronSchedule: "CRON_TZ=Europe/Berlin 0 * * * *"},
	{CronSchedule: "CRON_TZ=Europe/Berlin @every 1h"},
	// Whole seconds, one or more: no TMR8013.
	{CronSchedule: "@every 1s"},
	{CronSchedule: "@every 1h30m"},
	{ID: "no-cron"},
}

// local is not an SDK type: its CronSchedule is not read.
type local struct{ CronSchedule string }

var _ = local{CronSchedule: "not a schedule"}
