package history

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// BenchmarkParseCheck parses and checks a 10,000-event Cadence history.
func BenchmarkParseCheck(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("[\n")
	for i := range 5000 {
		if i > 0 {
			sb.WriteString(",\n")
		}
		fmt.Fprintf(&sb, `{"eventId": %d, "timestamp": %d, "eventType": "TimerStarted", "timerStartedEventAttributes": {"timerId": "%d", "startToFireTimeoutSeconds": 60}},`+"\n", 2*i+1, int64(i)*1e9, i)
		fmt.Fprintf(&sb, `{"eventId": %d, "timestamp": %d, "eventType": "TimerFired", "timerFiredEventAttributes": {"timerId": "%d"}}`, 2*i+2, int64(i+61)*1e9, i)
	}
	sb.WriteString("\n]\n")
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		h, err := Parse(src)
		if err != nil || len(h.Events) != 10000 {
			b.Fatal(err)
		}
		_ = Check(h, 10*time.Second)
	}
}
