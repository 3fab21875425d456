//go:build devtools

// Command empty does nothing and exits 0: the reference a one-model check
// is measured against (a Go program's whole-process start-up and exit on
// this machine). bench/startup.sh runs it beside seams-timers.
package main

func main() {}
