package lint

// Suggest returns `; did you mean "x"?` for the candidate nearest to got
// within a small edit distance, or ` (want one of: a, b, ...)` when none
// is near: the hint the config's errors end with, for the commands and
// the files they read that name a choice.
func Suggest(got string, candidates []string) string {
	return suggest(got, candidates)
}
