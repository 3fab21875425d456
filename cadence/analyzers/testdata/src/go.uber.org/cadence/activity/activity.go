// Package activity is a stub of the Cadence Go client's activity package.
package activity

// Register registers an activity function.
func Register(activityFunc interface{}) {}
