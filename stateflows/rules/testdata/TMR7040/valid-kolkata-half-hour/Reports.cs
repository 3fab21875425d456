public class Reports
{
    // Asia/Kolkata is UTC+05:30: its half-hour boundaries are UTC ones.
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EveryFifteenMinutes>(t => t.AddEffect(c => Poll(c)))
        .AddInternalTransition<EveryThirtyMinutes>(t => t.AddEffect(c => Flush(c)));
}
