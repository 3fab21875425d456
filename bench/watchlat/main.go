//go:build devtools && unix

// Command watchlat times check --watch as a user meets it: the time from
// saving a model to the end of the result printed for it. It starts
// `BIN check --watch` on a directory, waits for the first run, then edits
// one model at a time (a different model each time; the name of its
// process gets new digits, so every edit is a real one and the findings
// stay the same), written in place or, with -rename, as editors that
// save atomically do (a new file renamed over the old one), and times
// each edit from the write to the line that ends the run on stderr
// ("seams-timers: watching ..."), which follows the whole result on
// stdout. The time includes the watch's quiet delay (100 ms). It prints
// the first run's time, the median, 90th percentile and range of the
// edits' times, the watch's CPU time per edit (user + system, from
// /proc, after the first run: on a machine shared with other work it
// says more than the wall time) and its peak RSS.
//
// Usage:
//
//	go run -tags devtools ./bench/watchlat -bin BIN -dir DIR [-n EDITS] [-rename] [-- CHECK-FLAGS...]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	bin := flag.String("bin", "", "the seams-timers binary")
	dir := flag.String("dir", "", "the directory to watch (its *.bpmn files are edited)")
	n := flag.Int("n", 30, "edits")
	rename := flag.Bool("rename", false, "save by writing a new file and renaming it over the model")
	pause := flag.Duration("pause", 300*time.Millisecond, "pause between an edit's result and the next edit")
	flag.Parse()
	if *bin == "" || *dir == "" {
		fail(fmt.Errorf("-bin and -dir are required"))
	}
	models, err := filepath.Glob(filepath.Join(*dir, "*.bpmn"))
	if err != nil || len(models) == 0 {
		fail(fmt.Errorf("no *.bpmn in %s", *dir))
	}
	slices.Sort(models)
	args := append([]string{"check", "--watch", "--no-config", "--now=2026-11-01T12:00:00Z"}, flag.Args()...)
	cmd := exec.Command(*bin, append(args, *dir)...)
	cmd.Stdout = io.Discard
	stderr, err := cmd.StderrPipe()
	if err != nil {
		fail(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	runs := make(chan time.Time, 16)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "seams-timers: watching ") {
				runs <- time.Now()
			}
		}
		close(runs)
	}()
	wait := func() time.Time {
		select {
		case t, ok := <-runs:
			if !ok {
				fail(fmt.Errorf("the watch ended"))
			}
			return t
		case <-time.After(5 * time.Minute):
			fail(fmt.Errorf("no run within 5 minutes"))
		}
		return time.Time{}
	}
	first := wait().Sub(start)
	cpu0 := procCPU(cmd.Process.Pid)
	name := regexp.MustCompile(`name="Generated process \d+[^"]*"`)
	var lat []time.Duration
	for i := range *n {
		time.Sleep(*pause)
		// Nothing else may be pending: a run still printing would be
		// taken for this edit's.
		select {
		case <-runs:
			fail(fmt.Errorf("a run that no edit caused"))
		default:
		}
		m := models[(i*7919)%len(models)]
		b, err := os.ReadFile(m)
		if err != nil {
			fail(err)
		}
		loc := name.FindIndex(b)
		if loc == nil {
			fail(fmt.Errorf("%s: no process name to edit", m))
		}
		edited := slices.Concat(b[:loc[0]], []byte(fmt.Sprintf(`name="Generated process %06d"`, i)), b[loc[1]:])
		t0 := time.Now()
		if *rename {
			tmp := filepath.Join(filepath.Dir(m), "."+filepath.Base(m)+".tmp")
			if err := os.WriteFile(tmp, edited, 0o644); err != nil {
				fail(err)
			}
			if err := os.Rename(tmp, m); err != nil {
				fail(err)
			}
		} else if err := os.WriteFile(m, edited, 0o644); err != nil {
			fail(err)
		}
		lat = append(lat, wait().Sub(t0))
	}
	cpuEdits := procCPU(cmd.Process.Pid) - cpu0
	_ = cmd.Process.Signal(syscall.SIGINT)
	err = cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux
	slices.Sort(lat)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
	fmt.Printf("first run %s ms; %d edits (rename %v): median %s ms, p90 %s ms, range %s-%s ms; CPU %s ms an edit; peak RSS %.1f MB; exit %d\n",
		ms(first), len(lat), *rename, ms(lat[len(lat)/2]), ms(lat[(len(lat)*9)/10]), ms(lat[0]), ms(lat[len(lat)-1]), ms(cpuEdits/time.Duration(len(lat))), float64(rss)/1024, code)
	if err != nil && code != 0 {
		fail(err)
	}
}

// procCPU is the user and system time the process pid has used so far
// (Linux's /proc/PID/stat, in clock ticks of 10 ms).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		fail(err)
	}
	// The fields after the command's name, which is in parentheses.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	utime, err1 := strconv.Atoi(f[11])
	stime, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		fail(fmt.Errorf("/proc/%d/stat: %q", pid, b))
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "watchlat:", err)
	os.Exit(2)
}
