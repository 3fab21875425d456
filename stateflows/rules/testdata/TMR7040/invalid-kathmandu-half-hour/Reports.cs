public class Reports
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EveryFifteenMinutes>(t => t.AddEffect(c => Poll(c)))
        .AddInternalTransition<EveryThirtyMinutes>(t => t.AddEffect(c => Flush(c))); // want "TMR7040" `in Asia/Kathmandu \(UTC\+05:45\) its 30-minute boundaries`
}
