//go:build devtools && unix

// Command runs times commands as a user runs them, each in a new process,
// interleaved so that a change in the machine's load falls on all of them
// alike. For each it prints the median and quartiles of the wall time, the
// median CPU time (user + system, from the kernel's accounting of the
// child), the median count of minor page faults, and the largest peak
// RSS. With two or more commands it also prints, for each after the first,
// the median of its paired differences from the first (what it adds) and
// of its paired ratios to it (how many times the first it takes).
//
// Usage:
//
//	go run -tags devtools ./bench/runs [-n RUNS] [-ok CODES] [-md CASE] 'LABEL=CMD ARG...' ...
//
// With -md, it prints instead one Markdown table row per command, the
// first cell CASE: the label, the wall time's median and quartiles, the
// CPU time's median, the peak RSS, and, after the first, the median of
// the paired ratios to the first. bench/speed.sh builds the README's
// speed table from these rows.
//
// A command's words are split on spaces (no quoting). An exit code listed
// in -ok (default "0,1": findings are not a failure) counts as success;
// any other code stops the run.
//
// Linux only: it reads the children's resource usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type command struct {
	label string
	argv  []string
}

// sample is one run of one command.
type sample struct {
	wall, cpu time.Duration
	minflt    int64
	maxRSSKB  int64
}

func main() {
	n := flag.Int("n", 30, "runs of each command")
	ok := flag.String("ok", "0,1", "exit codes that count as success, comma-separated")
	md := flag.String("md", "", "print Markdown table rows whose first cell is this case")
	flag.Parse()
	if flag.NArg() == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: runs [-n RUNS] [-ok CODES] 'LABEL=CMD ARG...' ...")
		os.Exit(2)
	}
	okCodes := map[int]bool{}
	for _, s := range strings.Split(*ok, ",") {
		c, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fmt.Fprintf(os.Stderr, "runs: bad exit code %q in -ok\n", s)
			os.Exit(2)
		}
		okCodes[c] = true
	}
	var cmds []command
	for _, a := range flag.Args() {
		label, cmd, found := strings.Cut(a, "=")
		argv := strings.Fields(cmd)
		if !found || label == "" || len(argv) == 0 {
			fmt.Fprintf(os.Stderr, "runs: %q is not LABEL=CMD\n", a)
			os.Exit(2)
		}
		cmds = append(cmds, command{label, argv})
	}
	samples := make([][]sample, len(cmds))
	for i := 0; i < *n; i++ {
		for k, c := range cmds {
			s, err := run(c.argv, okCodes)
			if err != nil {
				fmt.Fprintf(os.Stderr, "runs: %s: %v\n", c.label, err)
				os.Exit(1)
			}
			samples[k] = append(samples[k], s)
		}
	}
	if *md != "" {
		markdown(*md, cmds, samples)
		return
	}
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.label))
	}
	for k, c := range cmds {
		ss := samples[k]
		walls := collect(ss, func(s sample) float64 { return ms(s.wall) })
		cpus := collect(ss, func(s sample) float64 { return ms(s.cpu) })
		flts := collect(ss, func(s sample) float64 { return float64(s.minflt) })
		var rss int64
		for _, s := range ss {
			rss = max(rss, s.maxRSSKB)
		}
		fmt.Printf("%-*s  wall median %7.1f ms (quartiles %.1f–%.1f)  cpu median %7.1f ms  page faults %6.0f  peak RSS %6.1f MB  (%d runs)\n",
			width, c.label, quantile(walls, 0.5), quantile(walls, 0.25), quantile(walls, 0.75),
			quantile(cpus, 0.5), quantile(flts, 0.5), float64(rss)/1024, len(ss))
	}
	for k := 1; k < len(cmds); k++ {
		dw := make([]float64, *n)
		dc := make([]float64, *n)
		for i := range dw {
			dw[i] = ms(samples[k][i].wall) - ms(samples[0][i].wall)
			dc[i] = ms(samples[k][i].cpu) - ms(samples[0][i].cpu)
		}
		slices.Sort(dw)
		slices.Sort(dc)
		fmt.Printf("%s − %s: wall %+.1f ms (quartiles %+.1f to %+.1f), cpu %+.1f ms (medians of paired differences)\n",
			cmds[k].label, cmds[0].label, quantile(dw, 0.5), quantile(dw, 0.25), quantile(dw, 0.75), quantile(dc, 0.5))
	}
	for k := 1; k < len(cmds); k++ {
		rw := make([]float64, *n)
		for i := range rw {
			rw[i] = ms(samples[k][i].wall) / max(ms(samples[0][i].wall), 1e-3)
		}
		slices.Sort(rw)
		fmt.Printf("%s / %s: wall ×%.2f (quartiles ×%.2f to ×%.2f, medians of paired ratios)\n",
			cmds[k].label, cmds[0].label, quantile(rw, 0.5), quantile(rw, 0.25), quantile(rw, 0.75))
	}
}

// markdown prints a table row per command: the case, the label, the
// wall time's median (quartiles), the CPU time's median, the peak RSS,
// and the median of the paired wall ratios to the first command.
func markdown(name string, cmds []command, samples [][]sample) {
	for k, c := range cmds {
		ss := samples[k]
		walls := collect(ss, func(s sample) float64 { return ms(s.wall) })
		cpus := collect(ss, func(s sample) float64 { return ms(s.cpu) })
		var rss int64
		for _, s := range ss {
			rss = max(rss, s.maxRSSKB)
		}
		ratio := "-"
		if k > 0 {
			rw := make([]float64, len(ss))
			for i := range rw {
				rw[i] = ms(ss[i].wall) / max(ms(samples[0][i].wall), 1e-3)
			}
			slices.Sort(rw)
			ratio = fmt.Sprintf("%.2fx", quantile(rw, 0.5))
		}
		fmt.Printf("| %s | %s | %s | %s | %.1f MB | %s |\n", name, c.label,
			spread(quantile(walls, 0.5), quantile(walls, 0.25), quantile(walls, 0.75)),
			spread(quantile(cpus, 0.5), -1, -1), float64(rss)/1024, ratio)
	}
}

// spread writes a median in milliseconds, in ms under a second and in s
// from one, with its quartiles in the same unit when lo is not negative.
func spread(med, lo, hi float64) string {
	unit, div, prec := "ms", 1.0, 1
	if med >= 1000 {
		unit, div, prec = "s", 1000, 2
	}
	if lo < 0 {
		return fmt.Sprintf("%.*f %s", prec, med/div, unit)
	}
	return fmt.Sprintf("%.*f %s (%.*f-%.*f)", prec, med/div, unit, prec, lo/div, prec, hi/div)
}

// run runs argv once, with its output discarded.
func run(argv []string, okCodes map[int]bool) (sample, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return sample{}, err
	}
	if code := cmd.ProcessState.ExitCode(); !okCodes[code] {
		return sample{}, fmt.Errorf("exit code %d", code)
	}
	s := sample{wall: wall}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		s.minflt = ru.Minflt
		s.maxRSSKB = ru.Maxrss
	}
	return s, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func collect(ss []sample, f func(sample) float64) []float64 {
	v := make([]float64, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	slices.Sort(v)
	return v
}

// quantile returns the q-quantile of sorted values, interpolated.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}
