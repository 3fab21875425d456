public class Midnight : EveryOneDay
{
    protected override DateTime TimeOfDay { get => new DateTime(); }
}

public class Digest
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => Nightly(c)))
        .AddInternalTransition<EveryOneDay>(t => t.AddEffect(c => Nightly(c)))
        .AddInternalTransition<Midnight>(t => t.AddEffect(c => Nightly(c)));
}
