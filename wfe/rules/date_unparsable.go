package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// DateUnparsable reports a Date or DateAndTime value that does not parse
// under the parsing culture.
var DateUnparsable = &lint.Rule{
	ID:       "TMR6303",
	Name:     "date-unparsable",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Refuses:  true,
	Title:    "a Date or DateAndTime that does not parse under the culture",
	Doc: `Date and DateAndTime values are read with DateTime.Parse under the runtime's
SchemeParsingCulture (wfe.culture, default the invariant culture: MM/dd/yyyy and MM/dd/yyyy HH:mm:ss, the
designer's forms). DateTime.Parse is lenient: ".", "-" and "/" separators, two-digit years, no
year, month names, ISO 8601 with Z or an offset all parse. A value written in another culture's
order (31/12/2026 under the invariant culture) or not a date at all throws FormatException when
the activity is entered: the command fails and no timer is registered. Write the culture's form,
or the ISO form yyyy-MM-dd[THH:mm:ss], which parses under every culture.`,
	Bad:  `<Timer Name="Deadline" Type="Date" Value="31/12/2026"/>`,
	Good: `<Timer Name="Deadline" Type="Date" Value="12/31/2026"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkDateUnparsable) },
}

// parseRef is the moment acceptance is decided at: a value without a year
// takes the current year, which matters only for 29 February.
var parseRef = time.Date(2028, 1, 1, 0, 0, 0, 0, time.UTC)

// isDate reports a Date or DateAndTime type.
func isDate(t string) bool { return t == "Date" || t == "DateAndTime" }

func checkDateUnparsable(v *Value) []found {
	if !isDate(v.Type) || v.sentinel() {
		return nil
	}
	c := v.Config.Culture
	if _, err := value.ParseDotNet(v.Text, c, parseRef, time.UTC); err == nil {
		return nil
	}
	detail := fmt.Sprintf("Write %s as %s does (%s), or the ISO form yyyy-MM-dd, which parses under every culture.", v.Type, c.Name, c.Pattern())
	for _, name := range []string{"en-GB", "de-DE", "nl-NL", "ja-JP", "en-US"} {
		if other, _ := value.LookupCulture(name); other.Order != c.Order || other.Sep != c.Sep {
			if d, err := value.ParseDateTime(v.Text, other); err == nil {
				detail = fmt.Sprintf("It parses under %s as %s: write %s, or set wfe.culture to the culture the runtime parses with.",
					other.Name, d, quote(d.String()))
				break
			}
		}
	}
	return []found{{fmt.Sprintf("%s %s does not parse under %s (%s)", v.Type, quote(v.Text), c.Name, c.Pattern()), detail}}
}
