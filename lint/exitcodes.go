package lint

// Exit codes, DESIGN.md section 6.
const (
	// ExitOK means no finding at or above --fail-on.
	ExitOK = 0
	// ExitFindings means at least one finding at or above --fail-on.
	ExitFindings = 1
	// ExitUsage means a usage or config error, or a path that does not exist.
	ExitUsage = 2
	// ExitInternal means an internal failure.
	ExitInternal = 3
	// ExitNoFiles means the paths given matched no file to check (as
	// golangci-lint's 5): a CI step whose paths went stale fails instead of
	// passing on nothing.
	ExitNoFiles = 5
)
