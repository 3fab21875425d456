// Package actionrun runs the steps of a composite GitHub Action
// (action.yml) on this machine as the Actions runner would: each run step
// is a bash script started as `bash --noprofile --norc -eo pipefail FILE`
// in its working directory, with the runner's environment (GITHUB_OUTPUT,
// GITHUB_PATH, GITHUB_ENV, GITHUB_STEP_SUMMARY, GITHUB_ACTION_PATH,
// RUNNER_TEMP, ...), the step's env: evaluated from ${{ }} expressions,
// the if: conditions evaluated (with the implied success()), step outputs
// read back from GITHUB_OUTPUT, and PATH extended by GITHUB_PATH. The uses:
// steps that cannot run here are stood in for by Uses functions that the
// caller supplies, which see the evaluated with: inputs.
//
// It supports the subset of the expression language that a composite
// action needs: contexts inputs.*, steps.*.outputs.*, github.* and
// runner.*, string literals, ==, !=, &&, ||, !, parentheses and the
// status functions success(), failure() and always(). A run: script that
// holds an expression is refused: inputs reach scripts through env:.
package actionrun

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Action is the part of action.yml that the runner reads.
type Action struct {
	Name   string
	Inputs map[string]struct {
		Description string
		Default     string
	}
	Outputs map[string]struct {
		Description string
		Value       string
	}
	Runs struct {
		Using string
		Steps []Step
	}
}

// Step is one step of a composite action.
type Step struct {
	ID               string
	Name             string
	If               string
	Shell            string
	Run              string
	Uses             string
	With             map[string]string
	Env              map[string]string
	WorkingDirectory string `yaml:"working-directory"`
}

// Load reads an action.yml.
func Load(path string) (*Action, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var a Action
	if err := yaml.Unmarshal(b, &a); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if a.Runs.Using != "composite" {
		return nil, fmt.Errorf("%s: runs.using is %q; only composite actions run here", path, a.Runs.Using)
	}
	return &a, nil
}

// Uses stands in for a uses: step. It gets the evaluated with: inputs and
// returns an error to fail the step.
type Uses func(with map[string]string) error

// Runner is the machine the steps run on.
type Runner struct {
	// ActionPath is the action's directory (github.action_path).
	ActionPath string
	// ActionRef is the ref the action was used at (github.action_ref),
	// empty for a local action.
	ActionRef string
	// Workspace is GITHUB_WORKSPACE, the steps' default directory.
	Workspace string
	// Temp is RUNNER_TEMP.
	Temp string
	// Env is the environment the runner starts every step with.
	Env []string
	// Uses maps an action name without its ref (actions/setup-go) to its
	// stand-in; the ref must be the one in Pins.
	Uses map[string]Uses
	// Pins is the ref each used action must be pinned to.
	Pins map[string]string
}

// StepResult is what became of one step.
type StepResult struct {
	Name    string
	Outcome string // "success", "failure" or "skipped"
	Outputs map[string]string
	// Output is the step's stdout and stderr together.
	Output string
	Err    error
}

// Result is a whole run.
type Result struct {
	Steps []StepResult
	// Outputs are the action's outputs.
	Outputs map[string]string
	// Summary is what the steps appended to GITHUB_STEP_SUMMARY.
	Summary string
	// Failed reports whether a step failed.
	Failed bool
}

// Step returns the result of the step with the given name.
func (r *Result) Step(name string) *StepResult {
	for i := range r.Steps {
		if r.Steps[i].Name == name {
			return &r.Steps[i]
		}
	}
	return nil
}

// Run runs the action's steps with the given inputs (names as in
// action.yml; a missing one takes its default).
func (rn *Runner) Run(a *Action, inputs map[string]string) (*Result, error) {
	ctx := &context{
		inputs: map[string]string{},
		steps:  map[string]map[string]string{},
		github: map[string]string{"action_path": rn.ActionPath, "action_ref": rn.ActionRef, "workspace": rn.Workspace},
		runner: map[string]string{"temp": rn.Temp, "os": "Linux", "arch": "X64"},
	}
	for name, in := range a.Inputs {
		ctx.inputs[name] = in.Default
	}
	for name, v := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			return nil, fmt.Errorf("input %q is not declared in action.yml", name)
		}
		ctx.inputs[name] = v
	}
	summary := filepath.Join(rn.Temp, "step_summary.md")
	if err := os.WriteFile(summary, nil, 0o644); err != nil {
		return nil, err
	}
	res := &Result{}
	var extraPath []string
	extraEnv := map[string]string{}
	for i, st := range a.Runs.Steps {
		name := st.Name
		if name == "" {
			name = st.ID
		}
		sr := StepResult{Name: name, Outputs: map[string]string{}}
		ctx.failed = res.Failed
		cond := strings.TrimSpace(st.If)
		cond = strings.TrimSuffix(strings.TrimPrefix(cond, "${{"), "}}")
		if cond == "" {
			cond = "success()"
		} else if !mentionsStatus(cond) {
			cond = "success() && (" + cond + ")"
		}
		ok, err := ctx.truth(cond)
		if err != nil {
			return nil, fmt.Errorf("step %q: if: %w", name, err)
		}
		if !ok {
			sr.Outcome = "skipped"
			res.Steps = append(res.Steps, sr)
			continue
		}
		env := map[string]string{}
		for k, v := range st.Env {
			if env[k], err = ctx.interpolate(v); err != nil {
				return nil, fmt.Errorf("step %q: env %s: %w", name, k, err)
			}
		}
		switch {
		case st.Uses != "":
			sr.Err = rn.uses(ctx, st)
		case st.Run != "":
			sr.Output, sr.Outputs, extraPath, sr.Err = rn.run(ctx, st, i, env, extraEnv, extraPath, summary)
		default:
			return nil, fmt.Errorf("step %q has neither run nor uses", name)
		}
		sr.Outcome = "success"
		if sr.Err != nil {
			sr.Outcome = "failure"
			res.Failed = true
		}
		if st.ID != "" {
			ctx.steps[st.ID] = sr.Outputs
		}
		res.Steps = append(res.Steps, sr)
	}
	res.Outputs = map[string]string{}
	for name, out := range a.Outputs {
		v, err := ctx.interpolate(out.Value)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", name, err)
		}
		res.Outputs[name] = v
	}
	b, err := os.ReadFile(summary)
	if err != nil {
		return nil, err
	}
	res.Summary = string(b)
	return res, nil
}

// mentionsStatus reports whether a condition calls a status function, in
// which case the runner does not add success() to it.
func mentionsStatus(cond string) bool {
	for _, f := range []string{"success()", "failure()", "always()", "cancelled()"} {
		if strings.Contains(cond, f) {
			return true
		}
	}
	return false
}

func (rn *Runner) uses(ctx *context, st Step) error {
	action, ref, _ := strings.Cut(st.Uses, "@")
	if want := rn.Pins[action]; want != ref {
		return fmt.Errorf("uses %s: pinned to %q, want %q", st.Uses, ref, want)
	}
	stand, ok := rn.Uses[action]
	if !ok {
		return fmt.Errorf("uses %s: no stand-in for this action", st.Uses)
	}
	with := map[string]string{}
	for k, v := range st.With {
		var err error
		if with[k], err = ctx.interpolate(v); err != nil {
			return fmt.Errorf("with %s: %w", k, err)
		}
	}
	return stand(with)
}

// run runs one run: step as the runner does and returns its output, the
// outputs it wrote, the PATH entries added so far, and its error.
func (rn *Runner) run(ctx *context, st Step, index int, env, extraEnv map[string]string, extraPath []string, summary string) (string, map[string]string, []string, error) {
	if strings.Contains(st.Run, "${{") {
		return "", nil, extraPath, errors.New("the run script holds an expression; pass inputs through env")
	}
	if st.Shell != "bash" {
		return "", nil, extraPath, fmt.Errorf("shell %q: composite steps here use bash", st.Shell)
	}
	dir := rn.Workspace
	if st.WorkingDirectory != "" {
		wd, err := ctx.interpolate(st.WorkingDirectory)
		if err != nil {
			return "", nil, extraPath, err
		}
		if !filepath.IsAbs(wd) {
			wd = filepath.Join(rn.Workspace, wd)
		}
		dir = wd
	}
	files := map[string]string{}
	for _, f := range []string{"output", "path", "env"} {
		files[f] = filepath.Join(rn.Temp, fmt.Sprintf("step%d_%s", index, f))
		if err := os.WriteFile(files[f], nil, 0o644); err != nil {
			return "", nil, extraPath, err
		}
	}
	script := filepath.Join(rn.Temp, fmt.Sprintf("step%d.sh", index))
	if err := os.WriteFile(script, []byte(st.Run), 0o644); err != nil {
		return "", nil, extraPath, err
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	vars := map[string]string{}
	for _, kv := range rn.Env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	for k, v := range extraEnv {
		vars[k] = v
	}
	for k, v := range map[string]string{
		"GITHUB_ACTIONS": "true", "CI": "true",
		"GITHUB_WORKSPACE": rn.Workspace, "GITHUB_ACTION_PATH": rn.ActionPath,
		"GITHUB_OUTPUT": files["output"], "GITHUB_PATH": files["path"], "GITHUB_ENV": files["env"],
		"GITHUB_STEP_SUMMARY": summary, "RUNNER_TEMP": rn.Temp, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
	} {
		vars[k] = v
	}
	for k, v := range env {
		vars[k] = v
	}
	if len(extraPath) > 0 {
		vars["PATH"] = strings.Join(extraPath, string(os.PathListSeparator)) + string(os.PathListSeparator) + vars["PATH"]
	}
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	outputs, perr := readKeyValues(files["output"])
	if perr != nil {
		return string(out), nil, extraPath, perr
	}
	added, perr := readLines(files["path"])
	if perr != nil {
		return string(out), outputs, extraPath, perr
	}
	// A later GITHUB_PATH entry goes before an earlier one.
	for _, p := range added {
		extraPath = append([]string{p}, extraPath...)
	}
	envs, perr := readKeyValues(files["env"])
	if perr != nil {
		return string(out), outputs, extraPath, perr
	}
	for k, v := range envs {
		extraEnv[k] = v
	}
	return string(out), outputs, extraPath, err
}

// readKeyValues reads a GITHUB_OUTPUT or GITHUB_ENV file: name=value
// lines and name<<DELIMITER blocks.
func readKeyValues(path string) (map[string]string, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for i := 0; i < len(lines); i++ {
		if lines[i] == "" {
			continue
		}
		if name, delim, ok := strings.Cut(lines[i], "<<"); ok && !strings.Contains(name, "=") {
			var val []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				val = append(val, lines[i])
			}
			if i == len(lines) {
				return nil, fmt.Errorf("%s: %s<<%s is not closed", path, name, delim)
			}
			out[name] = strings.Join(val, "\n")
			continue
		}
		name, val, ok := strings.Cut(lines[i], "=")
		if !ok {
			return nil, fmt.Errorf("%s: line %q is neither name=value nor name<<DELIMITER", path, lines[i])
		}
		out[name] = val
	}
	return out, nil
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, strings.TrimSuffix(sc.Text(), "\r"))
	}
	return lines, sc.Err()
}
