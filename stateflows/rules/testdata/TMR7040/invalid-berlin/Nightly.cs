public class Nightly
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<EveryOneMinute>(t => t.AddEffect(c => Poll(c)))
        .AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => Nightly(c))) // want "TMR7040" `AtEveryMidnight is computed on the host's local clock \(DateTime\.Now\), not in UTC`
        .AddInternalTransition<EverySunday>(t => t.AddEffect(c => Weekly(c)));
}
