public class Nightly
{
    void Build(IStateBuilder s) => s
        .AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => Nightly(c)));
}
