public class Polling
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Poll(c)))
        .AddInternalTransition<EveryFifteenMinutes>(t => t.AddEffect(c => Poll(c)));
}
