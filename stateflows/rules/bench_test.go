package rules

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/seams/seams-timers/stateflows/csharp"
)

// machineSource is a C# file of n state machines, each with a custom
// event, a derived one and a few call sites among strings and comments.
func machineSource(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, `public sealed class Timeout%d : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt) => startedAt.AddMinutes(%d);
}

public class Hours%d : AfterOneHour { protected override int Hours => %d; }

public class Machine%d : IStateMachine
{
    // AfterOneDay in a comment, "AfterOneDay" in a string.
    string note = $"state {nameof(Machine%d)} at {DateTime.Now:HH:mm}";
    public void Build(IStateMachineBuilder builder) => builder
        .AddInitialState("A", b => b
            .AddTransition<Timeout%d>("B")
            .AddTransition<Hours%d, Effect<List<int>>, Target>()
            .AddInternalTransition<EveryFifteenMinutes>(t => t.AddEffect(c => Tick(c))))
        .AddState("B", b => b.AddTransition<AfterOneDay>("A"));
}
`, i, i%60, i, i%12+1, i, i, i, i)
	}
	return b.Bytes()
}

// BenchmarkLexFind lexes a file of 1000 machines and finds its call sites
// and classes.
func BenchmarkLexFind(b *testing.B) {
	src := machineSource(1000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Find("m.cs", csharp.Lex(src)); len(f.Sites) != 4000 {
			b.Fatalf("%d sites", len(f.Sites))
		}
	}
}
