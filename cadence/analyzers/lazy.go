package analyzers

import "sync"

// lazy is a value built on first use: the analyzers are package-level
// values that cost nothing until a Go package is checked, so that linking
// them into the binary does not slow the start of a BPMN check.
type lazy[T any] struct {
	once sync.Once
	v    T
}

func (l *lazy[T]) get(build func() T) T {
	l.once.Do(func() { l.v = build() })
	return l.v
}
