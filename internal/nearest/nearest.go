// Package nearest finds the nearest spelling among the valid ones, for
// the did-you-mean hints of the config's, the scenario file's and the
// commands' errors.
package nearest

import (
	"fmt"
	"slices"
	"strings"
)

// Suggest returns `; did you mean "x"?` for the nearest candidate within a
// small edit distance, or "".
func Suggest(got string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(strings.ToLower(got), strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > max(2, len(got)/3) {
		return fmt.Sprintf(" (want one of: %s)", strings.Join(firstN(candidates, 8), ", "))
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return append(slices.Clone(s[:n]), "...")
	}
	return s
}

// editDistance is the Levenshtein distance between two strings.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
