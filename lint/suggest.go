package lint

// Suggest returns `; did you mean "x"?` for the candidate nearest to got
// within a small edit distance, or ` (want one of: a, b, ...)` when none
// is near: the hint the config's errors end with, for every command and
// file format that names a choice.
func Suggest(got string, candidates []string) string {
	return suggest(got, candidates)
}
