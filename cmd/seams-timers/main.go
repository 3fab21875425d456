// Command seams-timers checks BPMN timer definitions against ADR-0037 and
// simulates when they fire.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], newStreams()))
}
