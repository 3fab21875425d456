//go:build devtools

// Command depsfloor does nothing but link, and so initialise, the
// third-party packages seams-timers uses (and encoding/xml): the floor its
// start-up cannot go below whatever seams-timers itself does.
// bench/startup.sh runs it beside bench/empty and seams-timers.
package main

import (
	_ "encoding/xml"

	_ "github.com/aymanbagabas/go-udiff"
	_ "github.com/beevik/etree"
	_ "github.com/bmatcuk/doublestar/v4"
	_ "github.com/fatih/color"
	_ "github.com/knakk/rdf"
	_ "github.com/robfig/cron/v3"
	_ "github.com/sosodev/duration"
	_ "github.com/sourcegraph/jsonrpc2"
	_ "github.com/spf13/cobra"
	_ "go.yaml.in/yaml/v3"
)

func main() {}
