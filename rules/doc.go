// Package rules holds the core's rules, family TMR0xxx: the findings that
// no single engine owns. The loaders and the project's discovery report
// files they cannot read (TMR0001) and syntax errors (TMR0002, TMR0003), the
// BPMN join a model file it cannot find (TMR0004), and the driver the
// seams-timers:ignore comments of every engine's files (TMR0010–TMR0012).
//
// Every rule here is a load rule: it has no Run function, and every
// engine lists it among its rules (Core, first), so that its name,
// severity and page are known whichever engines a run has. The rules'
// examples are given for each kind of file they are reported on
// (lint.Rule.Examples).
//
// Each rule's fixtures sit in testdata/<ID>/: `valid-*` files or
// directories on which it stays silent and `invalid-*` ones on which it
// fires, of several engines' kinds, with the expected findings written
// inside them (`want "TMR0010" "regexp"`) on the line the finding is
// reported on.
package rules
