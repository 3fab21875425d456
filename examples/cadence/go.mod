module example.com/orders

go 1.22

require (
	go.temporal.io/sdk v1.0.0
	go.uber.org/cadence v1.0.0
)

// The SDKs are the stubs the analyzers' fixtures use (their signatures are
// the real clients'), so that the example checks without a download.
replace (
	go.temporal.io/sdk => ../../cadence/analyzers/testdata/src/go.temporal.io/sdk
	go.uber.org/cadence => ../../cadence/analyzers/testdata/src/go.uber.org/cadence
)
