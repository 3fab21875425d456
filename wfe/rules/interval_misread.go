package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// IntervalMisread reports an Interval whose text the engine sums
// differently from how it reads.
var IntervalMisread = &lint.Rule{
	ID:       "TMR6202",
	Name:     "interval-misread",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "an Interval the engine sums differently from how it reads",
	Doc: `The runtime sums only whole numbers written directly before a unit. A number it finds no unit
for is dropped without a word: in "1.5h" the "1." is dropped and the timer waits 5 hours; in
"1h30" the "30" is dropped and it waits 1 hour. The message shows the engine's reading. Write
every part as a whole number with its unit.`,
	Bad:  `<Timer Name="SLA" Type="Interval" Value="1.5h"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="1h 30m"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalMisread) },
}

func checkIntervalMisread(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if iv.Bare || !iv.Positive() || len(iv.Dropped) == 0 {
		return nil
	}
	what := fmt.Sprintf("Interval %s is read as %s: the %s is dropped", clipQuote(v.Text), iv.Reading(), droppedText(iv))
	detail := "Write every part as a whole number with its unit, such as 1h 30m."
	if d, ok := iv.Intended(); ok && d > 0 {
		detail = fmt.Sprintf("Write %s, if %s is meant.", quote(value.FormatDuration(d)), value.FormatDuration(d))
	}
	return []found{{what, detail}}
}

// maxDropped is how many dropped numbers a message lists; maxQuoted is
// how many characters of the Interval it quotes. A long Interval (a
// generated scheme, a hostile one) gets a message of a few lines, not
// one as long as the value.
const (
	maxDropped = 5
	maxQuoted  = 80
)

// droppedText lists the numbers the engine drops, quoted, the first
// maxDropped of them, then how many more there are.
func droppedText(iv value.Interval) string {
	var q []string
	for i, d := range iv.Dropped {
		if i == maxDropped {
			q = append(q, fmt.Sprintf("… (%d more, %d in all)", len(iv.Dropped)-maxDropped, len(iv.Dropped)))
			break
		}
		q = append(q, clipQuote(iv.Text[d[0]:d[1]]))
	}
	return strings.Join(q, ", ")
}

// clipQuote quotes s, its first maxQuoted characters and an ellipsis
// when it is longer, with its length.
func clipQuote(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= maxQuoted {
		return quote(s)
	}
	r := []rune(s)
	return quote(string(r[:maxQuoted-1])+"…") + " (" + strconv.Itoa(n) + " characters)"
}
