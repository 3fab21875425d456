package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// buildsSeamsTimers matches a go build or go install command line that
// builds seams-timers: by its directory, its module path, or ./cmd/....
// seams-timers-go links no net package and is static either way.
var buildsSeamsTimers = regexp.MustCompile("\\bgo (build|install)\\b.*(cmd/seams-timers([\\s@)\"'`]|$)|cmd/\\.\\.\\.)")

// staticBuildFiles are the files whose commands build seams-timers for a
// user, a benchmark, CI, an editor check or the GitHub Action.
func staticBuildFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{"README.md", ".ci/run"}
	for _, pattern := range []string{"docs/*.md", "bench/*.sh", "scripts/*.sh", "scripts/*/*.sh"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, err := filepath.Rel(root, f)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, rel)
		}
	}
	return files
}

// staticBuildViolations returns the lines of src that build seams-timers
// without CGO_ENABLED=0, either on the line or exported earlier in the
// file, as "file:line: text".
func staticBuildViolations(name, src string) []string {
	var bad []string
	exported := false
	for i, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(l) == "export CGO_ENABLED=0" {
			exported = true
		}
		if !buildsSeamsTimers.MatchString(l) || exported {
			continue
		}
		at := buildsSeamsTimers.FindStringIndex(l)[0]
		if strings.Contains(l[:at], "echo ") {
			// A message that names the command, not the command.
			continue
		}
		if !strings.Contains(l[:at], "CGO_ENABLED=0") {
			bad = append(bad, name+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(l))
		}
	}
	return bad
}

func TestStaticBuildViolations(t *testing.T) {
	src := "go build -o bin/ ./cmd/seams-timers ./cmd/seams-timers-go\n" +
		"CGO_ENABLED=0 go build -o seams-timers ./cmd/seams-timers\n" +
		"go build -o seams-timers-go ./cmd/seams-timers-go\n" +
		"  GOBIN=\"$bin\" go install \"github.com/seams/seams-timers/cmd/seams-timers@$VERSION\"\n" +
		"(`go install ./cmd/...`)\n" +
		"a build from a clone says `(devel)`, `go install ...@v1.2.3` say\n" +
		"  { echo \"editors-check: go build ./cmd/seams-timers failed\" >&2; exit 2; }\n" +
		"export CGO_ENABLED=0\n" +
		"go build -o \"$out/seams-timers\" ./cmd/seams-timers\n"
	got := staticBuildViolations("f", src)
	want := []string{
		"f:1: go build -o bin/ ./cmd/seams-timers ./cmd/seams-timers-go",
		"f:4: GOBIN=\"$bin\" go install \"github.com/seams/seams-timers/cmd/seams-timers@$VERSION\"",
		"f:5: (`go install ./cmd/...`)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("staticBuildViolations =\n%q\nwant\n%q", got, want)
	}
}

// TestStaticBuilds holds every command that builds seams-timers, and the
// release configuration, to CGO_ENABLED=0: cobra's flags import net, which
// links cgo when a C compiler is installed, and a dynamically linked binary
// pays the dynamic loader and the C library's start on every run.
func TestStaticBuilds(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, name := range staticBuildFiles(t, root) {
		src, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range staticBuildViolations(name, string(src)) {
			t.Errorf("%s: builds seams-timers without CGO_ENABLED=0", v)
		}
	}
	src, err := os.ReadFile(filepath.Join(root, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Builds []struct {
			ID  string   `yaml:"id"`
			Env []string `yaml:"env"`
		} `yaml:"builds"`
	}
	if err := yaml.Unmarshal(src, &cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.Builds) == 0 {
		t.Fatal(".goreleaser.yaml has no builds")
	}
	for _, b := range cfg.Builds {
		if !slices.Contains(b.Env, "CGO_ENABLED=0") {
			t.Errorf(".goreleaser.yaml: build %s does not set CGO_ENABLED=0 in its env", b.ID)
		}
	}
}
