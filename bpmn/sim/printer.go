package sim

import (
	"fmt"
	"io"
)

// printer writes formatted text and keeps the first write error, so that
// an output function checks once, at the end.
type printer struct {
	w   io.Writer
	err error
}

// f writes a formatted string unless an earlier write failed.
func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// s writes a string unless an earlier write failed.
func (p *printer) s(s string) {
	if p.err == nil {
		_, p.err = io.WriteString(p.w, s)
	}
}
