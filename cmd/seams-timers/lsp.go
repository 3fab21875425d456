package main

import (
	"context"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/lsp"
)

// stdio joins stdin and stdout into the one connection a language server
// speaks over.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

func newLSPCmd(s *streams) *cobra.Command {
	var debounce time.Duration
	var stdioFlag bool
	c := &cobra.Command{
		Use:   "lsp",
		Short: "Serve the Language Server Protocol over stdio: findings as you type, fixes, next firings on hover",
		Long: `Lsp is a language server (LSP 3.17) on stdin and stdout. It checks every open buffer,
unsaved, with the project around it (the config and index graph found from its path, the
models the graph names, other open buffers instead of their files), and publishes the
findings as diagnostics; the fixes --fix applies and a suppression comment are code
actions; hover on a timer shows its next 5 firings in UTC, or the refusal. Inlay hints
with the next firing are off unless the client sends {"inlayHints": true} as
initializationOptions. The editors' set-ups are in editors/ (docs/editors.md).`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			srv := lsp.NewServer(lsp.Options{
				Engines:  engines(),
				Config:   configSpec(),
				Debounce: debounce,
				Version:  versionString(),
				Log:      s.Err,
			})
			if err := srv.Serve(context.Background(), stdio{s.In, s.Out}); err != nil {
				return &exitError{code: lint.ExitFindings, err: err}
			}
			return nil
		},
	}
	c.Flags().DurationVar(&debounce, "debounce", 150*time.Millisecond, "how long to wait after an edit before checking the buffer")
	c.Flags().BoolVar(&stdioFlag, "stdio", true, "serve on stdin and stdout (the only transport; accepted for clients that pass it)")
	return c
}
