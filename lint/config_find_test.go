package lint

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFindConfigStopsAtRepositoryTop: the walk up ends at the directory
// holding .git (a directory, or a file in a worktree or submodule), so a
// config above the repository is not found; the repository's own is.
func TestFindConfigStopsAtRepositoryTop(t *testing.T) {
	for _, gitIsFile := range []bool{false, true} {
		outer := t.TempDir()
		if err := os.WriteFile(filepath.Join(outer, ConfigFileName), []byte("exclude: [\"*\"]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		repo := filepath.Join(outer, "repo")
		nested := filepath.Join(repo, "models", "x")
		if err := os.MkdirAll(nested, 0o755); err != nil {
			t.Fatal(err)
		}
		git := filepath.Join(repo, ".git")
		var err error
		if gitIsFile {
			err = os.WriteFile(git, []byte("gitdir: /elsewhere\n"), 0o644)
		} else {
			err = os.Mkdir(git, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := FindConfig(nested); got != "" {
			t.Errorf(".git file %v: FindConfig found %q above the repository", gitIsFile, got)
		}
		want := filepath.Join(repo, ConfigFileName)
		if err := os.WriteFile(want, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if got := FindConfig(nested); got != want {
			t.Errorf(".git file %v: FindConfig = %q, want %q", gitIsFile, got, want)
		}
	}
}
