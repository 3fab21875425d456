module example.com/orders

go 1.22

require (
	go.temporal.io/sdk v1.0.0
	go.uber.org/cadence v1.0.0
)

// The SDKs are copies of the stubs the analyzers' fixtures use (their
// signatures are the real clients'), so that the example checks without a
// download. They live inside the example: seams-timers loads no replacement
// directory outside the project it checks.
replace (
	go.temporal.io/sdk => ./.sdk/go.temporal.io/sdk
	go.uber.org/cadence => ./.sdk/go.uber.org/cadence
)
