package rules

import "github.com/seams/seams-timers/bpmn"

// timerEvents returns the elements that hold at least one timer
// definition, in document order.
func timerEvents(doc *bpmn.Document) []*bpmn.Element {
	var out []*bpmn.Element
	for _, e := range doc.Elements {
		if len(e.Timers) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// article returns "a" or "an" for an element type name.
func article(word string) string {
	if word != "" && (word[0] == 'a' || word[0] == 'e' || word[0] == 'i' || word[0] == 'o' || word[0] == 'u') {
		return "an"
	}
	return "a"
}
