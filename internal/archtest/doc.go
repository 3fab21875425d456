// Package archtest holds the test that guards the import graph written in
// docs/architecture.md: the code and the document must agree, and no
// package may cross the lines between the engine-neutral core and the
// engines.
package archtest
